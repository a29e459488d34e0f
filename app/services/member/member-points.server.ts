/**
 * The member's points: the usable balance (users.points), the points of orders not yet paid for (付与予定,
 * decision 0036) and the ledger as a listing (earned, used, expired …).
 */
import { and, count, desc, eq, gt, isNull, notInArray, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ListingQuery } from "~/core/search/listing";
import { POINT_LISTING, type PointSort } from "~/core/member/member-point-listing";
import { POINT_KIND_LABELS, type PointKind } from "~/core/member/point-ledger";
import { pendingPointsCondition } from "~/core/member/points";
import type { Database } from "~/db/client.server";
import { orders, pointLedger, users } from "~/db/schema";

/** The member's orders whose earned points are 付与予定: not granted yet, and not cancelled or returned. */
function pendingOrdersOf(userId: number | SQL | AnySQLiteColumn): SQL {
  return and(
    eq(orders.userId, userId),
    isNull(orders.pointsGrantedAt),
    gt(orders.pointsEarned, orders.pointsForfeited),
    notInArray(orders.status, ["cancelled", "returned"]),
  )!;
}

/** The member's 付与予定 points, as a column of a query (never spendable: the balance does not hold them). */
export function pendingPointsOf(userId: number | SQL | AnySQLiteColumn) {
  return sql<number>`(select coalesce(sum(${orders.pointsEarned} - ${orders.pointsForfeited}), 0) from ${orders} where ${pendingOrdersOf(userId)})`;
}

export interface PendingOrderPoints {
  orderId: number;
  orderNumber: string;
  points: number;
  /** When they become usable, as the member reads it. */
  condition: string;
}

/** How many of the member's pending orders the points page lists (the total covers them all). */
const PENDING_ORDERS_SHOWN = 20;

function pendingOrdersQuery(db: Database, userId: number) {
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.number,
      earned: orders.pointsEarned,
      forfeited: orders.pointsForfeited,
      paymentMethod: orders.paymentMethod,
    })
    .from(orders)
    .where(pendingOrdersOf(userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PENDING_ORDERS_SHOWN);
}
import { betweenDaysFilter, equalsFilter, listingJson, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";

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
): Promise<{ balance: number; pending: number; pendingOrders: PendingOrderPoints[]; page: ListingPage<LedgerEntry, PointSort> }> {
  let balance = 0;
  let pending = 0;
  let pendingOrders: PendingOrderPoints[] = [];
  const page = await loadListingPage(POINT_LISTING, query, pointSource(userId), async ({ where, orderBy, limit, offset }) => {
    const [balanceRows, pendingRows, counted, rows] = await db.batch([
      db
        .select({ points: users.points, pending: pendingPointsOf(users.id) })
        .from(users)
        .where(eq(users.id, userId)),
      pendingOrdersQuery(db, userId),
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
    pending = balanceRows[0]?.pending ?? 0;
    pendingOrders = pendingRows.map((row) => ({
      orderId: row.orderId,
      orderNumber: row.orderNumber,
      points: row.earned - row.forfeited,
      condition: pendingPointsCondition(row.paymentMethod),
    }));
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((row) => ({ ...row, orderNumber: row.orderNumber ?? null })),
    };
  });
  return { balance, pending, pendingOrders, page };
}

export function pointsListingJson(balance: number, pending: number, page: ListingPage<LedgerEntry>) {
  return {
    balance,
    pending,
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
