/**
 * The satisfaction survey after a ticket closes (issue 36 item 10, decision 0048). Every path that closes a
 * ticket puts `satisfactionMailStatements` after its closing UPDATE in the same D1 batch: the mail is written
 * only while the ticket is closed, not merged and not asked before (`satisfaction_mailed_at IS NULL`), and
 * the same batch sets that column, so closing twice, at once, or again after a reopening asks once. The
 * mail's signed links open /support/rating/{id} without a login; only its form's POST records the one vote.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { daysAfter } from "~/core/dates";
import { ticketReplyAddress } from "~/core/tickets/reply-mail";
import {
  choiceParam,
  RESOLVED_CHOICES,
  SATISFACTION_LINK_DAYS,
  SATISFACTION_PATH,
  SATISFACTION_SCORES,
  satisfactionLinkText,
  satisfactionMailKey,
  type SatisfactionChoice,
  type SatisfactionVote,
} from "~/core/tickets/satisfaction";
import type { Database } from "~/db/client.server";
import { ticketRatings, tickets } from "~/db/schema";
import { satisfactionRequestMail } from "~/mail/ticket-mails";
import { conditionalOutboxStatement } from "../mail/mail-outbox.server";
import { signText, verifySignedText } from "../signatures.server";
import type { ReplyMailContext } from "./reply-mail.server";

/** The closed ticket the survey is about: its customer and reply address. */
export interface SurveyedTicket {
  id: number;
  /** Null for a guest's ticket. */
  userId: number | null;
  email: string;
  lastname: string;
  firstname: string;
  replyToken: string | null;
}

/** The signed survey link for one choice, absolute (it is read in a mail). */
async function surveyUrl(origin: string, ticketId: number, expiresAt: number, choice: SatisfactionChoice, secret: string): Promise<string> {
  const signature = await signText(satisfactionLinkText(ticketId, expiresAt), secret);
  const query = new URLSearchParams({ e: String(expiresAt), s: signature, c: choiceParam(choice) });
  return `${origin}${SATISFACTION_PATH}/${ticketId}?${query}`;
}

/** Whether the ticket may be asked now: closed, not a merged duplicate, never asked (checked when the statement runs). */
const askable = (ticketId: number) =>
  sql`exists (select 1 from ${tickets} where ${tickets.id} = ${ticketId} and ${tickets.status} = 'close' and ${tickets.mergedIntoId} is null and ${tickets.satisfactionMailedAt} is null)`;

/**
 * The statements that ask the customer once, to put after the closing UPDATE in its batch, and the mail's
 * outbox key (to dispatch once the batch has committed; nothing is sent when the guard said no).
 */
export async function satisfactionMailStatements(
  db: Database,
  ticket: SurveyedTicket,
  mail: ReplyMailContext,
  now: Date,
): Promise<{ statements: [BatchItem<"sqlite">, BatchItem<"sqlite">]; mailKey: string }> {
  const until = daysAfter(now, SATISFACTION_LINK_DAYS);
  const link = (choice: SatisfactionChoice) => surveyUrl(mail.origin, ticket.id, until.getTime(), choice, mail.linkSecret);
  const template = satisfactionRequestMail({
    ticketId: ticket.id,
    customer: ticket,
    scoreLinks: await Promise.all(SATISFACTION_SCORES.map(async ({ score, label }) => ({ label: `${score} ${label}`, url: await link({ score }) }))),
    resolvedLinks: await Promise.all(RESOLVED_CHOICES.map(async ({ resolved, label }) => ({ label, url: await link({ resolved }) }))),
    until,
  });
  const key = satisfactionMailKey(ticket.id);
  const frame = { origin: mail.origin, replyTo: ticketReplyAddress(mail.supportAddress, ticket.replyToken), shop: mail.shop };
  return {
    statements: [
      conditionalOutboxStatement(db, { key, kind: "ticket_satisfaction", to: ticket.email, userId: ticket.userId, template, frame }, now, askable(ticket.id)),
      db
        .update(tickets)
        .set({ satisfactionMailedAt: now })
        .where(and(eq(tickets.id, ticket.id), eq(tickets.status, "close"), isNull(tickets.mergedIntoId), isNull(tickets.satisfactionMailedAt))),
    ],
    mailKey: key,
  };
}

