import type { CartLine } from "~/core/cart";
import { formatDateJa } from "~/core/dates";
import { WRAPPING_FEE } from "~/core/limits";
import { formatYen } from "~/core/money";
import { SUPPORT_HOURS, SUPPORT_PHONE } from "~/core/site";
import type { CartLineView } from "~/services/cart.server";

export interface SubscriptionPreview {
  lineId: number;
  nextShippingDate: string;
  nextPaymentDate: string;
  cancelDate: string;
}

/**
 * The rows being ordered. A subscription row opens its details (next payment/shipping date, quantity,
 * amount, breakdown, how to skip or cancel, support phone) and wrapped rows explain wrapping — native
 * <details> disclosures, so they work without JS too.
 */
export function CheckoutItems({ lines, views, previews }: { lines: CartLine[]; views: CartLineView[]; previews: SubscriptionPreview[] }) {
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
            {line.subscribe != null && preview ? (
              <details className="mt-1 rounded bg-emerald-50 p-2">
                <summary className="cursor-pointer font-bold text-emerald-800">定期便（{line.subscribe}か月ごと）の詳細</summary>
                <dl className="m-0 mt-2 grid grid-cols-[8rem_1fr] gap-1 text-xs">
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
                <p className="m-0 mt-2 text-xs">
                  今回のお届けに続き、{line.subscribe}か月ごとにお届けします。{formatDateJa(preview.cancelDate)}
                  のお届けより後のお届け分から、マイページでスキップ・解約のお手続きができます。
                </p>
                <p className="m-0 mt-1 text-xs">
                  お電話でのお問い合わせ：{SUPPORT_PHONE}（{SUPPORT_HOURS}）
                </p>
              </details>
            ) : null}
            {line.wrapping ? (
              <details className="mt-1 rounded bg-gray-50 p-2">
                <summary className="cursor-pointer">ギフトラッピングについて（{formatYen(line.wrappingFee)}）</summary>
                <p className="m-0 mt-1 text-xs">
                  1点につき{formatYen(WRAPPING_FEE)}（税込）で、当店オリジナルの包装紙でお包みします。のし・メッセージカードはご注文時の備考欄でお知らせください。
                  倉庫から発送する商品のみ対象です（定期便・お店から直送の商品を除く）。
                </p>
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
