/** The reads behind 「別の問い合わせに統合」 (issue 36 item 9), for the staff ticket page's own batch. */
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { tickets } from "~/db/schema";

/** The same customer's other open, unmerged tickets, latest first: what the merge form offers (`limit` 0 where the viewer is not staff). */
export function mergeTargetsQuery(db: Database, ticketId: number, limit: number) {
  return db
    .select({ id: tickets.id, category: tickets.category, trouble: tickets.trouble })
    .from(tickets)
    .where(
      and(
        // The same member, or the same guest address (null-safe: a guest ticket has no user_id).
        sql`exists (select 1 from ${tickets} as s where s.id = ${ticketId} and s.user_id is ${tickets.userId} and s.guest_email is ${tickets.guestEmail})`,
        ne(tickets.id, ticketId),
        isNull(tickets.mergedIntoId),
        eq(tickets.status, "doing"),
      ),
    )
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
}

export type MergeTarget = Awaited<ReturnType<typeof mergeTargetsQuery>>[number];
