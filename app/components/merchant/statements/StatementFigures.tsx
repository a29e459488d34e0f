import { formatYen } from "~/core/money";
import { FIGURE_LABELS, FIGURE_ORDER, type StatementFigures as Figures } from "~/core/merchant/merchant-statements";

/** How each figure bears on the amount payable: added, taken off, or the result. */
const SIGNS: Record<keyof Figures, string> = { sales: "", refunds: "−", commission: "−", shipping: "+", payable: "=" };

/** A statement's five figures: sales − returns − commission + shipping = the amount payable. */
export function StatementFigures({ figures, testId = "statement-figures" }: { figures: Figures; testId?: string }) {
  return (
    <dl className="m-0 grid grid-cols-2 gap-2 md:grid-cols-5" data-testid={testId}>
      {FIGURE_ORDER.map((key) => (
        <div key={key} className={`card grid gap-1 p-3 ${key === "payable" ? "border-2 border-solid border-brand" : ""}`}>
          <dt className="text-xs text-gray-700">
            {SIGNS[key] ? `${SIGNS[key]} ` : ""}
            {FIGURE_LABELS[key]}
          </dt>
          <dd className="m-0 text-lg font-bold" data-testid={`${testId}-${key}`}>
            {formatYen(figures[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
