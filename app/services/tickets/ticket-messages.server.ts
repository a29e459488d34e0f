/**
 * Writing to support tickets (spec §3, §4, §7): a new ticket (one per form `session`) and messages, each
 * with their R2 attachments, in one D1 batch; a staff reply writes the customer's notification mail in
 * the same batch.
 */
import { and, asc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { replyChoiceOf, type NewTicketInput } from "~/core/tickets/ticket-forms";
import { messageProblem, ticketPriority, TICKET_TEXT } from "~/core/tickets/tickets";
import { qualified, type Database } from "~/db/client.server";
import { media, orderLines, orders, ticketMessages, ticketOrderLines, ticketReplyDrafts, tickets, users } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { staffReplyMail } from "~/mail/ticket-mails";
import { newTicketAlert, NO_ALERTS, staffAlertAddresses, type AlertStatements } from "../alerts/alert-statements.server";
import { memberMailStatements } from "../mail/mails.server";
import { MEDIA_COLUMNS, ownsPendingMedia, storeImages, toMediaItem, type MediaItem } from "../media.server";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { dueColumns, firstResponse } from "./desk-calendar.server";
import { staffReplyNotice, type ReplyMailContext } from "./reply-mail.server";
import { productForTicket } from "./ticket-references.server";
import { fail, toMessages, visibleTicket, type ThreadMessage, type TicketFailure, type Viewer } from "./tickets.server";

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
/** `ownerId` null: images that came in a guest's mail (owned by no member). */
export function attachStatement(db: Database, ownerId: number | null, mediaIds: number[]) {
  return db
    .update(media)
    .set({ ticketMessageId: sql`last_insert_rowid()` })
    .where(
      and(
        sql`changes() = 1`,
        inArray(media.id, mediaIds.length ? mediaIds : [0]),
        ownerId == null ? isNull(media.ownerUserId) : eq(media.ownerUserId, ownerId),
        isNull(media.ticketMessageId),
        isNull(media.reviewId),
        isNull(media.returnRequestId),
      ),
    );
}

/**
 * The order, its lines and the product a new ticket names, checked: the order is this member's, the lines
 * are of that order, and the product is one of theirs or one they may see. With lines of one product only,
 * that product is named too.
 */
async function namedReferences(
  db: Database,
  customer: Viewer,
  input: NewTicketInput,
): Promise<TicketFailure | { ok: true; orderId: number | null; details: number[]; productId: number | null }> {
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
  return { ok: true, orderId, details, productId };
}

export type CreateTicketResult = { ok: true; ticketId: number; duplicate: boolean; mailKeys: string[] } | TicketFailure;

/** The staff told of a new ticket from the form (the newTicket list), with the member's name. */
async function formTicketAlert(db: Database, customer: Viewer, input: NewTicketInput, ticketId: SQL, frame: EmailFrame, now: Date): Promise<AlertStatements> {
  const addresses = await staffAlertAddresses(db, "newTicket");
  if (addresses.length === 0) return NO_ALERTS;
  const [member] = await db.select({ lastname: users.lastname, firstname: users.firstname }).from(users).where(eq(users.id, customer.id));
  const ticket = {
    ref: `form:${customer.id}:${input.session}`,
    id: ticketId,
    customer: member ? `${member.lastname} ${member.firstname}` : `会員 ${customer.id}`,
    channel: "form" as const,
    category: input.category,
    message: input.description,
  };
  return newTicketAlert(db, addresses, ticket, frame, now);
}

/**
 * Opens a ticket from the new-ticket form. The form's `session` is unique per member, so a double submit
 * finds the ticket the first one created (and stores nothing new). Order lines must belong to the chosen
 * order of this member; the product must be one this member may see. The description is the first message.
 * Staff on the newTicket alert list are mailed (`frame`: the shop's origin for the mail's link).
 */
export async function createTicket(
  db: Database,
  bucket: R2Bucket,
  customer: Viewer,
  input: NewTicketInput,
  attachments: Attachments,
  frame: EmailFrame,
  now: Date = new Date(),
): Promise<CreateTicketResult> {
  const existing = await findTicketBySession(db, customer.id, input.session);
  if (existing != null) return { ok: true, ticketId: existing, duplicate: true, mailKeys: [] };

  const named = await namedReferences(db, customer, input);
  if (!named.ok) return named;
  const { orderId, details, productId } = named;

  const refused = await checkAttachments(db, customer.id, attachments, input.description);
  if (refused) return refused;
  const mediaIds = await storeFiles(db, bucket, customer.id, attachments, now);
  if (!Array.isArray(mediaIds)) return mediaIds;

  const priority = ticketPriority(input.trouble);
  const due = await dueColumns(db, priority, now);
  const sameForm = and(eq(tickets.userId, customer.id), eq(tickets.formSession, input.session));
  const ticketIdSql = sql`(select ${tickets.id} from ${tickets} where ${sameForm})`;
  const alerts = await formTicketAlert(db, customer, input, ticketIdSql, frame, now);
  const [, , , , found] = await db.batch([
    db
      .insert(tickets)
      .values({
        userId: customer.id,
        status: "doing",
        priority,
        ...due,
        category: input.category,
        trouble: input.trouble,
        replyChoice: replyChoiceOf(input),
        orderId,
        productId,
        description: input.description,
        formSession: input.session,
        replyToken: sql`lower(hex(randomblob(16)))`,
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
    ...alerts.statements,
  ]);
  const ticketId = found[0]?.id;
  if (ticketId == null) throw new Error("ticket was not written");
  return { ok: true, ticketId, duplicate: false, mailKeys: alerts.keys };
}

async function findTicketBySession(db: Database, userId: number, session: string): Promise<number | null> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.userId, userId), eq(tickets.formSession, session)));
  return row?.id ?? null;
}

