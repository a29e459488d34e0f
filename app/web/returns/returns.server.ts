/**
 * Returns and exchanges over HTTP: the shopper's section of their order page and request form
 * (/user/orders/{id}/return, JS on and off, photos uploaded beforehand as gallery[] or posted as `file`),
 * and staff's desk (/crm/returns, /crm/returns/{id}) with its decisions. PRG throughout.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { formatDateJa } from "~/core/dates";
import { parseListingQuery } from "~/core/search/listing-query";
import { actorLabel, orderEventLabel } from "~/core/orders/order-events";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/core/orders/orders";
import { RETURN_REASONS, type ReturnReason } from "~/core/returns/return-labels";
import {
  approvalMessageTemplate,
  customerExclusion,
  RETURN_TEXT,
  returnableLines,
  returnDeadline,
  returnRefundAmount,
  restocksByDefault,
} from "~/core/returns/return-requests";
import { ReplacementSchema, ReturnDecisionSchema, ReturnRequestSchema } from "~/core/returns/return-request-forms";
import { refundMethodFor } from "~/core/returns/return-refunds";
import { REPLACEMENT_TEXT, STAFF_RETURN_TEXT, staffReturnableLines } from "~/core/returns/staff-returns";
import { CARRIERS, isCarrier, trackingUrl } from "~/core/orders/carriers";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { RETURN_REQUESTS_LISTING } from "~/core/returns/return-requests-listing";
import { CUSTOMER_RETURN_EXCLUSIONS } from "~/core/returns/returns";
import type { SessionUser } from "~/services/account/sessions.server";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { Database } from "~/db/client.server";
import { decideReturn, returnOrderId } from "~/services/returns/return-decisions.server";
import { stepReplacement } from "~/services/returns/return-replacements.server";
import { listReturnRequests, loadReturnDesk } from "~/services/returns/return-desk.server";
import { createReturnRequest, type ReturnRequester } from "~/services/returns/return-requests.server";
import {
  loadOwnReturnFacts,
  loadReturnFacts,
  type ReplacementFacts,
  type ReturnFacts,
  type ReturnLineFacts,
  type ReturnRequestFacts,
} from "~/services/returns/return-facts.server";
import { purgeOrderedProductPages } from "../site/edge-cache.server";
import { orderActorOf } from "../account/auth.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import { messageInputFrom } from "../tickets/tickets.server";
import type { OrderReturnsView, ReplacementView, ReturnDeskView, ReturnFormData, ReturnFormLine, ReturnRequestView } from "../types/returns";
import { settingsInForce } from "../settings/shop-settings.server";

const ORDER_NOT_FOUND = "ご注文が見つかりません。URLが正しいかご確認ください。";
const SHOPPER_NOTICES = { return_created: RETURN_TEXT.created } as const;
const STAFF_NOTICES = {
  approved: RETURN_TEXT.approved,
  refused: RETURN_TEXT.refused,
  received: RETURN_TEXT.received,
  recorded: STAFF_RETURN_TEXT.created,
  prepared: REPLACEMENT_TEXT.prepared,
  shipped: REPLACEMENT_TEXT.shipped,
  refunded: REPLACEMENT_TEXT.refunded,
} as const;

function replacementView(replacement: ReplacementFacts | null): ReplacementView | null {
  if (!replacement) return null;
  const carrier = isCarrier(replacement.carrier) ? replacement.carrier : null;
  return {
    status: replacement.status,
    carrierLabel: carrier ? CARRIERS[carrier].label : null,
    trackingNumber: replacement.trackingNumber,
    trackingUrl: carrier && replacement.trackingNumber ? trackingUrl(carrier, replacement.trackingNumber) : null,
    shippedAt: replacement.shippedAt?.toISOString() ?? null,
  };
}

function requestView(request: ReturnRequestFacts): ReturnRequestView {
  return {
    id: request.id,
    kind: request.kind,
    reason: request.reason,
    details: request.details,
    status: request.status,
    staffMessage: request.staffMessage,
    createdAt: request.createdAt.toISOString(),
    receivedAt: request.receivedAt?.toISOString() ?? null,
    lines: request.lines,
    photos: request.photos,
    refund: request.refund,
    recordedByStaff: request.recordedBy != null,
    replacement: replacementView(request.replacement),
  };
}

/** The order page's returns section (the order is the shopper's: the page checked it). */
export async function orderReturnsView(db: Database, request: Request, userId: number, orderId: number, now: Date = new Date()): Promise<OrderReturnsView> {
  const facts = await loadOwnReturnFacts(db, userId, orderId);
  return {
    orderId,
    canRequest: facts != null && returnableLines(facts.lines, now).length > 0,
    requests: facts?.requests.map(requestView) ?? [],
    notice: redirectedNotice(request, SHOPPER_NOTICES),
  };
}

