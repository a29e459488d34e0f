/**
 * How an order and its shipments move (issue 16). Each shipment — the warehouse's, or one merchant's —
 * goes 準備中 → 発送済み → 配達完了; the order follows its shipments once it may ship (paid, or paid on
 * delivery), and leaves the line only by キャンセル (before anything shipped) or 返品 (after delivery).
 * The services put these sets in the WHERE of their conditional UPDATEs, so a rule holds when two staff
 * act at once. Pure.
 */
import { addDaysToDate, jstDate } from "../dates";
import { isPrepaid, type PaymentMethod } from "../checkout/payment-methods";
import type { OrderStatus, ShipmentStatus } from "./orders";
import { CANCELLABLE_ORDER_STATUSES } from "../returns/returns";

/** The order states a shipment may be shipped from: the money is in, or comes on/after delivery. */
export const SHIPPABLE_ORDER_STATUSES = ["paid", "preparing", "partially_shipped"] as const satisfies readonly OrderStatus[];

/** The state each shipment state is reached from. */
export const SHIPMENT_STATUS_FROM: Record<Exclude<ShipmentStatus, "preparing" | "cancelled">, ShipmentStatus> = {
  shipped: "preparing",
  delivered: "shipped",
};

/** Orders whose state comes from their shipments (not waiting for money, not ended). */
const FOLLOWS_SHIPMENTS: readonly OrderStatus[] = ["paid", "preparing", "partially_shipped", "shipped", "completed"];

/**
 * The order's state after a shipment moved: every shipment delivered → 配達完了; every one at least shipped
 * → 発送済み; some → 一部発送済み; none → as it was (入金済み or 発送準備中).
 */
export function orderStatusFromShipments(current: OrderStatus, all: readonly ShipmentStatus[]): OrderStatus {
  // A shipment whose every line was cancelled no longer counts.
  const shipments = all.filter((status) => status !== "cancelled");
  if (!FOLLOWS_SHIPMENTS.includes(current) || shipments.length === 0) return current;
  if (shipments.every((status) => status === "delivered")) return "completed";
  if (shipments.every((status) => status !== "preparing")) return "shipped";
  if (shipments.some((status) => status !== "preparing")) return "partially_shipped";
  return current === "paid" ? "paid" : "preparing";
}

export const LIFECYCLE_MESSAGES = {
  notAwaitingPayment: "このご注文は入金待ちではありません。",
  notShippable: "入金確認前、またはキャンセル・返品済みのご注文は発送できません。",
  shipAfterPayment: "お客様のご入金を確認してから発送できます。",
  shipmentNotPreparing: "この配送はすでに発送済みです。",
  shipmentNotShipped: "発送済みの配送だけを配達完了にできます。",
  shipmentAlreadyDelivered: "この配送はすでに配達完了です。",
  notCancellable: "発送済み・配達完了・キャンセル済みのご注文はキャンセルできません。",
  notReturnable: "配達完了したご注文だけが返品の対象です。",
  lineNotCancellable: "発送前の商品だけをキャンセルできます。",
  lineAlreadyCancelled: "この商品はすでにキャンセルされています。",
} as const;

/** Why the payment cannot be confirmed now, or null. */
export function paymentConfirmationRefusal(order: OrderStatus): string | null {
  return order === "pending_payment" ? null : LIFECYCLE_MESSAGES.notAwaitingPayment;
}

/** How far each shipment state is along the way (cancelled is off it). */
const SHIPMENT_PROGRESS: Record<ShipmentStatus, number> = { cancelled: -1, preparing: 0, shipped: 1, delivered: 2 };

/** Why this shipment cannot move to `to` now, or null. */
export function shipmentTransitionRefusal(order: OrderStatus, shipment: ShipmentStatus, to: Exclude<ShipmentStatus, "preparing" | "cancelled">): string | null {
  // A shipment already there (a second click, a file imported twice) is told so — also once its move has
  // carried the whole order on to 発送済み/お届け済み, which the order check below would misname.
  if (SHIPMENT_PROGRESS[shipment] >= SHIPMENT_PROGRESS[to]) {
    return to === "shipped" ? LIFECYCLE_MESSAGES.shipmentNotPreparing : LIFECYCLE_MESSAGES.shipmentAlreadyDelivered;
  }
  if (!(SHIPPABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order) && !(to === "delivered" && order === "shipped")) {
    return LIFECYCLE_MESSAGES.notShippable;
  }
  if (shipment !== SHIPMENT_STATUS_FROM[to]) return to === "shipped" ? LIFECYCLE_MESSAGES.shipmentNotPreparing : LIFECYCLE_MESSAGES.shipmentNotShipped;
  return null;
}

