/**
 * GET /crm/api/{module}/messages/load/{ticketId} (spec §7): the ticket's messages (§3 Ticket message:
 * message, date_created, name, fromadmin, gallery) with the ticket's state, for its customer and staff.
 * Answer: { ticket: { id, status, confirmation, priority, category, trouble, date_created, updated }, messages: [...] }.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ticketModule, TICKET_TEXT } from "~/core/tickets";
import { idParam, jsonError, methodNotAllowed, requireApiUser } from "~/http.server";
import { loadThread, ticketJson } from "~/services/tickets.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!ticketModule(params.module)) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const thread = await loadThread(context.db, ticketId, user);
  if (!thread) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  return Response.json({ ticket: ticketJson(thread.ticket), messages: thread.messages }, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed("GET");
