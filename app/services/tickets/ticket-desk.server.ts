/**
 * The staff ticket desk (spec §2 CRM, §7 listings): the ticket list as a generic listing (filters, sorts,
 * unread customer messages) and removing a ticket.
 */
import { count, eq, sql } from "drizzle-orm";
import type { ListingQuery } from "~/core/search/listing";
import { PRIORITY_RANK, TICKET_LISTING, type TicketSort } from "~/core/tickets/ticket-listing";
import { excerpt } from "~/core/tickets/tickets";
import {
  CONFIRMATION_LABELS,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type TicketConfirmation,
  type TicketPriority,
  type TicketStatus,
} from "~/core/tickets/ticket-labels";
import { qualified, type Database } from "~/db/client.server";
import { ticketMessages, tickets, users } from "~/db/schema";
import { betweenDaysFilter, equalsFilter, likeFilter, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";
import { lastMessage } from "./tickets.server";

export interface StaffTicketRow {
  id: number;
  status: TicketStatus;
  statusLabel: string;
  confirmation: TicketConfirmation | null;
  /** The resolution confirmation's label; null when none was asked. */
  confirmationLabel: string | null;
  priority: TicketPriority;
  priorityLabel: string;
  category: string;
  trouble: string;
  customer: string;
  email: string;
  createdAt: string;
  updatedAt: string;
  /** Customer messages staff have not read yet. */
  unread: number;
  lastMessage: string;
}

const unreadFromCustomer = sql<number>`(select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)} and ${ticketMessages.fromadmin} is null and ${ticketMessages.readAt} is null)`;

const TICKET_LISTING_SOURCE: ListingSource<TicketSort> = {
  scope: undefined,
  sortColumns: {
    updated: tickets.updatedAt,
    date_created: tickets.createdAt,
    priority: sql`(case ${tickets.priority} when 'high' then ${PRIORITY_RANK.high} when 'medium' then ${PRIORITY_RANK.medium} else ${PRIORITY_RANK.low} end)`,
    status: tickets.status,
    id: tickets.id,
  },
  idColumn: tickets.id,
  filters: {
    status: equalsFilter(tickets.status),
    priority: equalsFilter(tickets.priority),
    confirmation: equalsFilter(tickets.confirmation),
    category: equalsFilter(tickets.category),
    unread: (value) => (value === "1" ? sql`${unreadFromCustomer} > 0` : undefined),
    customer: likeFilter(
      sql`(${users.lastname} || ${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.firstname} || ' ' || ${users.lastnameJp} || ${users.firstnameJp} || ' ' || ${users.email})`,
    ),
    content: likeFilter(
      sql`(${tickets.description} || coalesce((select group_concat(${ticketMessages.message}, ' ') from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)}), ''))`,
    ),
    date_created: betweenDaysFilter(tickets.createdAt),
  },
};

/** One page of the staff ticket list for a parsed listing query (total and rows in one batch). */
export async function listStaffTickets(db: Database, query: ListingQuery<TicketSort>): Promise<ListingPage<StaffTicketRow, TicketSort>> {
  return loadListingPage(TICKET_LISTING, query, TICKET_LISTING_SOURCE, async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)).where(where),
      db
        .select({
          id: tickets.id,
          status: tickets.status,
          confirmation: tickets.confirmation,
          priority: tickets.priority,
          category: tickets.category,
          trouble: tickets.trouble,
          lastname: users.lastname,
          firstname: users.firstname,
          email: users.email,
          createdAt: tickets.createdAt,
          updatedAt: tickets.updatedAt,
          unread: unreadFromCustomer,
          last: lastMessage,
        })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.userId))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    ]);
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((row) => ({
        id: row.id,
        status: row.status,
        statusLabel: STATUS_LABELS[row.status],
        confirmation: row.confirmation,
        confirmationLabel: row.confirmation ? CONFIRMATION_LABELS[row.confirmation] : null,
        priority: row.priority,
        priorityLabel: PRIORITY_LABELS[row.priority],
        category: row.category,
        trouble: row.trouble,
        customer: `${row.lastname} ${row.firstname}`,
        email: row.email,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        unread: Number(row.unread),
        lastMessage: excerpt(row.last ?? ""),
      })),
    };
  });
}

/** Staff remove a ticket (row removal of the list): its messages and order links go with it; its images become orphans the hourly job purges. */
export async function deleteTicket(db: Database, ticketId: number): Promise<boolean> {
  // meta.changes would count the cascaded message rows too.
  const removed = await db.delete(tickets).where(eq(tickets.id, ticketId)).returning({ id: tickets.id });
  return removed.length === 1;
}
