/**
 * A support mail that reached the Worker (issue 36 item 2), as plain values: which ticket it is for (its
 * recipient's reply token, or the shop's mail it answers), whether it may join it, and the one D1 batch that
 * records it in inbound_mails together with what it changes — a customer message on the ticket (reopened if
 * closed), a new ticket for whoever writes to the support address (a member's, or a guest's by their address,
 * decision 0052), or nothing but the record, held for staff with the reason. A mail delivered twice (same
 * Message-ID) is recorded and added once.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { autoReplyReason, inboundTarget, INBOUND_TEXT, replyText, sameAddress } from "~/core/tickets/inbound-mail";
import { orderOfMailKey } from "~/core/mail/mail-outbox";
import { ticketIdOfReplyMailKey } from "~/core/tickets/reply-mail";
import { TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import { ticketPriority } from "~/core/tickets/tickets";
import type { Database } from "~/db/client.server";
import { inboundMails, mailOutbox, orders, orderShipments, returnRequests, ticketMessages, tickets, users } from "~/db/schema";
import { keepMessageImages } from "../media.server";
import { dueColumns } from "./desk-calendar.server";
import { attachStatement } from "./ticket-messages.server";
import { customerOfTicket, ticketCustomerColumns } from "./ticket-customer.server";
import { alertAddressesIn, inboundHeldAlert, newTicketAlert } from "../alerts/alert-statements.server";
import { loadShopSettings } from "../settings/shop-settings.server";

/** A received mail, decoded by the web layer (postal-mime). */
export interface InboundMail {
  /** The envelope's sender and recipient (what Email Routing delivered), not the headers' display names. */
  from: string;
  to: string;
  /** The From header's display name (a guest ticket is named by it); null when it gives none. */
  fromName: string | null;
  subject: string;
  messageId: string | null;
  /** In-Reply-To and References: the Message-IDs of the shop's mails this one answers. */
  answers: string[];
  headers: { key: string; value: string }[];
  /** The text part, or the HTML part as text. */
  text: string;
  attachments: File[];
  rawKey: string | null;
  rawSize: number;
}

export type InboundOutcome = "added" | "opened" | "held" | "rejected";

export interface InboundResult {
  outcome: InboundOutcome;
  reason: string | null;
  ticketId: number | null;
  /** The staff alerts written (a ticket opened, a mail held), to dispatch. */
  mailKeys?: string[];
}

/** The support desk a mail comes in to: its address, and the shop's origin for the staff alerts' links. */
export interface InboundDesk {
  supportAddress: string;
  origin: string;
}

/** The subject a ticket opened by mail keeps above the mail's text (tickets have no subject of their own). */
const subjectLine = (subject: string) => (subject.trim() ? `件名：${subject.trim()}\n\n` : "");

interface TicketForMail {
  id: number;
  /** Null for a guest's ticket. */
  userId: number | null;
  email: string;
}

const ticketColumns = { id: tickets.id, userId: tickets.userId, email: ticketCustomerColumns.email };

/** The ticket the one found by `found` (a condition on tickets as `s`) is now: the one it was merged into, if it was. */
async function ticketNow(db: Database, found: SQL): Promise<TicketForMail | null> {
  const current = sql`(select coalesce(s.merged_into_id, s.id) from ${tickets} as s where ${found})`;
  const [row] = await db.select(ticketColumns).from(tickets).leftJoin(users, customerOfTicket).where(eq(tickets.id, current));
  return row ?? null;
}

const ticketByToken = (db: Database, token: string) => ticketNow(db, sql`s.reply_token = ${token}`);

/** The outbox keys of the shop's mails this one answers, by In-Reply-To/References. */
async function answeredMailKeys(db: Database, answers: string[]): Promise<string[]> {
  const ids = answers.map((id) => id.replace(/^<|>$/g, "").trim().toLowerCase()).filter(Boolean);
  if (ids.length === 0) return [];
  const sent = await db
    .select({ key: mailOutbox.key })
    .from(mailOutbox)
    .where(inArray(sql`lower(trim(${mailOutbox.providerMessageId}, '<>'))`, ids));
  return sent.map((row) => row.key);
}

/** The ticket whose reply mail (ticket-reply:{id}:…) this mail answers. */
async function ticketByAnsweredMail(db: Database, keys: string[]): Promise<TicketForMail | null> {
  const ticketId = keys.map(ticketIdOfReplyMailKey).find((id) => id != null);
  return ticketId == null ? null : ticketNow(db, sql`s.id = ${ticketId}`);
}

