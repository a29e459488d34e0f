/**
 * Support tickets on D1 (spec §3, §4, §7): new tickets (one per form `session`), threads for the
 * customer and for staff, messages with R2 attachments, read marks, resolution confirmation, the 7-day
 * auto-close and the notification mails staff actions write. Rules come from app/core/tickets.ts.
 */
import { and, asc, count, desc, eq, getTableName, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  answerConfirmation,
  confirmationDeadline,
  confirmationRequestProblem,
  excerpt,
  messageProblem,
  PRIORITY_RANK,
  replyChoiceOf,
  TICKET_LISTING,
  type TicketSort,
  senderName,
  ticketPriority,
  TICKET_TEXT,
  type ConfirmationAnswer,
  type NewTicketInput,
  type TicketConfirmation,
  type TicketPriority,
  type TicketStatus,
} from "~/core/tickets";
import type { ListingQuery } from "~/core/listing";
import { aliased, type Database } from "~/db/client.server";
import { autoClosedMail, confirmationRequestMail, staffReplyMail, ticketClosedMail } from "~/mail/ticket-mails";
import { categories, media, notificationMails, orderLines, orders, productMedia, products, ticketMessages, ticketOrderLines, tickets, users } from "~/db/schema";
import { betweenDaysFilter, equalsFilter, likeFilter, loadListingPage, type ListingPage, type ListingSource } from "./listing.server";
import { mailStatement, notificationOf } from "./mails.server";
import { MEDIA_COLUMNS, ownsPendingMedia, purgeOrphanMedia, storeImages, toMediaItem, uploadedFiles, type MediaItem } from "./media.server";
import { productPath } from "./product.server";

export interface Viewer {
  id: number;
  role: "customer" | "staff";
}

export type TicketField = "message" | "file" | "orders_id" | "details" | "products_id" | "confirmation" | "ticket";
export type TicketFailure = { ok: false; status: 400 | 403 | 404 | 409 | 413 | 415; field: TicketField; error: string };

const fail = (status: TicketFailure["status"], field: TicketField, error: string): TicketFailure => ({ ok: false, status, field, error });

