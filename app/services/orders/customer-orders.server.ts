/**
 * A support ticket's customer's recent orders with where each parcel is (issue 16 item 8), so staff answer
 * 「いつ届きますか」 from the ticket page: the member's orders and the guest orders placed with the same
 * e-mail address (not yet added to the account), the ticket's own order first. The statements run in the
 * thread's own D1 batch (tickets.server.ts), so the page costs no extra round trip.
 */
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/core/orders/orders";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { shipmentTracking, type ShipmentTrackingFacts } from "~/core/orders/shipment-tracking";
import type { Database } from "~/db/client.server";
import { orders, tickets, users } from "~/db/schema";
import { shipmentTrackingQuery } from "./orders.server";

/** How many of the customer's orders the ticket page shows. */
export const TICKET_CUSTOMER_ORDERS = 5;

export interface CustomerOrderSummary {
  id: number;
  number: string;
  dateCreated: Date;
  status: OrderStatus;
  statusLabel: string;
  paymentLabel: string;
  total: number;
  /** Placed as a guest with the customer's e-mail address. */
  guest: boolean;
  /** The order the ticket is about. */
  aboutThis: boolean;
  shipments: (ShipmentTrackingFacts & { id: number })[];
}

/** The ticket's customer's `limit` most recent orders (0: none, the statements still run, reading nothing). */
export function customerOrderStatements(db: Database, ticketId: number, limit: number) {
  const ticket = db.select({ userId: tickets.userId }).from(tickets).where(eq(tickets.id, ticketId));
  const ticketOrder = db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, ticketId));
  // The member's address, or a guest ticket's own (guest orders are found by it either way).
  const email = db
    .select({ email: sql<string>`coalesce((select ${users.email} from ${users} where ${users.id} = ${tickets.userId}), ${tickets.guestEmail})` })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  const recentIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(or(inArray(orders.userId, ticket), and(isNull(orders.userId), inArray(orders.email, email))))
    .orderBy(sql`${orders.id} = (${ticketOrder}) desc`, desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return [
    db
      .select({
        id: orders.id,
        number: orders.number,
        dateCreated: orders.createdAt,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
        userId: orders.userId,
        aboutThis: sql<boolean>`coalesce(${orders.id} = (${ticketOrder}), 0)`.mapWith(Boolean),
      })
      .from(orders)
      .where(inArray(orders.id, recentIds))
      .orderBy(sql`${orders.id} = (${ticketOrder}) desc`, desc(orders.createdAt), desc(orders.id)),
    shipmentTrackingQuery(db, recentIds),
  ] as const;
}

type OrderRow = Awaited<ReturnType<typeof customerOrderStatements>[0]>[number];
type ShipmentRow = Awaited<ReturnType<typeof customerOrderStatements>[1]>[number];

export function toCustomerOrders(rows: OrderRow[], shipments: ShipmentRow[]): CustomerOrderSummary[] {
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    dateCreated: row.dateCreated,
    status: row.status,
    statusLabel: ORDER_STATUS_LABELS[row.status],
    paymentLabel: PAYMENT_METHODS[row.paymentMethod].label,
    total: row.total,
    guest: row.userId == null,
    aboutThis: row.aboutThis,
    shipments: shipments.filter((shipment) => shipment.orderId === row.id).map((shipment) => ({ id: shipment.id, ...shipmentTracking(shipment) })),
  }));
}