interface OrderForMail {
  id: number;
  number: string;
  userId: number | null;
  email: string;
}

/** The order whose order, shipping or return mail this mail answers (a mail of the shop's that is no ticket's). */
async function orderByAnsweredMail(db: Database, keys: string[]): Promise<OrderForMail | null> {
  const ref = keys.map(orderOfMailKey).find((found) => found != null);
  if (!ref) return null;
  const which =
    "orderNumber" in ref
      ? eq(orders.number, ref.orderNumber)
      : "shipmentId" in ref
        ? eq(orders.id, sql`(select ${orderShipments.orderId} from ${orderShipments} where ${orderShipments.id} = ${ref.shipmentId})`)
        : "returnId" in ref
          ? eq(orders.id, sql`(select ${returnRequests.orderId} from ${returnRequests} where ${returnRequests.id} = ${ref.returnId})`)
          : eq(orders.id, sql`(select ${returnRequests.orderId} from ${returnRequests} where ${returnRequests.requestToken} = ${ref.returnToken})`);
  const [order] = await db.select({ id: orders.id, number: orders.number, userId: orders.userId, email: orders.email }).from(orders).where(which);
  return order ?? null;
}

/** A mail's customer: a member, or a guest known by the address they wrote from. */
type MailCustomer = { userId: number; guestEmail: null } | { userId: null; guestEmail: string };

/** Tickets of that customer. */
const customersTickets = (customer: MailCustomer) =>
  customer.userId != null ? eq(tickets.userId, customer.userId) : eq(tickets.guestEmail, customer.guestEmail);

/** The customer's open ticket about an order (the newest), which an answer to that order's mail joins. */
async function openTicketOfOrder(db: Database, order: OrderForMail): Promise<TicketForMail | null> {
  const customer: MailCustomer = order.userId != null ? { userId: order.userId, guestEmail: null } : { userId: null, guestEmail: order.email };
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(users, customerOfTicket)
    .where(and(eq(tickets.orderId, order.id), customersTickets(customer), eq(tickets.status, "doing"), isNull(tickets.mergedIntoId)))
    .orderBy(desc(tickets.id))
    .limit(1);
  return row ?? null;
}

async function memberByAddress(db: Database, address: string): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, address.trim().toLowerCase()), eq(users.role, "customer"), isNull(users.withdrawnAt)));
  return row?.id ?? null;
}

/** The record's row: `inserted` when this is the first delivery of the mail (no row with its Message-ID yet). */
function recordStatement(
  db: Database,
  mail: InboundMail,
  body: string,
  result: { outcome: InboundOutcome; reason: string | null; ticketId: number | SQL | null; userId: number | null; notes: string[] },
  now: Date,
) {
  return db
    .insert(inboundMails)
    .values({
      receivedAt: now,
      fromAddress: mail.from,
      toAddress: mail.to,
      subject: mail.subject,
      messageId: mail.messageId,
      outcome: result.outcome,
      reason: result.reason,
      ticketId: result.ticketId as number | null,
      userId: result.userId,
      body,
      attachmentNotes: result.notes.length ? result.notes.join("\n") : null,
      rawKey: mail.rawKey,
      rawSize: mail.rawSize,
    })
    .onConflictDoNothing();
}

/** The customer's message, written only when the statement before it changed a row (`changes() = 1`). */
function messageStatement(db: Database, ticketIs: SQL, text: string, now: Date) {
  return db.insert(ticketMessages).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        ticketId: tickets.id,
        fromadmin: sql<number | null>`null`.as("fromadmin"),
        message: sql<string>`${text}`.as("message"),
        readAt: sql<number | null>`null`.as("read_at"),
        dateCreated: sql<number>`${now.getTime()}`.as("date_created"),
      })
      .from(tickets)
      .where(and(sql`changes() = 1`, ticketIs)),
  );
}

/**
 * A customer's mail joining their ticket, for a batch: each statement runs only when the one before it changed
 * one row, so the whole chain happens only after a statement that changed one row — the record of a first
 * delivery, or a held mail's accept — and a closed ticket opens again.
 */
export function customerMailStatements(db: Database, ticketId: number, customerId: number | null, text: string, mediaIds: number[], now: Date) {
  return [
    db
      .update(tickets)
      .set({ status: "doing", closedAt: null, confirmation: null, confirmationRequestedAt: null, updatedAt: now })
      .where(and(sql`changes() = 1`, eq(tickets.id, ticketId))),
    messageStatement(db, eq(tickets.id, ticketId), text, now),
    attachStatement(db, customerId, mediaIds),
  ];
}

