/**
 * Staff change an order's lines (issue 38 item 1): quantities (0 removes a line), lines added by SKU, each
 * changed or added line priced as ordered or — when staff choose — at today's price. Only lines whose parcel
 * has not left. The order is priced again by the checkout's engine (app/core/orders/order-edit-pricing.ts:
 * fees, coupons as on its day, points), the stock moves by the difference (taken under the same SQL guards
 * as at checkout, so never below zero), points and coupon uses follow, and what is left to settle once it
 * was paid is recorded — all in the edit's one guarded batch (order-edits.server.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Cart } from "~/core/cart/cart";
import { amountsOf, engineLineId, orderPointRate, repriceOrder, type EditedLine } from "~/core/orders/order-edit-pricing";
import {
  amountChanges,
  lineChanges,
  lineEditRefusal,
  linesEditRefusal,
  ORDER_EDIT_MESSAGES,
  settlementAfterEdit,
  type ComparedLine,
  type OrderEditChange,
} from "~/core/orders/order-edits";
import { orderStatusFromShipments } from "~/core/orders/order-lifecycle";
import { MAX_LINE_QUANTITY } from "~/core/limits";
import type { ShipmentStatus } from "~/core/orders/orders";
import type { Database } from "~/db/client.server";
import { couponUses, orderLines, orders, orderShipments } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { restockStatements } from "./order-cancellation.server";
import { orderStatusStatements, type OrderState, type Statement } from "./order-changes.server";
import { loadOrderEditFacts, type EditFactsLine, type OrderEditFacts } from "./order-edit-facts.server";
import { itemKey, pricesNeeded, type EditPrices, type LineEdit, type PricedItem } from "./order-edit-prices.server";
import { editRecordStatements, runOrderEdit, type OrderEditBase, type OrderEditResult } from "./order-edits.server";
import { stockStatements } from "./order-guards.server";
import { grantedPointsWithdrawnStatements, pointsMovedStatements } from "./order-points.server";

export type { LineEdit };

/** An order line as it was paid for, per unit (a session coupon folded into its row lowers it). */
function paidUnitPrice(line: EditFactsLine): number {
  return line.quantity > 0 && line.total % line.quantity === 0 ? line.total / line.quantity : line.unitPrice;
}

const asEdited = (line: EditFactsLine, quantity: number, unitPrice: number): EditedLine & { source: EditFactsLine } => ({
  ...line,
  lineId: line.id,
  quantity,
  unitPrice,
  source: line,
});

const compared = (line: {
  lineId: number | null;
  title: string;
  choiceLabel: string;
  optionsLabel: string;
  unitPrice: number;
  quantity: number;
}): ComparedLine => ({
  lineId: line.lineId,
  title: line.title,
  detail: [line.choiceLabel, line.optionsLabel].filter(Boolean).join(" / "),
  unitPrice: line.unitPrice,
  quantity: line.quantity,
});

/** The parcel a line of this sender goes in: the order's live one, or none yet. */
function parcelOf(order: OrderState, sender: { shippingFrom: string; merchantId: number | null }) {
  const merchantId = sender.shippingFrom === "merchant" ? sender.merchantId : null;
  return order.shipments.find((shipment) => shipment.status !== "cancelled" && (shipment.merchantId ?? null) === merchantId) ?? null;
}

interface LinePlan {
  kept: (EditedLine & { source: EditFactsLine })[];
  removed: EditFactsLine[];
  added: (EditedLine & { item: PricedItem })[];
}

