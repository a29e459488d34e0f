/**
 * Return and exchange requests (issue 16 item 5): what an order's returns stand at (its lines as a return
 * is judged on, its requests with their lines, photos and refunds — one round trip), and the shopper's
 * request, planned on that and written through `changeOrder`, so it is one guarded batch with its
 * history line, its photos and its mails. Staff's decisions are in return-decisions.server.ts.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { OrderActor } from "~/core/orders/order-events";
import { RETURN_KINDS, returnReasonLabel, type ReturnKind, type ReturnStatus } from "~/core/returns/return-labels";
import { RETURN_PHOTO_LIMIT, RETURN_TEXT, returnRequestRefusal, type ReturnableLine } from "~/core/returns/return-requests";
import type { ReturnRequestInput } from "~/core/returns/return-request-forms";
import type { Database } from "~/db/client.server";
import { media, orderLines, orderRefunds, orders, orderShipments, products, returnRequestLines, returnRequests } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { returnRequestedMail } from "~/mail/return-mails";
import { guard } from "../orders/order-guards.server";
import {
  changeOrder,
  ORDER_CHANGE_MESSAGES,
  orderEventStatement,
  type OrderChangePlan,
  type OrderChangeResult,
  type OrderState,
} from "../orders/order-changes.server";
import { orderNoticeStatements } from "../orders/order-notices.server";
import { MEDIA_COLUMNS, ownsPendingMedia, storeImages, toMediaItem, type MediaItem } from "../media.server";
import type { Attachments } from "../tickets/ticket-messages.server";
import { joinAlerts, newReturnAlert, staffAlertAddresses, type AlertStatements } from "../alerts/alert-statements.server";
import { orderMerchantAlertTargets, returnRequestedAlerts, type MerchantAlertTarget } from "../alerts/merchant-alerts.server";

/** An order line as a return is judged on, with what restocking it needs. */
export interface ReturnLineFacts extends ReturnableLine {
  title: string;
  sku: string;
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  isPreorder: boolean;
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
  /** The refund recorded when the goods came back. */
  refund: { amount: number; method: string } | null;
}

/** An order's returns as they stand. */
export interface ReturnFacts {
  orderId: number;
  number: string;
  userId: number | null;
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
  const [[order], lines, requests, requestLines, photos, refunds] = await db.batch([
    db
      .select({
        orderId: orders.id,
        number: orders.number,
        userId: orders.userId,
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
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
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
  }));
  return {
    orderId: order.orderId,
    number: order.number,
    userId: order.userId,
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
    })),
  };
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

export type ReturnFailure = { ok: false; status: 400 | 404 | 409 | 413 | 415; field: "lines" | "file" | "form"; error: string };
export type CreateReturnResult = { ok: true; returnId: number; replayed: boolean; mailKeys: string[] } | ReturnFailure;

const fail = (status: ReturnFailure["status"], field: ReturnFailure["field"], error: string): ReturnFailure => ({ ok: false, status, field, error });

/** A plan's answer when the form's token already made a request (a double submit): that request is the answer. */
const REPLAYED = "\u0000replayed";

/** The shopper's own order's returns; null for an order that is not theirs (told as not found). */
export async function loadOwnReturnFacts(db: Database, userId: number, orderId: number): Promise<ReturnFacts | null> {
  const facts = await loadReturnFacts(db, orderId);
  return facts && facts.userId === userId ? facts : null;
}

/**
 * The shopper asks to return or exchange lines of their delivered order, with up to RETURN_PHOTO_LIMIT
 * photos (uploaded beforehand as their unsent media, or posted with the form). One request per form
 * token; the lines' quantities are checked again in the batch, so two requests at once never ask for
 * more than was delivered.
 */
export async function createReturnRequest(
  db: Database,
  bucket: R2Bucket,
  customer: { id: number; actor: OrderActor },
  orderId: number,
  input: ReturnRequestInput,
  attachments: Attachments,
  frame: EmailFrame,
  now: Date,
): Promise<CreateReturnResult> {
  const facts = await loadOwnReturnFacts(db, customer.id, orderId);
  if (!facts) return fail(404, "form", ORDER_CHANGE_MESSAGES.notFound);
  const earlier = facts.requests.find((request) => request.requestToken === input.token);
  if (earlier) return { ok: true, returnId: earlier.id, replayed: true, mailKeys: [] };
  const picks = input.lines.filter((line) => line.quantity > 0).map((line) => ({ lineId: line.id, quantity: line.quantity }));
  const refusal = returnRequestRefusal(facts.lines, input.reason, picks, now);
  if (refusal) return fail(409, "lines", refusal);
  if (attachments.galleryIds.length + attachments.files.length > RETURN_PHOTO_LIMIT) return fail(400, "file", RETURN_TEXT.tooManyPhotos);
  if (!(await ownsPendingMedia(db, customer.id, attachments.galleryIds))) return fail(400, "file", RETURN_TEXT.photoNotFound);
  const stored = await storeImages(db, bucket, customer.id, attachments.files, now);
  if (!stored.ok) return fail(stored.status, "file", stored.error);
  const photoIds = [...attachments.galleryIds, ...stored.ids];

  const mailKey = `return-requested:${input.token}`;
  const [{ targets }, staffAddresses] = await Promise.all([orderMerchantAlertTargets(db, orderId), staffAlertAddresses(db, "newReturn")]);
  let alertKeys: string[] = [];
  const result = await changeOrderReturns(db, orderId, (order, current) => {
    if (current.requests.some((request) => request.requestToken === input.token)) return { refusal: REPLAYED };
    const again = returnRequestRefusal(current.lines, input.reason, picks, now);
    if (again) return { refusal: again };
    const alerts = requestAlerts(db, order, current, input, picks, { targets, staffAddresses }, frame, now);
    alertKeys = alerts.keys;
    return { statements: [...requestStatements(db, order, current, customer, input, picks, photoIds, mailKey, frame, now), ...alerts.statements] };
  });
  if (!result.ok && result.error !== REPLAYED) return fail(409, "lines", result.error);
  const [created] = await db.select({ id: returnRequests.id }).from(returnRequests).where(eq(returnRequests.requestToken, input.token));
  if (!created) throw new Error("return request was not written");
  return { ok: true, returnId: created.id, replayed: !result.ok, mailKeys: result.ok ? [mailKey, ...alertKeys] : [] };
}

