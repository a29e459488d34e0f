/** How past orders read to the member: status labels in Japanese and when a receipt can be issued. */
import { isPrepaid, type PaymentMethod } from "../checkout/payment-methods";

/**
 * pending_payment: a 銀行振込 order waiting for the transfer; paid: the transfer arrived, being prepared;
 * preparing: paid on or after delivery (代金引換, コンビニ後払い), being prepared; partially_shipped: some of
 * its shipments left; shipped: all left; completed: all delivered; cancelled; returned (after delivery).
 * How an order moves between them: app/core/orders/order-lifecycle.ts.
 */
export type OrderStatus = "pending_payment" | "paid" | "preparing" | "partially_shipped" | "shipped" | "completed" | "cancelled" | "returned";
/** cancelled: every line of the shipment was cancelled before it left. */
export type ShipmentStatus = "preparing" | "shipped" | "delivered" | "cancelled";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "お支払い待ち",
  paid: "入金確認済み・発送準備中",
  preparing: "発送準備中",
  partially_shipped: "一部発送済み",
  shipped: "発送済み",
  completed: "お届け済み",
  cancelled: "キャンセル",
  returned: "返品",
};

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  preparing: "発送準備中",
  shipped: "発送済み",
  delivered: "お届け済み",
  cancelled: "キャンセル",
};

/**
 * Orders still under way: not yet delivered (お届け済み) and not cancelled. While a member has one, the
 * account cannot be closed (退会): the shop still owes them goods, a refund or a payment request.
 */
export const UNFINISHED_ORDER_STATUSES = ["pending_payment", "paid", "preparing", "partially_shipped", "shipped"] as const satisfies readonly OrderStatus[];

/** A new order waits for a prepayment, or is prepared for shipping at once. */
export function initialOrderStatus(method: PaymentMethod): OrderStatus {
  return isPrepaid(method) ? "pending_payment" : "preparing";
}

const RECEIPT_UNAVAILABLE_MESSAGES: Partial<Record<OrderStatus, string>> = {
  pending_payment: "お支払いの確認後に領収書を発行できます。",
  preparing: "お支払いの確認後に領収書を発行できます（代金引換は配達員から、コンビニ後払いはお支払い時に受領証をお受け取りいただけます）。",
  cancelled: "キャンセルされたご注文の領収書は発行できません。",
  returned: "返品されたご注文の領収書は発行できません。",
};

/** Why no receipt (領収書) can be issued yet — none before the payment is received, none when cancelled — or null. */
export function receiptUnavailableReason(status: OrderStatus): string | null {
  return RECEIPT_UNAVAILABLE_MESSAGES[status] ?? null;
}

export function receiptAvailable(status: OrderStatus): boolean {
  return receiptUnavailableReason(status) == null;
}