/** A message written, or — from staff whose replies need approval — a draft waiting as 承認待ち (message null). */
export type SendResult =
  | { ok: true; message: ThreadMessage; draftId: null; mailKey: string | null }
  | { ok: true; message: null; draftId: number; mailKey: null }
  | (TicketFailure & { kept?: MediaItem[] });

/** A message on the ticket after `seenId` from anyone but `writerId`: the customer or a colleague wrote meanwhile. */
const writtenSince = (ticketId: number, writerId: number, seenId: number) =>
  and(eq(ticketMessages.ticketId, ticketId), gt(ticketMessages.id, seenId), or(isNull(ticketMessages.fromadmin), ne(ticketMessages.fromadmin, writerId)));

/** A staff reply stopped in its batch because the ticket moved on meanwhile: its images, stored by then, stay as uploads for the next try. */
async function newerMessageFailure(db: Database, mediaIds: number[]): Promise<TicketFailure & { kept: MediaItem[] }> {
  const kept = mediaIds.length ? await db.select(MEDIA_COLUMNS).from(media).where(inArray(media.id, mediaIds)).orderBy(asc(media.id)) : [];
  return { ...fail(409, "message", TICKET_TEXT.newerMessage), kept: kept.map(toMediaItem) };
}

/**
 * Adds a message to a ticket the viewer may write to. Staff write as customer service, and every staff
 * reply writes, in the same batch, the customer's お知らせ and either the e-mail with the reply or, for a
 * customer who asked to be phoned, the call as a task (reply-mail.server.ts).
 * A staff reply that names the newest message its page showed (`seenId`) is stopped (409, draft and images
 * kept) when the customer or a colleague wrote after it — read first, and guarded again in the batch, so of
 * two colleagues answering at once one reply goes and the other is shown it (issue 36 item 7).
 */
