/**
 * Support tickets on D1 (spec §3, §4, §7), reading: a ticket's thread for its customer or for staff (with
 * read marks), a customer's tickets and the unread badges. New tickets and messages are written in
 * ticket-messages.server.ts, status changes in ticket-status.server.ts, the staff list is
 * ticket-desk.server.ts, and what a new ticket may name is ticket-references.server.ts. Rules come from
 * app/core/tickets/tickets.ts.
 */
import type { SessionRole } from "~/core/account/sessions";
import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { dueSummary, type TicketDue } from "~/core/tickets/desk-calendar";
import { staffName } from "~/core/tickets/ticket-owners";
import { excerpt, senderName, STAFF_SENDER_NAME } from "~/core/tickets/tickets";
import type { TicketConfirmation, TicketPriority, TicketStatus } from "~/core/tickets/ticket-labels";
import { aliased, qualified, type Database } from "~/db/client.server";
import { categories, media, orderLines, orders, products, ticketMessages, ticketOrderLines, tickets, users } from "~/db/schema";
import { MEDIA_COLUMNS, toMediaItem, type MediaItem } from "../media.server";
import { productPath } from "~/core/catalogue/products";
import { customerOrderStatements, TICKET_CUSTOMER_ORDERS, toCustomerOrders, type CustomerOrderSummary } from "../orders/customer-orders.server";
import { unreadNoticesQuery, unreadStaffRepliesQuery } from "../site/shell.server";
import { ownerQuery, staffQuery, toOwnerPanel, type OwnerPanel } from "./owner-queries.server";
import { templatesQuery, type ReplyTemplate } from "./reply-templates.server";
import { knownTagsQuery, tagsQuery } from "./tag-queries.server";
import { approvalFlagQuery, draftImagesQuery, ticketDraftsQuery, toDrafts, type ReplyDraft } from "./draft-queries.server";
import { mergeTargetsQuery, type MergeTarget } from "./merge-queries.server";
import { ratingQuery, type TicketRating } from "./satisfaction.server";
import { customerOfTicket, ticketCustomerColumns } from "./ticket-customer.server";
import { hasUnreadNotice, notesQuery, readNoticesStatement, ticketNoticesQuery, toNotes, type TicketNote } from "./note-queries.server";

export interface Viewer {
  id: number;
  role: SessionRole;
}

export type TicketField = "message" | "file" | "orders_id" | "details" | "products_id" | "confirmation" | "ticket" | "tag" | "draft" | "comment" | "merge";
export type TicketFailure = { ok: false; status: 400 | 403 | 404 | 409 | 413 | 415; field: TicketField; error: string };

export const fail = (status: TicketFailure["status"], field: TicketField, error: string): TicketFailure => ({ ok: false, status, field, error });

/** A ticket as threads, lists and the JSON API show it. */
export interface TicketHead {
  id: number;
  /** Null for a guest's ticket. */
  userId: number | null;
  status: TicketStatus;
  confirmation: TicketConfirmation | null;
  priority: TicketPriority;
  category: string;
  trouble: string;
  replyChoice: "" | "email" | "phone";
  description: string;
  createdAt: string;
  /** Milliseconds; the polling cursor for state changes. */
  updated: number;
  confirmationRequestedAt: string | null;
  /** The ticket this one was merged into (its page leads there); null when it was not. */
  mergedIntoId: number | null;
  /** Staff owe the customer a call (they asked to be phoned and were replied to): since when; null when none. */
  callRequestedAt: string | null;
  /** id null: a guest's ticket, opened by mail from an address no member has. */
  customer: { id: number | null; lastname: string; firstname: string; email: string; phone: string | null };
  order: { id: number; number: string } | null;
  product: { id: number; sku: string; title: string; url: string } | null;
  details: { id: number; sku: string; title: string }[];
}

/** A ticket message with the spec's field names (§3 Ticket message). */
export interface ThreadMessage {
  id: number;
  message: string;
  date_created: string;
  name: string;
  /** The staff sender's user id; null = sent by the customer. */
  fromadmin: number | null;
  gallery: MediaItem[];
}

export interface Thread {
  ticket: TicketHead;
  messages: ThreadMessage[];
}

/** Staff see every ticket; a member their own (a guest ticket is no member's). */
const canSee = (viewer: Viewer, ticketUserId: number | null) => viewer.role === "staff" || viewer.id === ticketUserId;

/** A ticket's latest message (its description until there is one), for the lists. */
export const lastMessage = sql<string>`coalesce((select ${ticketMessages.message} from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)} order by ${ticketMessages.id} desc limit 1), ${tickets.description})`;