/** The lines after the edit, or why it cannot be made (a shipped parcel, stock short, nothing changed, nothing left). */
function planLines(order: OrderState, facts: OrderEditFacts, edit: LineEdit, prices: EditPrices): LinePlan | { refusal: string } {
  const plan: LinePlan = { kept: [], removed: [], added: [] };
  let changed = false;
  const statusOf = (shipmentId: number | null) => order.shipments.find((shipment) => shipment.id === shipmentId)?.status ?? null;
  for (const line of facts.lines) {
    const posted = edit.quantities.find((candidate) => candidate.lineId === line.id);
    const today = prices.today.get(itemKey(line));
    const unitPrice = today && !line.optionsLabel ? today.unitPrice : paidUnitPrice(line);
    if (!posted || line.cancelled || (posted.quantity === line.quantity && unitPrice === paidUnitPrice(line))) {
      plan.kept.push(asEdited(line, line.quantity, paidUnitPrice(line)));
      continue;
    }
    const refusal = lineEditRefusal(line, statusOf(line.shipmentId));
    if (refusal) return { refusal };
    if (posted.quantity > MAX_LINE_QUANTITY) return { refusal: ORDER_EDIT_MESSAGES.quantity };
    if (posted.quantity - line.quantity > line.stockLeft) return { refusal: ORDER_EDIT_MESSAGES.stockShort(line.title, line.stockLeft) };
    changed = true;
    if (posted.quantity === 0) plan.removed.push(line);
    else plan.kept.push(asEdited(line, posted.quantity, unitPrice));
  }
  for (const [index, request] of edit.added.entries()) {
    const priced = prices.added[index];
    if (!priced?.ok) return { refusal: priced?.error ?? ORDER_EDIT_MESSAGES.productNotFound };
    const { item } = priced;
    const parcel = parcelOf(order, item);
    const refusal = lineEditRefusal({ title: item.title, cancelled: false, subscribe: null }, parcel?.status ?? null);
    if (refusal) return { refusal };
    if (request.quantity < 1 || request.quantity > MAX_LINE_QUANTITY) return { refusal: ORDER_EDIT_MESSAGES.quantity };
    if (request.quantity > item.stockLeft) return { refusal: ORDER_EDIT_MESSAGES.stockShort(item.title, item.stockLeft) };
    changed = true;
    plan.added.push({ ...item, lineId: null, quantity: request.quantity, wrapping: false, cancelled: false, subscribe: null, isPreorder: false, item });
  }
  if (!changed) return { refusal: ORDER_EDIT_MESSAGES.nothingChanged };
  if (!plan.kept.some((line) => !line.cancelled) && plan.added.length === 0) return { refusal: ORDER_EDIT_MESSAGES.noLinesLeft };
  return plan;
}

/** Stock taken or given back by the difference of each line (added lines take all theirs, removed ones give all back). */
function stockMoves(db: Database, plan: LinePlan): Statement[] {
  const moves: Statement[] = [];
  for (const line of plan.kept) {
    const difference = line.quantity - line.source.quantity;
    if (difference > 0) moves.push(...stockStatements(db, difference, line.isPreorder, line.source));
    if (difference < 0) moves.push(...restockStatements(db, line.source, -difference));
  }
  for (const line of plan.removed) moves.push(...restockStatements(db, line, line.quantity));
  for (const line of plan.added) moves.push(...stockStatements(db, line.quantity, false, line.item));
  return moves;
}

