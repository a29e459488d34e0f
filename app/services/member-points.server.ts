/** The member's points: the balance (users.points) and the ledger as a listing (earned, used, expired …). */
import { count, eq } from "drizzle-orm";
import type { ListingQuery } from "~/core/listing";
import { POINT_LISTING, type PointSort } from "~/core/member-point-listing";
import { POINT_KIND_LABELS, type PointKind } from "~/core/point-ledger";
import type { Database } from "~/db/client.server";
import { orders, pointLedger, users } from "~/db/schema";
import { betweenDaysFilter, equalsFilter, listingJson, loadListingPage, type ListingPage, type ListingSource } from "./listing.server";

export interface LedgerEntry {
  id: number;
  kind: PointKind;
  amount: number;
  note: string;
  orderId: number | null;
  orderNumber: string | null;
  expiresAt: Date | null;
  dateCreated: Date;
}

function pointSource(userId: number): ListingSource<PointSort> {
  return {
    scope: eq(pointLedger.userId, userId),
    sortColumns: { date_created: pointLedger.createdAt, amount: pointLedger.amount },
    idColumn: pointLedger.id,
    filters: { date_created: betweenDaysFilter(pointLedger.createdAt), kind: equalsFilter(pointLedger.kind) },
  };
}

/** The balance and one page of the ledger, in one D1 round trip. */
export async function loadPoints(
  db: Database,
  userId: number,
  query: ListingQuery<PointSort>,
): Promise<{ balance: number; page: ListingPage<LedgerEntry, PointSort> }> {
  let balance = 0;
  const page = await loadListingPage(POINT_LISTING, query, pointSource(userId), async ({ where, orderBy, limit, offset }) => {
    const [balanceRows, counted, rows] = await db.batch([
      db.select({ points: users.points }).from(users).where(eq(users.id, userId)),
      db.select({ n: count() }).from(pointLedger).where(where),
      db
        .select({
          id: pointLedger.id,
          kind: pointLedger.kind,
          amount: pointLedger.amount,
          note: pointLedger.note,
          orderId: pointLedger.orderId,
          orderNumber: orders.number,
          expiresAt: pointLedger.expiresAt,
          dateCreated: pointLedger.createdAt,
        })
        .from(pointLedger)
        // Only the member's own orders are linked (the ledger row is theirs; the join keeps it so).
        .leftJoin(orders, eq(orders.id, pointLedger.orderId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    balance = balanceRows[0]?.points ?? 0;
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((row) => ({ ...row, orderNumber: row.orderNumber ?? null })),
    };
  });
  return { balance, page };
}

export function pointsListingJson(balance: number, page: ListingPage<LedgerEntry>) {
  return {
    balance,
    ...listingJson(POINT_LISTING, page, (entry) => ({
      id: entry.id,
      kind: entry.kind,
      kind_label: POINT_KIND_LABELS[entry.kind],
      amount: entry.amount,
      note: entry.note,
      order_id: entry.orderId,
      order_number: entry.orderNumber,
      expires_at: entry.expiresAt?.toISOString() ?? null,
      date_created: entry.dateCreated.toISOString(),
    })),
  };
}
