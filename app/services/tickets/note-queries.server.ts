/**
 * The reads behind a ticket's internal notes (issue 36 item 4): the notes, whom each was sent to, and the
 * statement that reads a staff member's notices — statements the staff ticket page puts in the thread's own
 * batch (one round trip), and the shapes they answer. Writing notes is ticket-notes.server.ts.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { NOTE_TEXT } from "~/core/tickets/ticket-notes";
import { staffName } from "~/core/tickets/ticket-owners";
import { aliased, type Database } from "~/db/client.server";
import { staffNotices, ticketNotes, users } from "~/db/schema";

/** A note's writer as colleagues see them. */
export const authorName = (row: { authorLastname: string | null; authorFirstname: string | null }) =>
  row.authorLastname != null ? staffName({ lastname: row.authorLastname, firstname: row.authorFirstname ?? "" }) : NOTE_TEXT.removedAuthor;

/** A note as the staff ticket page shows it. */
export interface TicketNote {
  id: number;
  body: string;
  createdAt: string;
  author: string;
  /** The colleagues it was sent to as a notice. */
  notified: string[];
}

/** A ticket's notes, oldest first (`limit` 0 where the viewer is not staff). */
export function notesQuery(db: Database, ticketId: number, limit: number) {
  return db
    .select({
      id: ticketNotes.id,
      body: ticketNotes.body,
      createdAt: ticketNotes.createdAt,
      authorLastname: aliased(users.lastname, "note_author_lastname"),
      authorFirstname: aliased(users.firstname, "note_author_firstname"),
    })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.authorId))
    .where(eq(ticketNotes.ticketId, ticketId))
    .orderBy(asc(ticketNotes.id))
    .limit(limit);
}

/** Who each of a ticket's notes was sent to, and whether they have read it. */
export function ticketNoticesQuery(db: Database, ticketId: number, limit: number) {
  return db
    .select({
      noteId: staffNotices.noteId,
      userId: staffNotices.userId,
      readAt: staffNotices.readAt,
      lastname: aliased(users.lastname, "noticed_lastname"),
      firstname: aliased(users.firstname, "noticed_firstname"),
    })
    .from(staffNotices)
    .innerJoin(users, eq(users.id, staffNotices.userId))
    .where(eq(staffNotices.ticketId, ticketId))
    .orderBy(asc(staffNotices.id))
    .limit(limit);
}

type NoteRow = Awaited<ReturnType<typeof notesQuery>>[number];
type TicketNoticeRow = Awaited<ReturnType<typeof ticketNoticesQuery>>[number];

export function toNotes(rows: NoteRow[], notices: TicketNoticeRow[]): TicketNote[] {
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    author: authorName(row),
    notified: notices.filter((notice) => notice.noteId === row.id).map(staffName),
  }));
}

/** Whether `userId` has an unread notice among a ticket's notices (reading the ticket reads them). */
export const hasUnreadNotice = (notices: TicketNoticeRow[], userId: number) => notices.some((notice) => notice.userId === userId && notice.readAt == null);

/** Marks `userId`'s notices read: those of one ticket (opening it) or all of them. */
export function readNoticesStatement(db: Database, userId: number, now: Date, ticketId?: number) {
  return db
    .update(staffNotices)
    .set({ readAt: now })
    .where(and(eq(staffNotices.userId, userId), isNull(staffNotices.readAt), ticketId == null ? undefined : eq(staffNotices.ticketId, ticketId)));
}
