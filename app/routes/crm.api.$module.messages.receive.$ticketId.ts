/**
 * GET /crm/api/{module}/messages/receive/{ticketId} (spec §7): the list of new messages, which are then
 * marked seen. Without a cursor, "new" means the other side's messages this viewer has not seen yet.
 * With `?since={last message id}&updated={ticket updated ms}` (the thread page's 5-second poll), the
 * messages after `since`; and when there are none and the ticket has not changed since `updated`, the
 * answer is 304 with no body, so a poll on a slow connection costs a few hundred bytes. The ticket's
 * state comes in the X-Ticket-* headers (TICKET_STATE_HEADERS), as for /messages/load.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ticketModule, ticketStateHeaders } from "~/core/tickets/ticket-polling";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import * as v from "valibot";
import { invariantJson, methodNotAllowed, requireApiUser } from "~/web/http.server";
import { idParam, parseQuery } from "~/web/input.server";
import { loadThread } from "~/services/tickets/tickets.server";

/** A message id or time the page already has; anything else is none. */
const cursor = v.fallback(v.nullable(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))), null);
const CursorQuerySchema = v.object({ since: cursor, updated: cursor });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  invariantJson(ticketModule(params.module), TICKET_TEXT.ticketNotFound, { status: 404 });
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const { since, updated } = parseQuery(request, CursorQuerySchema);
  const thread = await loadThread(context.db, ticketId, user, since == null ? { unseenOnly: true } : { sinceId: since });
  invariantJson(thread, TICKET_TEXT.ticketNotFound, { status: 404 });
  const headers = { "Cache-Control": "private, no-store", ...ticketStateHeaders(thread.ticket) };
  if (since != null && thread.messages.length === 0 && thread.ticket.updated <= (updated ?? 0)) return new Response(null, { status: 304, headers });
  return Response.json(thread.messages, { headers });
}

export const action = () => methodNotAllowed("GET");
