/**
 * What a customer did with the shop — orders, tickets, returns — as the member's and the guest's pages
 * list them: the same queries, scoped by a condition (a member's id, or a guest's address), each a query
 * for the page's one batch. Newest first, ACTIVITY_SHOWN of each with the count of all.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import type { OrderStatus } from "~/core/orders/orders";
import type { ReturnKind, ReturnStatus } from "~/core/returns/return-labels";
import type { TicketStatus } from "~/core/tickets/ticket-labels";
import { qualified, type Database } from "~/db/client.server";
import { orders, returnRequests, tickets } from "~/db/schema";

/** How many of each the pages list (the newest); the heading says how many there are. */
export const ACTIVITY_SHOWN = 20;

export interface CustomerOrder {
  id: number;
  number: string;
  createdAt: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  total: number;
}

export interface CustomerTicket {
  id: number;
  status: TicketStatus;
  category: string;
  trouble: string;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerReturn {
  id: number;
  orderId: number;
  orderNumber: string;
  kind: ReturnKind;
  status: ReturnStatus;
  createdAt: string;
}

/** Placed and not cancelled: the orders the counts and the amount bought add up. */
const counted = sql`${orders.status} <> 'cancelled'`;

export function ordersQueries(db: Database, scope: SQL) {
  return {
    rows: db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
      })
      .from(orders)
      .where(scope)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ACTIVITY_SHOWN),
    totals: db
      .select({
        all: count(),
        placed: sql<number>`count(*) filter (where ${counted})`,
        bought: sql<number>`coalesce(sum(${orders.total}) filter (where ${counted}), 0)`,
      })
      .from(orders)
      .where(scope),
  };
}

export function ticketsQueries(db: Database, scope: SQL) {
  return {
    rows: db
      .select({
        id: tickets.id,
        status: tickets.status,
        category: tickets.category,
        trouble: tickets.trouble,
        createdAt: tickets.createdAt,
        updatedAt: tickets.updatedAt,
      })
      .from(tickets)
      .where(scope)
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(ACTIVITY_SHOWN),
    total: db.select({ n: count() }).from(tickets).where(scope),
  };
}

/** The returns of the orders `orderScope` picks (whoever asked: the member, or staff for them). */
export function returnsQueries(db: Database, orderScope: SQL) {
  const ofTheirOrders = inArray(returnRequests.orderId, db.select({ id: orders.id }).from(orders).where(orderScope));
  return {
    rows: db
      .select({
        id: returnRequests.id,
        orderId: returnRequests.orderId,
        orderNumber: sql<string>`(select ${orders.number} from ${orders} where ${orders.id} = ${qualified(returnRequests.orderId)})`,
        kind: returnRequests.kind,
        status: returnRequests.status,
        createdAt: returnRequests.createdAt,
      })
      .from(returnRequests)
      .where(ofTheirOrders)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(ACTIVITY_SHOWN),
    total: db.select({ n: count() }).from(returnRequests).where(ofTheirOrders),
  };
}

/** A member's orders, or a guest's (no member, their address). */
export const memberOrders = (customerId: number) => eq(orders.userId, customerId);
export const guestOrders = (email: string) => and(sql`${orders.userId} is null`, eq(orders.email, email))!;

// The pages take dates as ISO text.

export function orderList(rows: (Omit<CustomerOrder, "createdAt"> & { createdAt: Date })[]): CustomerOrder[] {
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export function ticketList(rows: (Omit<CustomerTicket, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date })[]): CustomerTicket[] {
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
}

export function returnList(rows: (Omit<CustomerReturn, "createdAt"> & { createdAt: Date })[]): CustomerReturn[] {
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