/** A ticket as threads, lists and the JSON API show it. */
export interface TicketHead {
  id: number;
  userId: number;
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
  customer: { id: number; lastname: string; firstname: string; email: string };
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

/** A column with its table's name, for correlated sub-selects (drizzle leaves it out on one-table queries). */
function qualified(column: AnySQLiteColumn) {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

const canSee = (viewer: Viewer, ticketUserId: number) => viewer.role === "staff" || viewer.id === ticketUserId;

// ─── Reading ───────────────────────────────────────────────────────────────────────────────

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
      customerLastname: users.lastname,
      customerFirstname: users.firstname,
      customerEmail: users.email,
      orderId: aliased(orders.id, "order_id"),
      orderNumber: orders.number,
      productId: aliased(products.id, "product_id"),
      productSku: products.sku,
      productTitle: aliased(products.title, "product_title"),
      productCategorySlug: categories.slug,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
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

function messagesQuery(db: Database, ticketId: number, selection: MessageSelection) {
  return db
    .select({
      id: ticketMessages.id,
      message: ticketMessages.message,
      fromadmin: ticketMessages.fromadmin,
      dateCreated: ticketMessages.dateCreated,
    })
    .from(ticketMessages)
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
    customer: { id: row.userId, lastname: row.customerLastname, firstname: row.customerFirstname, email: row.customerEmail },
    order: row.orderId != null && row.orderNumber != null ? { id: row.orderId, number: row.orderNumber } : null,
    product:
      row.productId != null && row.productSku != null && row.productTitle != null
        ? { id: row.productId, sku: row.productSku, title: row.productTitle, url: productPath({ categorySlug: row.productCategorySlug ?? "", sku: row.productSku }) }
        : null,
    details,
  };
}

function toMessages(rows: MessageRow[], gallery: GalleryRow[], customer: { lastname: string; firstname: string }): ThreadMessage[] {
  return rows.map((row) => ({
    id: row.id,
    message: row.message,
    date_created: row.dateCreated.toISOString(),
    name: senderName(row.fromadmin, customer),
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
 * Reading the thread marks the other side's messages read (a customer's staff replies leave the badge).
 * Staff viewing someone else's ticket mark only customer messages.
 */
export async function loadThread(
  db: Database,
  ticketId: number,
  viewer: Viewer,
  options: { sinceId?: number; unseenOnly?: boolean; now?: Date } = {},
): Promise<Thread | null> {
  const selection: MessageSelection = { sinceId: options.sinceId ?? 0, unseenBy: options.unseenOnly ? viewer : undefined };
  const now = options.now ?? new Date();
  const [heads, details, messageRows, gallery] = await db.batch([
    headQuery(db, ticketId),
    detailsQuery(db, ticketId),
    messagesQuery(db, ticketId, selection),
    galleryQuery(db, ticketId, selection),
  ]);
  const head = heads[0];
  if (!head || !canSee(viewer, head.userId)) return null;
  const ticket = toHead(head, details);
  const unreadFromOtherSide = messageRows.some((row) => (viewer.role === "staff" ? row.fromadmin == null : row.fromadmin != null));
  if (unreadFromOtherSide && (viewer.role === "staff" || viewer.id === head.userId)) await markReadStatement(db, ticketId, viewer, now);
  return { ticket, messages: toMessages(messageRows, gallery, ticket.customer) };
}

export interface CustomerTicketSummary {
  id: number;
  status: TicketStatus;
  confirmation: TicketConfirmation | null;
  category: string;
  trouble: string;
  createdAt: string;
  updatedAt: string;
  unread: number;
  lastMessage: string;
}

function customerTicketsQuery(db: Database, userId: number, limit: number) {
  const unread = sql<number>`(select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)} and ${ticketMessages.fromadmin} is not null and ${ticketMessages.readAt} is null)`;
  const last = sql<string>`coalesce((select ${ticketMessages.message} from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)} order by ${ticketMessages.id} desc limit 1), ${tickets.description})`;
  return db
    .select({
      id: tickets.id,
      status: tickets.status,
      confirmation: tickets.confirmation,
      category: tickets.category,
      trouble: tickets.trouble,
      createdAt: tickets.createdAt,
      updatedAt: tickets.updatedAt,
      unread,
      last,
    })
    .from(tickets)
    .where(eq(tickets.userId, userId))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(limit);
}

function toCustomerTicket(row: Awaited<ReturnType<typeof customerTicketsQuery>>[number]): CustomerTicketSummary {
  return {
    id: row.id,
    status: row.status,
    confirmation: row.confirmation,
    category: row.category,
    trouble: row.trouble,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    unread: Number(row.unread),
    lastMessage: excerpt(row.last ?? ""),
  };
}

/** A customer's tickets, newest activity first, with their unread staff replies. */
export async function listCustomerTickets(db: Database, userId: number, limit = 50): Promise<CustomerTicketSummary[]> {
  return (await customerTicketsQuery(db, userId, limit)).map(toCustomerTicket);
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
      lastname: users.lastname,
      firstname: users.firstname,
    })
    .from(ticketMessages)
    .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
    .innerJoin(users, eq(users.id, tickets.userId))
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

// ─── Orders and products a new ticket may name ────────────────────────────────────────────

export interface PastOrder {
  id: number;
  number: string;
  date_created: string;
  orderdetails: { id: number; sku: string; title: string; variation: { picture: string | null }; product: { id: number; picture: string | null } }[];
}

const PAST_ORDERS_LIMIT = 20;

function pastOrdersQueries(db: Database, customerId: number) {
  const mine = eq(orders.userId, customerId);
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  const productPicture = sql<string | null>`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${qualified(orderLines.productId)} and ${productMedia.variationId} is null order by ${productMedia.position} limit 1)`;
  const variationPicture = sql<string | null>`(select ${productMedia.url} from ${productMedia} where ${productMedia.variationId} = ${qualified(orderLines.variationId)} order by ${productMedia.position} limit 1)`;
  return [
    db
      .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt })
      .from(orders)
      .where(mine)
      .orderBy(...newestFirst)
      .limit(PAST_ORDERS_LIMIT),
    db
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        sku: orderLines.sku,
        title: orderLines.title,
        picture: orderLines.picture,
        productId: orderLines.productId,
        variationId: orderLines.variationId,
        productPicture,
        variationPicture,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, db.select({ id: orders.id }).from(orders).where(mine).orderBy(...newestFirst).limit(PAST_ORDERS_LIMIT)))
      .orderBy(asc(orderLines.id)),
  ] as const;
}

