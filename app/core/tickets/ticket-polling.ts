/**
 * What a thread's polling shares with the /crm/api/{module}/messages endpoints (spec §6, §7): the module
 * path segment and the ticket's state in the answers' headers. Apart from the ticket rules (tickets.ts), so
 * a thread page keeps itself fresh without loading them.
 */
import { CONFIRMATION_LABELS, type TicketConfirmation, type TicketStatus } from "~/core/tickets/ticket-labels";

/** The /crm/api/{module}/… module (§6: a parameter, default customers). Null = no such module. */
export const TICKET_MODULES = ["customers"] as const;
export type TicketModule = (typeof TICKET_MODULES)[number];
export const DEFAULT_TICKET_MODULE: TicketModule = "customers";
export function ticketModule(value: string | undefined): TicketModule | null {
  if (value == null || value === "") return DEFAULT_TICKET_MODULE;
  return (TICKET_MODULES as readonly string[]).includes(value) ? (value as TicketModule) : null;
}

/**
 * /messages/load and /messages/receive answer a list of messages (§7); the ticket's state and the polling
 * cursor `updated` (ms) travel beside it in these response headers, so a poll learns that staff closed the
 * ticket or asked for confirmation without a new message.
 */
export const TICKET_STATE_HEADERS = { status: "X-Ticket-Status", confirmation: "X-Ticket-Confirmation", updated: "X-Ticket-Updated" } as const;

export interface LiveTicketState {
  status: TicketStatus;
  confirmation: TicketConfirmation | null;
  updated: number;
}

export function ticketStateHeaders(ticket: LiveTicketState): Record<string, string> {
  return {
    [TICKET_STATE_HEADERS.status]: ticket.status,
    [TICKET_STATE_HEADERS.confirmation]: ticket.confirmation ?? "",
    [TICKET_STATE_HEADERS.updated]: String(ticket.updated),
  };
}

/** The state from a load/receive answer's headers; null when they are missing or not the shop's values. */
export function ticketStateFromHeaders(headers: Pick<Headers, "get">): LiveTicketState | null {
  const status = headers.get(TICKET_STATE_HEADERS.status);
  const confirmation = headers.get(TICKET_STATE_HEADERS.confirmation) || null;
  const updated = Number(headers.get(TICKET_STATE_HEADERS.updated));
  if (status !== "doing" && status !== "close") return null;
  if (confirmation !== null && !Object.hasOwn(CONFIRMATION_LABELS, confirmation)) return null;
  if (!Number.isSafeInteger(updated) || updated <= 0) return null;
  return { status, confirmation: confirmation as TicketConfirmation | null, updated };
}
