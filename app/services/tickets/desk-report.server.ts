/**
 * The desk report's reads (issue 36 item 10), in one D1 round trip: the tickets opened in the period (by
 * `tickets_created_idx`) with their first staff answer, owner and satisfaction answer; the closes per Japanese
 * day (by `tickets_status_idx`); the latest comments. Merged duplicates are left out. The figures are
 * app/core/tickets/desk-report.ts's.
 */
import { and, desc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { alias, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { DAY_MS, JST_OFFSET_MS } from "~/core/dates";
import { deskReport, type DeskReport, type ReportTicket } from "~/core/tickets/desk-report";
import type { ReportPeriod } from "~/core/reports/report-period";
import { staffName } from "~/core/tickets/ticket-owners";
import type { Database } from "~/db/client.server";
import { ticketMessages, ticketRatings, tickets, users } from "~/db/schema";

/** How many of the latest comments the report shows. */
const LATEST_COMMENTS = 10;

const owner = alias(users, "owner");
/** A timestamp column as its stored milliseconds (no Date made per row). */
const ms = (column: AnySQLiteColumn) => sql<number | null>`${column}`;

function openedQuery(db: Database, period: ReportPeriod) {
  // The first staff message (ticket_messages_ticket_idx), unless the desk recorded the first response itself.
  const firstStaffMessage = sql<
    number | null
  >`coalesce(${tickets.firstRespondedAt}, (select min(${ticketMessages.dateCreated}) from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id} and ${ticketMessages.fromadmin} is not null))`;
  return db
    .select({
      createdAt: ms(tickets.createdAt),
      closedAt: ms(tickets.closedAt),
      category: tickets.category,
      ownerId: tickets.ownerId,
      ownerLastname: owner.lastname,
      ownerFirstname: owner.firstname,
      firstResponseAt: firstStaffMessage,
      firstResponseDueAt: ms(tickets.firstResponseDueAt),
      resolutionDueAt: ms(tickets.resolutionDueAt),
      satisfactionMailedAt: ms(tickets.satisfactionMailedAt),
      score: ticketRatings.score,
      resolved: ticketRatings.resolved,
    })
    .from(tickets)
    .leftJoin(owner, eq(owner.id, tickets.ownerId))
    .leftJoin(ticketRatings, eq(ticketRatings.ticketId, tickets.id))
    .where(and(gte(tickets.createdAt, period.start), lt(tickets.createdAt, period.end), isNull(tickets.mergedIntoId)));
}

/**
 * Closes per Japanese day (days since 1970-01-01 JST). A ticket closed in the period is `close` and was updated
 * no earlier than its close, so the (status, updated_at) index narrows the read to the period's closes.
 */
function closedQuery(db: Database, period: ReportPeriod) {
  // Integer literals (a bound JS number is a REAL to D1, and the division must be whole days).
  const day = sql<number>`(${tickets.closedAt} + ${sql.raw(String(JST_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))}`;
  return db
    .select({ day, count: sql<number>`count(*)` })
    .from(tickets)
    .where(
      and(
        eq(tickets.status, "close"),
        gte(tickets.updatedAt, period.start),
        gte(tickets.closedAt, period.start),
        lt(tickets.closedAt, period.end),
        isNull(tickets.mergedIntoId),
      ),
    )
    .groupBy(day);
}

function commentsQuery(db: Database, period: ReportPeriod) {
  return db
    .select({
      ticketId: ticketRatings.ticketId,
      score: ticketRatings.score,
      resolved: ticketRatings.resolved,
      comment: ticketRatings.comment,
      createdAt: ticketRatings.createdAt,
    })
    .from(ticketRatings)
    .innerJoin(tickets, eq(tickets.id, ticketRatings.ticketId))
    .where(and(gte(tickets.createdAt, period.start), lt(tickets.createdAt, period.end), isNull(tickets.mergedIntoId), isNotNull(ticketRatings.comment)))
    .orderBy(desc(ticketRatings.createdAt), desc(ticketRatings.ticketId))
    .limit(LATEST_COMMENTS);
}

export interface RatingComment {
  ticketId: number;
  score: number;
  resolved: boolean | null;
  comment: string;
  createdAt: Date;
}

/** The report's reads for a period (each walks an index, never the whole table: a test pins their plans). */
export function deskReportStatements(db: Database, period: ReportPeriod) {
  return { opened: openedQuery(db, period), closed: closedQuery(db, period), comments: commentsQuery(db, period) };
}

/** The period's report and latest comments (`now`: what "still open past the due time" is measured against). */
export async function loadDeskReport(db: Database, period: ReportPeriod, now: Date): Promise<{ report: DeskReport; comments: RatingComment[] }> {
  const reads = deskReportStatements(db, period);
  const [opened, closed, comments] = await db.batch([reads.opened, reads.closed, reads.comments]);
  const rows: ReportTicket[] = opened.map((row) => ({
    createdAt: row.createdAt!,
    closedAt: row.closedAt,
    category: row.category,
    ownerId: row.ownerId,
    ownerName: row.ownerLastname == null ? null : staffName({ lastname: row.ownerLastname, firstname: row.ownerFirstname ?? "" }),
    firstResponseAt: row.firstResponseAt,
    firstResponseDueAt: row.firstResponseDueAt,
    resolutionDueAt: row.resolutionDueAt,
    satisfactionMailed: row.satisfactionMailedAt != null,
    score: row.score,
    resolved: row.resolved,
  }));
  const closedByDay = new Map(closed.map((row) => [new Date(Number(row.day) * DAY_MS).toISOString().slice(0, 10), Number(row.count)]));
  return {
    report: deskReport(rows, closedByDay, period, now),
    comments: comments.map((row) => ({ ...row, comment: row.comment ?? "" })),
  };
}
