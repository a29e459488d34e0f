/**
 * Cancelling (issue 16), by staff, by the shopper, or by the scheduled job when a transfer never came:
 * in the one guarded batch of the change, the stock (pre-order, variation and choice stock) goes back,
 * used points return, points granted for the order are withdrawn, coupon uses are released, the
 * subscriptions the order started end, and the buyer is told. A second cancel finds the order cancelled
 * and changes nothing (app/services/orders/order-changes.server.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import type { OrderActor } from "~/core/orders/order-events";
import { cancellationRefusal, lineCancellationRefusal, refundDueOnCancellation } from "~/core/orders/order-lifecycle";
import { SYSTEM_ACTOR } from "~/core/orders/order-events";
import { refundableTotal } from "~/core/orders/order-edits";
import { pointsStillEarned } from "~/core/member/points";
import type { Database } from "~/db/client.server";
import { couponUses, orderLines, orders, orderShipments, products, productVariations, subscriptions, variationChoices } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { orderCancelledMail, type CancellationFacts } from "~/mail/order-lifecycle-mails";
import { orderStatusFromShipments } from "~/core/orders/order-lifecycle";
import {
  changeOrder,
  orderEventStatement,
  orderStatusStatements,
  type OrderChangePlan,
  type OrderChangeResult,
  type OrderLineState,
  type OrderState,
  type Statement,
} from "./order-changes.server";
import { orderNoticeStatements } from "./order-notices.server";
import { pointsMovedStatements, pointsTakenBackStatements } from "./order-points.server";
import { staffAlertAddresses, transferLapsedAlert } from "../alerts/alert-statements.server";
import { paymentLapsed } from "./order-desk.server";

/**
 * `quantity` of the line back where the order took it from (order-guards.server.ts `stockStatements`,
 * reversed): the whole line on a cancellation, what came back on a return.
 */
export function restockStatements(
  db: Database,
  line: Pick<OrderLineState, "productId" | "variationId" | "choiceSku" | "isPreorder">,
  quantity: number,
): Statement[] {
  if (line.isPreorder) {
    return line.variationId != null
      ? [
          db
            .update(productVariations)
            .set({ inventoryPreorderMax: sql`${productVariations.inventoryPreorderMax} + ${quantity}` })
            .where(eq(productVariations.id, line.variationId)),
        ]
      : [
          db
            .update(products)
            .set({ inventoryPreorderMax: sql`${products.inventoryPreorderMax} + ${quantity}` })
            .where(eq(products.id, line.productId)),
        ];
  }
  const statements: Statement[] = [];
  if (line.choiceSku != null) {
    // Only a choice that keeps its own stock had it taken (a choice sharing the variation's has null).
    statements.push(
      db
        .update(variationChoices)
        .set({ inventory: sql`${variationChoices.inventory} + ${quantity}` })
        .where(and(eq(variationChoices.sku, line.choiceSku), sql`${variationChoices.inventory} is not null`)),
    );
  }
  statements.push(
    line.variationId != null
      ? db
          .update(productVariations)
          .set({ inventory: sql`${productVariations.inventory} + ${quantity}` })
          .where(eq(productVariations.id, line.variationId))
      : db
          .update(products)
          .set({ inventory: sql`${products.inventory} + ${quantity}` })
          .where(eq(products.id, line.productId)),
  );
  return statements;
}

/** The subscriptions these lines started end with them. */
function subscriptionEndStatements(db: Database, order: OrderState, lines: OrderLineState[], now: Date): Statement[] {
  return lines.map((line) =>
    db
      .update(subscriptions)
      .set({ status: "cancelled", cancelledAt: now })
      .where(
        and(
          eq(subscriptions.orderId, order.id),
          eq(subscriptions.productId, line.productId),
          line.variationId == null ? sql`${subscriptions.variationId} is null` : eq(subscriptions.variationId, line.variationId),
          eq(subscriptions.status, "active"),
        ),
      ),
  );
}

/**
 * Points used come back; the order's own points go: 付与予定 ones are never granted, granted ones are taken
 * off the balance (after the used ones are back, never below zero). Amounts as planned, on the balance as read.
 */
