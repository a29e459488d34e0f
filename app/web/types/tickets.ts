/** What the ticket routes answer and the ticket components read (types only: the browser bundle imports it). */
import type { MediaItem } from "~/services/media.server";
import type { InboundRow } from "~/services/tickets/inbound-desk.server";
import type { StaffNoticeItem } from "~/services/tickets/ticket-notes.server";
import type { WrittenTime } from "./mail";

export type { Thread, ThreadMessage, TicketHead } from "~/services/tickets/tickets.server";
export type { CustomerTicketSummary, PastOrder, TicketProduct } from "~/services/tickets/ticket-references.server";
export type { TicketNote } from "~/services/tickets/note-queries.server";

/** A thread page's action answer to a fetcher: what was done, or the refusal with the message typed (kept for the box). */
export type ThreadActionData =
  | { ok: true; intent: string }
  /** `message` and `kept` (the images kept as uploads): what a refused reply shows again without JS. */
  | { ok: false; intent: string; field: string; error: string; message?: string; kept?: MediaItem[] };

/** A received support mail as /crm/inbound shows it: the service's row with its time and outcome written out. */
export type InboundListRow = Omit<InboundRow, "receivedAt"> & { receivedAt: WrittenTime; outcomeLabel: string };

/** A note's notice as /crm/notices shows it, its time written out. */
export type StaffNoticeRow = Omit<StaffNoticeItem, "createdAt"> & { createdAt: WrittenTime };

export type { TemplateFormError } from "~/web/tickets/reply-templates.server";
export type { DeskSettingsError } from "~/web/tickets/desk-settings.server";
export type { ReplyDraft } from "~/services/tickets/draft-queries.server";
export type { ReplyTemplate } from "~/services/tickets/reply-templates.server";
/** A template variable as the template form explains it. */
export type TemplateVariableHelp = { name: string; description: string };
/** A template filled for one ticket, as the staff reply box offers it. */
export type FilledTemplate = { id: number; title: string; text: string };