function headQuery(db: Database, ticketId: number) {
  return db
    .select({
      id: tickets.id,
      userId: tickets.userId,
      status: tickets.status,
      confirmation: tickets.confirmation,
      priority: tickets.priority,
      category: tickets.category,
      trouble: tickets.trouble,
      replyChoice: tickets.replyChoice,
      description: tickets.description,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      confirmationRequestedAt: tickets.confirmationRequestedAt,
      callRequestedAt: tickets.callRequestedAt,
      mergedIntoId: tickets.mergedIntoId,
      replyToken: tickets.replyToken,
      firstResponseDueAt: tickets.firstResponseDueAt,
      resolutionDueAt: tickets.resolutionDueAt,
      firstRespondedAt: tickets.firstRespondedAt,
      customerLastname: ticketCustomerColumns.lastname,
      customerFirstname: ticketCustomerColumns.firstname,
      customerEmail: ticketCustomerColumns.email,
      customerPhone: users.phone,
      orderId: aliased(orders.id, "order_id"),
      orderNumber: orders.number,
      productId: aliased(products.id, "product_id"),
      productSku: products.sku,
      productTitle: aliased(products.title, "product_title"),
      productCategorySlug: categories.slug,
    })
    .from(tickets)
    .leftJoin(users, customerOfTicket)
    .leftJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(products, eq(products.id, tickets.productId))
    .leftJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(eq(tickets.id, ticketId));
}

function detailsQuery(db: Database, ticketId: number) {
  return db
    .select({ id: orderLines.id, sku: orderLines.sku, title: orderLines.title })
    .from(ticketOrderLines)
    .innerJoin(orderLines, eq(orderLines.id, ticketOrderLines.orderLineId))
    .where(eq(ticketOrderLines.ticketId, ticketId))
    .orderBy(asc(orderLines.id));
}

/** The viewer's "other side": staff read the customer's messages, the customer reads staff replies. */
const fromOtherSide = (viewer: Viewer) => (viewer.role === "staff" ? isNull(ticketMessages.fromadmin) : isNotNull(ticketMessages.fromadmin));

/** Which messages a read returns: after `sinceId`, and only those the viewer has not seen when `unseenBy` is given. */
interface MessageSelection {
  sinceId: number;
  unseenBy?: Viewer;
}

function messageFilter(ticketId: number, { sinceId, unseenBy }: MessageSelection) {
  return and(
    eq(ticketMessages.ticketId, ticketId),
    gt(ticketMessages.id, sinceId),
    unseenBy ? and(fromOtherSide(unseenBy), isNull(ticketMessages.readAt)) : undefined,
  );
}

/** The staff member who wrote a message (colleagues see each other's names; customers never do). */
const authors = alias(users, "authors");

function messagesQuery(db: Database, ticketId: number, selection: MessageSelection) {
  return db
    .select({
      id: ticketMessages.id,
      message: ticketMessages.message,
      fromadmin: ticketMessages.fromadmin,
      dateCreated: ticketMessages.dateCreated,
      authorLastname: aliased(authors.lastname, "author_lastname"),
      authorFirstname: aliased(authors.firstname, "author_firstname"),
    })
    .from(ticketMessages)
    .leftJoin(authors, eq(authors.id, ticketMessages.fromadmin))
    .where(messageFilter(ticketId, selection))
    .orderBy(asc(ticketMessages.id));
}

function galleryQuery(db: Database, ticketId: number, selection: MessageSelection) {
  return db
    .select({ ...MEDIA_COLUMNS, messageId: media.ticketMessageId })
    .from(media)
    .innerJoin(ticketMessages, eq(ticketMessages.id, media.ticketMessageId))
    .where(messageFilter(ticketId, selection))
    .orderBy(asc(media.id));
}

type HeadRow = Awaited<ReturnType<typeof headQuery>>[number];
type MessageRow = Awaited<ReturnType<typeof messagesQuery>>[number];
type GalleryRow = Awaited<ReturnType<typeof galleryQuery>>[number];

function toHead(row: HeadRow, details: TicketHead["details"]): TicketHead {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    confirmation: row.confirmation,
    priority: row.priority,
    category: row.category,
    trouble: row.trouble,
    replyChoice: row.replyChoice,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updated: row.updatedAt.getTime(),
    confirmationRequestedAt: row.confirmationRequestedAt?.toISOString() ?? null,
    callRequestedAt: row.callRequestedAt?.toISOString() ?? null,
    mergedIntoId: row.mergedIntoId,
    customer: { id: row.userId, lastname: row.customerLastname, firstname: row.customerFirstname, email: row.customerEmail, phone: row.customerPhone },
    order: row.orderId != null && row.orderNumber != null ? { id: row.orderId, number: row.orderNumber } : null,
    product:
      row.productId != null && row.productSku != null && row.productTitle != null
        ? {
            id: row.productId,
            sku: row.productSku,
            title: row.productTitle,
            url: productPath({ categorySlug: row.productCategorySlug ?? "", sku: row.productSku }),
          }
        : null,
    details,
  };
}

