/** What the ticket routes answer and the ticket components read (types only: the browser bundle imports it). */
export type { CustomerTicketSummary, Thread, ThreadMessage, TicketHead } from "~/services/tickets.server";
export type { PastOrder, TicketProduct } from "~/services/ticket-references.server";

/** A thread page's action answer to a fetcher: what was done, or the refusal with the message typed (kept for the box). */
export type ThreadActionData = { ok: true; intent: string } | { ok: false; intent: string; field: string; error: string; message?: string };