type PastOrderRows = [Awaited<ReturnType<typeof pastOrdersQueries>[0]>, Awaited<ReturnType<typeof pastOrdersQueries>[1]>];

function toPastOrders([orderRows, lines]: PastOrderRows): PastOrder[] {
  return orderRows.map((order) => ({
    id: order.id,
    number: order.number,
    date_created: order.createdAt.toISOString(),
    orderdetails: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        id: line.id,
        sku: line.sku,
        title: line.title,
        variation: { picture: line.variationId != null ? (line.variationPicture ?? line.picture ?? null) : null },
        product: { id: line.productId, picture: line.productPicture ?? (line.picture || null) },
      })),
  }));
}

/** The customer's recent orders with their lines (§3 Past order), newest first: one round trip. */
export async function pastOrders(db: Database, customerId: number): Promise<PastOrder[]> {
  const [orderRows, lines] = await db.batch(pastOrdersQueries(db, customerId));
  return toPastOrders([orderRows, lines]);
}

/** The /user/support page: the member's tickets and past orders, in one round trip. */
export async function loadSupportPage(db: Database, userId: number): Promise<{ tickets: CustomerTicketSummary[]; orders: PastOrder[] }> {
  const [ticketRows, orderRows, lines] = await db.batch([customerTicketsQuery(db, userId, 50), ...pastOrdersQueries(db, userId)]);
  return { tickets: ticketRows.map(toCustomerTicket), orders: toPastOrders([orderRows, lines]) };
}

export interface TicketProduct {
  id: number;
  sku: string;
  title: string;
  type: "simple" | "set" | "variation";
  status: "published" | "draft" | "archived";
  picture: string | null;
  url: string;
}

/**
 * A product for the new-ticket form: staff see any; a customer sees listed products and anything they
 * bought (a private or archived product of a past order). Null = not found for this viewer.
 */
