/**
 * Tags on tickets (issue 36 item 9): staff add and remove free tags; a ticket holds at most TAGS_PER_TICKET,
 * counted in the INSERT itself, so tags added at once never pass it. The staff page reads them with
 * tag-queries.server.ts.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { normalTag, TAG_TEXT, TAGS_PER_TICKET } from "~/core/tickets/ticket-tags";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { tickets, ticketTags } from "~/db/schema";
import { fail, visibleTicket, type TicketFailure, type Viewer } from "./tickets.server";

export type TagResult = { ok: true } | TicketFailure;

/** Staff tag a ticket; a tag it has already is done, an 11th is refused. */
export async function tagTicket(db: Database, staff: Viewer, ticketId: number, text: string, now: Date = new Date()): Promise<TagResult> {
  if (staff.role !== "staff" || !(await visibleTicket(db, ticketId, staff))) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const read = normalTag(text);
  if (!read.ok) return fail(400, "tag", read.error);
  const held = sql`(select count(*) from ${ticketTags} where ${ticketTags.ticketId} = ${ticketId})`;
  const [added, [has]] = await db.batch([
    db
      .insert(ticketTags)
      .select(
        db
          .select({ ticketId: tickets.id, tag: sql<string>`${read.tag}`.as("tag"), createdAt: sql<number>`${now.getTime()}`.as("created_at") })
          .from(tickets)
          .where(and(eq(tickets.id, ticketId), sql`${held} < ${TAGS_PER_TICKET}`)),
      )
      .onConflictDoNothing()
      .returning({ tag: ticketTags.tag }),
    db
      .select({ n: count() })
      .from(ticketTags)
      .where(and(eq(ticketTags.ticketId, ticketId), eq(ticketTags.tag, read.tag))),
  ]);
  return added.length === 1 || (has?.n ?? 0) > 0 ? { ok: true } : fail(409, "tag", TAG_TEXT.tooMany);
}

export async function untagTicket(db: Database, staff: Viewer, ticketId: number, text: string): Promise<TagResult> {
  if (staff.role !== "staff" || !(await visibleTicket(db, ticketId, staff))) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const read = normalTag(text);
  if (!read.ok) return fail(400, "tag", read.error);
  await db.delete(ticketTags).where(and(eq(ticketTags.ticketId, ticketId), eq(ticketTags.tag, read.tag)));
  return { ok: true };
}
