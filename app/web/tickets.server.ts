/**
 * The support tickets' form posts, read from their FormData: a message with its attachments, and the
 * thread pages' intents (customer: send, confirm; staff: send, close, request_confirmation), so both pages
 * and their no-JS forms share one dispatcher.
 */
import { TICKET_TEXT } from "~/core/tickets";
import type { Database } from "~/db/client.server";
import { uploadedFiles } from "~/services/media.server";
import { sendMessage, type Attachments } from "~/services/ticket-messages.server";
import { answerTicketConfirmation, closeTicket, requestConfirmation } from "~/services/ticket-status.server";
import { fail, type TicketFailure, type Viewer } from "~/services/tickets.server";

/**
 * A message form (the thread page or POST /crm/api/{module}/messages/send): `message`, the media ids of
 * images uploaded beforehand as `gallery[]` (or `gallery`), and files sent with the form as `file`.
 * Null when an id is malformed.
 */
export function messageInputFrom(form: FormData): { message: string; attachments: Attachments } | null {
  const rawIds = [...form.getAll("gallery[]"), ...form.getAll("gallery")];
  const galleryIds: number[] = [];
  for (const raw of rawIds) {
    if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) return null;
    galleryIds.push(Number(raw));
  }
  const message = form.get("message");
  if (message != null && typeof message !== "string") return null;
  return { message: message ?? "", attachments: { galleryIds, files: uploadedFiles(form.getAll("file")) } };
}

export type ThreadIntentResult =
  | { ok: true; intent: string; notice: keyof typeof TICKET_TEXT }
  | (TicketFailure & { intent: string; message?: string });

/**
 * The thread pages' form posts (customer: send, confirm; staff: send, close, request_confirmation), so
 * both pages and their no-JS forms share one dispatcher.
 */
export async function threadIntent(db: Database, bucket: R2Bucket, viewer: Viewer, ticketId: number, form: FormData, now: Date = new Date()): Promise<ThreadIntentResult> {
  const intent = String(form.get("intent") ?? "");
  const unknown = { ...fail(400, "ticket", TICKET_TEXT.idInvalid), intent };
  switch (intent) {
    case "send": {
      const input = messageInputFrom(form);
      if (!input) return unknown;
      const result = await sendMessage(db, bucket, viewer, ticketId, input, now);
      return result.ok ? { ok: true, intent, notice: "sent" } : { ...result, intent, message: input.message.slice(0, 5000) };
    }
    case "confirm": {
      const answer = form.get("answer");
      if (viewer.role !== "customer" || (answer !== "resolved" && answer !== "unresolved")) return unknown;
      const result = await answerTicketConfirmation(db, viewer, ticketId, answer, now);
      return result.ok ? { ok: true, intent, notice: "confirmationNotified" } : { ...result, intent };
    }
    case "close": {
      if (viewer.role !== "staff") return unknown;
      const result = await closeTicket(db, viewer, ticketId, now);
      return result.ok ? { ok: true, intent, notice: "closed" } : { ...result, intent };
    }
    case "request_confirmation": {
      if (viewer.role !== "staff") return unknown;
      const result = await requestConfirmation(db, viewer, ticketId, now);
      return result.ok ? { ok: true, intent, notice: "confirmationRequested" } : { ...result, intent };
    }
    default:
      return unknown;
  }
}