export async function productForTicket(db: Database, viewer: Viewer, productId: number): Promise<TicketProduct | null> {
  const bought = sql<number>`exists (select 1 from ${orderLines} inner join ${orders} on ${orders.id} = ${orderLines.orderId} where ${qualified(orderLines.productId)} = ${qualified(products.id)} and ${orders.userId} = ${viewer.id})`;
  const [row] = await db
    .select({
      id: products.id,
      sku: products.sku,
      title: products.title,
      type: products.type,
      status: products.status,
      isPrivate: products.isPrivate,
      categorySlug: categories.slug,
      picture: sql<string | null>`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${products.id} and ${productMedia.variationId} is null order by ${productMedia.position} limit 1)`,
      bought,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(eq(products.id, productId));
  if (!row) return null;
  const listed = row.status === "published" && !row.isPrivate;
  if (viewer.role !== "staff" && !listed && !row.bought) return null;
  return {
    id: row.id,
    sku: row.sku,
    title: row.title,
    type: row.type,
    status: row.status,
    picture: row.picture,
    url: productPath(row),
  };
}

// ─── Writing ───────────────────────────────────────────────────────────────────────────────

export interface Attachments {
  /** Media ids uploaded beforehand through /crm/customer/media/upload (JS). */
  galleryIds: number[];
  /** Files sent with the form itself (no JS). */
  files: File[];
}

async function checkAttachments(db: Database, ownerId: number, attachments: Attachments, message: string): Promise<TicketFailure | null> {
  const problem = messageProblem(message, attachments.galleryIds.length + attachments.files.length);
  if (problem) return fail(400, problem === TICKET_TEXT.tooManyAttachments ? "file" : "message", problem);
  if (!(await ownsPendingMedia(db, ownerId, attachments.galleryIds))) return fail(400, "file", TICKET_TEXT.attachmentNotFound);
  return null;
}

async function storeFiles(db: Database, bucket: R2Bucket, ownerId: number, attachments: Attachments, now: Date) {
  const stored = await storeImages(db, bucket, ownerId, attachments.files, now);
  if (!stored.ok) return fail(stored.status, "file", stored.error);
  return [...attachments.galleryIds, ...stored.ids];
}

/**
 * Attaches the uploads to the message the previous statement of the batch inserted. `changes() = 1`
 * makes it a no-op when that insert inserted nothing (a double submit), so images never join another
 * submit's message; only this user's unsent uploads move.
 */
function attachStatement(db: Database, ownerId: number, mediaIds: number[]) {
  return db
    .update(media)
    .set({ ticketMessageId: sql`last_insert_rowid()` })
    .where(
      and(
        sql`changes() = 1`,
        inArray(media.id, mediaIds.length ? mediaIds : [0]),
        eq(media.ownerUserId, ownerId),
        isNull(media.ticketMessageId),
        isNull(media.reviewId),
      ),
    );
}

export type CreateTicketResult = { ok: true; ticketId: number; duplicate: boolean } | TicketFailure;

/**
 * Opens a ticket from the new-ticket form. The form's `session` is unique per member, so a double submit
 * finds the ticket the first one created (and stores nothing new). Order lines must belong to the chosen
 * order of this member; the product must be one this member may see. The description is the first message.
 */
export async function createTicket(
  db: Database,
  bucket: R2Bucket,
  customer: Viewer,
  input: NewTicketInput,
  attachments: Attachments,
  now: Date = new Date(),
): Promise<CreateTicketResult> {
  const existing = await findTicketBySession(db, customer.id, input.session);
  if (existing != null) return { ok: true, ticketId: existing, duplicate: true };

  const orderId = input.orders_id ?? null;
  if (orderId != null) {
    const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
    if (!order || order.userId !== customer.id) return fail(404, "orders_id", TICKET_TEXT.orderNotFound);
  }
  const details = [...new Set(input.details ?? [])];
  let lineProducts: number[] = [];
  if (details.length > 0) {
    if (orderId == null) return fail(400, "details", TICKET_TEXT.orderLineNotInOrder);
    const lines = await db
      .select({ id: orderLines.id, productId: orderLines.productId })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.id, details)));
    if (lines.length !== details.length) return fail(400, "details", TICKET_TEXT.orderLineNotInOrder);
    lineProducts = lines.map((line) => line.productId);
  }
  let productId = input.products_id ?? null;
  if (productId == null && new Set(lineProducts).size === 1) productId = lineProducts[0] ?? null;
  if (productId != null && !lineProducts.includes(productId) && !(await productForTicket(db, customer, productId))) {
    return fail(404, "products_id", TICKET_TEXT.productNotFound);
  }

  const refused = await checkAttachments(db, customer.id, attachments, input.description);
  if (refused) return refused;
  const mediaIds = await storeFiles(db, bucket, customer.id, attachments, now);
  if (!Array.isArray(mediaIds)) return mediaIds;

  const sameForm = and(eq(tickets.userId, customer.id), eq(tickets.formSession, input.session));
  const ticketIdSql = sql`(select ${tickets.id} from ${tickets} where ${sameForm})`;
  const [, , , , found] = await db.batch([
    db
      .insert(tickets)
      .values({
        userId: customer.id,
        status: "doing",
        priority: ticketPriority(input.trouble),
        category: input.category,
        trouble: input.trouble,
        replyChoice: replyChoiceOf(input),
        orderId,
        productId,
        description: input.description,
        formSession: input.session,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
    // The first message, only while the ticket has none (a racing double submit adds nothing).
    db.insert(ticketMessages).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          ticketId: tickets.id,
          fromadmin: sql<number | null>`null`.as("fromadmin"),
          message: sql<string>`${input.description}`.as("message"),
          readAt: sql<number | null>`null`.as("read_at"),
          dateCreated: sql<number>`${now.getTime()}`.as("date_created"),
        })
        .from(tickets)
        .where(and(sameForm, sql`not exists (select 1 from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)})`)),
    ),
    attachStatement(db, customer.id, mediaIds),
    db
      .insert(ticketOrderLines)
      .select(
        db
          .select({ ticketId: sql<number>`${ticketIdSql}`.as("ticket_id"), orderLineId: orderLines.id })
          .from(orderLines)
          .where(and(inArray(orderLines.id, details.length ? details : [0]), eq(orderLines.orderId, orderId ?? 0))),
      )
      .onConflictDoNothing(),
    db.select({ id: tickets.id }).from(tickets).where(sameForm),
  ]);
  const ticketId = found[0]?.id;
  if (ticketId == null) throw new Error("ticket was not written");
  return { ok: true, ticketId, duplicate: false };
}

