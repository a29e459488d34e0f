/**
 * The e-mail outbox: a change that mails someone puts `outboxStatement` in its own D1 batch, so the
 * message exists exactly when the change does (a refused order writes no mail). Delivery happens later,
 * from the mail queue (app/services/mail-delivery.server.ts). Bodies are rendered here, once, from the
 * React templates of app/mail/ inside the e-mail frame.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { renderEmail, type EmailFrame } from "~/mail/email-layout";
import type { MailTemplate } from "~/mail/render.server";
import type { MailStatus } from "~/core/mail-outbox";

/** What the mail is about, for the staff listing and tests. */
export type MailKind =
  | "order_confirmation"
  | "welcome"
  | "password_reset"
  | "email_change_verify"
  | "email_change_notice"
  | "order_claim_verify"
  | "withdrawal_done"
  | "newsletter";

export interface OutgoingMail {
  /** One per event (`order-confirmation:{number}` …): the same event written twice keeps one message. */
  key: string;
  kind: MailKind;
  to: string;
  /** The member it is for, if any; may be a sub-select for a member created in the same batch. */
  userId?: number | SQL | null;
  template: MailTemplate;
  frame: EmailFrame;
  /** The body carries a sign-in secret: hidden from staff, and never shown in listings. */
  sensitive?: boolean;
}

function outboxRow(mail: OutgoingMail, now: Date) {
  const { subject, html, text } = renderEmail(mail.template, mail.frame);
  return {
    key: mail.key,
    kind: mail.kind,
    toAddress: mail.to,
    userId: (mail.userId ?? null) as number | null,
    subject,
    html,
    textBody: text,
    unsubscribeUrl: mail.frame.unsubscribeUrl ?? null,
    sensitive: mail.sensitive ?? false,
    nextAttemptAt: now,
    createdAt: now,
  };
}

export function outboxStatement(db: Database, mail: OutgoingMail, now: Date) {
  return db.insert(mailOutbox).values(outboxRow(mail, now)).onConflictDoNothing({ target: mailOutbox.key });
}

/**
 * outboxStatement for a mail that exists only if `condition` holds when its statement runs: a change the
 * batch made conditionally (a used link's `usedNow`, a guarded UPDATE) mails only when it happened.
 */
export function conditionalOutboxStatement(db: Database, mail: OutgoingMail, now: Date, condition: SQL) {
  const row = outboxRow(mail, now);
  const selected = db
    // Every column, in the table's order (drizzle's insert-select).
    .select({
      id: sql`null`.as("id"),
      key: sql`${row.key}`.as("key"),
      kind: sql`${row.kind}`.as("kind"),
      toAddress: sql`${row.toAddress}`.as("to_address"),
      userId: sql`${row.userId}`.as("user_id"),
      subject: sql`${row.subject}`.as("subject"),
      html: sql`${row.html}`.as("html"),
      textBody: sql`${row.textBody}`.as("text_body"),
      unsubscribeUrl: sql`${row.unsubscribeUrl}`.as("unsubscribe_url"),
      sensitive: sql`${row.sensitive ? 1 : 0}`.as("sensitive"),
      status: sql`'pending'`.as("status"),
      attempts: sql`0`.as("attempts"),
      nextAttemptAt: sql`${now.getTime()}`.as("next_attempt_at"),
      claimedAt: sql`null`.as("claimed_at"),
      sentAt: sql`null`.as("sent_at"),
      providerMessageId: sql`null`.as("provider_message_id"),
      lastError: sql`null`.as("last_error"),
      createdAt: sql`${now.getTime()}`.as("created_at"),
    })
    .from(sql`(select 1)`)
    // A WHERE is required anyway: it tells SQLite that the ON CONFLICT below belongs to the INSERT.
    .where(condition);
  return db.insert(mailOutbox).select(selected).onConflictDoNothing({ target: mailOutbox.key });
}

export interface OutboxRow {
  id: number;
  key: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  sensitive: boolean;
}

const outboxColumns = {
  id: mailOutbox.id,
  key: mailOutbox.key,
  kind: mailOutbox.kind,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  sensitive: mailOutbox.sensitive,
};

/** The newest messages first, optionally of one status. */
export async function listOutbox(db: Database, options: { status?: MailStatus; limit: number; offset: number }): Promise<{ rows: OutboxRow[]; total: number }> {
  const where = options.status ? eq(mailOutbox.status, options.status) : undefined;
  const [rows, counted] = await db.batch([
    db.select(outboxColumns).from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(options.limit).offset(options.offset),
    db.select({ total: sql<number>`count(*)` }).from(mailOutbox).where(where),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/** One message with its bodies (the dev mailbox; staff never get a sensitive body). */
export async function findOutboxMessage(db: Database, id: number) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
}

/**
 * Staff's resend of a message that failed for good: it is tried again from the start. Only a failed
 * message (the condition is in the UPDATE, so two clicks resend once); answers the key to dispatch.
 */
export async function resendFailedMail(db: Database, id: number, now: Date): Promise<string | null> {
  const row = await db
    .update(mailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, claimedAt: null })
    .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'failed'`)
    .returning({ key: mailOutbox.key })
    .get();
  return row?.key ?? null;
}
