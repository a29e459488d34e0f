/**
 * The staff ticket desk (spec §2 CRM, §7 listings): the ticket list as a generic listing (filters, sorts,
 * unread customer messages) and removing a ticket.
 */
import { count, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { ListingQuery } from "~/core/search/listing";
import { PRIORITY_RANK, TICKET_LISTING, type TicketSort } from "~/core/tickets/ticket-listing";
import { staffName } from "~/core/tickets/ticket-owners";
import { excerpt } from "~/core/tickets/tickets";
import {
  CONFIRMATION_LABELS,
  PRIORITY_LABELS,
  STATUS_LABELS,
  type TicketConfirmation,
  type TicketPriority,
  type TicketStatus,
} from "~/core/tickets/ticket-labels";
import { aliased, qualified, type Database } from "~/db/client.server";
import { orders, ticketMessages, tickets, ticketTags, users } from "~/db/schema";
import { normalTag, TAG_SEPARATOR } from "~/core/tickets/ticket-tags";
import { betweenDaysFilter, equalsFilter, likeFilter, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";
import { nextDue, type NextDue } from "~/core/tickets/desk-calendar";
import { overdueCondition } from "./overdue-queries.server";
import { lastMessage } from "./tickets.server";
import { customerText, ticketTextFilter } from "./ticket-search.server";
import { customerOfTicket, ticketCustomerColumns } from "./ticket-customer.server";

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
  /** A guest's ticket (opened by mail, no member account). */
  guest: boolean;
  createdAt: string;
  updatedAt: string;
  /** Customer messages staff have not read yet. */
  unread: number;
  lastMessage: string;
  /** The owning colleague's name; null = not assigned. */
  owner: string | null;
  tags: string[];
  /** The due time that matters now (the first response's until answered, then the resolution's); null when none. */
  due: NextDue | null;
}

const owners = alias(users, "owners");

/** Customer messages staff have not read on the ticket (the list's 未読 filter and the dashboard's count). */
export const unreadFromCustomer = sql<number>`(select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)} and ${ticketMessages.fromadmin} is null and ${ticketMessages.readAt} is null)`;

/** Unread customer messages first, then the latest activity (updated_at in ms stays below 10^13). */
const attention = sql`(case when ${unreadFromCustomer} > 0 then 10000000000000 else 0 end) + ${tickets.updatedAt}`;

/** The listing for one staff member: `owner=mine` is theirs. */
const ticketListingSource = (viewerId: number): ListingSource<TicketSort> => ({
  scope: undefined,
  sortColumns: {
    attention,
    updated: tickets.updatedAt,
    date_created: tickets.createdAt,
    priority: sql`(case ${tickets.priority} when 'high' then ${PRIORITY_RANK.high} when 'medium' then ${PRIORITY_RANK.medium} else ${PRIORITY_RANK.low} end)`,
    status: tickets.status,
    id: tickets.id,
  },
  idColumn: tickets.id,
  filters: {
    due: (value) => (value === "overdue" ? overdueCondition(new Date()) : undefined),
    owner: (value) => (value === "mine" ? eq(tickets.ownerId, viewerId) : value === "none" ? isNull(tickets.ownerId) : undefined),
    status: equalsFilter(tickets.status),
    priority: equalsFilter(tickets.priority),
    confirmation: equalsFilter(tickets.confirmation),
    category: equalsFilter(tickets.category),
    unread: (value) => (value === "1" ? sql`${unreadFromCustomer} > 0` : undefined),
    customer: likeFilter(customerText),
    content: ticketTextFilter,
    order: likeFilter(sql`coalesce((select ${orders.number} from ${orders} where ${orders.id} = ${qualified(tickets.orderId)}), '')`),
    // A tag's text anywhere in one of the ticket's tags, written as tags are stored (full-width made plain).
    tag: (value) => {
      const read = normalTag(typeof value === "string" ? value : "");
      return read.ok
        ? sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${qualified(tickets.id)} and instr(${ticketTags.tag}, ${read.tag}) > 0)`
        : undefined;
    },
    date_created: betweenDaysFilter(tickets.createdAt),
  },
});

/** One page of the staff ticket list for a parsed listing query (total and rows in one batch). */
export async function listStaffTickets(db: Database, query: ListingQuery<TicketSort>, viewerId: number): Promise<ListingPage<StaffTicketRow, TicketSort>> {
  const now = new Date();
  return loadListingPage(TICKET_LISTING, query, ticketListingSource(viewerId), async ({ where, orderBy, limit, offset }) => {
    const [counted, rows] = await db.batch([
      db.select({ n: count() }).from(tickets).leftJoin(users, customerOfTicket).where(where),
      db
        .select({
          id: tickets.id,
          status: tickets.status,
          confirmation: tickets.confirmation,
          priority: tickets.priority,
          category: tickets.category,
          trouble: tickets.trouble,
          ...ticketCustomerColumns,
          guest: sql<number>`${tickets.userId} is null`,
          createdAt: tickets.createdAt,
          updatedAt: tickets.updatedAt,
          unread: unreadFromCustomer,
          firstResponseDueAt: tickets.firstResponseDueAt,
          resolutionDueAt: tickets.resolutionDueAt,
          firstRespondedAt: tickets.firstRespondedAt,
          last: lastMessage,
          // Named apart from the customer's lastname/firstname: D1's batch keys a row's columns by name.
          ownerLastname: aliased(owners.lastname, "owner_lastname"),
          ownerFirstname: aliased(owners.firstname, "owner_firstname"),
          // In the order they were added, as the ticket page shows them.
          tags: sql<
            string | null
          >`(select group_concat(tag, ${TAG_SEPARATOR}) from (select ${ticketTags.tag} as tag from ${ticketTags} where ${ticketTags.ticketId} = ${qualified(tickets.id)} order by ${ticketTags.createdAt}, ${ticketTags.tag}))`,
        })
        .from(tickets)
        .leftJoin(users, customerOfTicket)
        .leftJoin(owners, eq(owners.id, tickets.ownerId))
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
        customer: `${row.lastname} ${row.firstname}`.trim(),
        email: row.email,
        guest: Boolean(row.guest),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        unread: Number(row.unread),
        lastMessage: excerpt(row.last ?? ""),
        owner: row.ownerLastname != null ? staffName({ lastname: row.ownerLastname, firstname: row.ownerFirstname ?? "" }) : null,
        tags: row.tags ? row.tags.split(TAG_SEPARATOR) : [],
        due: nextDue({ ...row, status: row.status }, now),
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