export async function findTicketBySession(db: Database, userId: number, session: string): Promise<number | null> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), eq(tickets.formSession, session)));
  return row?.id ?? null;
}

async function visibleTicket(db: Database, ticketId: number, viewer: Viewer) {
  const [row] = await db
    .select({
      id: tickets.id,
      userId: tickets.userId,
      status: tickets.status,
      confirmation: tickets.confirmation,
      lastname: users.lastname,
      firstname: users.firstname,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(eq(tickets.id, ticketId));
  return row && canSee(viewer, row.userId) ? row : null;
}

export type SendResult = { ok: true; message: ThreadMessage } | TicketFailure;

/**
 * Adds a message to a ticket the viewer may write to. Staff write as customer service, and every staff
 * reply writes a notification mail to the customer in the same batch.
 */
export async function sendMessage(
  db: Database,
  bucket: R2Bucket,
  viewer: Viewer,
  ticketId: number,
  input: { message: string; attachments: Attachments },
  now: Date = new Date(),
): Promise<SendResult> {
  const ticket = await visibleTicket(db, ticketId, viewer);
  if (!ticket) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  if (ticket.status === "close") return fail(409, "message", TICKET_TEXT.ticketClosed);
  const text = input.message.replace(/\r\n/g, "\n").trim();
  const refused = await checkAttachments(db, viewer.id, input.attachments, text);
  if (refused) return refused;
  const mediaIds = await storeFiles(db, bucket, viewer.id, input.attachments, now);
  if (!Array.isArray(mediaIds)) return mediaIds;
  const fromadmin = viewer.role === "staff" ? viewer.id : null;
  const [inserted] = await db.batch([
    db
      .insert(ticketMessages)
      .values({ ticketId, fromadmin, message: text, dateCreated: now })
      .returning({ id: ticketMessages.id, message: ticketMessages.message, fromadmin: ticketMessages.fromadmin, dateCreated: ticketMessages.dateCreated }),
    attachStatement(db, viewer.id, mediaIds),
    db.update(tickets).set({ updatedAt: now }).where(eq(tickets.id, ticketId)),
    ...(fromadmin != null ? [mailStatement(db, ticket.userId, staffReplyMail({ ticketId, customer: ticket, message: text }), now)] : []),
  ]);
  const row = inserted[0];
  if (!row) throw new Error("message was not written");
  const gallery = mediaIds.length
    ? await db.select({ ...MEDIA_COLUMNS, messageId: media.ticketMessageId }).from(media).where(eq(media.ticketMessageId, row.id)).orderBy(asc(media.id))
    : [];
  const [message] = toMessages([row], gallery, ticket);
  if (!message) throw new Error("message was not shaped");
  return { ok: true, message };
}

export type StaffActionResult = { ok: true } | TicketFailure;

/** Staff close a ticket (the reply box disappears); the customer gets a mail. */
export async function closeTicket(db: Database, staff: Viewer, ticketId: number, now: Date = new Date()): Promise<StaffActionResult> {
  const ticket = await visibleTicket(db, ticketId, staff);
  if (!ticket || staff.role !== "staff") return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  if (ticket.status === "close") return { ok: true };
  await db.batch([
    db.update(tickets).set({ status: "close", closedAt: now, updatedAt: now }).where(and(eq(tickets.id, ticketId), eq(tickets.status, "doing"))),
    mailStatement(db, ticket.userId, ticketClosedMail({ ticketId, customer: ticket }), now),
  ]);
  return { ok: true };
}

/** Staff ask the customer whether the problem is solved (confirmation waiting); the customer gets a mail. */
export async function requestConfirmation(db: Database, staff: Viewer, ticketId: number, now: Date = new Date()): Promise<StaffActionResult> {
  const ticket = await visibleTicket(db, ticketId, staff);
  if (!ticket || staff.role !== "staff") return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const problem = confirmationRequestProblem(ticket);
  if (problem) return fail(409, "confirmation", problem);
  await db.batch([
    db
      .update(tickets)
      .set({ confirmation: "waiting", confirmationRequestedAt: now, updatedAt: now })
      .where(and(eq(tickets.id, ticketId), eq(tickets.status, "doing"))),
    mailStatement(db, ticket.userId, confirmationRequestMail({ ticketId, customer: ticket }), now),
  ]);
  return { ok: true };
}

export type ConfirmationResult =
  | { ok: true; status: TicketStatus; confirmation: TicketConfirmation; notice: string }
  | TicketFailure;

/** The customer answers the resolution request (only the ticket's customer, only while waiting). */
export async function answerTicketConfirmation(
  db: Database,
  customer: Viewer,
  ticketId: number,
  answer: ConfirmationAnswer,
  now: Date = new Date(),
): Promise<ConfirmationResult> {
  const ticket = await visibleTicket(db, ticketId, customer);
  if (!ticket || ticket.userId !== customer.id) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  const decided = answerConfirmation(ticket, answer);
  if (!decided.ok) return fail(409, "confirmation", decided.error);
  const { next } = decided;
  const result = await db
    .update(tickets)
    .set({ status: next.status, confirmation: next.confirmation, updatedAt: now, ...(next.closes ? { closedAt: now } : {}) })
    .where(and(eq(tickets.id, ticketId), eq(tickets.status, "doing"), eq(tickets.confirmation, "waiting")));
  if (result.meta.changes !== 1) return fail(409, "confirmation", TICKET_TEXT.confirmationNotWaiting);
  return { ok: true, status: next.status, confirmation: next.confirmation as TicketConfirmation, notice: TICKET_TEXT.confirmationNotified };
}

/**
 * The scheduled job: tickets waiting for the customer's answer for 7 days close themselves, each with a
 * notification mail, in one batch (the conditional update makes a second run a no-op).
 */
export async function autoCloseExpiredConfirmations(db: Database, now: Date): Promise<number[]> {
  const deadline = confirmationDeadline(now);
  const due = await db
    .select({ id: tickets.id, userId: tickets.userId, lastname: users.lastname, firstname: users.firstname })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.confirmation, "waiting"), eq(tickets.status, "doing"), lte(tickets.confirmationRequestedAt, deadline)))
    .limit(50);
  const closed: number[] = [];
  for (const ticket of due) {
    const mail = notificationOf(autoClosedMail({ ticketId: ticket.id, customer: ticket }));
    const [update] = await db.batch([
      db
        .update(tickets)
        .set({ status: "close", closedAt: now, updatedAt: now })
        .where(and(eq(tickets.id, ticket.id), eq(tickets.status, "doing"), eq(tickets.confirmation, "waiting"), lte(tickets.confirmationRequestedAt, deadline))),
      // The mail only when the update above closed the ticket (changes() = 1): a second run mails nobody.
      db.insert(notificationMails).select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            userId: tickets.userId,
            title: sql<string>`${mail.title}`.as("title"),
            content: sql<string>`${mail.content}`.as("content"),
            readed: sql<number | null>`null`.as("readed"),
            dateCreated: sql<number>`${now.getTime()}`.as("date_created"),
          })
          .from(tickets)
          .where(and(eq(tickets.id, ticket.id), sql`changes() = 1`)),
      ),
    ]);
    if (update.meta.changes === 1) closed.push(ticket.id);
  }
  return closed;
}