/** The mail's images kept as the customer's uploads (checked by their bytes, metadata stripped); the rest named with why. */
export async function keepMailImages(db: Database, bucket: R2Bucket, customerId: number | null, files: File[], now: Date) {
  const kept = await keepMessageImages(db, bucket, customerId, { galleryIds: [], files }, now);
  return {
    mediaIds: kept.stored.map((item) => item.id),
    notes: kept.refused.map((refused) => INBOUND_TEXT.attachmentRefused(refused.filename, refused.error)),
  };
}

/**
 * The staff alert of a mail held for review (the inboundHeld list): once per Message-ID — a mail delivered
 * twice is recorded once, and its alert only while its record is a held one.
 */
async function heldAlert(db: Database, mail: Pick<InboundMail, "from" | "subject" | "messageId">, reason: string, origin: string, now: Date) {
  const shop = await loadShopSettings(db);
  const held = mail.messageId
    ? {
        mailRef: mail.messageId,
        condition: sql`exists (select 1 from ${inboundMails} where ${inboundMails.messageId} = ${mail.messageId} and ${inboundMails.outcome} = 'held')`,
      }
    : { mailRef: crypto.randomUUID() };
  return inboundHeldAlert(db, alertAddressesIn(shop, "inboundHeld"), { ...held, from: mail.from, subject: mail.subject, reason }, { origin, shop }, now);
}

/** Holds the mail for staff: recorded with the reason, and staff told; nothing else changes. */
async function holdMail(
  db: Database,
  mail: InboundMail,
  body: string,
  reason: string,
  ticket: TicketForMail | null,
  desk: InboundDesk,
  now: Date,
): Promise<InboundResult> {
  const result = { outcome: "held" as const, reason, ticketId: ticket?.id ?? null };
  const alert = await heldAlert(db, mail, reason, desk.origin, now);
  await db.batch([
    recordStatement(db, mail, body, { ...result, userId: ticket && sameAddress(mail.from, ticket.email) ? ticket.userId : null, notes: [] }, now),
    ...alert.statements,
  ]);
  return { ...result, mailKeys: alert.keys };
}

/** Records a mail refused before it was read (too large): nothing of it is kept but the envelope. */
export async function recordRejectedMail(db: Database, mail: Pick<InboundMail, "from" | "to" | "rawSize">, reason: string, now: Date): Promise<void> {
  await db
    .insert(inboundMails)
    .values({ receivedAt: now, fromAddress: mail.from, toAddress: mail.to, subject: "", outcome: "rejected", reason, body: "", rawSize: mail.rawSize });
}

/** Records a mail that could not be read or filed as held, with the raw message staff can open, and tells staff; answers the alerts' keys. */
export async function recordFailedMail(
  db: Database,
  mail: Pick<InboundMail, "from" | "to" | "rawKey" | "rawSize">,
  reason: string,
  origin: string,
  now: Date,
): Promise<string[]> {
  const alert = await heldAlert(db, { from: mail.from, subject: "", messageId: null }, reason, origin, now);
  await db.batch([
    db.insert(inboundMails).values({
      receivedAt: now,
      fromAddress: mail.from,
      toAddress: mail.to,
      subject: "",
      outcome: "held",
      reason,
      body: "",
      rawKey: mail.rawKey,
      rawSize: mail.rawSize,
    }),
    ...alert.statements,
  ]);
  return alert.keys;
}

/**
 * Files a received mail: a reply (by its recipient's token, or the shop's reply mail it answers) joins its
 * ticket when it is from that ticket's customer; an answer to an order's mail joins or opens a ticket about
 * that order; a new mail to the support address opens a ticket (その他, the trouble's usual priority), the
 * member's with that address or else a guest's; everything else — a program's mail, an unknown token, another
 * sender than the ticket's or order's customer, a mail to another address, an empty mail — is held for staff
 * with the reason.
 */
