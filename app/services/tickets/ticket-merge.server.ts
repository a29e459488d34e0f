/**
 * Merging a duplicate ticket into another of the same customer's (issue 36 item 9, decision 0047): one D1
 * batch whose SQL carries the guards (neither merged yet, same customer, not itself), so two merges at once
 * (A→B twice, or A→B with B→A) apply once and never make a cycle. The target keeps the source's request as a
 * note (「#12 から統合：…」), gets its messages (with their read marks), notes, notices, tags (up to the
 * ticket's limit), order lines, drafts and received mails, its order and owner when it has none, and opens
 * again when the source was open; the source closes with merged_into_id. No mail: the customer is told
 * nothing, and the source is marked as asked for its rating so no satisfaction mail ever follows.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { MERGE_TEXT, mergeNoteHeading, mergeRefusal, type MergeSide } from "~/core/tickets/ticket-merge";
import { TAGS_PER_TICKET } from "~/core/tickets/ticket-tags";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { inboundMails, staffNotices, ticketMessages, ticketNotes, ticketOrderLines, ticketReplyDrafts, tickets, ticketTags } from "~/db/schema";
import { fail, type TicketFailure, type Viewer } from "./tickets.server";

export type MergeResult = { ok: true; targetId: number } | TicketFailure;

/** Both tickets as they stand: unmerged, the same customer's, two of them. */
/** Tickets `s` and `t` are the same customer's: the same member, or the same guest address (decision 0052). */
const sameCustomer = sql`s.user_id is t.user_id and s.guest_email is t.guest_email`;

const mayMerge = (sourceId: number, targetId: number) =>
  sql`${sourceId} <> ${targetId} and exists (select 1 from ${tickets} as s join ${tickets} as t on t.id = ${targetId}
    where s.id = ${sourceId} and s.merged_into_id is null and t.merged_into_id is null and ${sameCustomer})`;

/** The source is merged into the target (by this batch or an earlier one): what moves keeps following it. */
const isMerged = (sourceId: number, targetId: number) =>
  sql`exists (select 1 from ${tickets} as s where s.id = ${sourceId} and s.merged_into_id = ${targetId})`;

/** Statements moving the source's rows of a ticket_id table to the target, once the source is merged. */
function moveRows(db: Database, sourceId: number, targetId: number, merged: SQL) {
  return [
    db
      .update(ticketMessages)
      .set({ ticketId: targetId })
      .where(and(eq(ticketMessages.ticketId, sourceId), merged)),
    db
      .update(ticketNotes)
      .set({ ticketId: targetId })
      .where(and(eq(ticketNotes.ticketId, sourceId), merged)),
    db
      .update(staffNotices)
      .set({ ticketId: targetId })
      .where(and(eq(staffNotices.ticketId, sourceId), merged)),
    db
      .update(ticketReplyDrafts)
      .set({ ticketId: targetId })
      .where(and(eq(ticketReplyDrafts.ticketId, sourceId), merged)),
    db
      .update(inboundMails)
      .set({ ticketId: targetId })
      .where(and(eq(inboundMails.ticketId, sourceId), merged)),
    // Tickets merged into the source before now lead to the target: a merged ticket is never a target.
    db
      .update(tickets)
      .set({ mergedIntoId: targetId })
      .where(and(eq(tickets.mergedIntoId, sourceId), merged)),
    db
      .insert(ticketOrderLines)
      .select(
        db
          .select({ ticketId: sql<number>`${targetId}`.as("ticket_id"), orderLineId: ticketOrderLines.orderLineId })
          .from(ticketOrderLines)
          .where(and(eq(ticketOrderLines.ticketId, sourceId), merged)),
      )
      .onConflictDoNothing(),
    db.delete(ticketOrderLines).where(and(eq(ticketOrderLines.ticketId, sourceId), merged)),
  ];
}

/**
 * The source's tags the target lacks, oldest first, as many as the target has room for (TAGS_PER_TICKET);
 * the rest are dropped with the source's (the merge note names the source, whose tags are not kept).
 */
