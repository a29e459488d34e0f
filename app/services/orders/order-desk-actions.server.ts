/**
 * The order desk's own actions besides the lifecycle moves: staff's internal notes, and resending the
 * order confirmation (rendered again from the order and lines as stored, as a new message). Both go
 * through changeOrder, so they write their history line in the batch and wait for a racing change.
 */
import { asc, eq } from "drizzle-orm";
import { orderConfirmationResendKey } from "~/core/mail/mail-outbox";
import type { OrderActor } from "~/core/orders/order-events";
import type { Database } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { orderConfirmationMail } from "~/mail/order-mails";
import { changeOrder, ORDER_CHANGE_MESSAGES, orderEventStatement, type OrderChangeResult } from "./order-changes.server";
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
