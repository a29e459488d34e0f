/**
 * GET /crm/api/customers/messages/load-new-messages (spec §7, screen 15): the signed-in customer's unread
 * staff replies, newest first; the list's length is the badge count. Polled every 5 s, so the answer
 * carries an ETag and a repeat with If-None-Match gets 304. Staff get the customers' unread messages.
 * Items: { id, ticket_id, message (excerpt), date_created, name, fromadmin }.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ticketModule } from "~/core/tickets/ticket-polling";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { invariantJson, methodNotAllowed, requireApiUser } from "~/web/http.server";
import { unreadMessagesFor } from "~/services/tickets/tickets.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  invariantJson(ticketModule(params.module), TICKET_TEXT.ticketNotFound, { status: 404 });
  const user = await requireApiUser(request, context, "/user/support");
  const unread = await unreadMessagesFor(context.db, user);
  const etag = `W/"unread-${user.id}-${unread.map((item) => item.id).join(".") || "none"}"`;
  const headers = { "Cache-Control": "private, no-cache", ETag: etag, Vary: "Cookie" };
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return Response.json(unread, { headers });
}

export const action = () => methodNotAllowed("GET");
