/**
 * GET /crm/api/{module}/messages/load/{ticketId} (spec §7): the list of the ticket's messages (§3 Ticket
 * message: id, message, date_created, name, fromadmin, gallery), for its customer and staff. The ticket's
 * status, confirmation and `updated` cursor come in the X-Ticket-* headers (TICKET_STATE_HEADERS).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ticketModule, ticketStateHeaders, TICKET_TEXT } from "~/core/tickets";
import { idParam, jsonError, methodNotAllowed, requireApiUser } from "~/web/http.server";
import { loadThread } from "~/services/tickets.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!ticketModule(params.module)) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const thread = await loadThread(context.db, ticketId, user);
  if (!thread) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  return Response.json(thread.messages, { headers: { "Cache-Control": "private, no-store", ...ticketStateHeaders(thread.ticket) } });
}

export const action = () => methodNotAllowed("GET");
