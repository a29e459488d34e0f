/**
 * How every lifecycle change of an order runs (issue 16): read the order as it stands (one round trip),
 * let the pure rules plan the change on it, and run the planned statements in one D1 batch that first
 * checks the order's lifecycle version is still the one read and bumps it. Two staff acting at once, a
 * cancel racing a shipment, two merchants shipping their parcels of one order: the later batch finds the
 * version moved, fails whole, and is planned again on the fresh order — where it either still applies
 * or is refused with the rule's reason. Nothing half-applies and nothing applies twice.
 */
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { OrderActor, OrderEventKind } from "~/core/orders/order-events";
import type { OrderStatus, ShipmentStatus } from "~/core/orders/orders";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import type { Database } from "~/db/client.server";
import { couponUses, merchants, orderEvents, products, orderLines, orderRefunds, orders, orderShipments, users } from "~/db/schema";
import { guard, isGuardFailure } from "./order-guards.server";
import { pointsGrantStatements, type OrderPointsState } from "./order-points.server";

export type Statement = BatchItem<"sqlite">;

export interface OrderShipmentState {
  id: number;
  shippingFrom: "warehouse" | "merchant";
  merchantId: number | null;
  /** The merchant's name; null for the warehouse. */
  merchantName: string | null;
  status: ShipmentStatus;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
}

export interface OrderLineState {
  id: number;
  shipmentId: number | null;
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  sku: string;
  title: string;
  quantity: number;
  unitPrice: number;
  total: number;
  isPreorder: boolean;
  /** A download: the shopper cannot cancel it once ordered (the cancellation terms). */
  isDigital: boolean;
  cancelledAt: Date | null;
}

/** The order as a change is planned on: its row's lifecycle facts (its points among them), its shipments and lines. */
export interface OrderState extends OrderPointsState {
  email: string;
  customerName: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  total: number;
  pointsUsed: number;
  /** Coupon uses the order holds (a cancellation gives them back). */
  couponUses: number;
  /** Money recorded as paid back so far (order_refunds). */
  refunded: number;
  createdAt: Date;
  lifecycleVersion: number;
  /** What edits after payment left to settle (> 0 owed by the customer, < 0 a refund due; issue 38). */
  settlementDue: number;
  /** Refunds that paid back an edit's 返金予定 (refundableTotal). */
  settledRefunds: number;
  shipments: OrderShipmentState[];
  lines: OrderLineState[];
}

/** The order with its shipments and lines, in one round trip; null when there is no such order. */
export async function loadOrderState(db: Database, orderId: number): Promise<OrderState | null> {
  const [[order], shipments, lines] = await db.batch([
    db
      .select({
        id: orders.id,
        number: orders.number,
        userId: orders.userId,
        email: orders.email,
        // The member as their account names them; a guest as the order's name.
        customerName: sql<string>`coalesce(${users.lastname} || ' ' || ${users.firstname}, ${orders.shipLastname} || ' ' || ${orders.shipFirstname})`,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
        pointsUsed: orders.pointsUsed,
        pointsEarned: orders.pointsEarned,
        pointsForfeited: orders.pointsForfeited,
        pointsGranted: orders.pointsGranted,
        pointsGrantedAt: orders.pointsGrantedAt,
        memberPoints: sql<number>`coalesce(${users.points}, 0)`,
        couponUses: sql<number>`(select count(*) from ${couponUses} where ${couponUses.orderId} = ${orders.id})`,
        refunded: sql<number>`(select coalesce(sum(${orderRefunds.amount}), 0) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id})`,
        createdAt: orders.createdAt,
        lifecycleVersion: orders.lifecycleVersion,
        settlementDue: orders.settlementDue,
        settledRefunds: orders.settledRefunds,
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: orderShipments.id,
        shippingFrom: orderShipments.shippingFrom,
        merchantId: orderShipments.merchantId,
        merchantName: merchants.name,
        status: orderShipments.status,
        carrier: orderShipments.carrier,
        trackingNumber: orderShipments.trackingNumber,
        shippedAt: orderShipments.shippedAt,
      })
      .from(orderShipments)
      .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
      .where(eq(orderShipments.orderId, orderId))
      .orderBy(asc(orderShipments.id)),
    db
      .select({
        id: orderLines.id,
        shipmentId: orderLines.shipmentId,
        productId: orderLines.productId,
        variationId: orderLines.variationId,
        choiceSku: orderLines.choiceSku,
        sku: orderLines.sku,
        title: orderLines.title,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        total: orderLines.total,
        isPreorder: orderLines.isPreorder,
        isDigital: sql<boolean>`coalesce(${products.isDigital}, 0) = 1`.mapWith(Boolean),
        cancelledAt: orderLines.cancelledAt,
      })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.id)),
  ]);
  return order ? { ...order, shipments, lines } : null;
}

