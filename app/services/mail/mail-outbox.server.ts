/**
 * The e-mail outbox: a change that mails someone puts `outboxStatement` in its own D1 batch, so the
 * message exists exactly when the change does (a refused order writes no mail). Delivery happens later,
 * from the mail queue (app/services/mail/mail-delivery.server.ts). Bodies are rendered here, once, from the
 * React templates of app/mail/ inside the e-mail frame.
 */
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { ListingQuery } from "~/core/search/listing";
import type { MailKind, MailStatus } from "~/core/mail/mail-outbox";
import { MAIL_OUTBOX_LISTING, type MailOutboxSort } from "~/core/mail/mail-outbox-listing";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { renderEmail, type EmailFrame } from "~/mail/email-layout";
import { mailLinks, type MailTemplate } from "~/mail/render.server";
import { completeMailedLinks } from "../account/account-tokens.server";
import { sanitizeRichText } from "../html.server";
import { betweenDaysFilter, equalsFilter, likeFilter, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";

/** What the mail is about (its labels live beside it in app/core/mail/mail-outbox.ts). */
export type { MailKind };

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
    replyTo: mail.frame.replyTo ?? null,
    sensitive: mail.sensitive ?? false,
    nextAttemptAt: now,
    createdAt: now,
  };
}

export function outboxStatement(db: Database, mail: OutgoingMail, now: Date) {
  return db.insert(mailOutbox).values(outboxRow(mail, now)).onConflictDoNothing({ target: mailOutbox.key });
}

/**
 * A value the mail shows that exists only inside its own batch — the id of a row the batch inserts (a new
 * ticket's, a new shipment's) — so the template writes `placeholder` where it goes (in a link) and the
 * statement puts `value` (a sub-select of that row) in its place as the mail is stored.
 */
export interface BatchFill {
  placeholder: string;
  value: SQL;
}

/** The placeholder a mail template writes for a BatchFill's value. */
export const BATCH_ID_PLACEHOLDER = "__BATCH_ROW_ID__";

/**
 * outboxStatement for a mail that exists only if `condition` holds when its statement runs: a change the
 * batch made conditionally (a used link's `usedNow`, a guarded UPDATE) mails only when it happened. With
 * `fill`, the subject and bodies get the batch's value (and the mail exists only when that value does).
 */
export function conditionalOutboxStatement(db: Database, mail: OutgoingMail, now: Date, condition: SQL, fill?: BatchFill) {
  const row = outboxRow(mail, now);
  const filled = (text: string) => (fill ? sql`replace(${text}, ${fill.placeholder}, ${fill.value})` : sql`${text}`);
  const selected = db
    // Every column, in the table's order (drizzle's insert-select).
    .select({
      id: sql`null`.as("id"),
      key: sql`${row.key}`.as("key"),
      kind: sql`${row.kind}`.as("kind"),
      toAddress: sql`${row.toAddress}`.as("to_address"),
      userId: sql`${row.userId}`.as("user_id"),
      subject: filled(row.subject).as("subject"),
      html: filled(row.html).as("html"),
      textBody: filled(row.textBody).as("text_body"),
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
      replyTo: sql`${row.replyTo}`.as("reply_to"),
    })
    .from(sql`(select 1)`)
    // A WHERE is required anyway: it tells SQLite that the ON CONFLICT below belongs to the INSERT.
    .where(fill ? and(condition, sql`${fill.value} is not null`) : condition);
  return db.insert(mailOutbox).select(selected).onConflictDoNothing({ target: mailOutbox.key });
}

/** A message as the outbox listings show it (no bodies). */
export interface OutboxRow {
  id: number;
  key: string;
  kind: string;
  toAddress: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  sensitive: boolean;
  createdAt: string;
  sentAt: string | null;
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
  sensitive: mailOutbox.sensitive,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
};

const OUTBOX_SOURCE: ListingSource<MailOutboxSort> = {
  scope: undefined,
  sortColumns: { date_created: mailOutbox.createdAt, sent: mailOutbox.sentAt, attempts: mailOutbox.attempts },
  idColumn: mailOutbox.id,
  filters: {
    status: equalsFilter(mailOutbox.status),
    to: likeFilter(mailOutbox.toAddress),
    kind: equalsFilter(mailOutbox.kind),
    date_created: betweenDaysFilter(mailOutbox.createdAt),
  },
};

/** One page of the outbox (newest first unless asked otherwise), in one D1 round trip. */
export async function listOutbox(db: Database, query: ListingQuery<MailOutboxSort>): Promise<ListingPage<OutboxRow, MailOutboxSort>> {
  return loadListingPage(MAIL_OUTBOX_LISTING, query, OUTBOX_SOURCE, async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(mailOutbox).where(where),
      db
        .select(outboxColumns)
        .from(mailOutbox)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null })),
    };
  });
}

/** One message with its delivery record and, unless withheld, its bodies (`body` null). */
export interface OutboxMessage extends OutboxRow {
  /** Where the customer's answer goes (the ticket's support address); null for a send-only mail. */
  replyTo: string | null;
  providerMessageId: string | null;
  nextAttemptAt: string;
  /**
   * The bodies: the HTML part as stored (shown as source) and sanitised for showing it rendered in a page,
   * the text part, and the HTML part's links (followed from the dev mailbox).
   */
  body: { html: string; rendered: string; text: string; links: { text: string; href: string }[] } | null;
}

/**
 * One message. A sensitive message's bodies (a reset or verification link) come only with the secret its
 * links are completed with (`showSensitiveWith`, the local dev mailbox, which shows the mail as it was
 * sent); staff never get them.
 */
export async function findOutboxMessage(db: Database, id: number, options: { showSensitiveWith: string | null }): Promise<OutboxMessage | null> {
  const row = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).get();
  if (!row) return null;
  const secret = options.showSensitiveWith;
  const [html, text] = !row.sensitive
    ? [row.html, row.textBody]
    : secret != null
      ? await Promise.all([completeMailedLinks(row.html, secret), completeMailedLinks(row.textBody, secret)])
      : [null, null];
  return {
    id: row.id,
    key: row.key,
    kind: row.kind,
    toAddress: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sensitive: row.sensitive,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    replyTo: row.replyTo,
    providerMessageId: row.providerMessageId,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    body: html != null && text != null ? { html, rendered: sanitizeRichText(html), text, links: mailLinks(html) } : null,
  };
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
