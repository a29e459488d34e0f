// Reached from app/services/site/shell.server.ts (the /crm navigation's badge), which app/load-context.ts
// imports before the ~/ alias exists: relative imports only.
/** How many merchant product submissions wait for staff (decision 0066), counted for staff only: the navigation's 商品の承認待ち badge. */
import { and, count, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { productSubmissions, users } from "../../db/schema";

export function pendingProductReviewsBadgeQuery(db: Database, userId: number | SQL) {
  return db
    .select({ n: count() })
    .from(productSubmissions)
    .innerJoin(users, and(eq(users.id, userId), eq(users.role, "staff")))
    .where(eq(productSubmissions.status, "pending"));
}
