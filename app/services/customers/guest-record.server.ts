/**
 * A guest as staff see them (/crm/customers/guest?email=…): the orders placed without an account from one
 * address, their returns, and the tickets that address opened by mail (tickets.guest_email), in ONE D1
 * round trip — with the member who has that address now, if any (their record is elsewhere).
 */
import { and, desc, eq, isNotNull, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, tickets, users } from "~/db/schema";
import {
  guestOrders,
  orderList,
  ordersQueries,
  returnList,
  returnsQueries,
  ticketList,
  ticketsQueries,
  type CustomerOrder,
  type CustomerReturn,
  type CustomerTicket,
} from "./customer-activity.server";

export interface GuestRecord {
  email: string;
  /** The name on the newest order (a guest has no profile). */
  name: string;
  orders: { rows: CustomerOrder[]; total: number; placed: number; bought: number };
  tickets: { rows: CustomerTicket[]; total: number };
  returns: { rows: CustomerReturn[]; total: number };
  /** A member (role customer) registered with this address, whose own record staff may want. */
  memberId: number | null;
}

/** The name a guest last gave: on their newest order, else on their newest ticket's mail. */
function namesQueries(db: Database, scope: SQL, email: string) {
  return [
    db.select({ lastname: orders.shipLastname, firstname: orders.shipFirstname }).from(orders).where(scope).orderBy(desc(orders.createdAt)).limit(1),
    db
      .select({ name: tickets.guestName })
      .from(tickets)
      .where(and(eq(tickets.guestEmail, email), isNotNull(tickets.guestName)))
      .orderBy(desc(tickets.createdAt))
      .limit(1),
  ] as const;
}

/** The guest's record; null when the address placed no guest order and opened no guest ticket. */
export async function loadGuestRecord(db: Database, email: string): Promise<GuestRecord | null> {
  const scope = guestOrders(email);
  const orderQueries = ordersQueries(db, scope);
  const ticketQueries = ticketsQueries(db, eq(tickets.guestEmail, email));
  const returnQueries = returnsQueries(db, scope);
  const [orderName, ticketName] = namesQueries(db, scope, email);
  const [orderRows, orderTotals, ticketRows, ticketTotal, returnRows, returnTotal, members, orderNames, ticketNames] = await db.batch([
    orderQueries.rows,
    orderQueries.totals,
    ticketQueries.rows,
    ticketQueries.total,
    returnQueries.rows,
    returnQueries.total,
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.role, "customer"))),
    orderName,
    ticketName,
  ]);
  const totals = orderTotals[0];
  const ticketCount = ticketTotal[0]?.n ?? 0;
  if ((totals?.all ?? 0) === 0 && ticketCount === 0) return null;
  return {
    email,
    name: orderNames[0] ? `${orderNames[0].lastname} ${orderNames[0].firstname}`.trim() : (ticketNames[0]?.name ?? ""),
    orders: { rows: orderList(orderRows), total: totals?.all ?? 0, placed: totals?.placed ?? 0, bought: totals?.bought ?? 0 },
    tickets: { rows: ticketList(ticketRows), total: ticketCount },
    returns: { rows: returnList(returnRows), total: returnTotal[0]?.n ?? 0 },
    memberId: members[0]?.id ?? null,
  };
}