function moveTags(db: Database, sourceId: number, targetId: number, merged: SQL) {
  const lacking = sql`o.ticket_id = ${sourceId} and o.tag not in (select tag from ${ticketTags} where ticket_id = ${targetId})`;
  const before = sql`(select count(*) from ${ticketTags} as o where ${lacking} and (o.created_at, o.tag) < (${ticketTags.createdAt}, ${ticketTags.tag}))`;
  const room = sql`${TAGS_PER_TICKET} - (select count(*) from ${ticketTags} where ticket_id = ${targetId})`;
  return [
    db
      .insert(ticketTags)
      .select(
        db
          .select({ ticketId: sql<number>`${targetId}`.as("ticket_id"), tag: ticketTags.tag, createdAt: ticketTags.createdAt })
          .from(ticketTags)
          .where(and(eq(ticketTags.ticketId, sourceId), merged, sql`${before} < ${room}`)),
      )
      .onConflictDoNothing(),
    db.delete(ticketTags).where(and(eq(ticketTags.ticketId, sourceId), merged)),
  ];
}

/** Staff merge ticket `sourceId` into `targetId`; refused (nothing changed) with the reason in Japanese. */
export async function mergeTicket(db: Database, staff: Viewer, sourceId: number, targetId: number, now: Date = new Date()): Promise<MergeResult> {
  if (staff.role !== "staff") return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  if (sourceId === targetId) return fail(400, "merge", MERGE_TEXT.self);
  const may = mayMerge(sourceId, targetId);
  const merged = isMerged(sourceId, targetId);
  const sourceOpen = sql`(select s.status from ${tickets} as s where s.id = ${sourceId}) = 'doing' and ${tickets.status} = 'close'`;
  const fromSource = (column: AnySQLiteColumn) => sql`(select s.${sql.identifier(column.name)} from ${tickets} as s where s.id = ${sourceId})`;
  const [, , applied, ...rest] = await db.batch([
    db.insert(ticketNotes).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          ticketId: sql<number>`${targetId}`.as("ticket_id"),
          authorId: sql<number>`${staff.id}`.as("author_id"),
          body: sql<string>`${mergeNoteHeading(sourceId)} || ${tickets.category} || '・' || ${tickets.trouble} || char(10) || ${tickets.description}`.as(
            "body",
          ),
          createdAt: sql<number>`${now.getTime()}`.as("created_at"),
        })
        .from(tickets)
        .where(and(eq(tickets.id, sourceId), may)),
    ),
    db
      .update(tickets)
      .set({
        status: sql`case when ${sourceOpen} then 'doing' else ${tickets.status} end`,
        closedAt: sql`case when ${sourceOpen} then null else ${tickets.closedAt} end`,
        confirmation: sql`case when ${sourceOpen} then null else ${tickets.confirmation} end`,
        confirmationRequestedAt: sql`case when ${sourceOpen} then null else ${tickets.confirmationRequestedAt} end`,
        ownerId: sql`coalesce(${tickets.ownerId}, ${fromSource(tickets.ownerId)})`,
        orderId: sql`coalesce(${tickets.orderId}, ${fromSource(tickets.orderId)})`,
        updatedAt: now,
      })
      .where(and(eq(tickets.id, targetId), may)),
    db
      .update(tickets)
      .set({
        mergedIntoId: targetId,
        status: "close",
        closedAt: sql`coalesce(${tickets.closedAt}, ${now.getTime()})`,
        callRequestedAt: null,
        satisfactionMailedAt: sql`coalesce(${tickets.satisfactionMailedAt}, ${now.getTime()})`,
        updatedAt: now,
      })
      .where(and(eq(tickets.id, sourceId), may))
      .returning({ id: tickets.id }),
    ...moveTags(db, sourceId, targetId, merged),
    ...moveRows(db, sourceId, targetId, merged),
    db
      .select({ id: tickets.id, userId: tickets.userId, guestEmail: tickets.guestEmail, mergedIntoId: tickets.mergedIntoId })
      .from(tickets)
      .where(sql`${tickets.id} in (${sourceId}, ${targetId})`),
  ]);
  if (applied.length === 1) return { ok: true, targetId };
  const sides = rest[rest.length - 1] as (MergeSide & { id: number })[];
  const source = sides.find((side) => side.id === sourceId) ?? null;
  if (!source) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const target = sides.find((side) => side.id === targetId) ?? null;
  return fail(target ? 409 : 400, "merge", mergeRefusal(sourceId, targetId, source, target) ?? MERGE_TEXT.sourceMerged);
}
