/**
 * Who a ticket's customer is, for every query that names them: the member (users, left-joined on
 * `customerOfTicket`) or, for a guest ticket opened by mail, the address and name the mail came from
 * (decision 0052). A guest without a name is greeted by their address.
 */
import { eq, sql } from "drizzle-orm";
import { tickets, users } from "~/db/schema";

/** Join users on this with a left join: a guest ticket has no member. */
export const customerOfTicket = eq(users.id, tickets.userId);

/** The customer's columns, named apart from other users joined in the same query (D1 keys batch rows by name). */
export const ticketCustomerColumns = {
  lastname: sql<string>`coalesce(${users.lastname}, ${tickets.guestName}, ${tickets.guestEmail})`.as("customer_lastname"),
  firstname: sql<string>`coalesce(${users.firstname}, '')`.as("customer_firstname"),
  email: sql<string>`coalesce(${users.email}, ${tickets.guestEmail})`.as("customer_email"),
};
