/**
 * A support ticket's status (spec §4, §9): staff close it or ask the customer whether it is solved, the
 * customer answers, and the hourly job closes tickets left unanswered for 7 days. Each change that tells
 * the customer writes its notification mail in the same D1 batch; each close also asks the customer, once, how
 * it went (satisfaction.server.ts), in the closing batch.
 */
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import { answerConfirmation, confirmationDeadline, confirmationRequestProblem, TICKET_TEXT, type ConfirmationAnswer } from "~/core/tickets/tickets";
import type { TicketConfirmation, TicketStatus } from "~/core/tickets/ticket-labels";
import type { Database } from "~/db/client.server";
import { notificationMails, tickets, users } from "~/db/schema";
import { autoClosedMail, confirmationRequestMail, ticketClosedMail } from "~/mail/ticket-mails";
import { memberMailStatements, notificationOf } from "../mail/mails.server";
import { purgeOrphanMedia } from "../media.server";
import type { ReplyMailContext } from "./reply-mail.server";
import { satisfactionMailStatements } from "./satisfaction.server";
import { customerOfTicket, ticketCustomerColumns } from "./ticket-customer.server";
import { fail, visibleTicket, type TicketFailure, type Viewer } from "./tickets.server";

export type StaffActionResult = { ok: true; mailKey?: string } | TicketFailure;

/** The ticket a staff action is on; null (404) when it does not exist or the viewer is not staff. */
async function staffTicket(db: Database, staff: Viewer, ticketId: number) {
  return staff.role === "staff" ? visibleTicket(db, ticketId, staff) : null;
}

/** Staff close a ticket (the reply box disappears); the customer gets a notice and the satisfaction mail. */
export async function closeTicket(db: Database, staff: Viewer, ticketId: number, mail: ReplyMailContext, now: Date = new Date()): Promise<StaffActionResult> {
  const ticket = await staffTicket(db, staff, ticketId);
  if (!ticket) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  if (ticket.status === "close") return { ok: true };
  const survey = await satisfactionMailStatements(db, ticket, mail, now);
  await db.batch([
    db
      .update(tickets)
      .set({ status: "close", closedAt: now, updatedAt: now })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "doing"))),
    ...memberMailStatements(db, ticket.userId, ticketClosedMail({ ticketId, customer: ticket }), now),
    ...survey.statements,
  ]);
  return { ok: true, mailKey: survey.mailKey };
}

/** Staff have phoned the customer: the 「電話で連絡」 task is done (a second click changes nothing). */
export async function completeCallTask(db: Database, staff: Viewer, ticketId: number): Promise<StaffActionResult> {
  const ticket = await staffTicket(db, staff, ticketId);
  if (!ticket) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  await db
    .update(tickets)
    .set({ callRequestedAt: null })
    .where(and(eq(tickets.id, ticketId), isNotNull(tickets.callRequestedAt)));
  return { ok: true };
}

/**
 * Staff issue the ticket a new reply address (a mail forwarded to the wrong person, a leaked address): the old
 * token stops matching at once; the next mails carry the new one.
 */
export async function reissueReplyAddress(db: Database, staff: Viewer, ticketId: number): Promise<StaffActionResult> {
  const ticket = await staffTicket(db, staff, ticketId);
  if (!ticket) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  await db
    .update(tickets)
    .set({ replyToken: sql`lower(hex(randomblob(16)))` })
    .where(eq(tickets.id, ticketId));
  return { ok: true };
}

/** Staff ask the customer whether the problem is solved (confirmation waiting); the customer gets a mail. */
export async function requestConfirmation(db: Database, staff: Viewer, ticketId: number, now: Date = new Date()): Promise<StaffActionResult> {
  const ticket = await staffTicket(db, staff, ticketId);
  if (!ticket) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const problem = confirmationRequestProblem(ticket, ticket.userId == null);
  if (problem) return fail(409, "confirmation", problem);
  await db.batch([
    db
      .update(tickets)
      .set({ confirmation: "waiting", confirmationRequestedAt: now, updatedAt: now })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "doing"))),
    ...memberMailStatements(db, ticket.userId, confirmationRequestMail({ ticketId, customer: ticket }), now),
  ]);
  return { ok: true };
}

export type ConfirmationResult = { ok: true; status: TicketStatus; confirmation: TicketConfirmation; notice: string; mailKey: string | null } | TicketFailure;

