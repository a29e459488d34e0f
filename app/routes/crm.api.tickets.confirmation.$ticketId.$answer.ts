/**
 * GET /crm/api/tickets/confirmation/{ticketId}/{resolved|unresolved} (spec §7, screen 3): the ticket's
 * customer answers staff's resolution request. Only while it is waiting; resolved closes the ticket.
 * Answer: { ticket: { id, status, confirmation }, label, notice }. It changes state on a GET because the
 * spec says so; calls from other sites are refused (requireSameSiteGet).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CONFIRMATION_LABELS } from "~/core/tickets/ticket-labels";
import { isConfirmationAnswer, TICKET_API_HEADER, TICKET_TEXT } from "~/core/tickets/tickets";
import { idParam } from "~/web/input.server";
import { invariantJson, methodNotAllowed, requireApiUser, requireSameSiteGet } from "~/web/http.server";
import { answerTicketConfirmation } from "~/services/tickets/ticket-status.server";
import { dispatchMail } from "~/web/mail/mail.server";
import { replyMailContext } from "~/web/tickets/tickets.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ticketId = idParam(params.ticketId, "お問い合わせID");
  const answer = isConfirmationAnswer(params.answer) ? params.answer : null;
  invariantJson(answer, TICKET_TEXT.confirmationNotWaiting, { status: 404 });
  requireSameSiteGet(request, TICKET_API_HEADER);
  const user = await requireApiUser(request, context, `/user/support/${ticketId}`);
  const result = await answerTicketConfirmation(context.db, user, ticketId, answer, await replyMailContext(request, context));
  if (!result.ok) return Response.json({ error: result.error }, { status: result.status, headers: { "Cache-Control": "no-store" } });
  if (result.mailKey) dispatchMail(context, [result.mailKey]);
  return Response.json(
    {
      ticket: { id: ticketId, status: result.status, confirmation: result.confirmation },
      label: CONFIRMATION_LABELS[result.confirmation],
      notice: result.notice,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = () => methodNotAllowed("GET");