/** What the form says of a line: until when, and what it cannot go back for. */
function lineNotes(line: ReturnLineFacts): string[] {
  if (line.deliveredAt == null) return [];
  const notes = [`不良・誤配送のお申し込みは${formatDateJa(returnDeadline(line.deliveredAt, "damaged", line.cold))}まで`];
  const exclusion = customerExclusion(line);
  notes.push(
    exclusion
      ? `お客様のご都合による返品の対象外です（${CUSTOMER_RETURN_EXCLUSIONS[exclusion]}）`
      : `お客様のご都合による返品は${formatDateJa(returnDeadline(line.deliveredAt, "changed_mind", line.cold))}まで（未開封・未使用に限ります）`,
  );
  return notes;
}

function formData(facts: ReturnFacts, now: Date): ReturnFormData {
  const lines = returnableLines(facts.lines, now).map(({ line, max }) => formLine(line, max, lineNotes(line)));
  return { orderId: facts.orderId, orderNumber: facts.number, token: crypto.randomUUID(), lines };
}

function formLine(line: ReturnLineFacts, max: number, notes: string[]): ReturnFormLine {
  return { id: line.id, title: line.title, ordered: line.quantity, max, unitPrice: line.unitPrice, notes };
}

/** Staff's form: every shipped line with what is left of it (staff judge the period and exclusions). */
function staffFormData(facts: ReturnFacts): ReturnFormData {
  const lines = staffReturnableLines(facts.lines).map(({ line, max }) =>
    formLine(line, max, [
      line.deliveredAt ? `配達完了 ${formatDateJa(line.deliveredAt)}` : "発送済み（配達完了の記録なし）",
      ...(line.requested > 0 ? [`返品・交換の登録済み ${line.requested}点`] : []),
    ]),
  );
  return { orderId: facts.orderId, orderNumber: facts.number, token: crypto.randomUUID(), lines };
}

/** The request form of the shopper's own order (404 for another's; a redirect to the order when nothing can go back). */
export async function loadReturnForm(context: AppLoadContext, user: SessionUser, orderId: number, now: Date = new Date()): Promise<ReturnFormData> {
  const facts = await loadOwnReturnFacts(context.db, user.id, orderId);
  invariantResponse(facts, ORDER_NOT_FOUND, { status: 404 });
  return formData(facts, now);
}

/** Staff's form recording a return or exchange on any order (404 when there is none). */
export async function loadStaffReturnForm(context: AppLoadContext, orderId: number): Promise<ReturnFormData> {
  const facts = await loadReturnFacts(context.db, orderId);
  invariantResponse(facts, ORDER_NOT_FOUND, { status: 404 });
  return staffFormData(facts);
}

/** Who posts a request form: how their order's returns are read, which lines the form offers, where a made request leads. */
interface RequestFormSide {
  requester: ReturnRequester;
  load: (db: Database, orderId: number) => Promise<ReturnFacts | null>;
  form: (facts: ReturnFacts, now: Date) => ReturnFormData;
  done: (orderId: number, returnId: number) => Response;
}

/**
 * A request form's post (the shopper's, or staff's for the customer): checked by the form's schema
 * (Japanese message per field), then by the order as it stands; a refused one answers the form with its
 * message, a made one (or a replayed submit) redirects, and the mails go out.
 */
async function requestFormAction(request: Request, context: AppLoadContext, orderId: number, side: RequestFormSide) {
  const form = await readFormData(request);
  const submission = parseSubmission(form, { schema: ReturnRequestSchema });
  const now = new Date();
  const facts = await side.load(context.db, orderId);
  invariantResponse(facts, ORDER_NOT_FOUND, { status: 404 });
  if (submission.status !== "success") return data({ reply: submission.reply({ hideFields: ["file"] }), form: side.form(facts, now) }, { status: 400 });
  const attachments = messageInputFrom(form)?.attachments;
  if (!attachments)
    return data({ reply: submission.reply({ formErrors: [MALFORMED_INPUT_MESSAGE], hideFields: ["file"] }), form: side.form(facts, now) }, { status: 400 });
  const result = await createReturnRequest(
    context.db,
    context.cloudflare.env.ATTACHMENTS,
    side.requester,
    orderId,
    submission.value,
    attachments,
    await mailFrame(request, context),
    now,
  );
  if (!result.ok) {
    invariantResponse(result.status !== 404, ORDER_NOT_FOUND, { status: 404 });
    const reply =
      result.field === "form"
        ? submission.reply({ formErrors: [result.error], hideFields: ["file"] })
        : submission.reply({ fieldErrors: { [result.field]: [result.error] }, hideFields: ["file"] });
    // The form again with what can still go back now (another request may have taken some).
    return data({ reply, form: side.form((await side.load(context.db, orderId)) ?? facts, now) }, { status: result.status });
  }
  dispatchMail(context, result.mailKeys);
  throw side.done(orderId, result.returnId);
}