const requestIdOf = (token: string) => sql<number>`(select ${returnRequests.id} from ${returnRequests} where ${returnRequests.requestToken} = ${token})`;

/** The request told to staff (the newReturn list) and to each merchant whose goods it asks back. */
function requestAlerts(
  db: Database,
  order: OrderState,
  facts: ReturnFacts,
  input: ReturnRequestInput,
  picks: { lineId: number; quantity: number }[],
  told: { targets: MerchantAlertTarget[]; staffAddresses: string[] },
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  const picked = picks.map((pick) => ({ line: order.lines.find((line) => line.id === pick.lineId), quantity: pick.quantity }));
  const items = (shipmentId: number | null) =>
    picked
      .filter((entry) => shipmentId == null || entry.line?.shipmentId === shipmentId)
      .map((entry) => ({ title: entry.line?.title ?? "", quantity: entry.quantity }));
  const labels = { kindLabel: RETURN_KINDS[input.kind], reasonLabel: returnReasonLabel(input.reason) };
  const parcels = order.shipments.flatMap((shipment) =>
    shipment.merchantId == null ? [] : [{ merchantId: shipment.merchantId, shipment: shipment.id, items: items(shipment.id) }],
  );
  return joinAlerts(
    returnRequestedAlerts(db, { orderId: order.id, orderNumber: facts.number, token: input.token, ...labels }, parcels, told.targets, frame, now),
    newReturnAlert(
      db,
      told.staffAddresses,
      { token: input.token, returnId: requestIdOf(input.token), orderNumber: facts.number, customer: order.customerName, items: items(null), ...labels },
      frame,
      now,
    ),
  );
}

function requestStatements(
  db: Database,
  order: OrderState,
  facts: ReturnFacts,
  customer: { id: number; actor: OrderActor },
  input: ReturnRequestInput,
  picks: { lineId: number; quantity: number }[],
  photoIds: number[],
  mailKey: string,
  frame: EmailFrame,
  now: Date,
) {
  const returnId = requestIdOf(input.token);
  const lines = picks.map((pick) => ({ title: facts.lines.find((line) => line.id === pick.lineId)?.title ?? "", quantity: pick.quantity }));
  const mailFacts = { kind: input.kind, reason: input.reason, lines };
  return [
    db.insert(returnRequests).values({
      orderId: order.id,
      userId: customer.id,
      kind: input.kind,
      reason: input.reason,
      details: input.details,
      requestToken: input.token,
      createdAt: now,
    }),
    ...picks.flatMap((pick) => [
      db.insert(returnRequestLines).values({ returnId, orderLineId: pick.lineId, quantity: pick.quantity }),
      // Never more of a line asked for than was delivered, whatever ran meanwhile.
      guard(
        db,
        sql`(select coalesce(sum(rl.quantity), 0) from ${returnRequestLines} rl join ${returnRequests} r on r.id = rl.return_id
             where rl.order_line_id = ${pick.lineId} and r.status <> 'refused')
            <= (select ${orderLines.quantity} from ${orderLines} where ${orderLines.id} = ${pick.lineId} and ${orderLines.orderId} = ${order.id})`,
      ),
    ]),
    // Only this shopper's photos not yet sent with anything; every one of them, or the request is not made.
    db
      .update(media)
      .set({ returnRequestId: returnId })
      .where(
        and(
          inArray(media.id, photoIds.length ? photoIds : [0]),
          eq(media.ownerUserId, customer.id),
          isNull(media.ticketMessageId),
          isNull(media.reviewId),
          isNull(media.returnRequestId),
        ),
      ),
    guard(db, sql`(select count(*) from ${media} where ${media.returnRequestId} = ${returnId}) = ${photoIds.length}`),
    orderEventStatement(
      db,
      order.id,
      { kind: "return_requested", actor: customer.actor, returnId, note: lines.map((line) => `${line.title} × ${line.quantity}`).join("、") },
      now,
    ),
    ...orderNoticeStatements(
      db,
      order,
      { key: mailKey, kind: "return_update", template: (addressee) => returnRequestedMail(addressee, mailFacts) },
      frame,
      now,
    ),
  ];
}
