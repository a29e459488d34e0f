import { formatYen } from "~/core/money";
import type { TaxLine } from "~/core/receipt";

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "text-base font-bold" : "text-sm"}`}>
      <dt>{label}</dt>
      <dd className="m-0 whitespace-nowrap" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The order's amounts: fees when positive, shipping 無料 at 0, reductions, total, tax per rate, points earned. */
export function OrderTotals({
  order,
  taxLines,
}: {
  order: {
    subtotal: number;
    shippingFee: number;
    coldshippingFee: number;
    splitShippingFee: number;
    extraFee: number;
    wrappingFee: number;
    discountCoupon: number;
    pointsUsed: number;
    pointsEarned: number;
    total: number;
  };
  taxLines: TaxLine[];
}) {
  return (
    <dl className="m-0 grid gap-1" data-testid="order-totals">
      <Row label="商品小計（税込）" value={formatYen(order.subtotal)} />
      <Row label="送料" value={order.shippingFee === 0 ? "無料" : formatYen(order.shippingFee)} />
      {order.coldshippingFee > 0 ? <Row label="クール便料金" value={formatYen(order.coldshippingFee)} /> : null}
      {order.splitShippingFee > 0 ? <Row label="分割配送料（予約商品）" value={formatYen(order.splitShippingFee)} /> : null}
      {order.extraFee > 0 ? <Row label="決済手数料" value={formatYen(order.extraFee)} /> : null}
      {order.wrappingFee > 0 ? <Row label="ギフトラッピング" value={formatYen(order.wrappingFee)} /> : null}
      {order.discountCoupon > 0 ? <Row label="クーポン割引" value={`−${formatYen(order.discountCoupon)}`} /> : null}
      {order.pointsUsed > 0 ? <Row label="ポイント利用" value={`−${formatYen(order.pointsUsed)}`} /> : null}
      <div className="my-1 border-t border-t-solid border-gray-300" />
      <Row label="合計（税込）" value={formatYen(order.total)} strong testId="order-total" />
      {taxLines.map((tax) => (
        <Row key={tax.rate} label={`（${tax.rate}%対象 ${formatYen(tax.taxable)} 内消費税）`} value={formatYen(tax.tax)} />
      ))}
      {order.pointsEarned > 0 ? <Row label="獲得ポイント" value={`${order.pointsEarned.toLocaleString("ja-JP")}pt`} /> : null}
    </dl>
  );
}
