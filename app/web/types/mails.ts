/** What the member's mail list answers and its component reads (types only: the browser bundle imports it). */
import type { MAIL_LISTING, MailSort } from "~/core/member/member-mail-listing";
import type { ListingPage } from "~/services/search/listing.server";
import type { Mail } from "~/services/member/member-mails.server";

/**
 * A row of the list: titles only (a mail's content is read when it is opened), with the day and time it was
 * received written out by the loader (the page does not load the date formats).
 */
export type MailRow = Pick<Mail, "id" | "title" | "readed"> & { receivedIso: string; receivedDay: string; receivedAt: string };

export interface MailsLoaderData {
  /** The listing's definition, sent with the data so the page does not load it. */
  definition: typeof MAIL_LISTING;
  page: ListingPage<MailRow, MailSort>;
  /** The row whose removal the URL asks to confirm, or null. */
  confirmRemove: number | null;
}

/** A refused removal. */
export type MailsActionData = { ok: false; error: string };
