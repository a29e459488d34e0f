/**
 * One order as staff's order page (/crm/orders/{id}) shows it: the buyer's own view of it (lines, amounts,
 * shipments — app/services/orders/orders.server.ts, so staff read exactly what the shopper reads) beside what only
 * staff see: the customer, the payment's facts, each shipment's carrier and dates, the history with the
 * internal notes, the refunds recorded and the return requests. Two D1 batches, run at once.
 */
import { asc, eq } from "drizzle-orm";
import { CARRIERS, isCarrier, trackingUrl } from "~/core/orders/carriers";
import { actorLabel, eventStatusLabel, orderEventLabel } from "~/core/orders/order-events";
import type { RefundMethod } from "~/core/orders/order-desk";
import { aliased, type Database } from "~/db/client.server";
import { merchants, orderEvents, orderRefunds, orders, orderShipments, returnRequests, users } from "~/db/schema";
import { loadOrderForStaff } from "./orders.server";

export interface DeskShipment {
  id: number;
  /** 当社倉庫 or the merchant's name. */
  sender: string;
  status: "preparing" | "shipped" | "delivered" | "cancelled";
  carrierLabel: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
}

export interface DeskHistoryLine {
  id: number;
  at: Date;
  label: string;
  actor: string;
  /** 「お支払い待ち → 入金確認済み」, or "" when the line records no move. */
  move: string;
  note: string;
  isNote: boolean;
}

export interface DeskCustomer {
  guest: boolean;
  userId: number | null;
  name: string;
  nameKana: string;
  email: string;
  phone: string;
  /** The member closed their account (退会). */
  withdrawn: boolean;
  /** The member (role customer) whose record staff can open; null for a guest or another kind of account. */
  recordId: number | null;
}

async function loadStaffFacts(db: Database, orderId: number) {
  const [orderRows, shipments, events, refunds, returns] = await db.batch([
    db
      .select({
        paidAt: orders.paidAt,
        cancelledAt: orders.cancelledAt,
        createdAt: orders.createdAt,
        email: orders.email,
        userId: orders.userId,
        channel: orders.channel,
        shipName: aliased(orders.shipLastname, "ship_lastname"),
        shipFirstname: aliased(orders.shipFirstname, "ship_firstname"),
        shipKana: aliased(orders.shipLastnameJp, "ship_lastname_jp"),
        shipFirstnameKana: aliased(orders.shipFirstnameJp, "ship_firstname_jp"),
        shipPhone: orders.shipPhone,
        memberLastname: aliased(users.lastname, "member_lastname"),
        memberFirstname: aliased(users.firstname, "member_firstname"),
        memberLastnameKana: aliased(users.lastnameJp, "member_lastname_jp"),
        memberFirstnameKana: aliased(users.firstnameJp, "member_firstname_jp"),
        memberEmail: aliased(users.email, "member_email"),
        memberPhone: aliased(users.phone, "member_phone"),
        withdrawnAt: users.withdrawnAt,
        memberRole: users.role,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: orderShipments.id,
        merchantName: aliased(merchants.name, "merchant_name"),
        status: orderShipments.status,
        carrier: orderShipments.carrier,
        trackingNumber: orderShipments.trackingNumber,
        shippedAt: orderShipments.shippedAt,
        deliveredAt: orderShipments.deliveredAt,
      })
      .from(orderShipments)
      .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(orderShipments.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id)),
    db
      .select({
        id: returnRequests.id,
        kind: returnRequests.kind,
        reason: returnRequests.reason,
        status: returnRequests.status,
        createdAt: returnRequests.createdAt,
      })
      .from(returnRequests)
      .where(eq(returnRequests.orderId, orderId))
      .orderBy(asc(returnRequests.createdAt), asc(returnRequests.id)),
  ]);
  const order = orderRows[0];
  return order ? { order, shipments, events, refunds, returns } : null;
}

type StoredEvent = typeof orderEvents.$inferSelect;

