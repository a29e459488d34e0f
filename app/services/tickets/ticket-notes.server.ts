/**
 * Staff's internal notes on a ticket and the in-app notices of the colleagues a note mentions (issue 36
 * item 4). Notes live in their own table: the customer's thread, the message API and the reply mails read
 * ticket_messages only, so a note cannot reach a customer (decision 0045). A note and its notices are one
 * batch. The staff page reads them with note-queries.server.ts.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { mentionedColleagues, noteBody } from "~/core/tickets/ticket-notes";
import { excerpt, TICKET_TEXT } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { staffNotices, ticketNotes, tickets, users } from "~/db/schema";
import { authorName, readNoticesStatement } from "./note-queries.server";
import { staffQuery } from "./owner-queries.server";
import { fail, visibleTicket, type TicketFailure, type Viewer } from "./tickets.server";

export type AddNoteResult = { ok: true; notified: number } | TicketFailure;

/**
 * A staff note on a ticket, with a notice for each colleague it mentions (@名前 in the text, or chosen on the
 * form): one batch. Only staff accounts get a notice (checked in the INSERT), never the writer.
 */
export async function addNote(
  db: Database,
  staff: Viewer,
  ticketId: number,
  input: { text: string; mention: number[] },
  now: Date = new Date(),
): Promise<AddNoteResult> {
  if (staff.role !== "staff" || !(await visibleTicket(db, ticketId, staff))) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const read = noteBody(input.text);
  if (!read.ok) return fail(400, "message", read.error);
  const colleagues = await staffQuery(db);
  const mentioned = [...new Set([...mentionedColleagues(read.body, colleagues, staff.id), ...input.mention])].filter((id) => id !== staff.id);
  // The note just written: the batch is one transaction, so the writer's newest note on this ticket is it.
  const noteId = sql<number>`(select max(${ticketNotes.id}) from ${ticketNotes} where ${ticketNotes.ticketId} = ${ticketId} and ${ticketNotes.authorId} = ${staff.id})`;
  const [, added] = await db.batch([
    db.insert(ticketNotes).values({ ticketId, authorId: staff.id, body: read.body, createdAt: now }),
    db
      .insert(staffNotices)
      .select(
        db
          .select({
            id: sql<null>`null`.as("id"),
            userId: users.id,
            ticketId: sql<number>`${ticketId}`.as("ticket_id"),
            noteId: noteId.as("note_id"),
            readAt: sql<null>`null`.as("read_at"),
            createdAt: sql<number>`${now.getTime()}`.as("created_at"),
          })
          .from(users)
          .where(and(inArray(users.id, mentioned.length ? mentioned : [0]), eq(users.role, "staff"), isNull(users.withdrawnAt))),
      )
      .returning({ id: staffNotices.id }),
  ]);
  return { ok: true, notified: added.length };
}

export interface StaffNoticeItem {
  id: number;
  ticketId: number;
  noteId: number;
  trouble: string;
  excerpt: string;
  author: string;
  createdAt: string;
  read: boolean;
}

/** A staff member's notices, unread first, then newest (the /crm/notices page). */
export async function listNotices(db: Database, userId: number, limit = 50): Promise<StaffNoticeItem[]> {
  const rows = await db
    .select({
      id: staffNotices.id,
      ticketId: staffNotices.ticketId,
      noteId: staffNotices.noteId,
      readAt: staffNotices.readAt,
      createdAt: staffNotices.createdAt,
      body: ticketNotes.body,
      trouble: tickets.trouble,
      authorLastname: users.lastname,
      authorFirstname: users.firstname,
    })
    .from(staffNotices)
    .innerJoin(ticketNotes, eq(ticketNotes.id, staffNotices.noteId))
    .innerJoin(tickets, eq(tickets.id, staffNotices.ticketId))
    .leftJoin(users, eq(users.id, ticketNotes.authorId))
    .where(eq(staffNotices.userId, userId))
    .orderBy(sql`${staffNotices.readAt} is not null`, desc(staffNotices.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    ticketId: row.ticketId,
    noteId: row.noteId,
    trouble: row.trouble,
    excerpt: excerpt(row.body, 120),
    author: authorName(row),
    createdAt: row.createdAt.toISOString(),
    read: row.readAt != null,
  }));
}

/** Marks all of a staff member's notices read. */
export async function readAllNotices(db: Database, userId: number, now: Date = new Date()): Promise<void> {
  await readNoticesStatement(db, userId, now);
}
