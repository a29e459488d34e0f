/**
 * The order desk's own actions besides the lifecycle moves: staff's internal notes, resending the order
 * confirmation (rendered again from the order and lines as stored, as a new message) and resending a
 * parcel's shipping mail. All go through changeOrder, so they write their history line in the batch and
 * wait for a racing change.
 */
import { asc, eq, sql } from "drizzle-orm";
import { ORDER_MAIL_KEYS, orderConfirmationResendKey } from "~/core/mail/mail-outbox";
import { isCarrier } from "~/core/orders/carriers";
import type { OrderActor } from "~/core/orders/order-events";
import { shipmentSender } from "~/core/orders/shipment-tracking";
import type { Database } from "~/db/client.server";
import { mailOutbox, orderLines, orders } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { shipmentShippedMail } from "~/mail/order-lifecycle-mails";
import { orderConfirmationMail } from "~/mail/order-mails";
import { changeOrder, ORDER_CHANGE_MESSAGES, orderEventStatement, type OrderChangeResult } from "./order-changes.server";
import { guard } from "./order-guards.server";
import { addresseeOf } from "./order-notices.server";
import { SHIPMENT_NOT_FOUND } from "./order-transitions.server";
import { outboxStatement } from "../mail/mail-outbox.server";

/** A staff note in the order's history (kind note: shown to staff only). */
export function addOrderNote(db: Database, orderId: number, note: string, actor: OrderActor, now: Date): Promise<OrderChangeResult> {
  return changeOrder(db, orderId, (order) => ({ statements: [orderEventStatement(db, order.id, { kind: "note", actor, note }, now)] }));
}

/**
 * Sends the order confirmation again to the order's address (a new outbox message, key
 * `order-confirmation:{number}:resend:{time}`). Answers the key to dispatch, or the refusal.
 */
export async function resendOrderConfirmation(
  db: Database,
  orderId: number,
  actor: OrderActor,
  frame: EmailFrame,
  now: Date,
): Promise<{ ok: true; key: string } | { ok: false; error: string }> {
  const [orderRows, lines] = await db.batch([
    db.select().from(orders).where(eq(orders.id, orderId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
  ]);
  const stored = orderRows[0];
  let key = "";
  const result = await changeOrder(db, orderId, (order) => {
    if (!stored) return { refusal: ORDER_CHANGE_MESSAGES.notFound };
    key = orderConfirmationResendKey(order.number, now);
    const template = orderConfirmationMail(stored, lines, order.customerName, frame.shop, { origin: frame.origin, guest: order.userId == null });
    return {
      statements: [
        outboxStatement(db, { key, kind: "order_confirmation", to: order.email, userId: order.userId, template, frame }, now),
        orderEventStatement(db, order.id, { kind: "confirmation_resent", actor, note: order.email }, now),
      ],
    };
  });
  return result.ok ? { ok: true, key } : result;
}

export const SHIPMENT_MAIL_TEXT = {
  notShipped: "まだ発送していない荷物の出荷メールは送れません。",
  alreadySent: "この出荷メールはすでに送りました。",
} as const;

const outboxHas = (key: string) => sql`exists (select 1 from ${mailOutbox} where ${mailOutbox.key} = ${key})`;

/**
 * Sends a shipped parcel's 出荷のお知らせ again (the e-mail only: the member's お知らせ already holds it),
 * as it stands now (carrier, tracking number, the parcel's lines), under the key
 * `shipment-shipped:{id}:resend:{run}`. The same run posted twice, or at once, mails once: the batch is
 * guarded on that key being new, and the loser is told it was sent.
 */
export async function resendShipmentMail(
  db: Database,
  access: { orderId: number; shipmentId: number; actor: OrderActor },
  run: string,
  frame: EmailFrame,
  now: Date,
): Promise<{ ok: true; key: string } | { ok: false; error: string }> {
  const key = ORDER_MAIL_KEYS.shipmentShippedResent(access.shipmentId, run);
  const sent = async () =>
    (
      await db
        .select({ ok: sql<number>`1` })
        .from(mailOutbox)
        .where(eq(mailOutbox.key, key))
    ).length > 0;
  if (await sent()) return { ok: false, error: SHIPMENT_MAIL_TEXT.alreadySent };
  const result = await changeOrder(db, access.orderId, (order) => {
    const shipment = order.shipments.find((candidate) => candidate.id === access.shipmentId);
    if (!shipment) return { refusal: SHIPMENT_NOT_FOUND };
    if (shipment.status === "preparing" || shipment.status === "cancelled" || !isCarrier(shipment.carrier) || !shipment.trackingNumber || !shipment.shippedAt) {
      return { refusal: SHIPMENT_MAIL_TEXT.notShipped };
    }
    const parcel = {
      sender: shipmentSender(shipment),
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      shippedAt: shipment.shippedAt,
      lines: order.lines.filter((line) => line.shipmentId === shipment.id && line.cancelledAt == null),
    };
    const template = shipmentShippedMail(addresseeOf(order, frame.origin), parcel);
    return {
      statements: [
        guard(db, sql`not ${outboxHas(key)}`),
        outboxStatement(db, { key, kind: "shipment_shipped", to: order.email, userId: order.userId, template, frame }, now),
        orderEventStatement(db, order.id, { kind: "shipment_mail_resent", actor: access.actor, shipmentId: shipment.id, note: order.email }, now),
      ],
    };
  });
  if (result.ok) return { ok: true, key };
  // A run posted twice at once: the other request's batch wrote this key, and this one kept losing to it.
  return result.error === ORDER_CHANGE_MESSAGES.busy && (await sent()) ? { ok: false, error: SHIPMENT_MAIL_TEXT.alreadySent } : result;
}