/** The customer answers the resolution request (only the ticket's customer, only while waiting). */
export async function answerTicketConfirmation(
  db: Database,
  customer: Viewer,
  ticketId: number,
  answer: ConfirmationAnswer,
  mail: ReplyMailContext,
  now: Date = new Date(),
): Promise<ConfirmationResult> {
  const ticket = await visibleTicket(db, ticketId, customer);
  if (!ticket || ticket.userId !== customer.id) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const decided = answerConfirmation(ticket, answer);
  if (!decided.ok) return fail(409, "confirmation", decided.error);
  const { next } = decided;
  // 解決した closes the ticket: the satisfaction mail goes in the same batch.
  const survey = next.closes ? await satisfactionMailStatements(db, ticket, mail, now) : null;
  const [result] = await db.batch([
    db
      .update(tickets)
      .set({ status: next.status, confirmation: next.confirmation, updatedAt: now, ...(next.closes ? { closedAt: now } : {}) })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "doing"), eq(tickets.confirmation, "waiting"))),
    ...(survey?.statements ?? []),
  ]);
  if (result.meta.changes !== 1) return fail(409, "confirmation", TICKET_TEXT.confirmationNotWaiting);
  const confirmation = next.confirmation as TicketConfirmation;
  return { ok: true, status: next.status, confirmation, notice: TICKET_TEXT.confirmationNotified, mailKey: survey?.mailKey ?? null };
}

/**
 * The scheduled job: tickets waiting for the customer's answer for 7 days close themselves, each with a
 * notification mail, in one batch (the conditional update makes a second run a no-op).
 */
async function autoCloseExpiredConfirmations(db: Database, mailContext: ReplyMailContext, now: Date): Promise<number[]> {
  const deadline = confirmationDeadline(now);
  const due = await db
    .select({
      id: tickets.id,
      userId: tickets.userId,
      ...ticketCustomerColumns,
      replyToken: tickets.replyToken,
    })
    .from(tickets)
    .leftJoin(users, customerOfTicket)
    .where(and(eq(tickets.confirmation, "waiting"), eq(tickets.status, "doing"), lte(tickets.confirmationRequestedAt, deadline)))
    .limit(50);
  const closed: number[] = [];
  for (const ticket of due) {
    const mail = notificationOf(autoClosedMail({ ticketId: ticket.id, customer: ticket }));
    const survey = await satisfactionMailStatements(db, ticket, mailContext, now);
    const [update] = await db.batch([
      db
        .update(tickets)
        .set({ status: "close", closedAt: now, updatedAt: now })
        .where(
          and(eq(tickets.id, ticket.id), eq(tickets.status, "doing"), eq(tickets.confirmation, "waiting"), lte(tickets.confirmationRequestedAt, deadline)),
        ),
      // The mail only when the update above closed the ticket (changes() = 1): a second run mails nobody.
      db.insert(notificationMails).select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            userId: tickets.userId,
            title: sql<string>`${mail.title}`.as("title"),
            content: sql<string>`${mail.content}`.as("content"),
            readed: sql<number | null>`null`.as("readed"),
            dateCreated: sql<number>`${now.getTime()}`.as("date_created"),
          })
          .from(tickets)
          // A guest's ticket has no member to keep the notice (their satisfaction mail still goes).
          .where(and(eq(tickets.id, ticket.id), isNotNull(tickets.userId), sql`changes() = 1`)),
      ),
      // Delivered by the mail sweep (the scheduled job has no request to dispatch from).
      ...survey.statements,
    ]);
    if (update.meta.changes === 1) closed.push(ticket.id);
  }
  return closed;
}

/**
 * The Worker's scheduled job (server.ts `scheduled`, wrangler.toml [triggers]): closes tickets left waiting
 * for confirmation 7 days (with their mails) and purges uploads never sent. `now` is the cron's time.
 */
export async function runTicketMaintenance(
  db: Database,
  bucket: R2Bucket,
  mail: ReplyMailContext,
  now: Date,
): Promise<{ closed: number[]; purgedMedia: number }> {
  const closed = await autoCloseExpiredConfirmations(db, mail, now);
  const purgedMedia = await purgeOrphanMedia(db, bucket, now);
  return { closed, purgedMedia };
}