/**
 * What can be done next with a shipment of an order in this state, by the very rules its moves are refused
 * by: ship it, mark it delivered, or nothing (yet) — so a page offers only what would be accepted.
 */
export function shipmentNextStep(order: OrderStatus, shipment: ShipmentStatus): "ship" | "deliver" | null {
  if (shipment === "preparing") return shipmentTransitionRefusal(order, shipment, "shipped") == null ? "ship" : null;
  if (shipment === "shipped") return shipmentTransitionRefusal(order, shipment, "delivered") == null ? "deliver" : null;
  return null;
}

/** Why a parcel waiting to leave is not offered to ship: the order waits for its transfer. Null otherwise. */
export function shipmentWaitingReason(order: OrderStatus, shipment: ShipmentStatus): string | null {
  return order === "pending_payment" && shipment === "preparing" ? LIFECYCLE_MESSAGES.shipAfterPayment : null;
}

/** Why the order cannot be cancelled now (something shipped, or it has ended), or null. */
export function cancellationRefusal(order: OrderStatus, shipments: readonly ShipmentStatus[]): string | null {
  if (!(CANCELLABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(order)) return LIFECYCLE_MESSAGES.notCancellable;
  if (shipments.some((status) => status !== "preparing" && status !== "cancelled")) return LIFECYCLE_MESSAGES.notCancellable;
  return null;
}

/** Why a return cannot be recorded now, or null: only a delivered order is returned. */
export function returnRefusal(order: OrderStatus): string | null {
  return order === "completed" ? null : LIFECYCLE_MESSAGES.notReturnable;
}

/** Days a parcel travels after it left: next day nearby, up to three days to remote islands and Okinawa. */
export const TRANSIT_DAYS = { earliest: 1, latest: 3 } as const;

/** When a shipment that left at `shippedAt` should arrive (Japan dates): the window shown to the shopper. */
export function expectedDeliveryWindow(shippedAt: Date): { earliest: string; latest: string } {
  const day = jstDate(shippedAt);
  return { earliest: addDaysToDate(day, TRANSIT_DAYS.earliest), latest: addDaysToDate(day, TRANSIT_DAYS.latest) };
}

/** Orders whose unshipped lines may still be cancelled one by one (the rest of the order goes on). */
const LINE_CANCELLABLE_ORDER_STATUSES: readonly OrderStatus[] = ["pending_payment", "paid", "preparing", "partially_shipped"];

/** Why this line cannot be cancelled on its own now, or null: only while its own shipment has not left. */
export function lineCancellationRefusal(order: OrderStatus, shipment: ShipmentStatus | null, lineCancelled: boolean): string | null {
  if (lineCancelled) return LIFECYCLE_MESSAGES.lineAlreadyCancelled;
  if (!LINE_CANCELLABLE_ORDER_STATUSES.includes(order) || (shipment != null && shipment !== "preparing")) return LIFECYCLE_MESSAGES.lineNotCancellable;
  return null;
}

/**
 * Unpaid 銀行振込 orders whose stored deadline (orders.payment_due_on, a Japan date fixed as the order was
 * placed: bankTransferDueOn) is before this Japan date have lapsed on `now`: the whole deadline day is allowed.
 */
export function unpaidLapseCutoff(now: Date): string {
  return jstDate(now);
}

/** Whether an unpaid prepayment order due on `dueOn` has lapsed on `now` (the same rule as the cutoff). */
export function paymentLapsed(dueOn: string, now: Date): boolean {
  return dueOn < unpaidLapseCutoff(now);
}

/**
 * A 銀行振込 order still waiting for its transfer after its deadline: the hourly job cancels it on its next
 * run (lapseUnpaidOrders, by unpaidLapseCutoff — the same deadline); until then staff see it marked.
 */
export function transferOverdue(order: { status: OrderStatus; paymentMethod: PaymentMethod; paymentDueOn: string | null }, now: Date): boolean {
  return order.status === "pending_payment" && isPrepaid(order.paymentMethod) && order.paymentDueOn != null && paymentLapsed(order.paymentDueOn, now);
}

export const TRANSFER_OVERDUE_LABEL = "入金期限切れ";

/** What a cancellation owes back in money: what was paid and not yet refunded once it was paid (入金済み), nothing before. */
export function refundDueOnCancellation(order: OrderStatus, paidNotRefunded: number): number {
  return order === "paid" ? Math.max(0, paidNotRefunded) : 0;
}
