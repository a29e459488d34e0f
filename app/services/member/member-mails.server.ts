/**
 * A member's notification mails (spec screen 13, §3, §4): the listing, opening one (an unread mail —
 * readed null — becomes read), and removing one. Every query is scoped to the member: another member's
 * mail is "not found". Mail HTML is sanitised here, before it reaches a page or the JSON.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { ListingQuery } from "~/core/search/listing";
import { MAIL_LISTING, type MailSort } from "~/core/member/member-mail-listing";
import { deleteOwnedRow, type Database } from "~/db/client.server";
import { notificationMails } from "~/db/schema";
import { sanitizeRichText } from "../html.server";
import { betweenDaysFilter, likeFilter, listingJson, loadListingPage, presenceFilter, type ListingPage, type ListingSource } from "../search/listing.server";

export const MAIL_NOT_FOUND_MESSAGE = "お知らせが見つかりません。削除されたか、URLが正しくない可能性があります。";

export interface Mail {
  id: number;
  title: string;
  /** Sanitised HTML ("" in the page listing, which shows titles only). */
  content: string;
  dateCreated: Date;
  readed: Date | null;
}

function mailSource(userId: number): ListingSource<MailSort> {
  return {
    scope: eq(notificationMails.userId, userId),
    sortColumns: { date_created: notificationMails.dateCreated, title: notificationMails.title, readed: notificationMails.readed },
    idColumn: notificationMails.id,
    filters: {
      title: likeFilter(notificationMails.title),
      content: likeFilter(notificationMails.content),
      date_created: betweenDaysFilter(notificationMails.dateCreated),
      readed: presenceFilter(notificationMails.readed),
    },
  };
}

/**
 * One page of the member's mails in one D1 round trip. The page itself shows titles only, so the content
 * (sanitised) is read only `withContent` (the JSON listing); otherwise it is "".
 */
export async function listMails(
  db: Database,
  userId: number,
  query: ListingQuery<MailSort>,
  options: { withContent?: boolean } = {},
): Promise<ListingPage<Mail, MailSort>> {
  const content = options.withContent ? notificationMails.content : sql<string>`''`;
  return loadListingPage(MAIL_LISTING, query, mailSource(userId), async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(notificationMails).where(where),
      db
        .select({
          id: notificationMails.id,
          title: notificationMails.title,
          content,
          dateCreated: notificationMails.dateCreated,
          readed: notificationMails.readed,
        })
        .from(notificationMails)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    const mails = rows.map((row) => (options.withContent ? { ...row, content: sanitizeRichText(row.content) } : row));
    return { total: counted[0]?.n ?? 0, rows: mails };
  });
}

/** The spec's mail fields (§3), dates as ISO strings. */
export function mailJson(mail: Mail) {
  return {
    id: mail.id,
    title: mail.title,
    content: mail.content,
    date_created: mail.dateCreated.toISOString(),
    readed: mail.readed?.toISOString() ?? null,
  };
}

export function mailListingJson(page: ListingPage<Mail>) {
  return listingJson(MAIL_LISTING, page, mailJson);
}

/**
 * Opens a mail: an unread one is marked read now (idempotent — a read mail keeps its first read time).
 * Answers the mail and whether this call marked it, or null when the member has no such mail.
 */
export async function openMail(db: Database, userId: number, mailId: number, now: Date): Promise<{ mail: Mail; marked: boolean } | null> {
  const owned = and(eq(notificationMails.id, mailId), eq(notificationMails.userId, userId));
  const [marked, rows] = await db.batch([
    db
      .update(notificationMails)
      .set({ readed: now })
      .where(and(owned, isNull(notificationMails.readed)))
      .returning({ id: notificationMails.id }),
    db.select().from(notificationMails).where(owned),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    mail: { id: row.id, title: row.title, content: sanitizeRichText(row.content), dateCreated: row.dateCreated, readed: row.readed },
    marked: marked.length > 0,
  };
}

/** Removes one of the member's mails; false when they have no such mail. */
export async function deleteMail(db: Database, userId: number, mailId: number): Promise<boolean> {
  return deleteOwnedRow(db, notificationMails, mailId, userId);
}
