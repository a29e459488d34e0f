/**
 * Staff's returns desk (/crm/returns): the requests newest first on the generic listing, and one request
 * with its order, lines, photos, refund and history.
 */
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import type { ListingQuery } from "~/core/search/listing";
import type { ReturnKind, ReturnStatus } from "~/core/returns/return-labels";
import { RETURN_REQUESTS_LISTING, type ReturnRequestsSort } from "~/core/returns/return-requests-listing";
import type { Database } from "~/db/client.server";
import { orderEvents, orders, returnRequestLines, returnRequests, users } from "~/db/schema";
import { betweenDaysFilter, equalsFilter, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";
import { loadReturnFacts, type ReturnRequestFacts } from "./return-facts.server";

export interface ReturnRow {
  id: number;
  orderId: number;
  orderNumber: string;
  customerName: string;
  kind: ReturnKind;
  reason: string;
  status: ReturnStatus;
  items: number;
  createdAt: string;
}

const RETURNS_SOURCE: ListingSource<ReturnRequestsSort> = {
  scope: undefined,
  sortColumns: { date_created: returnRequests.createdAt },
  idColumn: returnRequests.id,
  filters: {
    status: equalsFilter(returnRequests.status),
    kind: equalsFilter(returnRequests.kind),
    date_created: betweenDaysFilter(returnRequests.createdAt),
  },
};

/** One page of the return requests, in one D1 round trip. */
export async function listReturnRequests(db: Database, query: ListingQuery<ReturnRequestsSort>): Promise<ListingPage<ReturnRow, ReturnRequestsSort>> {
  return loadListingPage(RETURN_REQUESTS_LISTING, query, RETURNS_SOURCE, async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(returnRequests).where(where),
      db
        .select({
          id: returnRequests.id,
          orderId: returnRequests.orderId,
          orderNumber: orders.number,
          customerName: sql<string>`coalesce(${users.lastname} || ' ' || ${users.firstname}, ${orders.shipLastname} || ' ' || ${orders.shipFirstname})`,
          kind: returnRequests.kind,
          reason: returnRequests.reason,
          status: returnRequests.status,
          items: sql<number>`(select coalesce(sum(${returnRequestLines.quantity}), 0) from ${returnRequestLines} where ${returnRequestLines.returnId} = ${returnRequests.id})`,
          createdAt: returnRequests.createdAt,
        })
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .leftJoin(users, eq(users.id, orders.userId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    return { total: counted[0]?.n ?? 0, rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
  });
}

export interface ReturnHistoryEntry {
  kind: string;
  actorKind: "staff" | "customer" | "merchant" | "system";
  actorName: string;
  note: string;
  createdAt: Date;
}

export interface ReturnDesk {
  request: ReturnRequestFacts;
  paymentMethod: PaymentMethod;
  /** Every returned line's parcel was delivered (a 代金引換 parcel's cash was taken at the door). */
  paidAtDoor: boolean;
  /** The request's lines with what is in stock of each now (an exchange's replacement takes them). */
  replacementStock: { title: string; quantity: number; inStock: number }[];
  order: { id: number; number: string; email: string; customerName: string; status: string; total: number };
  /** Refunds recorded on the order so far. */
  refunded: number;
  history: ReturnHistoryEntry[];
}

/** One request as staff handle it; null when there is no such request. */
export async function loadReturnDesk(db: Database, returnId: number): Promise<ReturnDesk | null> {
  const [row] = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      email: orders.email,
      status: orders.status,
      total: orders.total,
      customerName: sql<string>`coalesce(${users.lastname} || ' ' || ${users.firstname}, ${orders.shipLastname} || ' ' || ${orders.shipFirstname})`,
    })
    .from(returnRequests)
    .innerJoin(orders, eq(orders.id, returnRequests.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(returnRequests.id, returnId));
  if (!row) return null;
  const [facts, history] = await Promise.all([
    loadReturnFacts(db, row.orderId),
    db
      .select({
        kind: orderEvents.kind,
        actorKind: orderEvents.actorKind,
        actorName: orderEvents.actorName,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row.orderId), eq(orderEvents.returnId, returnId)))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  const request = facts?.requests.find((candidate) => candidate.id === returnId);
  if (!facts || !request) return null;
  const ordered = request.lines.map((line) => ({ line, facts: facts.lines.find((candidate) => candidate.id === line.orderLineId) }));
  return {
    request,
    paymentMethod: facts.paymentMethod,
    paidAtDoor: ordered.every((entry) => entry.facts?.deliveredAt != null),
    replacementStock: ordered.map((entry) => ({ title: entry.line.title, quantity: entry.line.quantity, inStock: entry.facts?.inStock ?? 0 })),
    refunded: facts.refunded,
    order: { id: row.orderId, number: row.number, email: row.email, customerName: row.customerName, status: row.status, total: row.total },
    history,
  };
}
