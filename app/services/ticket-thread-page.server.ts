/**
 * The ticket thread page, the same for the customer (/user/support/{id}) and staff (/crm/tickets/{id}):
 * the loader's data and the action's answer; the routes only say who is looking and where the page is.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { ThreadActionData } from "~/components/tickets/ReplyForm";
import { MEDIA_TEXT } from "~/core/images";
import { ticketNoticeText, TICKET_TEXT } from "~/core/tickets";
import { LATEST_MESSAGE_ANCHOR, RESULT_ANCHOR } from "~/core/result-anchor";
import { atResult, idParam, isNavigation, readFormData, withQueryParam } from "~/http.server";
import { threadIntent } from "~/web/tickets.server";
import { loadThread, type Viewer } from "./tickets.server";

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
