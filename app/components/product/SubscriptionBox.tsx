import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import { formatYen } from "~/core/money";
import type { PriceResult } from "~/core/catalogue/pricing";
import type { ProductView } from "~/web/types/product";

/** Subscription quantity (1–6), the tier table, the price for that quantity and the subscribe button. */
export function SubscriptionBox({ view, price, busy }: { view: ProductView; price: PriceResult | null; busy: boolean }) {
  if (!view.subscriptionOffered || !price) {
    return view.product.subscribeOnly ? (
      <p className="m-0 rounded bg-gray-50 p-3 text-sm">この商品は定期便専用です。現在、定期便のお申し込みを受け付けておりません。</p>
    ) : null;
  }
  return (
    <section aria-labelledby="subscription-heading" className="card grid gap-2 p-3" data-testid="subscription-box">
      <h2 id="subscription-heading" className="m-0 text-base">
        定期便（{view.product.period}か月ごとにお届け）
      </h2>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">数量ごとの定期便価格</caption>
        <thead>
          <tr className="text-left text-xs text-gray-600">
            <th scope="col">数量</th>
            <th scope="col">1点あたり（税込）</th>
          </tr>
        </thead>
        <tbody>
          {view.tiers.map((tier) => (
            <tr key={tier.quantity} className="border-t border-t-solid border-gray-200">
              <td>{tier.quantity}点</td>
              <td>{formatYen(tier.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center gap-2">
        <label htmlFor="subscription-quantity" className="text-sm font-bold">
          定期便の数量
        </label>
        <select id="subscription-quantity" name="sq" defaultValue={view.selection.subscriptionQuantity} className="field w-24">
          {Array.from({ length: MAX_SUBSCRIPTION_QUANTITY }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <p className={`m-0 text-sm ${busy ? "opacity-60" : ""}`} aria-live="polite" data-testid="subscription-price">
        毎回 <strong className="text-lg text-brand">{formatYen(price.subtotal)}</strong>（税込・1点あたり{formatYen(price.selling_price)}）
      </p>
      {price.state === "in_stock" || price.state === "preorder_shipdays" ? (
        <button type="submit" name="intent" value="subscribe" className="btn-primary py-3 text-base" data-bench="add-to-cart">
          定期便を申し込む
        </button>
      ) : (
        <p className="m-0 text-sm">現在、定期便のお申し込みを受け付けておりません（在庫切れ）。</p>
      )}
      <p className="m-0 text-xs text-gray-600">次回以降のスキップ・解約はマイページからいつでも手続きできます。</p>
    </section>
  );
}