/** The new parcels, each line's row, and every live parcel's fee (an emptied one is cancelled). */
function lineAndParcelStatements(
  db: Database,
  order: OrderState,
  plan: LinePlan,
  cart: Cart,
  all: EditedLine[],
): { statements: Statement[]; statuses: ShipmentStatus[] } {
  const statements: Statement[] = [];
  const engineTotal = (index: number) => cart.list.find((row) => row.id === engineLineId(all[index]!, index))?.total ?? 0;
  const senderOf = (line: { shippingFrom: string; merchantId: number | null }) => (line.shippingFrom === "merchant" ? line.merchantId : null);
  const newParcels = [...new Set(plan.added.filter((line) => !parcelOf(order, line)).map(senderOf))];
  const feeOf = (merchantId: number | null) => {
    const parcel = cart.shipments.find((candidate) => candidate.merchantId === merchantId);
    return parcel ? parcel.shippingFee + parcel.coldFee + parcel.splitFee : 0;
  };
  for (const merchantId of newParcels) {
    statements.push(
      db
        .insert(orderShipments)
        .values({ orderId: order.id, shippingFrom: merchantId == null ? "warehouse" : "merchant", merchantId, shippingFee: feeOf(merchantId) }),
    );
  }
  all.forEach((line, index) => {
    if (line.lineId != null) {
      if (!line.cancelled)
        statements.push(
          db
            .update(orderLines)
            .set({ quantity: line.quantity, unitPrice: line.unitPrice, total: engineTotal(index) })
            .where(eq(orderLines.id, line.lineId)),
        );
      return;
    }
    const added = plan.added.find((candidate) => candidate === line)!;
    const sender = senderOf(added) ?? 0;
    const parcel = sql`(select max(${orderShipments.id}) from ${orderShipments} where ${orderShipments.orderId} = ${order.id} and coalesce(${orderShipments.merchantId}, 0) = ${sender} and ${orderShipments.status} <> 'cancelled')`;
    statements.push(
      db.insert(orderLines).values({
        orderId: order.id,
        shipmentId: parcel as unknown as number,
        productId: added.productId,
        variationId: added.variationId,
        choiceSku: added.choiceSku,
        sku: added.sku,
        title: added.title,
        choiceLabel: added.choiceLabel,
        optionsLabel: "",
        unitPrice: added.unitPrice,
        quantity: added.quantity,
        taxRate: added.taxRate,
        total: engineTotal(index),
      }),
    );
  });
  if (plan.removed.length > 0)
    statements.push(
      db.delete(orderLines).where(
        inArray(
          orderLines.id,
          plan.removed.map((line) => line.id),
        ),
      ),
    );
  const statuses: ShipmentStatus[] = [];
  for (const shipment of order.shipments) {
    const emptied = shipment.status === "preparing" && !plan.kept.some((line) => line.source.shipmentId === shipment.id && !line.cancelled);
    const stillUsed = shipment.status === "preparing" && plan.added.some((line) => parcelOf(order, line)?.id === shipment.id);
    if (emptied && !stillUsed) {
      statements.push(db.update(orderShipments).set({ status: "cancelled", shippingFee: 0 }).where(eq(orderShipments.id, shipment.id)));
      statuses.push("cancelled");
      continue;
    }
    statuses.push(shipment.status);
    if (shipment.status === "preparing")
      statements.push(
        db
          .update(orderShipments)
          .set({ shippingFee: feeOf(shipment.merchantId ?? null) })
          .where(eq(orderShipments.id, shipment.id)),
      );
  }
  statuses.push(...newParcels.map(() => "preparing" as const));
  return { statements, statuses };
}

/**
 * Points: used ones the new total no longer takes go back to the member; the order's earned points follow its
 * new amount — once they are granted, the difference is added to the balance or taken off it (never below zero).
 */
function pointStatements(db: Database, order: OrderState, pointsUsed: number, pointsEarned: number, now: Date): Statement[] {
  if (order.userId == null) return [];
  const statements: Statement[] = [];
  const returned = order.pointsUsed - pointsUsed;
  if (returned > 0) {
    const note = `ご注文 ${order.number} の変更（ご利用分の返還）`;
    statements.push(...pointsMovedStatements(db, { userId: order.userId, orderId: order.id, kind: "refunded", amount: returned, note }, now));
  }
  if (order.pointsGrantedAt == null) return statements;
  const difference = Math.max(0, pointsEarned - order.pointsForfeited) - order.pointsGranted;
  if (difference > 0) {
    const note = `ご注文 ${order.number} の変更（ポイントの追加付与）`;
    statements.push(
      db
        .update(orders)
        .set({ pointsGranted: order.pointsGranted + difference })
        .where(eq(orders.id, order.id)),
      ...pointsMovedStatements(db, { userId: order.userId, orderId: order.id, kind: "earned", amount: difference, note }, now),
    );
  }
  const credited = Math.max(0, returned);
  const withdrawn = Math.min(-difference, order.memberPoints + credited);
  if (withdrawn > 0) {
    const note = `ご注文 ${order.number} の変更（付与分の取り消し）`;
    statements.push(...grantedPointsWithdrawnStatements(db, { ...order, userId: order.userId }, withdrawn, credited, note, now));
  }
  return statements;
}

