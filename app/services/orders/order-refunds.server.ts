/**
 * Refunds staff record on an order (issue 16): money paid back by transfer, a cancelled bill, points or
 * otherwise. The refunds of an order never add up to more than its total — checked on the order as read
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
    const total = sql`(select ${orders.total} from ${orders} where ${orders.id} = ${order.id})`;
    return {
      statements: [
        guard(db, sql`${refundedSoFar} + ${refund.amount} <= ${total}`),
        db
          .insert(orderRefunds)
          .values({ orderId: order.id, amount: refund.amount, method: refund.method, note: refund.note, actorUserId: actor.userId, createdAt: now }),
        orderEventStatement(db, order.id, { kind: "refund_recorded", actor, note: refundEventNote(refund.amount, refund.method, refund.note) }, now),
        // A refund due left by an edit (issue 38) is settled by the refunds recorded against it.
        db
          .update(orders)
          .set({
            settlementDue: sql`case when ${orders.settlementDue} < 0 then min(0, ${orders.settlementDue} + ${refund.amount}) else ${orders.settlementDue} end`,
          })
          .where(eq(orders.id, order.id)),
      ],
    };
  });
}