export async function receiveInboundMail(db: Database, bucket: R2Bucket, mail: InboundMail, desk: InboundDesk, now: Date = new Date()): Promise<InboundResult> {
  const body = replyText(mail.text);
  const target = inboundTarget(mail.to, desk.supportAddress);
  const hold = (reason: string, ticket: TicketForMail | null) => holdMail(db, mail, body, reason, ticket, desk, now);
  if (!target) return hold(INBOUND_TEXT.notAddressedToSupport, null);
  const keys = target.kind === "ticket" ? [] : await answeredMailKeys(db, mail.answers);
  const answered = target.kind === "ticket" ? await ticketByToken(db, target.token) : await ticketByAnsweredMail(db, keys);
  const automatic = autoReplyReason(mail.headers, mail.subject);
  if (automatic) return hold(automatic, answered);
  if (target.kind === "ticket" && !answered) return hold(INBOUND_TEXT.unknownToken, null);
  if (answered && !sameAddress(mail.from, answered.email)) return hold(INBOUND_TEXT.senderMismatch, answered);
  if (body.trim() === "" && mail.attachments.length === 0) return hold(INBOUND_TEXT.empty, answered);
  // An answer to an order's mail is about that order: it joins the customer's open ticket about it, or opens one.
  const order = answered ? null : await orderByAnsweredMail(db, keys);
  if (order && !sameAddress(mail.from, order.email)) return hold(INBOUND_TEXT.orderSenderMismatch(order.number), null);
  const ticket = answered ?? (order ? await openTicketOfOrder(db, order) : null);
  const customerId = ticket ? ticket.userId : (order?.userId ?? (await memberByAddress(db, mail.from)));

  const { mediaIds, notes } = await keepMailImages(db, bucket, customerId, mail.attachments, now);
  const text = body.slice(0, TICKET_MESSAGE_MAX_LENGTH);
  if (ticket) {
    const result = { outcome: "added" as const, reason: null, ticketId: ticket.id };
    await db.batch([
      recordStatement(db, mail, body, { ...result, userId: customerId, notes }, now),
      ...customerMailStatements(db, ticket.id, customerId, text, mediaIds, now),
    ]);
    return result;
  }
  // A guest is known by the address the order was placed with, or else the one they wrote from.
  const customer: MailCustomer =
    customerId != null ? { userId: customerId, guestEmail: null } : { userId: null, guestEmail: order?.email ?? mail.from.trim().toLowerCase() };
  return openTicketByMail(db, mail, body, { customer, orderId: order?.id ?? null }, text, { mediaIds, notes }, desk.origin, now);
}

/** A new mail to the support address (or answer to an order's mail, then about that order): a ticket of its own, one per Message-ID however often it arrives. */
async function openTicketByMail(
  db: Database,
  mail: InboundMail,
  body: string,
  about: { customer: MailCustomer; orderId: number | null },
  text: string,
  images: { mediaIds: number[]; notes: string[] },
  origin: string,
  now: Date,
): Promise<InboundResult> {
  const { customer, orderId } = about;
  const session = `mail:${mail.messageId ?? crypto.randomUUID()}`;
  const description = `${subjectLine(mail.subject)}${text}`.slice(0, TICKET_MESSAGE_MAX_LENGTH);
  const sameMail = and(customersTickets(customer), eq(tickets.formSession, session))!;
  const result = { outcome: "opened" as const, reason: null };
  const priority = ticketPriority("その他");
  const category = orderId != null ? "過去の注文について" : "その他";
  const [due, shop] = await Promise.all([dueColumns(db, priority, now), loadShopSettings(db)]);
  const addresses = alertAddressesIn(shop, "newTicket");
  const alert = newTicketAlert(
    db,
    addresses,
    {
      ref: `${customer.userId ?? customer.guestEmail}:${session}`,
      id: sql`(select ${tickets.id} from ${tickets} where ${sameMail})`,
      customer: mail.fromName ? `${mail.fromName}（${mail.from}）` : mail.from,
      channel: "mail",
      category,
      message: description,
    },
    { origin, shop },
    now,
  );
  const [, , , , opened] = await db.batch([
    db
      .insert(tickets)
      .values({
        userId: customer.userId,
        guestEmail: customer.guestEmail,
        guestName: customer.userId == null ? mail.fromName : null,
        status: "doing",
        priority,
        ...due,
        category,
        trouble: "その他",
        replyChoice: "email",
        orderId,
        description,
        formSession: session,
        replyToken: sql`lower(hex(randomblob(16)))`,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing(),
    messageStatement(db, sameMail, description, now),
    attachStatement(db, customer.userId, images.mediaIds),
    recordStatement(
      db,
      mail,
      body,
      { ...result, ticketId: sql`(select ${tickets.id} from ${tickets} where ${sameMail})`, userId: customer.userId, notes: images.notes },
      now,
    ),
    db.select({ id: tickets.id }).from(tickets).where(sameMail),
    ...alert.statements,
  ]);
  const ticketId = opened[0]?.id;
  if (ticketId == null) throw new Error("ticket was not written");
  return { ...result, ticketId, mailKeys: alert.keys };
}
