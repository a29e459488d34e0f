/**
 * GET /crm/api/{module}/messages/receive/{ticketId} (spec §7): the list of new messages, which are then
 * marked seen. Without a cursor, "new" means the other side's messages this viewer has not seen yet.
 * With `?since={last message id}&updated={ticket updated ms}` (the thread page's 5-second poll), the
 * messages after `since`; and when there are none and the ticket has not changed since `updated`, the
 * answer is 304 with no body, so a poll on a slow connection costs a few hundred bytes. The ticket's
 * state comes in the X-Ticket-* headers (TICKET_STATE_HEADERS), as for /messages/load.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ticketModule, ticketStateHeaders, TICKET_TEXT } from "~/core/tickets";
import { idParam, jsonError, methodNotAllowed, requireApiUser } from "~/web/http.server";
import { loadThread } from "~/services/tickets.server";

const cursor = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : null);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!ticketModule(params.module)) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const url = new URL(request.url);
  const since = cursor(url.searchParams.get("since"));
  const updated = cursor(url.searchParams.get("updated")) ?? 0;
  const thread = await loadThread(context.db, ticketId, user, since == null ? { unseenOnly: true } : { sinceId: since });
  if (!thread) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  const headers = { "Cache-Control": "private, no-store", ...ticketStateHeaders(thread.ticket) };
  if (since != null && thread.messages.length === 0 && thread.ticket.updated <= updated) return new Response(null, { status: 304, headers });
  return Response.json(thread.messages, { headers });
}

export const action = () => methodNotAllowed("GET");
