/**
 * Refunds staff record on an order (issue 16): money paid back by transfer, a cancelled bill, points or
 * otherwise. The refunds of an order never add up to more than the money it took (refundableTotal: its total,
 * as edits after payment left it to settle) — checked on the order as read
 * (app/core/orders/order-desk.ts) and again in SQL in the batch that records it, so two staff recording at once
 * cannot pass the ceiling together. Each refund writes its history line.
 */
import { eq, sql } from "drizzle-orm";
import type { OrderActor } from "~/core/orders/order-events";
import { refundEventNote, refundRefusal, type RefundMethod } from "~/core/orders/order-desk";
import type { Database } from "~/db/client.server";
import { orderRefunds, orders } from "~/db/schema";
import { changeOrder, orderEventStatement, type OrderChangeResult } from "./order-changes.server";
import { guard } from "./order-guards.server";

export interface RefundInput {
  amount: number;
  method: RefundMethod;
  note: string;
}

export function recordRefund(db: Database, orderId: number, refund: RefundInput, actor: OrderActor, now: Date): Promise<OrderChangeResult> {
  return changeOrder(db, orderId, (order) => {
    const refusal = refundRefusal(order, refund.amount);
    if (refusal) return { refusal };
    const refundedSoFar = sql`(select coalesce(sum(${orderRefunds.amount}), 0) from ${orderRefunds} where ${orderRefunds.orderId} = ${order.id})`;
    const refundable = sql`(select ${orders.total} - ${orders.settlementDue} + ${orders.settledRefunds} from ${orders} where ${orders.id} = ${order.id})`;
    return {
      statements: [
        guard(db, sql`${refundedSoFar} + ${refund.amount} <= ${refundable}`),
        db
          .insert(orderRefunds)
          .values({ orderId: order.id, amount: refund.amount, method: refund.method, note: refund.note, actorUserId: actor.userId, createdAt: now }),
        orderEventStatement(db, order.id, { kind: "refund_recorded", actor, note: refundEventNote(refund.amount, refund.method, refund.note) }, now),
        // A refund due left by an edit (issue 38) is settled by the refunds recorded against it; the part that
        // settled it is kept, so the money the order took stays what refunds may reach (both from the row as it was).
        db
          .update(orders)
          .set({
            settlementDue: sql`case when ${orders.settlementDue} < 0 then min(0, ${orders.settlementDue} + ${refund.amount}) else ${orders.settlementDue} end`,
            settledRefunds: sql`${orders.settledRefunds} + case when ${orders.settlementDue} < 0 then min(${refund.amount}, -${orders.settlementDue}) else 0 end`,
          })
          .where(eq(orders.id, order.id)),
      ],
    };
  });
}
