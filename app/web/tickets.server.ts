/**
 * Tickets as the web sees them: the message form's fields, the thread pages' form posts (one dispatcher
 * for the customer's and staff's pages, JS or not), and the thread page itself, the same for the customer
 * (/user/support/{id}) and staff (/crm/tickets/{id}): the loader's data and the action's answer; the routes
 * only say who is looking and where the page is.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { MEDIA_TEXT } from "~/core/images";
import { ticketNoticeText, TICKET_TEXT } from "~/core/tickets";
import { LATEST_MESSAGE_ANCHOR, RESULT_ANCHOR } from "~/core/result-anchor";
import type { Database } from "~/db/client.server";
import { sendMessage, type Attachments } from "~/services/ticket-messages.server";
import { answerTicketConfirmation, closeTicket, requestConfirmation } from "~/services/ticket-status.server";
import { loadThread, type TicketFailure, type Viewer } from "~/services/tickets.server";
import { atResult, idParam, isNavigation, readFormData, withQueryParam } from "~/web/http.server";
import { uploadedFiles } from "~/web/media.server";
import type { ThreadActionData } from "~/web/types/tickets";

/**
 * A message form (the thread page or POST /crm/api/{module}/messages/send): `message`, the media ids of
 * images uploaded beforehand as `gallery[]` (or `gallery`), and files sent with the form as `file`.
 * Null when an id is malformed.
 */
export function messageInputFrom(form: FormData): { message: string; attachments: Attachments } | null {
  const rawIds = [...form.getAll("gallery[]"), ...form.getAll("gallery")];
  const galleryIds: number[] = [];
  for (const raw of rawIds) {
    if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) return null;
    galleryIds.push(Number(raw));
  }
  const message = form.get("message");
  if (message != null && typeof message !== "string") return null;
  return { message: message ?? "", attachments: { galleryIds, files: uploadedFiles(form.getAll("file")) } };
}

export type ThreadIntentResult =
  | { ok: true; intent: string; notice: keyof typeof TICKET_TEXT }
  | (TicketFailure & { intent: string; message?: string });

/**
 * The thread pages' form posts (customer: send, confirm; staff: send, close, request_confirmation), so
 * both pages and their no-JS forms share one dispatcher.
 */
export async function threadIntent(db: Database, bucket: R2Bucket, viewer: Viewer, ticketId: number, form: FormData, now: Date = new Date()): Promise<ThreadIntentResult> {
  const intent = String(form.get("intent") ?? "");
  const unknown: ThreadIntentResult = { ok: false, status: 400, field: "ticket", error: TICKET_TEXT.idInvalid, intent };
  switch (intent) {
    case "send": {
      const input = messageInputFrom(form);
      if (!input) return unknown;
      const result = await sendMessage(db, bucket, viewer, ticketId, input, now);
      return result.ok ? { ok: true, intent, notice: "sent" } : { ...result, intent, message: input.message.slice(0, 5000) };
    }
    case "confirm": {
      const answer = form.get("answer");
      if (viewer.role !== "customer" || (answer !== "resolved" && answer !== "unresolved")) return unknown;
      const result = await answerTicketConfirmation(db, viewer, ticketId, answer, now);
      return result.ok ? { ok: true, intent, notice: "confirmationNotified" } : { ...result, intent };
    }
    case "close": {
      if (viewer.role !== "staff") return unknown;
      const result = await closeTicket(db, viewer, ticketId, now);
      return result.ok ? { ok: true, intent, notice: "closed" } : { ...result, intent };
    }
    case "request_confirmation": {
      if (viewer.role !== "staff") return unknown;
      const result = await requestConfirmation(db, viewer, ticketId, now);
      return result.ok ? { ok: true, intent, notice: "confirmationRequested" } : { ...result, intent };
    }
    default:
      return unknown;
  }
}

const notFound = () => new Response(TICKET_TEXT.ticketNotFound, { status: 404 });

/** The viewer's thread (404 when it is not theirs) with the notice or error the last action left in the URL. */
export async function loadThreadPage(request: Request, context: AppLoadContext, viewer: Viewer, rawTicketId: string | undefined) {
  const thread = await loadThread(context.db, idParam(rawTicketId, "お問い合わせID"), viewer);
  if (!thread) throw notFound();
  const url = new URL(request.url);
  return {
    thread,
    notice: ticketNoticeText(url.searchParams.get("notice")),
    error: ticketNoticeText(url.searchParams.get("error"), MEDIA_TEXT),
    renderedAt: Date.now(),
  };
}

/**
 * A reply, attachment or status change on the thread at `pagePath(ticketId)`: without JS it goes back
 * to the page (to the newest message after sending), with JS it answers the outcome for the fetcher.
 */
export async function threadPageAction(
  request: Request,
  context: AppLoadContext,
  viewer: Viewer,
  rawTicketId: string | undefined,
  pagePath: (ticketId: number) => string,
) {
  const ticketId = idParam(rawTicketId, "お問い合わせID");
  const form = await readFormData(request);
  const result = await threadIntent(context.db, context.cloudflare.env.ATTACHMENTS, viewer, ticketId, form);
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<ThreadActionData>({ ok: false, intent: result.intent, field: result.field, error: result.error, message: result.message }, { status: result.status });
  }
  // A sent message is shown at the end of the thread (#latest); other notices at the top (#result).
  if (isNavigation(request)) {
    const back = withQueryParam(pagePath(ticketId), "notice", result.notice);
    throw redirect(atResult(back, result.intent === "send" ? LATEST_MESSAGE_ANCHOR : RESULT_ANCHOR), 303);
  }
  return data<ThreadActionData>({ ok: true, intent: result.intent });
}
