import { formatYen } from "~/core/money";
import { PENDING_POINTS_LABEL, type OrderPointsView } from "~/core/member/points";
import type { TaxLine } from "~/core/orders/receipt";

function Row({ label, value, strong, testId, note }: { label: string; value: string; strong?: boolean; testId?: string; note?: string }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "text-base font-bold" : "text-sm"}`}>
      <dt>
        {label}
        {note ? <span className="block text-xs text-gray-600">{note}</span> : null}
      </dt>
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
    points: OrderPointsView;
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
      <EarnedPoints points={order.points} />
    </dl>
  );
}

const pt = (points: number) => `${points.toLocaleString("ja-JP")}pt`;

/** The points the order earns: 付与予定 (and when usable), 付与済み (less what goods sent back took), or not given. */
function EarnedPoints({ points }: { points: OrderPointsView }) {
  switch (points.state) {
    case "none":
      return null;
    case "pending":
      return <Row label={`獲得ポイント（${PENDING_POINTS_LABEL}）`} note={points.condition} value={pt(points.points)} testId="order-points" />;
    case "granted":
      return (
        <Row
          label="獲得ポイント（付与済み）"
          note={points.withdrawn > 0 ? `キャンセル・返品された商品の分 ${pt(points.withdrawn)} は取り消しました` : undefined}
          value={pt(points.points)}
          testId="order-points"
        />
      );
    case "void":
      return <Row label="獲得ポイント" note="ご注文のキャンセル・返品により付与されません" value={`${pt(points.points)}`} testId="order-points" />;
  }
}