/** The shopper's request on their own order; made, it leads back to the order. */
export function returnRequestAction(request: Request, context: AppLoadContext, user: SessionUser, orderId: number) {
  return requestFormAction(request, context, orderId, {
    requester: { id: user.id, actor: orderActorOf(user) },
    load: (db, id) => loadOwnReturnFacts(db, user.id, id),
    form: formData,
    done: (id) => redirectWithNotice(`/user/orders/${id}`, "return_created"),
  });
}

/** Staff record a request for the customer (recorded_by); made, it leads to its case on the returns desk. */
export function staffReturnAction(request: Request, context: AppLoadContext, staff: SessionUser, orderId: number) {
  return requestFormAction(request, context, orderId, {
    requester: { id: staff.id, actor: orderActorOf(staff), recordedBy: staff.id },
    load: loadReturnFacts,
    form: staffFormData,
    done: (_orderId, returnId) => redirectWithNotice(`/crm/returns/${returnId}`, "recorded"),
  });
}

/** One page of staff's listing as the URL asks (a filter form sent without JS lands on the clean URL). */
export async function loadReturnListing(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const query = parseListingQuery(RETURN_REQUESTS_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, RETURN_REQUESTS_LISTING, query);
  if (canonical) throw canonical;
  return { page: await listReturnRequests(context.db, query) };
}

/** One request for staff (404 when there is none). */
export async function loadReturnDeskView(request: Request, context: AppLoadContext, returnId: number): Promise<ReturnDeskView> {
  const [desk, shop] = await Promise.all([loadReturnDesk(context.db, returnId), settingsInForce(context)]);
  invariantResponse(desk, RETURN_TEXT.notFound, { status: 404 });
  const reason = (Object.hasOwn(RETURN_REASONS, desk.request.reason) ? desk.request.reason : "other") as ReturnReason;
  const { status, ...order } = desk.order;
  return {
    request: requestView(desk.request),
    order: { ...order, statusLabel: ORDER_STATUS_LABELS[status as OrderStatus] ?? status },
    history: desk.history.map((entry) => ({
      label: orderEventLabel(entry.kind),
      actor: actorLabel({ kind: entry.actorKind, name: entry.actorName }),
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
    })),
    approvalTemplate: approvalMessageTemplate(reason, shop),
    restockDefault: restocksByDefault(reason),
    refundPreview: returnRefundAmount(desk.request.kind, desk.request.lines, { total: desk.order.total, refunded: desk.refunded }),
    exchangeRefundPreview: returnRefundAmount("return", desk.request.lines, { total: desk.order.total, refunded: desk.refunded }),
    refundMethodDefault: refundMethodFor(desk.paymentMethod, desk.paidAtDoor),
    paymentLabel: PAYMENT_METHODS[desk.paymentMethod].label,
    replacementStock: desk.replacementStock,
    notice: redirectedNotice(request, STAFF_NOTICES),
  };
}

const REPLACEMENT_INTENTS: readonly string[] = ["prepare_replacement", "ship_replacement", "refund_replacement"];

/** Staff's approve / refuse / receive, and an exchange's replacement steps: back to the request with a notice, or the form's error. */
export async function returnDecisionAction(request: Request, context: AppLoadContext, staff: SessionUser, returnId: number) {
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const frame = await mailFrame(request, context);
  const now = new Date();
  if (REPLACEMENT_INTENTS.includes(intent)) {
    const read = readInput(ReplacementSchema, form);
    if (!read.ok) return data({ intent, error: read.error }, { status: 400 });
    const result = await stepReplacement(context.db, returnId, orderActorOf(staff), read.input, frame, now);
    invariantResponse(result.ok || result.status !== 404, RETURN_TEXT.notFound, { status: 404 });
    if (!result.ok) return data({ intent, error: result.error }, { status: result.status });
    dispatchMail(context, result.mailKeys);
    // The stock moved (taken for the replacement, or given back): the products' cached pages go.
    const orderId = await returnOrderId(context.db, returnId);
    if (orderId != null && result.notice !== "shipped") await purgeOrderedProductPages(context, orderId);
    throw redirectWithNotice(`/crm/returns/${returnId}`, result.notice);
  }
  const read = readInput(ReturnDecisionSchema, form);
  if (!read.ok) return data({ intent, error: read.error }, { status: 400 });
  const result = await decideReturn(context.db, returnId, orderActorOf(staff), read.input, frame, now);
  invariantResponse(result.ok || result.status !== 404, RETURN_TEXT.notFound, { status: 404 });
  if (!result.ok) return data({ intent, error: result.error }, { status: result.status });
  dispatchMail(context, result.mailKeys);
  throw redirectWithNotice(`/crm/returns/${returnId}`, result.notice);
}
