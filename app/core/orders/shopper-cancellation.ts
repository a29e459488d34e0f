/**
 * A shopper cancelling their own order before anything shipped (issue 16 item 5): whether they may, and
 * what the confirmation step tells them will happen — the items go back on sale, used points and the
 * coupon come back, points the order gave are taken back, and money already paid is refunded — in the
 * order's own figures. The cancellation itself is app/services/orders/order-cancellation.server.ts. Pure.
 */
import { formatYen } from "../money";
import { cancellationRefusal, refundDueOnCancellation } from "./order-lifecycle";
import type { OrderStatus, ShipmentStatus } from "./orders";
import type { PaymentMethod } from "../checkout/payment-methods";
import { REFUND_DAYS } from "../returns/returns";

export const SHOPPER_CANCELLATION_MESSAGES = {
  done: "ご注文をキャンセルしました。キャンセルのお知らせをメールでお送りしました。",
  staffAccount: "スタッフ・出品者のアカウントでは、お客様のご注文をこの画面からキャンセルできません。",
  alreadyCancelled: "このご注文はすでにキャンセルされています。",
  digital: "ダウンロード商品を含むご注文は、ご注文後のキャンセルをお受けできません。カスタマーサービスへご相談ください。",
} as const;

/** The order as the confirmation step reads it. */
export interface CancellableOrder {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  total: number;
  pointsUsed: number;
  pointsEarned: number;
  couponCode: string | null;
  discountCoupon: number;
  shipments: readonly { status: ShipmentStatus }[];
  lines: readonly { title: string; quantity: number; cancelledAt: Date | string | null; isDigital: boolean }[];
}

export interface CancellationPreview {
  /** Items whose stock is released (lines not cancelled before). */
  items: { title: string; quantity: number }[];
  /** What else happens, one sentence each. */
  consequences: string[];
}

/**
 * Why the shopper cannot cancel this order now (something shipped, it ended, or it holds a download —
 * which the terms never take back once ordered; staff still can), or null.
 */
export function shopperCancellationRefusal(order: Pick<CancellableOrder, "status" | "shipments" | "lines">): string | null {
  if (order.status === "cancelled") return SHOPPER_CANCELLATION_MESSAGES.alreadyCancelled;
  if (order.lines.some((line) => line.isDigital && line.cancelledAt == null)) return SHOPPER_CANCELLATION_MESSAGES.digital;
  return cancellationRefusal(
    order.status,
    order.shipments.map((shipment) => shipment.status),
  );
}

/** What cancelling this order will do, for the confirmation step. */
export function cancellationPreview(order: CancellableOrder): CancellationPreview {
  const items = order.lines.filter((line) => line.cancelledAt == null).map(({ title, quantity }) => ({ title, quantity }));
  const refund = refundDueOnCancellation(order.status, order.total);
  const consequences = ["ご注文の商品はすべてキャンセルとなり、在庫に戻ります（同じ商品を改めてご注文いただくこともできます）。"];
  if (order.pointsUsed > 0) consequences.push(`ご利用の ${order.pointsUsed.toLocaleString("ja-JP")}ポイントをお戻しします。`);
  if (order.pointsEarned > 0) consequences.push(`このご注文で付与した ${order.pointsEarned.toLocaleString("ja-JP")}ポイントは取り消します。`);
  if (order.couponCode) {
    consequences.push(`ご利用のクーポン「${order.couponCode}」（${formatYen(order.discountCoupon)}引き）は、有効期限内であれば再びご利用いただけます。`);
  }
  consequences.push(paymentConsequence(order, refund));
  consequences.push("キャンセルのお知らせをメールでお送りします。キャンセルの取り消しはできません。");
  return { items, consequences };
}

function paymentConsequence(order: Pick<CancellableOrder, "paymentMethod" | "status">, refund: number): string {
  if (refund > 0)
    return `お支払い済みの ${formatYen(refund)} は、キャンセルの確定から${REFUND_DAYS}日以内に全額返金します（返金先の口座の確認のため、カスタマーサービスからご連絡します）。`;
  if (order.paymentMethod === "bank_transfer") return "まだお振り込み前のため、お振り込みは不要です。";
  if (order.paymentMethod === "konbini_postpay") return "コンビニ後払いのご請求は取り消します（お手元の払込票は破棄してください）。";
  return "代金引換のため、お支払いは発生しません。";
}
