/**
 * POST /crm/api/{module}/messages/send/{ticketId} (spec §7): body `message`, `gallery[]` (media ids from
 * /crm/customer/media/upload) and/or `file` parts; answers the new message (§3 Ticket message). Staff
 * write as カスタマーサービス and their reply mails the customer (or, for one who asked for a call, becomes a task). A plain form post (no JS) goes back to
 * the thread page.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { MEDIA_TEXT } from "~/core/catalogue/images";
import { LATEST_MESSAGE_ANCHOR } from "~/core/site/result-anchor";
import { ticketModule } from "~/core/tickets/ticket-polling";
import { ticketNoticeCode, TICKET_TEXT } from "~/core/tickets/tickets";
import { atResult, invariantJson, isNavigation, methodNotAllowed, readApiFormData, requireApiUser, requirePost } from "~/web/http.server";
import { idParam, malformedJson } from "~/web/input.server";
import { sendMessage } from "~/services/tickets/ticket-messages.server";
import { dispatchMail } from "~/web/mail/mail.server";
import { messageInputFrom, replyMailContext } from "~/web/tickets/tickets.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  invariantJson(ticketModule(params.module), TICKET_TEXT.ticketNotFound, { status: 404 });
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const input = messageInputFrom(await readApiFormData(request));
  if (!input) throw malformedJson();
  const result = await sendMessage(context.db, context.cloudflare.env.ATTACHMENTS, user, ticketId, input, await replyMailContext(request, context));
  if (result.ok && result.mailKey) dispatchMail(context, [result.mailKey]);
  const threadPath = user.role === "staff" ? `/crm/tickets/${ticketId}` : `/user/support/${ticketId}`;
  if (isNavigation(request)) {
    if (!result.ok) throw redirect(`${threadPath}?error=${ticketNoticeCode(result.error, MEDIA_TEXT) ?? "messageRequired"}#reply`, 303);
    throw redirect(atResult(`${threadPath}?notice=${result.draftId != null ? "draftPending" : "sent"}`, LATEST_MESSAGE_ANCHOR), 303);
  }
  if (!result.ok) return Response.json({ error: result.error, field: result.field }, { status: result.status });
  // A reply that waits for approval (issue 36 item 8) is not a message yet.
  if (result.draftId != null) return Response.json({ pending: true, draft_id: result.draftId, notice: TICKET_TEXT.draftPending }, { status: 202 });
  return Response.json(result.message);
}
