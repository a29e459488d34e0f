/**
 * The customer's new-ticket form (spec §3 New ticket form, §5) as a Valibot schema: apart from the ticket
 * rules (tickets.ts), which pages showing a ticket's labels load without Valibot.
 */
import * as v from "valibot";
import { requiredTrimmed } from "~/core/account/account-forms";
import { TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import { TICKET_CATEGORIES, type TicketCategory } from "~/core/tickets/ticket-categories";
import type { ReplyChoice } from "~/core/tickets/ticket-labels";
import { TICKET_TEXT, TICKET_TROUBLE_LABELS } from "~/core/tickets/tickets";

/** The customer's new ticket (§3 New ticket form). `priority` is never trusted: it follows the trouble. */
const optionalId = v.optional(v.pipe(v.string(TICKET_TEXT.idInvalid), v.regex(/^\d{1,9}$/, TICKET_TEXT.idInvalid), v.transform(Number)));

export const NewTicketSchema = v.object({
  session: v.pipe(v.optional(v.string(TICKET_TEXT.sessionExpired), ""), v.regex(/^\d{10,16}$/, TICKET_TEXT.sessionExpired)),
  category: v.pipe(
    v.optional(v.string(TICKET_TEXT.categoryRequired), ""),
    v.picklist(TICKET_CATEGORIES as unknown as TicketCategory[], TICKET_TEXT.categoryRequired),
  ),
  trouble: v.pipe(v.optional(v.string(TICKET_TEXT.troubleRequired), ""), v.picklist(TICKET_TROUBLE_LABELS, TICKET_TEXT.troubleRequired)),
  // Conform sends an empty choice as a missing field (and its Valibot coercion drops optional defaults):
  // absent means '' (e-mail or phone), see replyChoiceOf.
  reply_choice: v.optional(v.picklist(["", "email", "phone"] as const, TICKET_TEXT.replyChoiceInvalid)),
  orders_id: optionalId,
  products_id: optionalId,
  details: v.optional(
    v.pipe(
      v.union([v.string(), v.array(v.string())], TICKET_TEXT.idInvalid),
      v.transform((value) => (Array.isArray(value) ? value : [value])),
      v.array(v.pipe(v.string(), v.regex(/^\d{1,9}$/, TICKET_TEXT.idInvalid), v.transform(Number))),
      v.maxLength(50, TICKET_TEXT.idInvalid),
    ),
  ),
  description: v.pipe(requiredTrimmed(TICKET_TEXT.descriptionRequired), v.maxLength(TICKET_MESSAGE_MAX_LENGTH, TICKET_TEXT.descriptionTooLong)),
  priority: v.optional(v.string()),
});
export type NewTicketInput = v.InferOutput<typeof NewTicketSchema>;

/** reply_choice as stored: absent or empty = "" (e-mail or phone). */
export function replyChoiceOf(input: Pick<NewTicketInput, "reply_choice">): ReplyChoice {
  return input.reply_choice ?? "";
}
