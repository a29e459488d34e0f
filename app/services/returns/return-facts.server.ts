/**
 * What an order's returns stand at (issue 16 item 5, issue 38 item 6): its lines as a return is judged on
 * (with what restocking and a replacement need), its requests with their lines, photos, refunds and an
 * exchange's replacement — one round trip — and `changeOrderReturns`, which plans a change on them
 * through `changeOrder` (decision 0016). Requests are made in return-requests.server.ts, decided in
 * return-decisions.server.ts, replaced in return-replacements.server.ts.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import type { ReturnKind, ReturnStatus } from "~/core/returns/return-labels";
import type { ReturnableLine } from "~/core/returns/return-requests";
import type { ReplacementStatus } from "~/core/returns/staff-returns";
import type { Database } from "~/db/client.server";
import {
  media,
  orderLines,
  orderRefunds,
  orders,
  orderShipments,
  products,
  productVariations,
  returnReplacements,
  returnRequestLines,
  returnRequests,
  variationChoices,
} from "~/db/schema";
import { changeOrder, ORDER_CHANGE_MESSAGES, type OrderChangePlan, type OrderChangeResult, type OrderState } from "../orders/order-changes.server";
import { MEDIA_COLUMNS, toMediaItem, type MediaItem } from "../media.server";

/** An order line as a return is judged on, with what restocking it needs. */
export interface ReturnLineFacts extends ReturnableLine {
  title: string;
  sku: string;
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  isPreorder: boolean;
  /** Its parcel has left (発送済み or 配達完了): staff may record it going back. */
  shipped: boolean;
  /** The choice keeps its own stock (taken as well as the variation's). */
  choiceHasOwnStock: boolean;
  /** What an exchange's replacement could take of it now (as read). */
  inStock: number;
}

export interface ReturnRequestFacts {
  id: number;
  userId: number | null;
  kind: ReturnKind;
  reason: string;
  details: string;
  status: ReturnStatus;
  staffMessage: string;
  requestToken: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  receivedAt: Date | null;
  lines: { orderLineId: number; title: string; quantity: number; unitPrice: number }[];
  photos: MediaItem[];
  /** The refund recorded when the goods came back (or when an exchange was refunded instead). */
  refund: { amount: number; method: string } | null;
  /** Staff who recorded it for the customer; null when the shopper asked. */
  recordedBy: number | null;
  /** An exchange's replacement, once staff arranged it. */
  replacement: ReplacementFacts | null;
}

export interface ReplacementFacts {
  status: ReplacementStatus;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
}

/** An order's returns as they stand. */
export interface ReturnFacts {
  orderId: number;
  number: string;
  userId: number | null;
  paymentMethod: PaymentMethod;
  lifecycleVersion: number;
  total: number;
  /** Refunds recorded on the order so far (any cause). */
  refunded: number;
  lines: ReturnLineFacts[];
  /** Newest first. */
  requests: ReturnRequestFacts[];
}

