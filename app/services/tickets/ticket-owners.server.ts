/**
 * Ticket owners (issue 36 item 3): staff take an unassigned ticket, hand one to a colleague or release it;
 * the desk's views count open tickets per owner. A take is one conditional UPDATE (owner still empty), so two
 * staff taking the same ticket at once get one owner and the other is told who.
 */
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { OWNER_TEXT } from "~/core/tickets/ticket-owners";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { tickets, users } from "~/db/schema";
import { overdueCondition } from "./overdue-queries.server";
import { ownerQuery, toOwner } from "./owner-queries.server";
import { fail, visibleTicket, type TicketFailure, type Viewer } from "./tickets.server";

export type OwnerActionResult = { ok: true } | TicketFailure;

/** How many open tickets each view holds for this staff member: theirs, nobody's, all, and those past a due time. */
export async function ownerViewCounts(db: Database, staffId: number, now = new Date()): Promise<{ mine: number; none: number; all: number; overdue: number }> {
  const [row] = await db
    .select({
      mine: sql<number>`coalesce(sum(${tickets.ownerId} = ${staffId}), 0)`,
      none: sql<number>`coalesce(sum(${tickets.ownerId} is null), 0)`,
      overdue: sql<number>`coalesce(sum(${overdueCondition(now)}), 0)`,
      all: count(),
    })
    .from(tickets)
    .where(eq(tickets.status, "doing"));
  return { mine: Number(row?.mine ?? 0), none: Number(row?.none ?? 0), all: row?.all ?? 0, overdue: Number(row?.overdue ?? 0) };
}

/** Staff take a ticket nobody owns; if a colleague took it first, they are told who (409). Taking one's own is done. */
export async function takeTicket(db: Database, staff: Viewer, ticketId: number): Promise<OwnerActionResult> {
  if (staff.role !== "staff" || !(await visibleTicket(db, ticketId, staff))) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const taken = await db
    .update(tickets)
    .set({ ownerId: staff.id })
    .where(and(eq(tickets.id, ticketId), isNull(tickets.ownerId)))
    .returning({ id: tickets.id });
  if (taken.length === 1) return { ok: true };
  const owner = toOwner((await ownerQuery(db, ticketId))[0]);
  return owner?.id === staff.id ? { ok: true } : fail(409, "ticket", OWNER_TEXT.takenByOther(owner?.name ?? "ほかのスタッフ"));
}

/** Staff hand a ticket to a colleague (or to themselves), whoever had it; only staff accounts can own tickets. */
export async function assignTicket(db: Database, staff: Viewer, ticketId: number, ownerId: number): Promise<OwnerActionResult> {
  if (staff.role !== "staff" || !(await visibleTicket(db, ticketId, staff))) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const isStaff = sql`exists (select 1 from ${users} where ${users.id} = ${ownerId} and ${users.role} = 'staff' and ${users.withdrawnAt} is null)`;
  const assigned = await db
    .update(tickets)
    .set({ ownerId })
    .where(and(eq(tickets.id, ticketId), isStaff))
    .returning({ id: tickets.id });
  return assigned.length === 1 ? { ok: true } : fail(400, "ticket", OWNER_TEXT.notStaff);
}

/** Staff release a ticket: nobody owns it (it shows under 未割り当て again). */
export async function releaseTicket(db: Database, staff: Viewer, ticketId: number): Promise<OwnerActionResult> {
  if (staff.role !== "staff" || !(await visibleTicket(db, ticketId, staff))) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  await db.update(tickets).set({ ownerId: null }).where(eq(tickets.id, ticketId));
  return { ok: true };
}
