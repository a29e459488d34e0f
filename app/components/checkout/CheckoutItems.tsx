import { lazy, Suspense, useState, type ReactNode } from "react";
import type { CartLine } from "~/core/cart/cart";
import { formatDateJa } from "~/core/dates";
import { WRAPPING_FEE } from "~/core/limits";
import { formatYen } from "~/core/money";
import type { CartLineView } from "~/web/types/cart";
import { CouponRowTotal } from "../cart/CouponRowTotal";
import { useHydrated } from "../forms/useHydrated";
import { useSiteFacts } from "../layout/useSiteFacts";

export interface SubscriptionPreview {
  lineId: number;
  nextShippingDate: string;
  nextPaymentDate: string;
  cancelDate: string;
}

// The modal's code is fetched when a shopper opens one, off the page's first load.
const Dialog = lazy(() => import("../Dialog").then((module) => ({ default: module.Dialog })));

/**
 * An explanation beside a row: a modal (the shared Dialog) opened by a button with JS, and a native
 * <details> disclosure without JS (and before hydration), both with the same content.
 */
/** The phone line of the settings in force (the root loader's), for a subscription's changes. */
function SupportPhone() {
  const site = useSiteFacts();
  return site ? (
    <>
      お電話でのお問い合わせ：{site.phone}（{site.supportHours}）
    </>
  ) : null;
}

function Explanation({ summary, title, tone, children }: { summary: string; title: string; tone: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <details className={`mt-1 rounded p-2 ${tone}`}>
        <summary className="cursor-pointer font-bold">{summary}</summary>
        <div className="mt-2">{children}</div>
      </details>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className={`mt-1 block w-full cursor-pointer rounded border-0 p-2 text-left text-sm font-bold ${tone}`}
        onClick={() => setOpen(true)}
      >
        {summary}
      </button>
      {open ? (
        <Suspense
          fallback={
            <p role="status" className="m-0 text-xs">
              読み込んでいます…
            </p>
          }
        >
          <Dialog title={title} onClose={() => setOpen(false)} closeOnBackdrop>
            <div className="text-sm">{children}</div>
          </Dialog>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The rows being ordered. A subscription row explains itself (next payment/shipping date, quantity,
 * amount, breakdown, how to skip or cancel, support phone) and wrapped rows explain wrapping, each as a
 * modal with JS and a disclosure without.
 */
export function CheckoutItems({
  lines,
  views,
  previews,
  adjusted = [],
}: {
  lines: CartLine[];
  views: CartLineView[];
  previews: SubscriptionPreview[];
  /** Rows the shop just cut to the stock left, with what to say on each. */
  adjusted?: { line: number; message: string }[];
}) {
  return (
    <ul className="m-0 grid gap-3 p-0" data-testid="checkout-items">
      {lines.map((line) => {
        const view = views.find((item) => item.lineId === line.id);
        const preview = previews.find((item) => item.lineId === line.id);
        return (
          <li key={line.id} className="list-none border-b border-b-solid border-gray-200 pb-3 text-sm">
            <div className="flex justify-between gap-2">
              <span>
                <strong>{line.title}</strong>
                {view?.choiceLabel ? <span className="block text-xs text-gray-700">{view.choiceLabel}</span> : null}
                {view?.optionsLabel ? <span className="block text-xs text-gray-700">{view.optionsLabel}</span> : null}
                <span className="block text-xs">
                  {formatYen(line.unitPrice)} × {line.quantity}
                </span>
              </span>
              <span className="shrink-0 font-bold">{formatYen(line.total)}</span>
            </div>
            <CouponRowTotal line={line} />
            {adjusted
              .filter((notice) => notice.line === line.id)
              .map((notice) => (
                <p key={notice.line} role="status" className="m-0 text-sm text-amber-800" data-testid="quantity-notice">
                  {notice.message}
                </p>
              ))}
            {line.subscribe != null && preview ? (
              <Explanation summary={`定期便（${line.subscribe}か月ごと）の詳細`} title={`定期便の詳細：${line.title}`} tone="bg-emerald-50 text-emerald-800">
                <dl className="m-0 grid grid-cols-[8rem_1fr] gap-1 text-xs text-gray-900">
                  <dt>次回のお支払い日</dt>
                  <dd className="m-0">{formatDateJa(preview.nextPaymentDate)}</dd>
                  <dt>次回のお届け日</dt>
                  <dd className="m-0">{formatDateJa(preview.nextShippingDate)}頃</dd>
                  <dt>数量</dt>
                  <dd className="m-0">{line.quantity}点</dd>
                  <dt>毎回のお支払い</dt>
                  <dd className="m-0">
                    {formatYen(line.total)}（{formatYen(line.unitPrice)} × {line.quantity}点・税込）
                  </dd>
                </dl>
                <p className="m-0 mt-2 text-xs text-gray-900">
                  今回のお届けに続き、{line.subscribe}か月ごとにお届けします。{formatDateJa(preview.cancelDate)}
                  のお届けより後のお届け分から、マイページでスキップ・解約のお手続きができます。
                </p>
                <p className="m-0 mt-1 text-xs text-gray-900">
                  <SupportPhone />
                </p>
              </Explanation>
            ) : null}
            {line.wrapping ? (
              <Explanation
                summary={`ギフトラッピングについて（${formatYen(line.wrappingFee)}）`}
                title="ギフトラッピングについて"
                tone="bg-gray-50 text-gray-900"
              >
                <p className="m-0 text-xs">
                  1点につき{formatYen(WRAPPING_FEE)}
                  （税込）で、当店オリジナルの包装紙でお包みします。のし・メッセージカードのご希望は、このページの「備考」欄にご記入ください。
                  倉庫から発送する商品のみ対象です（定期便・お店から直送の商品を除く）。
                </p>
              </Explanation>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
