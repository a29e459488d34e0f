/**
 * Notification mails (spec §3): every event that tells a member something writes one here — order
 * placed, ticket reply, restock, subscription changes. `mailStatement` lets the caller put the mail in
 * the same D1 batch as the change it reports, so one never exists without the other. The mails
 * themselves are React templates in app/mail/.
 */
import type { SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { notificationMails } from "~/db/schema";
import { renderMail, type MailTemplate } from "~/mail/render.server";

/** A mail as the member's 「お知らせ」 keeps it: the subject and the HTML body (sanitised again when shown). */
export function notificationOf(template: MailTemplate): { title: string; content: string } {
  const { subject, html } = renderMail(template);
  return { title: subject, content: html };
}

/** The member's お知らせ of an event on something a guest may also own (a ticket opened by mail): none for a guest. */
export function memberMailStatements(db: Database, userId: number | null, mail: MailTemplate, now: Date = new Date()) {
  return userId == null ? [] : [mailStatement(db, userId, mail, now)];
}

/** `userId` may be a sub-select, for a member created in the same batch (checkout registration). */
export function mailStatement(db: Database, userId: number | SQL, mail: MailTemplate, now: Date = new Date()) {
  return db.insert(notificationMails).values({ userId: userId as number, ...notificationOf(mail), dateCreated: now });
}
