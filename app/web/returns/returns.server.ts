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
import { ReturnDecisionSchema, ReturnRequestSchema } from "~/core/returns/return-request-forms";
import { RETURN_REQUESTS_LISTING } from "~/core/returns/return-requests-listing";
import { CUSTOMER_RETURN_EXCLUSIONS } from "~/core/returns/returns";
import type { SessionUser } from "~/services/account/sessions.server";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { Database } from "~/db/client.server";
import { decideReturn } from "~/services/returns/return-decisions.server";
import { listReturnRequests, loadReturnDesk } from "~/services/returns/return-desk.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { loadOwnReturnFacts, type ReturnFacts, type ReturnLineFacts, type ReturnRequestFacts } from "~/services/returns/return-facts.server";
import { orderActorOf } from "../account/auth.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import { messageInputFrom } from "../tickets/tickets.server";
import type { OrderReturnsView, ReturnDeskView, ReturnFormData, ReturnFormLine, ReturnRequestView } from "../types/returns";
import { settingsInForce } from "../settings/shop-settings.server";

const ORDER_NOT_FOUND = "ご注文が見つかりません。URLが正しいかご確認ください。";
const SHOPPER_NOTICES = { return_created: RETURN_TEXT.created } as const;
const STAFF_NOTICES = { approved: RETURN_TEXT.approved, refused: RETURN_TEXT.refused, received: RETURN_TEXT.received } as const;

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
  const lines = returnableLines(facts.lines, now).map(({ line, max }): ReturnFormLine => ({
    id: line.id,
    title: line.title,
    ordered: line.quantity,
    max,
    unitPrice: line.unitPrice,
    notes: lineNotes(line),
  }));
  return { orderId: facts.orderId, orderNumber: facts.number, token: crypto.randomUUID(), lines };
}

/** The request form of the shopper's own order (404 for another's; a redirect to the order when nothing can go back). */
export async function loadReturnForm(context: AppLoadContext, user: SessionUser, orderId: number, now: Date = new Date()): Promise<ReturnFormData> {
  const facts = await loadOwnReturnFacts(context.db, user.id, orderId);
  invariantResponse(facts, ORDER_NOT_FOUND, { status: 404 });
  return formData(facts, now);
}

/**
 * The shopper's request: checked by the form's schema (Japanese message per field), then by the order as
 * it stands; a refused one answers the form with its message, a made one (or a replayed submit) goes to
 * the order page, and the mails go out.
 */
export async function returnRequestAction(request: Request, context: AppLoadContext, user: SessionUser, orderId: number) {
  const form = await readFormData(request);
  const submission = parseSubmission(form, { schema: ReturnRequestSchema });
  const now = new Date();
  const facts = await loadOwnReturnFacts(context.db, user.id, orderId);
  invariantResponse(facts, ORDER_NOT_FOUND, { status: 404 });
  if (submission.status !== "success") return data({ reply: submission.reply({ hideFields: ["file"] }), form: formData(facts, now) }, { status: 400 });
  const attachments = messageInputFrom(form)?.attachments;
  if (!attachments)
    return data({ reply: submission.reply({ formErrors: [MALFORMED_INPUT_MESSAGE], hideFields: ["file"] }), form: formData(facts, now) }, { status: 400 });
  const result = await createReturnRequest(
    context.db,
    context.cloudflare.env.ATTACHMENTS,
    { id: user.id, actor: orderActorOf(user) },
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
    return data({ reply, form: formData((await loadOwnReturnFacts(context.db, user.id, orderId)) ?? facts, now) }, { status: result.status });
  }
  dispatchMail(context, result.mailKeys);
  throw redirectWithNotice(`/user/orders/${orderId}`, "return_created");
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
    notice: redirectedNotice(request, STAFF_NOTICES),
  };
}

/** Staff's approve / refuse / receive: back to the request with a notice, or the form's error. */
export async function returnDecisionAction(request: Request, context: AppLoadContext, staff: SessionUser, returnId: number) {
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const read = readInput(ReturnDecisionSchema, form);
  if (!read.ok) return data({ intent, error: read.error }, { status: 400 });
  const result = await decideReturn(context.db, returnId, orderActorOf(staff), read.input, await mailFrame(request, context), new Date());
  invariantResponse(result.ok || result.status !== 404, RETURN_TEXT.notFound, { status: 404 });
  if (!result.ok) return data({ intent, error: result.error }, { status: result.status });
  dispatchMail(context, result.mailKeys);
  throw redirectWithNotice(`/crm/returns/${returnId}`, result.notice);
}