/**
 * The thread's messages as `viewer` sees them: staff see which colleague wrote each staff message
 * (「カスタマーサービス（佐藤 健）」), the customer only カスタマーサービス.
 */
export function toMessages(
  rows: (Omit<MessageRow, "authorLastname" | "authorFirstname"> & Partial<Pick<MessageRow, "authorLastname" | "authorFirstname">>)[],
  gallery: GalleryRow[],
  customer: { lastname: string; firstname: string },
  viewer: Pick<Viewer, "role"> = { role: "customer" },
): ThreadMessage[] {
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    date_created: row.dateCreated.toISOString(),
    name:
      viewer.role === "staff" && row.fromadmin != null && row.authorLastname != null
        ? `${STAFF_SENDER_NAME}（${staffName({ lastname: row.authorLastname, firstname: row.authorFirstname ?? "" })}）`
        : senderName(row.fromadmin, customer),
    fromadmin: row.fromadmin,
    gallery: gallery.filter((item) => item.messageId === row.id).map(toMediaItem),
  }));
}

/** Marks the other side's messages of a ticket read by this viewer (staff read customer messages and vice versa). */
function markReadStatement(db: Database, ticketId: number, viewer: Viewer, now: Date) {
  return db
    .update(ticketMessages)
    .set({ readAt: now })
    .where(and(eq(ticketMessages.ticketId, ticketId), fromOtherSide(viewer), isNull(ticketMessages.readAt)));
}

/**
 * The ticket and its messages after `sinceId` (0 = all) when the viewer may see it; null otherwise. With
 * `unseenOnly`, only the other side's messages this viewer has not seen yet (the §7 "new messages").
 * Reading the thread marks the other side's messages read (a customer's staff replies leave the badge; the
 * customer's count after the read comes back as `unreadRepliesAfter`).
 * Staff viewing someone else's ticket mark only customer messages.
 */
export async function loadThread(
  db: Database,
  ticketId: number,
  viewer: Viewer,
  options: { sinceId?: number; unseenOnly?: boolean; now?: Date; customerOrders?: boolean } = {},
): Promise<
  | (Thread & {
      customerOrders: CustomerOrderSummary[];
      unreadRepliesAfter?: number;
      replyToken?: string | null;
      owners?: OwnerPanel;
      notes?: TicketNote[];
      unreadNoticesAfter?: number;
      templates?: ReplyTemplate[];
      tags?: { tags: string[]; known: string[] };
      due?: TicketDue;
      drafts?: { items: ReplyDraft[]; viewerNeedsApproval: boolean };
      mergeTargets?: MergeTarget[];
      rating?: TicketRating | null;
    })
  | null