/** Counts for tests and the desk: messages of one ticket. */
export async function countMessages(db: Database, ticketId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
  return row?.n ?? 0;
}

/**
 * A message form (the thread page or POST /crm/api/{module}/messages/send): `message`, the media ids of
 * images uploaded beforehand as `gallery[]` (or `gallery`), and files sent with the form as `file`.
 * Null when an id is malformed.
 */
export function messageInputFrom(form: FormData): { message: string; attachments: Attachments } | null {
  const rawIds = [...form.getAll("gallery[]"), ...form.getAll("gallery")];
  const galleryIds: number[] = [];
  for (const raw of rawIds) {
    if (typeof raw !== "string" || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) return null;
    galleryIds.push(Number(raw));
  }
  const message = form.get("message");
  if (message != null && typeof message !== "string") return null;
  return { message: message ?? "", attachments: { galleryIds, files: uploadedFiles(form.getAll("file")) } };
}

export type ThreadIntentResult =
  | { ok: true; intent: string; notice: keyof typeof TICKET_TEXT }
  | (TicketFailure & { intent: string; message?: string });

/**
 * The thread pages' form posts (customer: send, confirm; staff: send, close, request_confirmation), so
 * both pages and their no-JS forms share one dispatcher.
 */
export async function threadIntent(db: Database, bucket: R2Bucket, viewer: Viewer, ticketId: number, form: FormData, now: Date = new Date()): Promise<ThreadIntentResult> {
  const intent = String(form.get("intent") ?? "");
  const unknown = { ...fail(400, "ticket", TICKET_TEXT.idInvalid), intent };
  switch (intent) {
    case "send": {
      const input = messageInputFrom(form);
      if (!input) return unknown;
      const result = await sendMessage(db, bucket, viewer, ticketId, input, now);
      return result.ok ? { ok: true, intent, notice: "sent" } : { ...result, intent, message: input.message.slice(0, 5000) };
    }
    case "confirm": {
      const answer = form.get("answer");
      if (viewer.role !== "customer" || (answer !== "resolved" && answer !== "unresolved")) return unknown;
      const result = await answerTicketConfirmation(db, viewer, ticketId, answer, now);
      return result.ok ? { ok: true, intent, notice: "confirmationNotified" } : { ...result, intent };
    }
    case "close": {
      if (viewer.role !== "staff") return unknown;
      const result = await closeTicket(db, viewer, ticketId, now);
      return result.ok ? { ok: true, intent, notice: "closed" } : { ...result, intent };
    }
    case "request_confirmation": {
      if (viewer.role !== "staff") return unknown;
      const result = await requestConfirmation(db, viewer, ticketId, now);
      return result.ok ? { ok: true, intent, notice: "confirmationRequested" } : { ...result, intent };
    }
    default:
      return unknown;
  }
}

