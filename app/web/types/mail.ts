/** What the outbox pages (/crm/mail-outbox, /dev/mailbox) answer and the mail components read (types only). */
import type { ListingDefinition } from "~/core/search/listing";
import type { ListingPage } from "~/services/search/listing.server";
import type { OutboxRow } from "~/services/mail/mail-outbox.server";

export type { OutboxMessage, OutboxRow } from "~/services/mail/mail-outbox.server";

/** A time as the lists show it: the machine-readable instant and its written-out text. */
export interface WrittenTime {
  iso: string;
  text: string;
}

/** A row as the outbox lists show it: the service's row with its labels and times written out by the loader. */
export type OutboxListRow = OutboxRow & { kindLabel: string; statusLabel: string; created: WrittenTime; sent: WrittenTime | null };

export interface OutboxListingData {
  /** The listing's definition, sent with the data so the page does not load it. */
  definition: ListingDefinition;
  page: ListingPage<OutboxListRow>;
  notice: string | null;
}

/** The resend form's refusal, shown above the list or the message. */
export type ResendActionData = { ok: false; error: string };