/** A survey link as it arrived: the ticket it names, its expiry and signature. */
export interface SurveyLink {
  ticketId: number;
  expiresAt: number;
  signature: string;
}

export type SurveyRefusal = { ok: false; reason: "invalid" | "expired" };

async function refusalOf(link: SurveyLink, secret: string, now: Date): Promise<SurveyRefusal | null> {
  if (!(await verifySignedText(satisfactionLinkText(link.ticketId, link.expiresAt), link.signature, secret))) return { ok: false, reason: "invalid" };
  return link.expiresAt <= now.getTime() ? { ok: false, reason: "expired" } : null;
}

function surveyTicketQuery(db: Database, ticketId: number) {
  return db
    .select({ id: tickets.id, mergedIntoId: tickets.mergedIntoId, rated: ticketRatings.ticketId })
    .from(tickets)
    .leftJoin(ticketRatings, eq(ticketRatings.ticketId, tickets.id))
    .where(eq(tickets.id, ticketId));
}

/** What opening a link shows (a GET writes nothing: mail scanners open links): whether it was answered already. */
export async function openSurvey(db: Database, link: SurveyLink, secret: string, now: Date): Promise<{ ok: true; answered: boolean } | SurveyRefusal> {
  const refusal = await refusalOf(link, secret, now);
  if (refusal) return refusal;
  const [ticket] = await surveyTicketQuery(db, link.ticketId);
  if (!ticket || ticket.mergedIntoId != null) return { ok: false, reason: "invalid" };
  return { ok: true, answered: ticket.rated != null };
}

/**
 * The survey form's vote: one row per ticket (INSERT … ON CONFLICT DO NOTHING on its key), so a second answer,
 * or two at once, changes nothing; `recorded` false then.
 */
export async function recordVote(
  db: Database,
  link: SurveyLink,
  vote: SatisfactionVote,
  secret: string,
  now: Date,
): Promise<{ ok: true; recorded: boolean } | SurveyRefusal> {
  const refusal = await refusalOf(link, secret, now);
  if (refusal) return refusal;
  const [inserted, [ticket]] = await db.batch([
    db
      .insert(ticketRatings)
      .select(
        db
          // Every column, in the table's order (drizzle's insert-select); no row for a missing or merged ticket.
          .select({
            ticketId: tickets.id,
            resolved: sql`${vote.resolved == null ? null : vote.resolved ? 1 : 0}`.as("resolved"),
            score: sql`${vote.score}`.as("score"),
            comment: sql`${vote.comment}`.as("comment"),
            createdAt: sql`${now.getTime()}`.as("created_at"),
          })
          .from(tickets)
          .where(and(eq(tickets.id, link.ticketId), isNull(tickets.mergedIntoId))),
      )
      .onConflictDoNothing({ target: ticketRatings.ticketId }),
    surveyTicketQuery(db, link.ticketId),
  ]);
  if (!ticket || ticket.mergedIntoId != null) return { ok: false, reason: "invalid" };
  return { ok: true, recorded: inserted.meta.changes === 1 };
}

/** The customer's answer, for the staff ticket page's batch (`limit` 0 where the viewer is not staff). */
export function ratingQuery(db: Database, ticketId: number, limit: number) {
  return db
    .select({ score: ticketRatings.score, resolved: ticketRatings.resolved, comment: ticketRatings.comment, createdAt: ticketRatings.createdAt })
    .from(ticketRatings)
    .where(eq(ticketRatings.ticketId, ticketId))
    .limit(limit);
}

export type TicketRating = Awaited<ReturnType<typeof ratingQuery>>[number];