export async function sendMessage(
  db: Database,
  bucket: R2Bucket,
  viewer: Viewer,
  ticketId: number,
  input: { message: string; attachments: Attachments; seenId?: number | null },
  mail: ReplyMailContext,
  now: Date = new Date(),
): Promise<SendResult> {
  const ticket = await visibleTicket(db, ticketId, viewer);
  if (!ticket) return fail(404, "ticket", TICKET_TEXT.ticketNotFound);
  if (ticket.status === "close") return fail(409, "message", TICKET_TEXT.ticketClosed);
  const seenId = viewer.role === "staff" ? (input.seenId ?? null) : null;
  if (seenId != null) {
    const [newer] = await db
      .select({ id: ticketMessages.id })
      .from(ticketMessages)
      .where(writtenSince(ticketId, viewer.id, seenId))
      .limit(1);
    if (newer) return fail(409, "message", TICKET_TEXT.newerMessage);
  }
  const text = input.message.replace(/\r\n/g, "\n").trim();
  const refused = await checkAttachments(db, viewer.id, input.attachments, text);
  if (refused) return refused;
  const mediaIds = await storeFiles(db, bucket, viewer.id, input.attachments, now);
  if (!Array.isArray(mediaIds)) return mediaIds;
  const fromadmin = viewer.role === "staff" ? viewer.id : null;
  const seenGuard = seenId != null ? [guard(db, sql`not exists (select 1 from ${ticketMessages} where ${writtenSince(ticketId, viewer.id, seenId)})`)] : [];
  if (fromadmin != null && (await replyNeedsApproval(db, fromadmin))) {
    try {
      const [[draft]] = await db.batch([
        db
          .insert(ticketReplyDrafts)
          .values({ ticketId, authorId: fromadmin, message: text, mediaIds: mediaIds.join(","), createdAt: now })
          .returning({ id: ticketReplyDrafts.id }),
        ...seenGuard,
      ]);
      if (!draft) throw new Error("draft was not written");
      return { ok: true, message: null, draftId: draft.id, mailKey: null };
    } catch (error) {
      if (seenId != null && isGuardFailure(error)) return newerMessageFailure(db, mediaIds);
      throw error;
    }
  }
  const written = await messageStatements(db, ticket, { fromadmin, mediaOwnerId: viewer.id, text, mediaIds }, mail, now);
  const batch = db.batch([...written.statements, ...seenGuard]);
  let inserted: Awaited<typeof batch>[0];
  try {
    [inserted] = await batch;
  } catch (error) {
    if (seenId != null && isGuardFailure(error)) return newerMessageFailure(db, mediaIds);
    throw error;
  }
  const row = inserted[0];
  if (!row) throw new Error("message was not written");
  const gallery = mediaIds.length
    ? await db
        .select({ ...MEDIA_COLUMNS, messageId: media.ticketMessageId })
        .from(media)
        .where(eq(media.ticketMessageId, row.id))
        .orderBy(asc(media.id))
    : [];
  const [message] = toMessages([row], gallery, ticket);
  if (!message) throw new Error("message was not shaped");
  return { ok: true, message, draftId: null, mailKey: written.mailKey };
}

/** Whether a staff member's replies wait for a colleague's approval (issue 36 item 8). */
async function replyNeedsApproval(db: Database, staffId: number): Promise<boolean> {
  const [row] = await db.select({ needs: users.replyNeedsApproval }).from(users).where(eq(users.id, staffId));
  return row?.needs ?? false;
}

type VisibleTicket = NonNullable<Awaited<ReturnType<typeof visibleTicket>>>;

/**
 * The statements that write a message on a ticket, first the insert (returning the message): its uploads
 * attached, the ticket's activity (and, for a staff message, its first response) and, for a staff message,
 * what tells the customer — the mail with the reply or the call owed (reply-mail.server.ts).
 */
export async function messageStatements(
  db: Database,
  ticket: VisibleTicket,
  message: { fromadmin: number | null; mediaOwnerId: number; text: string; mediaIds: number[] },
  mail: ReplyMailContext,
  now: Date,
) {
  const { fromadmin, text, mediaIds } = message;
  const notice = fromadmin != null ? await staffReplyNotice(db, ticket, { text, mediaIds }, mail, now) : { statements: [], ticketChanges: {}, mailKey: null };
  const statements = [
    db
      .insert(ticketMessages)
      .values({ ticketId: ticket.id, fromadmin, message: text, dateCreated: now })
      .returning({ id: ticketMessages.id, message: ticketMessages.message, fromadmin: ticketMessages.fromadmin, dateCreated: ticketMessages.dateCreated }),
    attachStatement(db, message.mediaOwnerId, mediaIds),
    db
      .update(tickets)
      .set({ updatedAt: now, ...notice.ticketChanges, ...(fromadmin != null ? { firstRespondedAt: firstResponse(now) } : {}) })
      .where(eq(tickets.id, ticket.id)),
    ...(fromadmin != null ? memberMailStatements(db, ticket.userId, staffReplyMail({ ticketId: ticket.id, customer: ticket, message: text }), now) : []),
    ...notice.statements,
  ] as const;
  return { statements, mailKey: notice.mailKey };
}
