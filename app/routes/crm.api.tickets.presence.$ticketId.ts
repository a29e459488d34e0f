/**
 * POST /crm/api/tickets/presence/{ticketId} (staff only; issue 36 item 7): the staff ticket page's beat,
 * body `typing` 1 or 0 (the reply box typed in since the last beat). Answers the colleagues who have the
 * ticket open now: { colleagues: [{ id, name, typing }] }.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { presenceAction } from "~/web/tickets/ticket-presence.server";
import { methodNotAllowed } from "~/web/http.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  return presenceAction(request, context, params.ticketId);
}
