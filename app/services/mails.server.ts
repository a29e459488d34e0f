/**
 * Notification mails (spec §3): every event that tells a member something writes one here — order
 * placed, ticket reply, restock, subscription changes. `mailStatement` lets the caller put the mail in
 * the same D1 batch as the change it reports, so one never exists without the other.
 */
import type { SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notificationMails } from "~/db/schema";

export interface MailContent {
  title: string;
  /** HTML; sanitised again when shown. */
  content: string;
}

/** `userId` may be a sub-select, for a member created in the same batch (checkout registration). */
export function mailStatement(db: Database, userId: number | SQL, mail: MailContent, now: Date = new Date()) {
  return db.insert(notificationMails).values({ userId: userId as number, title: mail.title, content: mail.content, dateCreated: now });
}

export async function writeMail(db: Database, userId: number, mail: MailContent, now?: Date): Promise<void> {
  await mailStatement(db, userId, mail, now);
}

/** Escapes text placed into mail HTML (names, product titles, messages). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
