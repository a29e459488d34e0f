// Reached from app/services/site/shell.server.ts (the /crm navigation's badge), which app/load-context.ts
// imports before the ~/ alias exists: relative imports only.
/** How many replies wait for approval (issue 36 item 8), counted for staff who may approve them only: the navigation's 承認待ち badge. */
import { and, count, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { ticketReplyDrafts, users } from "../../db/schema";

export function pendingApprovalsBadgeQuery(db: Database, userId: number | SQL) {
  return db
    .select({ n: count() })
    .from(ticketReplyDrafts)
    .innerJoin(users, and(eq(users.id, userId), eq(users.role, "staff"), eq(users.replyNeedsApproval, false)))
    .where(eq(ticketReplyDrafts.status, "pending"));
}
