/**
 * Moving an order forward (issue 16): staff confirm a prepayment; staff or the shipment's merchant mark a
 * shipment shipped (carrier, tracking number) and delivered. The order's state follows its shipments
 * (app/core/orders/order-lifecycle.ts); each change writes its history line and tells the buyer, in its batch.
 */
import { eq } from "drizzle-orm";
import { parseTrackingNumber, type Carrier } from "~/core/orders/carriers";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import type { OrderActor } from "~/core/orders/order-events";
import { orderStatusFromShipments, paymentConfirmationRefusal, shipmentTransitionRefusal } from "~/core/orders/order-lifecycle";
import { shipmentSender } from "~/core/orders/shipment-tracking";
import type { Database } from "~/db/client.server";
import { orderShipments } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { paymentConfirmedMail, shipmentShippedMail } from "~/mail/order-lifecycle-mails";
import {
  changeOrder,
  orderEventStatement,
  orderStatusStatements,
  type OrderChangePlan,
  type OrderChangeResult,
  type OrderShipmentState,
  type OrderState,
} from "./order-changes.server";
import { orderNoticeStatements } from "./order-notices.server";
import { orderMerchantAlertTargets, readyToShipAlerts, type ParcelAlert } from "../alerts/merchant-alerts.server";

export const SHIPMENT_NOT_FOUND = "この配送は見つかりません。";

/** The merchants' parcels of an order as read, each with its lines still to send. */
function merchantParcels(order: OrderState): ParcelAlert[] {
  return order.shipments.flatMap((shipment) => {
    if (shipment.merchantId == null || shipment.status !== "preparing") return [];
    const items = order.lines
      .filter((line) => line.shipmentId === shipment.id && line.cancelledAt == null)
      .map((line) => ({ title: line.title, quantity: line.quantity }));
    return [{ merchantId: shipment.merchantId, shipment: shipment.id, items }];
  });
}

/**
 * 入金確認: a 銀行振込 order waiting for its money is paid, and goes to preparation; the buyer is told, and so
 * are the merchants whose parcels it holds (now ready to ship). Answers the outbox keys it wrote.
 */
export async function confirmPayment(
  db: Database,
  orderId: number,
  actor: OrderActor,
  frame: EmailFrame,
  now: Date,
): Promise<OrderChangeResult & { mailKeys?: string[] }> {
  const { targets, deliveryWish } = await orderMerchantAlertTargets(db, orderId);
  let alertKeys: string[] = [];
  const result = await changeOrder(db, orderId, (order) => {
    const refusal = paymentConfirmationRefusal(order.status);
    if (refusal) return { refusal };
    const readyOrder = { orderId: order.id, orderNumber: order.number, paymentLabel: PAYMENT_METHODS[order.paymentMethod].label, deliveryWish };
    const alerts = readyToShipAlerts(db, readyOrder, merchantParcels(order), targets, frame, now);
    alertKeys = alerts.keys;
    return {
      statements: [
        ...orderStatusStatements(db, order, "paid", actor, now, { paidAt: now }),
        orderEventStatement(db, order.id, { kind: "payment_confirmed", actor, from: order.status, to: "paid" }, now),
        ...orderNoticeStatements(
          db,
          order,
          {
            key: ORDER_MAIL_KEYS.paymentConfirmed(order.number),
            kind: "payment_confirmed",
            template: (addressee) => paymentConfirmedMail(addressee, order.total),
          },
          frame,
          now,
        ),
        ...alerts.statements,
      ],
    };
  });
  return result.ok ? { ...result, mailKeys: [ORDER_MAIL_KEYS.paymentConfirmed(result.order.number), ...alertKeys] } : result;
}

/** Who may move a shipment: staff any, a merchant's login only its merchant's. */
export interface ShipmentAccess {
  orderId: number;
  shipmentId: number;
  actor: OrderActor;
  /** Set for a merchant's login: a shipment of another sender is "not found". */
  merchantId: number | null;
}

