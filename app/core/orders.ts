/** How past orders read to the member: status labels in Japanese and when a receipt can be issued. */

export type OrderStatus = "pending_payment" | "paid" | "shipped" | "completed" | "cancelled";
export type ShipmentStatus = "preparing" | "shipped" | "delivered";

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "お支払い待ち",
  paid: "発送準備中",
  shipped: "発送済み",
  completed: "お届け済み",
  cancelled: "キャンセル",
};

export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  preparing: "発送準備中",
  shipped: "発送済み",
  delivered: "お届け済み",
};

/** A receipt (領収書) confirms a payment: none before it is received, none for a cancelled order. */
export function receiptAvailable(status: OrderStatus): boolean {
  return status === "paid" || status === "shipped" || status === "completed";
}

export const RECEIPT_UNAVAILABLE_MESSAGES: Record<"pending_payment" | "cancelled", string> = {
  pending_payment: "お支払いの確認後に領収書を発行できます。",
  cancelled: "キャンセルされたご注文の領収書は発行できません。",
};