/** Each coupon use follows the repriced order: its new discount, or released when the coupon no longer applies. */
function couponStatements(db: Database, order: OrderState, facts: OrderEditFacts, cart: Cart): Statement[] {
  const applied = [...cart.coupons, ...cart.autocoupons];
  const used = [facts.enteredCoupon, ...facts.autoCoupons].filter((coupon) => coupon != null);
  return used.map((coupon) => {
    const now = applied.find((candidate) => candidate.id === coupon.id);
    const use = and(eq(couponUses.orderId, order.id), eq(couponUses.couponId, coupon.id));
    return now ? db.update(couponUses).set({ discount: now.discount }).where(use) : db.delete(couponUses).where(use);
  });
}

export async function editOrderLines(
  db: Database,
  orderId: number,
  edit: OrderEditBase & { lines: LineEdit },
  frame: EmailFrame,
  now: Date,
): Promise<OrderEditResult> {
  const facts = await loadOrderEditFacts(db, orderId);
  const prices = facts ? await pricesNeeded(db, facts, edit.lines, now) : { added: [], today: new Map<string, PricedItem>() };
  return runOrderEdit(
    db,
    orderId,
    edit,
    (order, current, actor) => {
      const closed = linesEditRefusal(order.status);
      if (closed) return { refusal: closed };
      const plan = planLines(order, current, edit.lines, prices);
      if ("refusal" in plan) return plan;
      const all: EditedLine[] = [...plan.kept, ...plan.added];
      const cart = repriceOrder(all, {
        isMember: order.userId != null,
        pointsUsed: current.amounts.pointsUsed,
        enteredCoupon: current.enteredCoupon,
        autoCoupons: current.autoCoupons,
        campaignDiscount: Math.max(0, current.amounts.discountCoupon - current.couponUsesDiscount),
        coldshippingChosen: current.amounts.coldshippingFee > 0,
        paymentMethod: order.paymentMethod,
        merchants: current.merchants,
        orderedAt: current.createdAt,
        pointRate: orderPointRate(current.amounts),
      });
      const { taxable10, tax10, taxable8, tax8, ...after } = amountsOf(cart, order.userId != null);
      const changes: OrderEditChange[] = [
        ...lineChanges(
          current.lines.filter((line) => !line.cancelled).map((line) => compared({ ...line, lineId: line.id, unitPrice: paidUnitPrice(line) })),
          all.filter((line) => !line.cancelled).map(compared),
        ),
        ...amountChanges(current.amounts, after),
      ];
      const parcels = lineAndParcelStatements(db, order, plan, cart, all);
      const settlementDue = settlementAfterEdit(current, current.amounts.total, after.total);
      const statements: Statement[] = [
        ...stockMoves(db, plan),
        ...parcels.statements,
        db
          .update(orders)
          .set({ ...after, taxable10, tax10, taxable8, tax8, settlementDue })
          .where(eq(orders.id, order.id)),
        ...pointStatements(db, order, after.pointsUsed, after.pointsEarned, now),
        ...couponStatements(db, order, current, cart),
        ...orderStatusStatements(db, { ...order, pointsEarned: after.pointsEarned }, orderStatusFromShipments(order.status, parcels.statuses), actor, now),
        ...editRecordStatements(db, order, current, { changes, totalBefore: current.amounts.total, totalAfter: after.total }, actor, frame, now),
      ];
      return { changes, statements };
    },
    facts,
  );
}
