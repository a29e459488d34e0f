import type { Cart } from "~/core/cart/cart";
import { formatYen } from "~/core/money";

function Row({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between ${strong ? "text-lg font-bold" : "text-sm"}`}>
      <dt>{label}</dt>
      <dd className="m-0" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Totals as a shopper checks them: fees shown when positive, shipping "無料" at 0, taxes per rate. */
export function CartSummary({ cart }: { cart: Cart }) {
  return (
    <dl className="m-0 grid gap-1" data-testid="cart-summary">
      <Row label="商品小計（税込）" value={formatYen(cart.subtotal)} testId="summary-subtotal" />
      {cart.wrapping > 0 ? <Row label="ギフトラッピング" value={formatYen(cart.wrapping)} testId="summary-wrapping" /> : null}
      <Row label="送料" value={cart.shipping_fee === 0 ? "無料" : formatYen(cart.shipping_fee)} testId="summary-shipping" />
      {cart.coldshipping_total > 0 ? <Row label="クール便料金" value={formatYen(cart.coldshipping_total)} testId="summary-cold" /> : null}
      {cart.split_shipping_fee > 0 ? <Row label="分割配送料（予約商品）" value={formatYen(cart.split_shipping_fee)} /> : null}
      {cart.extra_fee > 0 ? <Row label="決済手数料" value={formatYen(cart.extra_fee)} /> : null}
      {cart.discount_coupon > 0 ? <Row label="クーポン割引" value={`−${formatYen(cart.discount_coupon)}`} testId="summary-coupon" /> : null}
      {cart.points > 0 ? <Row label="ポイント利用" value={`−${formatYen(cart.points)}`} testId="summary-points" /> : null}
      <div className="my-1 border-t border-t-solid border-gray-300" />
      <Row label="合計（税込）" value={formatYen(cart.total)} testId="summary-total" strong />
      {cart.taxes
        .filter((tax) => tax.taxable > 0)
        .map((tax) => (
          <Row key={tax.rate} label={`（${tax.rate}%対象 ${formatYen(tax.taxable)} 内消費税）`} value={formatYen(tax.tax)} testId={`summary-tax-${tax.rate}`} />
        ))}
      {cart.total_points > 0 ? (
        <div className="flex justify-between text-sm text-brand">
          <dt>
            獲得予定ポイント
            {cart.total_points_rate > 1 ? (
              <span className="badge ml-1 bg-promo text-white" data-testid="points-rate-badge">
                {cart.total_points_rate}倍
              </span>
            ) : null}
          </dt>
          <dd className="m-0">{cart.total_points.toLocaleString("ja-JP")}pt</dd>
        </div>
      ) : null}
    </dl>
  );
}
