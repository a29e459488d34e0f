/**
 * Return and exchange requests (issue 16 item 5; staff's for a customer, issue 38 item 6): planned on the
 * order's returns as they stand (return-facts.server.ts) and written through `changeOrder`, so each is one
 * guarded batch with its history line, its photos and its mails. Staff's decisions are in
 * return-decisions.server.ts.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { OrderActor } from "~/core/orders/order-events";
import { RETURN_KINDS, returnReasonLabel } from "~/core/returns/return-labels";
import { RETURN_PHOTO_LIMIT, RETURN_TEXT, returnRequestRefusal, type ReturnPick } from "~/core/returns/return-requests";
import type { ReturnRequestInput } from "~/core/returns/return-request-forms";
import { staffReturnRefusal } from "~/core/returns/staff-returns";
import type { Database } from "~/db/client.server";
import { media, orderLines, returnRequestLines, returnRequests } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { returnRequestedMail } from "~/mail/return-mails";
import { guard } from "../orders/order-guards.server";
import { ORDER_CHANGE_MESSAGES, orderEventStatement, type OrderState } from "../orders/order-changes.server";
import { orderNoticeStatements } from "../orders/order-notices.server";
import { ownsPendingMedia, storeImages } from "../media.server";
import type { Attachments } from "../tickets/ticket-messages.server";
import { joinAlerts, newReturnAlert, staffAlertAddresses, type AlertStatements } from "../alerts/alert-statements.server";
import { orderMerchantAlertTargets, returnRequestedAlerts, type MerchantAlertTarget } from "../alerts/merchant-alerts.server";
import { changeOrderReturns, loadOwnReturnFacts, loadReturnFacts, type ReturnFacts, type ReturnLineFacts } from "./return-facts.server";

export type ReturnFailure = { ok: false; status: 400 | 404 | 409 | 413 | 415; field: "lines" | "file" | "form"; error: string };
export type CreateReturnResult = { ok: true; returnId: number; replayed: boolean; mailKeys: string[] } | ReturnFailure;

const fail = (status: ReturnFailure["status"], field: ReturnFailure["field"], error: string): ReturnFailure => ({ ok: false, status, field, error });

/** A plan's answer when the form's token already made a request (a double submit): that request is the answer. */
const REPLAYED = "\u0000replayed";

/**
 * Who asks: the shopper on their own order (by the terms' periods and exclusions), or staff recording
 * the request for the customer (`recordedBy`: any order, any shipped line — app/core/returns/staff-returns.ts).
 * `id` uploaded the photos.
 */
export interface ReturnRequester {
  id: number;
  actor: OrderActor;
  recordedBy?: number;
}

function requesterRefusal(requester: ReturnRequester, lines: ReturnLineFacts[], input: ReturnRequestInput, picks: ReturnPick[], now: Date) {
  return requester.recordedBy == null ? returnRequestRefusal(lines, input.reason, picks, now) : staffReturnRefusal(lines, picks);
}

/**
 * A return or exchange of lines of an order, with up to RETURN_PHOTO_LIMIT photos (uploaded beforehand
 * as the requester's unsent media, or posted with the form). One request per form token; the lines'
 * quantities are checked again in the batch, so two requests at once never ask for more than was
 * delivered. Staff's go on the returns desk like the shopper's (no alert to staff: staff made it).
 */
export async function createReturnRequest(
  db: Database,
  bucket: R2Bucket,
  requester: ReturnRequester,
  orderId: number,
  input: ReturnRequestInput,
  attachments: Attachments,
  frame: EmailFrame,
  now: Date,
): Promise<CreateReturnResult> {
  const facts = requester.recordedBy == null ? await loadOwnReturnFacts(db, requester.id, orderId) : await loadReturnFacts(db, orderId);
  if (!facts) return fail(404, "form", ORDER_CHANGE_MESSAGES.notFound);
  const earlier = facts.requests.find((request) => request.requestToken === input.token);
  if (earlier) return { ok: true, returnId: earlier.id, replayed: true, mailKeys: [] };
  const picks = input.lines.filter((line) => line.quantity > 0).map((line) => ({ lineId: line.id, quantity: line.quantity }));
  const refusal = requesterRefusal(requester, facts.lines, input, picks, now);
  if (refusal) return fail(409, "lines", refusal);
  if (attachments.galleryIds.length + attachments.files.length > RETURN_PHOTO_LIMIT) return fail(400, "file", RETURN_TEXT.tooManyPhotos);
  if (!(await ownsPendingMedia(db, requester.id, attachments.galleryIds))) return fail(400, "file", RETURN_TEXT.photoNotFound);
  const stored = await storeImages(db, bucket, requester.id, attachments.files, now);
  if (!stored.ok) return fail(stored.status, "file", stored.error);
  const photoIds = [...attachments.galleryIds, ...stored.ids];

  const mailKey = `return-requested:${input.token}`;
  const [{ targets }, staffAddresses] = await Promise.all([
    orderMerchantAlertTargets(db, orderId),
    requester.recordedBy == null ? staffAlertAddresses(db, "newReturn") : [],
  ]);
  let alertKeys: string[] = [];
  const result = await changeOrderReturns(db, orderId, (order, current) => {
    if (current.requests.some((request) => request.requestToken === input.token)) return { refusal: REPLAYED };
    const again = requesterRefusal(requester, current.lines, input, picks, now);
    if (again) return { refusal: again };
    const alerts = requestAlerts(db, order, current, input, picks, { targets, staffAddresses }, frame, now);
    alertKeys = alerts.keys;
    return { statements: [...requestStatements(db, order, current, requester, input, picks, photoIds, mailKey, frame, now), ...alerts.statements] };
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
  requester: ReturnRequester,
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
      userId: facts.userId,
      recordedBy: requester.recordedBy ?? null,
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
    // Only the requester's photos not yet sent with anything; every one of them, or the request is not made.
    db
      .update(media)
      .set({ returnRequestId: returnId })
      .where(
        and(
          inArray(media.id, photoIds.length ? photoIds : [0]),
          eq(media.ownerUserId, requester.id),
          isNull(media.ticketMessageId),
          isNull(media.reviewId),
          isNull(media.returnRequestId),
        ),
      ),
    guard(db, sql`(select count(*) from ${media} where ${media.returnRequestId} = ${returnId}) = ${photoIds.length}`),
    orderEventStatement(
      db,
      order.id,
      { kind: "return_requested", actor: requester.actor, returnId, note: lines.map((line) => `${line.title} × ${line.quantity}`).join("、") },
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
