/**
 * Sending what the outbox holds. A sender first CLAIMS a message with a conditional UPDATE (only a
 * pending message that is due, or one whose earlier claim timed out), so the queue consumer, a redelivered
 * queue message and the scheduled sweep can never send the same message twice at once; a sent message is
 * never claimed again. A failure puts the message back with a later time (app/core/mail/mail-outbox.ts), and
 * after the last attempt keeps it as `failed` with its error, for staff to see and resend.
 */
import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import { describeMailError, MAIL_CLAIM_TIMEOUT_MS, nextAttemptAfterFailure } from "~/core/mail/mail-outbox";
import type { Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { completeMailedLinks } from "../account/account-tokens.server";

/** What sends a message: Cloudflare Email Service's `send_email` binding, or the local mailbox. */
export interface Mailer {
  send(message: {
    from: string;
    to: string;
    subject: string;
    html: string;
    text: string;
    replyTo?: string;
    headers?: Record<string, string>;
  }): Promise<{ messageId: string }>;
}

/**
 * Who sends: the mailer, the shop's From address, and the secret a sensitive mail's links are completed with
 * as it goes out (SESSION_SECRET; the stored mail carries no sign-in secret, see account-tokens.server.ts).
 */
export interface MailSender {
  mailer: Mailer;
  from: string;
  linkSecret: string;
  /**
   * Where an answer to any mail goes unless the mail names its own (a ticket's address): the support desk, so a
   * customer answering an order or shipping mail reaches people (issue 36; the desk matches the answer to the
   * mail by its Message-ID, kept as providerMessageId). Absent: no Reply-To.
   */
  supportAddress?: string;
}

export type DeliveryOutcome =
  /** Sent now. */
  | { status: "sent" }
  /** Failed; tried again at `retryAt`. */
  | { status: "retry"; retryAt: Date }
  /** Failed for the last time. */
  | { status: "failed" }
  /** Nothing to do: already sent, being sent by another sender, failed for good, not due yet, or unknown. */
  | { status: "skipped" };

function claimable(now: Date) {
  const stale = new Date(now.getTime() - MAIL_CLAIM_TIMEOUT_MS);
  return or(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)), and(eq(mailOutbox.status, "sending"), lte(mailOutbox.claimedAt, stale)));
}

/** Claims, sends and records one message, named by its key. */
export async function deliverMail(db: Database, { mailer, from, linkSecret, supportAddress }: MailSender, key: string, now: Date): Promise<DeliveryOutcome> {
  const message = await db
    .update(mailOutbox)
    .set({ status: "sending", claimedAt: now, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.key, key), claimable(now)))
    .returning()
    .get();
  if (!message) return { status: "skipped" };
  const mine = and(eq(mailOutbox.id, message.id), eq(mailOutbox.status, "sending"), eq(mailOutbox.claimedAt, now));
  try {
    const headers: Record<string, string> = {};
    if (message.unsubscribeUrl) {
      headers["List-Unsubscribe"] = `<${message.unsubscribeUrl}>`;
      headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
    }
    const [html, text] = message.sensitive
      ? await Promise.all([completeMailedLinks(message.html, linkSecret), completeMailedLinks(message.textBody, linkSecret)])
      : [message.html, message.textBody];
    const replyTo = message.replyTo ?? supportAddress;
    const { messageId } = await mailer.send({ from, to: message.toAddress, subject: message.subject, html, text, replyTo, headers });
    await db.update(mailOutbox).set({ status: "sent", sentAt: now, providerMessageId: messageId, claimedAt: null, lastError: null }).where(mine);
    return { status: "sent" };
  } catch (error) {
    const retryAt = nextAttemptAfterFailure(message.attempts, now);
    await db
      .update(mailOutbox)
      .set({ status: retryAt ? "pending" : "failed", nextAttemptAt: retryAt ?? now, claimedAt: null, lastError: describeMailError(error) })
      .where(mine);
    return retryAt ? { status: "retry", retryAt } : { status: "failed" };
  }
}

/**
 * The sweep behind the queue: every message that is due (never enqueued because the queue was down, or
 * whose queue retries ran out) is delivered now, oldest first, at most `limit` per run.
 */
export async function deliverDueMail(db: Database, sender: MailSender, now: Date, limit = 50): Promise<DeliveryOutcome[]> {
  const due = await db.select({ key: mailOutbox.key }).from(mailOutbox).where(claimable(now)).orderBy(asc(mailOutbox.nextAttemptAt)).limit(limit);
  const outcomes: DeliveryOutcome[] = [];
  for (const { key } of due) outcomes.push(await deliverMail(db, sender, key, now));
  return outcomes;
}

/** Local runs without the `send_email` binding (the Vite dev server, tests): the outbox is the mailbox. */
export const LOCAL_MAILBOX: Mailer = {
  send: () => Promise.resolve({ messageId: "local" }),
};
