import { Link } from "@remix-run/react";
import { formatDateJa } from "~/core/dates";
import { formatMonthJa } from "~/core/merchant/merchant-statements";
import { formatYen } from "~/core/money";
import type { StatementSummary } from "~/web/types/merchants";

/** The state of a month as the list and the statement say it. */
export function StatementStateBadge({ state, paidOn }: { state: StatementSummary["state"]; paidOn: string | null }) {
  if (paidOn) return <span className="rounded bg-green-50 px-2 py-0.5 text-xs text-green-800">{`支払済み（${formatDateJa(paidOn)}）`}</span>;
  if (state === "current") return <span className="rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-800">集計中（今月）</span>;
  return <span className="rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-900">未払い</span>;
}

/** The months newest first, each with its figures (a paid month's as paid) and a link to its statement. */
export function StatementList({ months, basePath }: { months: readonly StatementSummary[]; basePath: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="text-sm" data-testid="statement-list">
        <caption className="text-left font-bold">月別の明細</caption>
        <thead>
          <tr>
            <th scope="col">月</th>
            <th scope="col">売上（税込）</th>
            <th scope="col">返品による控除</th>
            <th scope="col">販売手数料</th>
            <th scope="col">送料</th>
            <th scope="col">お支払額</th>
            <th scope="col">状態</th>
          </tr>
        </thead>
        <tbody>
          {months.map((row) => (
            <tr key={row.month} data-testid={`statement-row-${row.month}`}>
              <th scope="row" className="text-left font-normal">
                <Link to={`${basePath}/${row.month}`}>{formatMonthJa(row.month)}</Link>
              </th>
              <td className="text-right">{formatYen(row.figures.sales)}</td>
              <td className="text-right">{formatYen(row.figures.refunds)}</td>
              <td className="text-right">{formatYen(row.figures.commission)}</td>
              <td className="text-right">{formatYen(row.figures.shipping)}</td>
              <td className="text-right font-bold">{formatYen(row.figures.payable)}</td>
              <td>
                <StatementStateBadge state={row.state} paidOn={row.payout?.paidOn ?? null} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