function shipmentOf(order: OrderState, access: ShipmentAccess): OrderShipmentState | null {
  const shipment = order.shipments.find((candidate) => candidate.id === access.shipmentId);
  if (!shipment) return null;
  if (access.merchantId != null && shipment.merchantId !== access.merchantId) return null;
  return shipment;
}

/** The shipment moved to `to`, the order's state after it, and the history lines of both. */
function shipmentMove(
  db: Database,
  order: OrderState,
  shipment: OrderShipmentState,
  access: ShipmentAccess,
  to: "shipped" | "delivered",
  now: Date,
  note = "",
) {
  const statuses = order.shipments.map((candidate) => (candidate.id === shipment.id ? to : candidate.status));
  const orderTo = orderStatusFromShipments(order.status, statuses);
  return [
    db
      .update(orderShipments)
      .set(to === "delivered" ? { status: to, deliveredAt: now } : { status: to })
      .where(eq(orderShipments.id, shipment.id)),
    orderEventStatement(db, order.id, { kind: to, actor: access.actor, shipmentId: shipment.id, from: shipment.status, to, note }, now),
    ...orderStatusStatements(db, order, orderTo, access.actor, now),
  ];
}

export interface Shipping {
  carrier: Carrier;
  /** As typed: full-width digits, spaces and hyphens are accepted (app/core/orders/carriers.ts). */
  trackingNumber: string;
}

/** The plan of marking one shipment shipped, on the order as read (also used by the CSV import). */
export function shippingPlan(db: Database, order: OrderState, access: ShipmentAccess, shipping: Shipping, frame: EmailFrame, now: Date): OrderChangePlan {
  const shipment = shipmentOf(order, access);
  if (!shipment) return { refusal: SHIPMENT_NOT_FOUND };
  const refusal = shipmentTransitionRefusal(order.status, shipment.status, "shipped");
  if (refusal) return { refusal };
  const tracking = parseTrackingNumber(shipping.carrier, shipping.trackingNumber);
  if (!tracking.ok) return { refusal: tracking.error };
  const parcel = {
    sender: shipmentSender(shipment),
    carrier: shipping.carrier,
    trackingNumber: tracking.value,
    shippedAt: now,
    lines: order.lines.filter((line) => line.shipmentId === shipment.id && line.cancelledAt == null),
  };
  return {
    statements: [
      db.update(orderShipments).set({ carrier: shipping.carrier, trackingNumber: tracking.value, shippedAt: now }).where(eq(orderShipments.id, shipment.id)),
      ...shipmentMove(db, order, shipment, access, "shipped", now, `${parcel.sender}：${tracking.value}`),
      ...orderNoticeStatements(
        db,
        order,
        { key: ORDER_MAIL_KEYS.shipmentShipped(shipment.id), kind: "shipment_shipped", template: (addressee) => shipmentShippedMail(addressee, parcel) },
        frame,
        now,
      ),
    ],
  };
}

/** 発送: the shipment leaves with a carrier's tracking number; the buyer gets 出荷のお知らせ. */
export function shipShipment(db: Database, access: ShipmentAccess, shipping: Shipping, frame: EmailFrame, now: Date): Promise<OrderChangeResult> {
  return changeOrder(db, access.orderId, (order) => shippingPlan(db, order, access, shipping, frame, now));
}

/** 配達完了: the carrier delivered the shipment; the order is お届け済み once every shipment is. */
export function markShipmentDelivered(db: Database, access: ShipmentAccess, now: Date): Promise<OrderChangeResult> {
  return changeOrder(db, access.orderId, (order) => {
    const shipment = shipmentOf(order, access);
    if (!shipment) return { refusal: SHIPMENT_NOT_FOUND };
    const refusal = shipmentTransitionRefusal(order.status, shipment.status, "delivered");
    if (refusal) return { refusal };
    return { statements: shipmentMove(db, order, shipment, access, "delivered", now) };
  });
}
