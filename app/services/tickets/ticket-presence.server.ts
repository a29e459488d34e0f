/**
 * Staff presence on a ticket (issue 36 item 7): a staff page's beat records that this staff member has the
 * ticket open (and whether they are typing a reply) and answers which colleagues do — one batch.
 */
import { and, asc, eq, gt, ne, sql } from "drizzle-orm";
import { PRESENCE_WINDOW_MS, TYPING_WINDOW_MS, type PresentColleague } from "~/core/tickets/ticket-presence";
import { staffName } from "~/core/tickets/ticket-owners";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { tickets, ticketViewers, users } from "~/db/schema";
import { fail, type TicketFailure, type Viewer } from "./tickets.server";

/** The beat is refused only for a ticket that does not exist (or a viewer who is not staff): 404. */
export type PresenceResult = { ok: true; colleagues: PresentColleague[] } | TicketFailure;

/** Records the beat of `staff` on the ticket and answers the colleagues on it now, typing ones first. */
export async function beatPresence(db: Database, staff: Viewer, ticketId: number, typing: boolean, now: Date = new Date()): Promise<PresenceResult> {
  if (staff.role !== "staff") return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const [found, , rows] = await db.batch([
    db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)),
    db
      .insert(ticketViewers)
      .select(
        db
          .select({
            ticketId: tickets.id,
            userId: sql<number>`${staff.id}`.as("user_id"),
            seenAt: sql<number>`${now.getTime()}`.as("seen_at"),
            typingAt: sql<number | null>`${typing ? now.getTime() : null}`.as("typing_at"),
          })
          .from(tickets)
          .where(eq(tickets.id, ticketId)),
      )
      .onConflictDoUpdate({
        target: [ticketViewers.ticketId, ticketViewers.userId],
        set: { seenAt: sql`excluded.seen_at`, typingAt: typing ? sql`excluded.typing_at` : sql`${ticketViewers.typingAt}` },
      }),
    db
      .select({ id: users.id, lastname: users.lastname, firstname: users.firstname, typingAt: ticketViewers.typingAt })
      .from(ticketViewers)
      .innerJoin(users, eq(users.id, ticketViewers.userId))
      .where(
        and(eq(ticketViewers.ticketId, ticketId), ne(ticketViewers.userId, staff.id), gt(ticketViewers.seenAt, new Date(now.getTime() - PRESENCE_WINDOW_MS))),
      )
      .orderBy(asc(users.lastnameJp), asc(users.id)),
  ]);
  if (found.length === 0) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const typingSince = now.getTime() - TYPING_WINDOW_MS;
  const colleagues = rows.map((row) => ({ id: row.id, name: staffName(row), typing: row.typingAt != null && row.typingAt.getTime() > typingSince }));
  return { ok: true, colleagues: [...colleagues.filter((colleague) => colleague.typing), ...colleagues.filter((colleague) => !colleague.typing)] };
}