function pointStatements(db: Database, order: OrderState, now: Date): { statements: Statement[]; returned: number; withdrawn: number } {
  if (order.userId == null) return { statements: [], returned: 0, withdrawn: 0 };
  const returned = order.pointsUsed;
  const statements: Statement[] = [];
  if (returned > 0) {
    const note = `ご注文 ${order.number} のキャンセル（ご利用分の返還）`;
    statements.push(...pointsMovedStatements(db, { userId: order.userId, orderId: order.id, kind: "refunded", amount: returned, note }, now));
  }
  const earned = pointsTakenBackStatements(db, order, 0, { note: `ご注文 ${order.number} のキャンセル（付与分の取り消し）`, credited: returned }, now);
  return { statements: [...statements, ...earned.statements], returned, withdrawn: earned.withdrawn };
}

export type CancellationReason = CancellationFacts["reason"];

/** The plan of cancelling the whole order, on the order as read. */
export function cancellationPlan(
  db: Database,
  order: OrderState,
  actor: OrderActor,
  reason: CancellationReason,
  frame: EmailFrame,
  now: Date,
  note = "",
): OrderChangePlan {
  const refusal = cancellationRefusal(
    order.status,
    order.shipments.map((shipment) => shipment.status),
  );
  if (refusal) return { refusal };
  const live = order.lines.filter((line) => line.cancelledAt == null);
  const points = pointStatements(db, order, now);
  const facts: CancellationFacts = {
    reason,
    whole: true,
    lines: live,
    pointsReturned: points.returned,
    pointsWithdrawn: points.withdrawn,
    couponReturned: order.couponUses > 0,
    refundDue: refundDueOnCancellation(order.status, refundableTotal(order) - order.refunded),
  };
  return {
    statements: [
      db.update(orders).set({ status: "cancelled", cancelledAt: now }).where(eq(orders.id, order.id)),
      db
        .update(orderShipments)
        .set({ status: "cancelled" })
        .where(and(eq(orderShipments.orderId, order.id), eq(orderShipments.status, "preparing"))),
      orderEventStatement(db, order.id, { kind: reason === "lapsed" ? "lapsed" : "cancelled", actor, from: order.status, to: "cancelled", note }, now),
      ...live.flatMap((line) => restockStatements(db, line, line.quantity)),
      ...subscriptionEndStatements(db, order, live, now),
      ...points.statements,
      db.delete(couponUses).where(eq(couponUses.orderId, order.id)),
      ...orderNoticeStatements(
        db,
        order,
        { key: ORDER_MAIL_KEYS.cancelled(order.number), kind: "order_cancelled", template: (addressee) => orderCancelledMail(addressee, facts) },
        frame,
        now,
      ),
    ],
  };
}

/** Cancels the whole order before anything shipped. */
export function cancelOrder(
  db: Database,
  orderId: number,
  actor: OrderActor,
  reason: CancellationReason,
  frame: EmailFrame,
  now: Date,
  note = "",
): Promise<OrderChangeResult> {
  return changeOrder(db, orderId, (order) => cancellationPlan(db, order, actor, reason, frame, now, note));
}

export const NO_LINES_CHOSEN = "キャンセルする商品を選んでください。";

/**
 * Cancels some lines whose shipment has not left (the rest of the order goes on): their stock goes back,
 * their subscriptions end, a shipment left with no line is cancelled. Cancelling every remaining line is
 * cancelling the order. The money is settled by a recorded refund (amounts stay as ordered).
 */
export function cancelOrderLines(
  db: Database,
  orderId: number,
  lineIds: number[],
  actor: OrderActor,
  frame: EmailFrame,
  now: Date,
): Promise<OrderChangeResult> {
  return changeOrder(db, orderId, (order) => {
    const chosen = order.lines.filter((line) => lineIds.includes(line.id));
    if (chosen.length === 0 || chosen.length !== new Set(lineIds).size) return { refusal: NO_LINES_CHOSEN };
    for (const line of chosen) {
      const shipment = order.shipments.find((candidate) => candidate.id === line.shipmentId);
      const refusal = lineCancellationRefusal(order.status, shipment?.status ?? null, line.cancelledAt != null);
      if (refusal) return { refusal: `${line.title}：${refusal}` };
    }
    const remaining = order.lines.filter((line) => line.cancelledAt == null && !chosen.includes(line));
    if (remaining.length === 0) return cancellationPlan(db, order, actor, "staff", frame, now);
    return { statements: lineCancellationStatements(db, order, chosen, remaining, actor, frame, now) };
  });
}

