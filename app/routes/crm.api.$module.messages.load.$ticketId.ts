/**
 * GET /crm/api/{module}/messages/load/{ticketId} (spec §7): the list of the ticket's messages (§3 Ticket
 * message: id, message, date_created, name, fromadmin, gallery), for its customer and staff. The ticket's
 * status, confirmation and `updated` cursor come in the X-Ticket-* headers (TICKET_STATE_HEADERS).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ticketModule, ticketStateHeaders } from "~/core/tickets/ticket-polling";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { invariantJson, methodNotAllowed, requireApiUser } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { loadThread } from "~/services/tickets/tickets.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  invariantJson(ticketModule(params.module), TICKET_TEXT.ticketNotFound, { status: 404 });
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const thread = await loadThread(context.db, ticketId, user);
  invariantJson(thread, TICKET_TEXT.ticketNotFound, { status: 404 });
  return Response.json(thread.messages, { headers: { "Cache-Control": "private, no-store", ...ticketStateHeaders(thread.ticket) } });
}

export const action = () => methodNotAllowed("GET");
