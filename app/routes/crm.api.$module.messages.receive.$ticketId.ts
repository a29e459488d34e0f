/**
 * GET /crm/api/{module}/messages/receive/{ticketId}?since={last message id}&updated={ticket updated ms}
 * (spec §7 "new messages"): only the messages after the `since` cursor. When there are none and the
 * ticket has not changed since `updated`, the answer is 304 with no body, so a 5-second poll on a slow
 * connection costs a few hundred bytes. Otherwise: { ticket, messages } as /messages/load.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ticketModule, TICKET_TEXT } from "~/core/tickets";
import { idParam, jsonError, methodNotAllowed, requireApiUser } from "~/http.server";
import { loadThread, ticketJson } from "~/services/tickets.server";

const cursor = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : 0);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!ticketModule(params.module)) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const url = new URL(request.url);
  const since = cursor(url.searchParams.get("since"));
  const updated = cursor(url.searchParams.get("updated"));
  const thread = await loadThread(context.db, ticketId, user, { sinceId: since });
  if (!thread) throw jsonError(404, TICKET_TEXT.ticketNotFound);
  const headers = { "Cache-Control": "private, no-store" };
  if (thread.messages.length === 0 && thread.ticket.updated <= updated) return new Response(null, { status: 304, headers });
  return Response.json({ ticket: ticketJson(thread.ticket), messages: thread.messages }, { headers });
}

export const action = () => methodNotAllowed("GET");
