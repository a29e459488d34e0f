/**
 * Writing a newsletter issue to the outbox: one mail per member who wants it, keyed by issue and member
 * (the same issue sent twice writes each mail once), each carrying that member's own unsubscribe link.
 * Written in batches; a member who unsubscribed between the listing and the write gets none (the insert
 * is conditioned on the choice as it is then).
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { NewsletterIssue } from "~/core/mail/newsletter-issue";
import type { Database } from "~/db/client.server";
import { mailOutbox, users } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { newsletterMail } from "~/mail/newsletter-mails";
import { conditionalOutboxStatement } from "./mail-outbox.server";

/** Statements per D1 batch: each renders one mail, so a batch stays well inside a request's limits. */
const BATCH_SIZE = 50;

export interface NewsletterRecipient {
  userId: number;
  email: string;
  name: string;
}

/** The members who want the newsletter (customers who have not left). */
export async function newsletterRecipients(db: Database): Promise<NewsletterRecipient[]> {
  const rows = await db
    .select({ userId: users.id, email: users.email, lastname: users.lastname, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.newsletter, true), eq(users.role, "customer"), isNull(users.withdrawnAt)))
    .orderBy(users.id);
  return rows.map(({ lastname, firstname, ...row }) => ({ ...row, name: `${lastname} ${firstname}` }));
}

/** Writes the issue for each recipient (with the link from `unsubscribeUrl`); answers the keys written now. */
export async function writeNewsletterIssue(
  db: Database,
  issue: NewsletterIssue,
  recipients: (NewsletterRecipient & { unsubscribeUrl: string })[],
  frame: Omit<EmailFrame, "unsubscribeUrl">,
  now: Date,
): Promise<string[]> {
  const written: string[] = [];
  for (let start = 0; start < recipients.length; start += BATCH_SIZE) {
    const chunk = recipients.slice(start, start + BATCH_SIZE);
    const statements = chunk.map((recipient) =>
      conditionalOutboxStatement(
        db,
        {
          key: `newsletter:${issue.issue}:${recipient.userId}`,
          kind: "newsletter",
          to: recipient.email,
          userId: recipient.userId,
          template: newsletterMail(issue, recipient.name),
          frame: { ...frame, unsubscribeUrl: recipient.unsubscribeUrl },
        },
        now,
        sql`exists (select 1 from ${users} where ${users.id} = ${recipient.userId} and ${users.newsletter} = 1 and ${users.withdrawnAt} is null)`,
      ).returning({ key: mailOutbox.key }),
    );
    const [first, ...rest] = statements;
    if (!first) continue;
    const results = await db.batch([first, ...rest]);
    for (const rows of results) written.push(...rows.map((row) => row.key));
  }
  return written;
}