> {
  const selection: MessageSelection = { sinceId: options.sinceId ?? 0, unseenBy: options.unseenOnly ? viewer : undefined };
  const now = options.now ?? new Date();
  // Staff's ticket page shows the customer's orders beside the thread, read in the same round trip.
  const ordersShown = options.customerOrders && viewer.role === "staff" ? TICKET_CUSTOMER_ORDERS : 0;
  const forStaff = viewer.role === "staff";
  const [
    heads,
    details,
    messageRows,
    gallery,
    ownerRows,
    teamRows,
    noteRows,
    noticeRows,
    templateRows,
    tagRows,
    knownTagRows,
    draftRows,
    draftImageRows,
    flagRows,
    mergeRows,
    ratingRows,
    orderRows,
    shipmentRows,
  ] = await db.batch([
    headQuery(db, ticketId),
    detailsQuery(db, ticketId),
    messagesQuery(db, ticketId, selection),
    galleryQuery(db, ticketId, selection),
    // Staff's page shows who owns the ticket and whom it could go to (issue 36), in the same round trip.
    ownerQuery(db, ticketId),
    staffQuery(db, forStaff ? 100 : 0),
    // Staff only: the internal notes and whom they were sent to (never read for the customer's page).
    notesQuery(db, ticketId, forStaff ? 500 : 0),
    ticketNoticesQuery(db, ticketId, forStaff ? 2000 : 0),
    // Staff only: the reply templates the reply box offers.
    templatesQuery(db, forStaff ? 200 : 0),
    // Staff only: the ticket's tags, and the tags in use to suggest.
    tagsQuery(db, ticketId, forStaff ? 50 : 0),
    knownTagsQuery(db, forStaff ? 50 : 0),
    // Staff only: replies waiting for approval (and decided ones), and whether this viewer may approve.
    ticketDraftsQuery(db, ticketId, forStaff ? 20 : 0),
    draftImagesQuery(db, ticketId, forStaff ? 100 : 0),
    approvalFlagQuery(db, forStaff ? viewer.id : 0),
    // Staff only: the customer's other open tickets, to merge this one into.
    mergeTargetsQuery(db, ticketId, forStaff ? 20 : 0),
    // Staff only: the customer's satisfaction answer (issue 36 item 10).
    ratingQuery(db, ticketId, forStaff ? 1 : 0),
    ...customerOrderStatements(db, ticketId, ordersShown),
  ]);
  const head = heads[0];
  if (!head || !canSee(viewer, head.userId)) return null;
  const ticket = toHead(head, details);
  const unreadFromOtherSide = messageRows.some((row) => (viewer.role === "staff" ? row.fromadmin == null : row.fromadmin != null));
  const thread = { ticket, messages: toMessages(messageRows, gallery, ticket.customer, viewer), customerOrders: toCustomerOrders(orderRows, shipmentRows) };
  if (forStaff) {
    // Staff see the ticket's reply address (to reissue it); the customer's page is not given it. Opening the
    // ticket reads the viewer's notices of its notes; their お知らせ count after that comes back.
    const staffPart = {
      replyToken: head.replyToken,
      owners: toOwnerPanel(ownerRows, teamRows),
      notes: toNotes(noteRows, noticeRows),
      templates: templateRows,
      tags: { tags: tagRows.map((row) => row.tag), known: knownTagRows.map((row) => row.tag) },
      due: dueSummary(head, now),
      drafts: { items: toDrafts(draftRows, draftImageRows), viewerNeedsApproval: flagRows[0]?.needs ?? false },
      mergeTargets: mergeRows,
      rating: ratingRows[0] ?? null,
    };
    if (hasUnreadNotice(noticeRows, viewer.id)) {
      const [, , [left]] = await db.batch([
        markReadStatement(db, ticketId, viewer, now),
        readNoticesStatement(db, viewer.id, now, ticketId),
        unreadNoticesQuery(db, viewer.id),
      ]);
      return { ...thread, ...staffPart, unreadNoticesAfter: left?.n ?? 0 };
    }
    if (unreadFromOtherSide) await markReadStatement(db, ticketId, viewer, now);
    return { ...thread, ...staffPart };
  }
  if (!unreadFromOtherSide || viewer.id !== head.userId) return thread;
  // The customer's header counted the replies before this read (with the session): it shows the count after it.
  const [, [unread]] = await db.batch([markReadStatement(db, ticketId, viewer, now), unreadStaffRepliesQuery(db, viewer.id)]);
  return { ...thread, unreadRepliesAfter: unread?.n ?? 0 };
}

/** Unread messages for the navigation badges (§2 screen 15): staff replies a customer has not read. */
export async function unreadMessagesFor(db: Database, viewer: Viewer) {
  const owner = viewer.role === "staff" ? undefined : eq(tickets.userId, viewer.id);
  const rows = await db
    .select({
      id: ticketMessages.id,
      ticketId: ticketMessages.ticketId,
      message: ticketMessages.message,
      fromadmin: ticketMessages.fromadmin,
      dateCreated: ticketMessages.dateCreated,
      lastname: ticketCustomerColumns.lastname,
      firstname: ticketCustomerColumns.firstname,
    })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .leftJoin(users, customerOfTicket)
    .where(and(owner, fromOtherSide(viewer), isNull(ticketMessages.readAt)))
    .orderBy(desc(ticketMessages.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    ticket_id: row.ticketId,
    message: excerpt(row.message),
    date_created: row.dateCreated.toISOString(),
    name: senderName(row.fromadmin, row),
    fromadmin: row.fromadmin,
  }));
}

/** The ticket with its customer's name when the viewer may see it; null otherwise. */
export async function visibleTicket(db: Database, ticketId: number, viewer: Viewer) {
  const [row] = await db
    .select({
      id: tickets.id,
      userId: tickets.userId,
      status: tickets.status,
      confirmation: tickets.confirmation,
      replyChoice: tickets.replyChoice,
      replyToken: tickets.replyToken,
      ...ticketCustomerColumns,
    })
    .from(tickets)
    .leftJoin(users, customerOfTicket)
    .where(eq(tickets.id, ticketId));
  return row && canSee(viewer, row.userId) ? row : null;
}