/** A plain state change that another line of the same change already tells (入金確認: お支払い待ち → 入金確認済み). */
function toldByItsChange(event: StoredEvent, events: StoredEvent[]): boolean {
  return (
    event.kind === "status_changed" &&
    events.some(
      (other) =>
        other !== event &&
        other.shipmentId == null &&
        other.createdAt.getTime() === event.createdAt.getTime() &&
        other.fromStatus === event.fromStatus &&
        other.toStatus === event.toStatus,
    )
  );
}

/** The history, oldest first: a shipment's move reads in shipment states, an order's in order states. */
function historyOf(events: StoredEvent[]): DeskHistoryLine[] {
  return events
    .filter((event) => !toldByItsChange(event, events))
    .map((event) => {
      const subject = event.shipmentId != null && (event.kind === "shipped" || event.kind === "delivered") ? "shipment" : "order";
      const from = eventStatusLabel(event.fromStatus, subject);
      const to = eventStatusLabel(event.toStatus, subject);
      return {
        id: event.id,
        at: event.createdAt,
        label: orderEventLabel(event.kind),
        actor: actorLabel({ kind: event.actorKind, name: event.actorName }),
        move: from || to ? `${from || "—"} → ${to || "—"}` : "",
        note: event.note,
        isNote: event.kind === "note",
      };
    });
}

/** Staff's view of any order; null when there is no such order. */
export async function loadDeskOrder(db: Database, orderId: number) {
  const [detail, facts] = await Promise.all([loadOrderForStaff(db, orderId), loadStaffFacts(db, orderId)]);
  if (!detail || !facts) return null;
  const { order } = facts;
  const guest = order.userId == null;
  const customer: DeskCustomer = {
    guest,
    userId: order.userId,
    name: guest || order.memberLastname == null ? `${order.shipName} ${order.shipFirstname}` : `${order.memberLastname} ${order.memberFirstname ?? ""}`.trim(),
    nameKana:
      guest || order.memberLastnameKana == null
        ? `${order.shipKana} ${order.shipFirstnameKana}`
        : `${order.memberLastnameKana} ${order.memberFirstnameKana ?? ""}`.trim(),
    email: order.email,
    phone: order.memberPhone || order.shipPhone,
    withdrawn: order.withdrawnAt != null,
    recordId: order.memberRole === "customer" ? order.userId : null,
  };
  const shipments: DeskShipment[] = facts.shipments.map((shipment) => ({
    id: shipment.id,
    sender: shipment.merchantName ?? "当社倉庫",
    status: shipment.status,
    carrierLabel: isCarrier(shipment.carrier) ? CARRIERS[shipment.carrier].label : shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: isCarrier(shipment.carrier) && shipment.trackingNumber ? trackingUrl(shipment.carrier, shipment.trackingNumber) : null,
    shippedAt: shipment.shippedAt,
    deliveredAt: shipment.deliveredAt,
  }));
  const refunded = facts.refunds.reduce((sum, refund) => sum + refund.amount, 0);
  return {
    detail,
    customer,
    payment: {
      method: detail.order.paymentMethod,
      label: detail.order.paymentLabel,
      paidAt: order.paidAt,
      cancelledAt: order.cancelledAt,
      /** The last day of a 銀行振込 order's transfer (null for other methods). */
      transferDeadline: detail.order.paymentDueOn,
      /** How it came in, and the staff member who took a phone or mail order (受注登録). */
      channel: order.channel,
      takenBy: facts.events.find((event) => event.kind === "taken_by_staff")?.actorName ?? null,
    },
    shipments,
    history: historyOf(facts.events),
    refunds: facts.refunds.map((refund) => ({
      id: refund.id,
      amount: refund.amount,
      method: refund.method as RefundMethod,
      note: refund.note,
      createdAt: refund.createdAt,
    })),
    refunded,
    returns: facts.returns,
  };
}

export type DeskOrder = NonNullable<Awaited<ReturnType<typeof loadDeskOrder>>>;