/** The order's lines, return requests (lines, photos, refunds), in one round trip; null when there is no such order. */
export async function loadReturnFacts(db: Database, orderId: number): Promise<ReturnFacts | null> {
  const ofOrder = sql`(select ${returnRequests.id} from ${returnRequests} where ${returnRequests.orderId} = ${orderId})`;
  const [[order], lines, requests, requestLines, photos, refunds, replacements] = await db.batch([
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        userId: orders.userId,
        paymentMethod: orders.paymentMethod,
        lifecycleVersion: orders.lifecycleVersion,
        total: orders.total,
        coldshippingFee: orders.coldshippingFee,
        refunded: sql<number>`(select coalesce(sum(${orderRefunds.amount}), 0) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id})`,
      })
      .from(orders)
      .where(eq(orders.id, orderId)),
    db
      .select({
        id: orderLines.id,
        title: orderLines.title,
        sku: orderLines.sku,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        cancelledAt: orderLines.cancelledAt,
        wrapping: orderLines.wrapping,
        subscribe: orderLines.subscribe,
        productId: orderLines.productId,
        variationId: orderLines.variationId,
        choiceSku: orderLines.choiceSku,
        isPreorder: orderLines.isPreorder,
        shipmentStatus: orderShipments.status,
        deliveredAt: orderShipments.deliveredAt,
        coldshipping: products.coldshipping,
        expiry: products.expiry,
        isDigital: products.isDigital,
        // Three columns named inventory: aliased, as D1's batch answers rows keyed by column name.
        productInventory: sql<number>`${products.inventory}`.as("product_inventory"),
        variationInventory: sql<number | null>`${productVariations.inventory}`.as("variation_inventory"),
        choiceInventory: sql<number | null>`${variationChoices.inventory}`.as("choice_inventory"),
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .leftJoin(productVariations, eq(productVariations.id, orderLines.variationId))
      .leftJoin(variationChoices, eq(variationChoices.sku, orderLines.choiceSku))
      .leftJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.id),
    db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(desc(returnRequests.id)),
    db
      .select({ returnId: returnRequestLines.returnId, orderLineId: returnRequestLines.orderLineId, quantity: returnRequestLines.quantity })
      .from(returnRequestLines)
      .where(inArray(returnRequestLines.returnId, ofOrder)),
    db
      .select({ ...MEDIA_COLUMNS, returnRequestId: media.returnRequestId })
      .from(media)
      .where(inArray(media.returnRequestId, ofOrder))
      .orderBy(media.id),
    db
      .select({ returnId: orderRefunds.returnId, amount: orderRefunds.amount, method: orderRefunds.method })
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, orderId), sql`${orderRefunds.returnId} is not null`)),
    db.select().from(returnReplacements).where(inArray(returnReplacements.returnId, ofOrder)),
  ]);
  if (!order) return null;
  const live = new Set(requests.filter((request) => request.status !== "refused").map((request) => request.id));
  const lineFacts = lines.map((line): ReturnLineFacts => ({
    id: line.id,
    title: line.title,
    sku: line.sku,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    cancelled: line.cancelledAt != null,
    deliveredAt: line.shipmentStatus === "delivered" ? line.deliveredAt : null,
    // A 冷蔵・冷凍便 item: cold by its nature, or cold by the buyer's choice (the order paid the cold fee).
    cold: line.coldshipping === "required" || (line.coldshipping === "optional" && order.coldshippingFee > 0),
    perishable: line.expiry != null,
    digital: line.isDigital,
    subscription: line.subscribe != null,
    wrapped: line.wrapping,
    requested: requestLines.filter((entry) => entry.orderLineId === line.id && live.has(entry.returnId)).reduce((sum, entry) => sum + entry.quantity, 0),
    productId: line.productId,
    variationId: line.variationId,
    choiceSku: line.choiceSku,
    isPreorder: line.isPreorder,
    shipped: line.shipmentStatus === "shipped" || line.shipmentStatus === "delivered",
    choiceHasOwnStock: line.choiceInventory != null,
    // A replacement takes the variation's stock (or the product's), and the choice's when it keeps its own.
    inStock: Math.min(line.variationId != null ? (line.variationInventory ?? 0) : line.productInventory, line.choiceInventory ?? Number.MAX_SAFE_INTEGER),
  }));
  return {
    orderId: order.orderId,
    number: order.number,
    userId: order.userId,
    paymentMethod: order.paymentMethod,
    lifecycleVersion: order.lifecycleVersion,
    total: order.total,
    refunded: order.refunded,
    lines: lineFacts,
    requests: requests.map((request) => ({
      id: request.id,
      userId: request.userId,
      kind: request.kind,
      reason: request.reason,
      details: request.details,
      status: request.status,
      staffMessage: request.staffMessage,
      requestToken: request.requestToken,
      createdAt: request.createdAt,
      decidedAt: request.decidedAt,
      receivedAt: request.receivedAt,
      lines: requestLines
        .filter((entry) => entry.returnId === request.id)
        .map((entry) => {
          const line = lineFacts.find((candidate) => candidate.id === entry.orderLineId);
          return { orderLineId: entry.orderLineId, title: line?.title ?? "", quantity: entry.quantity, unitPrice: line?.unitPrice ?? 0 };
        }),
      photos: photos.filter((photo) => photo.returnRequestId === request.id).map(toMediaItem),
      refund: refunds.find((refund) => refund.returnId === request.id) ?? null,
      recordedBy: request.recordedBy,
      replacement: replacementOf(replacements.find((replacement) => replacement.returnId === request.id)),
    })),
  };
}

function replacementOf(row: typeof returnReplacements.$inferSelect | undefined): ReplacementFacts | null {
  return row ? { status: row.status, carrier: row.carrier, trackingNumber: row.trackingNumber, shippedAt: row.shippedAt } : null;
}

/** A plan's answer when the returns read before the order are no longer current (planned again). */
const STALE = "\u0000stale";

/**
 * `changeOrder` with the order's returns: they are read beside the order, and the plan runs only when
 * both reads saw the same lifecycle version — every return change bumps it, so the batch's version guard
 * keeps the returns the plan saw current too. A read that raced a change is simply read again.
 */
export async function changeOrderReturns(
  db: Database,
  orderId: number,
  plan: (order: OrderState, facts: ReturnFacts) => OrderChangePlan,
): Promise<OrderChangeResult & { facts?: ReturnFacts }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const facts = await loadReturnFacts(db, orderId);
    if (!facts) return { ok: false, error: ORDER_CHANGE_MESSAGES.notFound };
    const result = await changeOrder(db, orderId, (order) => (order.lifecycleVersion === facts.lifecycleVersion ? plan(order, facts) : { refusal: STALE }));
    if (result.ok || result.error !== STALE) return { ...result, facts };
  }
  return { ok: false, error: ORDER_CHANGE_MESSAGES.busy };
}

/** The shopper's own order's returns; null for an order that is not theirs (told as not found). */
export async function loadOwnReturnFacts(db: Database, userId: number, orderId: number): Promise<ReturnFacts | null> {
  const facts = await loadReturnFacts(db, orderId);
  return facts && facts.userId === userId ? facts : null;
}
