// Reached from app/services/site/shell.server.ts (the /crm navigation's badge), which app/load-context.ts
// imports before the ~/ alias exists: relative imports only.
/** "Overdue" in SQL (issue 36 item 6), shared by the ticket list's 期限切れ view, its tab count and the /crm navigation's badge. */
import { and, count, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { tickets, users } from "../../db/schema";

/** Open tickets past a due time: unanswered past the first response's, or open past the resolution's (core/tickets/desk-calendar overdueKinds). */
export const overdueCondition = (now: Date | SQL) =>
  and(eq(tickets.status, "doing"), or(and(isNull(tickets.firstRespondedAt), lt(tickets.firstResponseDueAt, now)), lt(tickets.resolutionDueAt, now)));

/** How many open tickets are overdue, counted for a staff member only (none for anyone else): the navigation's badge. */
export function overdueBadgeQuery(db: Database, userId: number | SQL, now: Date | SQL) {
  const isStaff = eq(users.role, "staff");
  return db
    .select({ n: count() })
    .from(tickets)
    .innerJoin(users, and(eq(users.id, userId), isStaff))
    .where(overdueCondition(now));
}