function lineCancellationStatements(
  db: Database,
  order: OrderState,
  chosen: OrderLineState[],
  remaining: OrderLineState[],
  actor: OrderActor,
  frame: EmailFrame,
  now: Date,
): Statement[] {
  const emptied = order.shipments.filter((shipment) => shipment.status === "preparing" && !remaining.some((line) => line.shipmentId === shipment.id));
  const statuses = order.shipments.map((shipment) => (emptied.includes(shipment) ? "cancelled" : shipment.status));
  const amount = chosen.reduce((sum, line) => sum + line.total, 0);
  // The cancelled goods give up the points they earned; the state the order moves to is planned with that.
  const stillEarned = pointsStillEarned(
    order.pointsEarned,
    order.lines.map((line) => ({ ...line, cancelled: line.cancelledAt != null || chosen.includes(line) })),
  );
  const points = pointsTakenBackStatements(db, order, stillEarned, { note: `ご注文 ${order.number} の一部キャンセル（付与分の取り消し）` }, now);
  const after = { ...order, pointsForfeited: Math.max(order.pointsForfeited, order.pointsEarned - stillEarned) };
  const facts: CancellationFacts = {
    reason: "staff",
    whole: false,
    lines: chosen,
    pointsReturned: 0,
    pointsWithdrawn: points.withdrawn,
    couponReturned: false,
    refundDue: 0,
  };
  return [
    db
      .update(orderLines)
      .set({ cancelledAt: now })
      .where(
        inArray(
          orderLines.id,
          chosen.map((line) => line.id),
        ),
      ),
    ...(emptied.length > 0
      ? [
          db
            .update(orderShipments)
            .set({ status: "cancelled" })
            .where(
              inArray(
                orderShipments.id,
                emptied.map((shipment) => shipment.id),
              ),
            ),
        ]
      : []),
    orderEventStatement(
      db,
      order.id,
      { kind: "lines_cancelled", actor, note: `${chosen.map((line) => `${line.title} × ${line.quantity}`).join("、")}（${amount}円）` },
      now,
    ),
    ...chosen.flatMap((line) => restockStatements(db, line, line.quantity)),
    ...subscriptionEndStatements(db, order, chosen, now),
    ...points.statements,
    ...orderStatusStatements(db, after, orderStatusFromShipments(order.status, statuses), actor, now),
    ...orderNoticeStatements(
      db,
      order,
      {
        key: ORDER_MAIL_KEYS.linesCancelled(
          order.number,
          chosen.map((line) => line.id),
        ),
        kind: "order_cancelled",
        template: (addressee) => orderCancelledMail(addressee, facts),
      },
      frame,
      now,
    ),
  ];
}

/**
 * The scheduled job: 銀行振込 orders still unpaid after their stored deadline are cancelled, with everything a
 * cancellation restores, the buyer's mail and staff's alert. Answers the numbers of the orders it cancelled.
 */
export async function lapseUnpaidOrders(db: Database, frame: EmailFrame, now: Date): Promise<string[]> {
  const due = await db.select({ id: orders.id }).from(orders).where(paymentLapsed(now));
  if (due.length === 0) return [];
  // Staff on the transferLapsed list are told in each cancellation's batch.
  const addresses = await staffAlertAddresses(db, "transferLapsed");
  const lapsed: string[] = [];
  for (const { id } of due) {
    const result = await changeOrder(db, id, (order) => {
      const plan = cancellationPlan(db, order, SYSTEM_ACTOR, "lapsed", frame, now);
      if ("refusal" in plan) return plan;
      const facts = { id: order.id, orderNumber: order.number, customer: order.customerName, total: order.total, placedAt: order.createdAt };
      return { statements: [...plan.statements, ...transferLapsedAlert(db, addresses, facts, frame, now).statements] };
    });
    if (result.ok) lapsed.push(result.order.number);
  }
  return lapsed;
}