/**
 * The Worker's scheduled job (server.ts `scheduled`, wrangler.toml [triggers]): closes tickets left waiting
 * for confirmation 7 days (with their mails) and purges uploads never sent. `now` is the cron's time.
 */
export async function runTicketMaintenance(db: Database, bucket: R2Bucket, now: Date): Promise<{ closed: number[]; purgedMedia: number }> {
  const closed = await autoCloseExpiredConfirmations(db, now);
  const purgedMedia = await purgeOrphanMedia(db, bucket, now);
  return { closed, purgedMedia };
}

// ─── The staff ticket list (generic listing) ───────────────────────────────────────────────

export interface StaffTicketRow {
  id: number;
  status: TicketStatus;
  confirmation: TicketConfirmation | null;
  priority: TicketPriority;
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
    customer: likeFilter(sql`(${users.lastname} || ${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.firstname} || ' ' || ${users.lastnameJp} || ${users.firstnameJp} || ' ' || ${users.email})`),
    content: likeFilter(
      sql`(${tickets.description} || coalesce((select group_concat(${ticketMessages.message}, ' ') from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)}), ''))`,
    ),
    date_created: betweenDaysFilter(tickets.createdAt),
  },
};

/** One page of the staff ticket list for a parsed listing query (total and rows in one batch). */
export async function listStaffTickets(db: Database, query: ListingQuery<TicketSort>): Promise<ListingPage<StaffTicketRow, TicketSort>> {
  const last = sql<string>`coalesce((select ${ticketMessages.message} from ${ticketMessages} where ${ticketMessages.ticketId} = ${qualified(tickets.id)} order by ${ticketMessages.id} desc limit 1), ${tickets.description})`;
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
          last,
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
        confirmation: row.confirmation,
        priority: row.priority,
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
