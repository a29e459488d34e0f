/**
 * The reads behind a ticket's owner (issue 36 item 3): who owns it and who on the team could, as statements
 * the staff ticket page puts in the thread's own batch (one round trip), and the shapes they answer.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { staffName } from "~/core/tickets/ticket-owners";
import type { Database } from "~/db/client.server";
import { tickets, users } from "~/db/schema";

export interface StaffMember {
  id: number;
  name: string;
}

export interface OwnerPanel {
  owner: StaffMember | null;
  staff: StaffMember[];
}

export function ownerQuery(db: Database, ticketId: number) {
  return db
    .select({ ownerId: tickets.ownerId, lastname: users.lastname, firstname: users.firstname })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.ownerId))
    .where(eq(tickets.id, ticketId));
}

/** Everyone on the support team, for the owner choice (in reading order); `limit` 0 where nobody asks. */
export function staffQuery(db: Database, limit = 100) {
  return db
    .select({ id: users.id, lastname: users.lastname, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.role, "staff"), isNull(users.withdrawnAt)))
    .orderBy(asc(users.lastnameJp), asc(users.firstnameJp), asc(users.id))
    .limit(limit);
}

type OwnerRow = Awaited<ReturnType<typeof ownerQuery>>[number];
type StaffRow = Awaited<ReturnType<typeof staffQuery>>[number];

export function toOwner(row: OwnerRow | undefined): StaffMember | null {
  return row?.ownerId != null && row.lastname != null ? { id: row.ownerId, name: staffName({ lastname: row.lastname, firstname: row.firstname ?? "" }) } : null;
}

export function toOwnerPanel(owners: OwnerRow[], team: StaffRow[]): OwnerPanel {
  return { owner: toOwner(owners[0]), staff: team.map((row) => ({ id: row.id, name: staffName(row) })) };
}