export const ORDER_CHANGE_MESSAGES = {
  notFound: "ご注文が見つかりません。",
  busy: "ほかの操作と重なったため、処理できませんでした。画面を更新して、もう一度お試しください。",
} as const;

export type OrderChangeResult = { ok: true; order: OrderState } | { ok: false; error: string };

/** What a plan answers: the statements of the change, or why the change is refused. */
export type OrderChangePlan = { refusal: string } | { statements: Statement[] };

/** Attempts before a change that keeps losing races gives up (each loss means someone else changed the order). */
const ATTEMPTS = 4;

/**
 * Plans the change on the order as read and runs it, guarded by the lifecycle version (see the file's
 * comment). `order` in the result is the state the change was planned on.
 */
export async function changeOrder(db: Database, orderId: number, plan: (order: OrderState) => OrderChangePlan): Promise<OrderChangeResult> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const order = await loadOrderState(db, orderId);
    if (!order) return { ok: false, error: ORDER_CHANGE_MESSAGES.notFound };
    const planned = plan(order);
    if ("refusal" in planned) return { ok: false, error: planned.refusal };
    try {
      await db.batch([...versionStatements(db, order), ...planned.statements] as [Statement, ...Statement[]]);
      return { ok: true, order };
    } catch (error) {
      if (!isGuardFailure(error)) throw error;
    }
  }
  return { ok: false, error: ORDER_CHANGE_MESSAGES.busy };
}

/** The batch runs only on the order as read, and marks it changed for any batch planned on the same read. */
function versionStatements(db: Database, order: OrderState): Statement[] {
  return [
    guard(db, sql`(select ${orders.lifecycleVersion} from ${orders} where ${orders.id} = ${order.id}) = ${order.lifecycleVersion}`),
    db
      .update(orders)
      .set({ lifecycleVersion: sql`${orders.lifecycleVersion} + 1` })
      .where(eq(orders.id, order.id)),
  ];
}

export interface OrderEvent {
  kind: OrderEventKind;
  actor: OrderActor;
  shipmentId?: number | null;
  /** A return request's id, or the SQL that finds it (a request inserted earlier in the same batch). */
  returnId?: number | SQL | null;
  from?: string | null;
  to?: string | null;
  note?: string;
}

/** One line of the order's history. */
export function orderEventStatement(db: Database, orderId: number, event: OrderEvent, now: Date): Statement {
  return db.insert(orderEvents).values({
    orderId,
    shipmentId: event.shipmentId ?? null,
    returnId: event.returnId ?? null,
    actorKind: event.actor.kind,
    actorUserId: event.actor.userId,
    actorName: event.actor.name,
    kind: event.kind,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    note: event.note ?? "",
    createdAt: now,
  });
}

/**
 * The order's new state with its history line, when it differs from the state the change was planned on;
 * the order's points become usable when the new state is the one that makes them so.
 */
export function orderStatusStatements(
  db: Database,
  order: OrderState,
  to: OrderStatus,
  actor: OrderActor,
  now: Date,
  extra: Partial<typeof orders.$inferInsert> = {},
): Statement[] {
  if (to === order.status) return Object.keys(extra).length > 0 ? [db.update(orders).set(extra).where(eq(orders.id, order.id))] : [];
  return [
    db
      .update(orders)
      .set({ ...extra, status: to })
      .where(eq(orders.id, order.id)),
    orderEventStatement(db, order.id, { kind: "status_changed", actor, from: order.status, to }, now),
    ...pointsGrantStatements(db, order, to, now),
  ];
}
