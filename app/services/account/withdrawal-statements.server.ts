/**
 * The one D1 batch that closes an account (退会). Its first statement is the guard — the member is not
 * withdrawn yet, still has the address the mail goes to, has no order under way and no active
 * subscription — so a checkout or a second submit that commits first makes the whole batch fail and change
 * nothing. Then, in order: the "withdrawal done" mail to the real address, everything that is only the
 * member's deleted, what accounting keeps anonymised, and last the account row itself.
 *
 * What stays (privacy policy §3, app/core/account/privacy.ts): orders with their number, dates, amounts, tax,
 * payment method and lines; the point ledger (with the lapse of the balance); ticket rows, their categories
 * and timestamps for support statistics; published reviews under an anonymous name.
 */
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { UNFINISHED_ORDER_STATUSES } from "~/core/orders/orders";
import { WITHDRAWN_PERSON } from "~/core/account/withdrawal";
import type { Database } from "~/db/client.server";
import {
  accountTokens,
  addresses,
  buyLater,
  cartLines,
  carts,
  cartVendorNotices,
  couponUses,
  favorites,
  mailOutbox,
  media,
  notificationMails,
  orders,
  orderShipments,
  pointLedger,
  reviews,
  stockRequests,
  subscriptions,
  throttleCounters,
  ticketMessages,
  tickets,
  users,
  userSessions,
} from "~/db/schema";
import { outboxStatement, type OutgoingMail } from "../mail/mail-outbox.server";
import { guard } from "../orders/order-guards.server";

type Statement = BatchItem<"sqlite">;

/** The member as read just before the batch (the guard checks the address did not change since). */
export interface LeavingMember {
  id: number;
  email: string;
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
  phone: string | null;
}

export const POINTS_LAPSED_NOTE = "退会によるポイントの失効";

function withdrawalGuard(db: Database, member: LeavingMember) {
  return guard(
    db,
    sql`exists (select 1 from ${users} where ${users.id} = ${member.id} and ${users.withdrawnAt} is null and ${users.email} = ${member.email} and ${users.role} = 'customer')
      and not exists (select 1 from ${orders} where ${orders.userId} = ${member.id} and ${inArray(orders.status, [...UNFINISHED_ORDER_STATUSES])})
      and not exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${member.id} and ${subscriptions.status} = 'active')`,
  );
}

/**
 * How the member could be named in a staff reply (「山田様」「ヤマダ ハナコ」, the address or phone quoted
 * back), longest first so a full name goes before its parts. One-character names are left alone: they
 * would redact ordinary words.
 */
function identifyingTexts(member: LeavingMember): string[] {
  const texts = [
    `${member.lastname} ${member.firstname}`,
    `${member.lastname}\u3000${member.firstname}`,
    `${member.lastname}${member.firstname}`,
    `${member.lastnameJp} ${member.firstnameJp}`,
    `${member.lastnameJp}${member.firstnameJp}`,
    member.lastname,
    member.firstname,
    member.lastnameJp,
    member.firstnameJp,
    member.email,
    member.phone ?? "",
  ];
  return [...new Set(texts.map((text) => text.trim()).filter((text) => text.length >= 2))].sort((a, b) => b.length - a.length);
}

function redacted(column: SQLiteColumn, texts: string[]): SQL {
  return texts.reduce<SQL>((expression, text) => sql`replace(${expression}, ${text}, ${WITHDRAWN_PERSON.redaction})`, sql`${column}`);
}

/** Support keeps its tickets for statistics; the customer's words and pictures go, staff replies lose the name. */
function ticketStatements(db: Database, member: LeavingMember, now: Date): Statement[] {
  const theirTickets = db.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, member.id));
  return [
    db
      .update(ticketMessages)
      .set({ message: WITHDRAWN_PERSON.text })
      .where(and(inArray(ticketMessages.ticketId, theirTickets), isNull(ticketMessages.fromadmin))),
    db
      .update(ticketMessages)
      .set({ message: redacted(ticketMessages.message, identifyingTexts(member)) })
      .where(and(inArray(ticketMessages.ticketId, theirTickets), sql`${ticketMessages.fromadmin} is not null`)),
    // Nobody is left to answer: open tickets close.
    db
      .update(tickets)
      .set({ description: WITHDRAWN_PERSON.text, status: "close", closedAt: sql`coalesce(${tickets.closedAt}, ${now.getTime()})`, updatedAt: now })
      .where(eq(tickets.userId, member.id)),
  ];
}

/** Orders keep every figure; who they went to, and what the customer wrote on them, go. */
function orderStatements(db: Database, member: LeavingMember, placeholderEmail: string): Statement[] {
  const theirOrders = db.select({ id: orders.id }).from(orders).where(eq(orders.userId, member.id));
  return [
    db.update(orderShipments).set({ notice: "" }).where(inArray(orderShipments.orderId, theirOrders)),
    db.update(couponUses).set({ email: placeholderEmail }).where(eq(couponUses.userId, member.id)),
    db
      .update(orders)
      .set({
        email: placeholderEmail,
        shipLastname: WITHDRAWN_PERSON.name,
        shipFirstname: "",
        shipLastnameJp: WITHDRAWN_PERSON.kana,
        shipFirstnameJp: "",
        shipPostalCode: "",
        shipCity: "",
        shipDistrict: "",
        shipAddress1: "",
        shipAddress2: "",
        shipPhone: "",
        warehouseNotice: "",
        receiptName: null,
        receiptMemo: null,
        cartId: null,
        cartState: null,
      })
      .where(eq(orders.userId, member.id)),
  ];
}

/** What exists only for the member's use of the shop. */
function deletions(db: Database, member: LeavingMember, doneMailKey: string): Statement[] {
  const { id, email } = member;
  const theirCarts = db.select({ id: carts.id }).from(carts).where(eq(carts.userId, id));
  return [
    db.delete(addresses).where(eq(addresses.userId, id)),
    db.delete(favorites).where(eq(favorites.userId, id)),
    db.delete(buyLater).where(eq(buyLater.userId, id)),
    db.delete(stockRequests).where(eq(stockRequests.userId, id)),
    db.delete(notificationMails).where(eq(notificationMails.userId, id)),
    db.delete(cartLines).where(inArray(cartLines.cartId, theirCarts)),
    db.delete(cartVendorNotices).where(inArray(cartVendorNotices.cartId, theirCarts)),
    db.delete(carts).where(eq(carts.userId, id)),
    db.delete(accountTokens).where(eq(accountTokens.userId, id)),
    db.delete(userSessions).where(eq(userSessions.userId, id)),
    // Earlier mails hold names and addresses; one being sent right now is left to finish.
    db
      .delete(mailOutbox)
      .where(and(or(eq(mailOutbox.userId, id), eq(mailOutbox.toAddress, email)), ne(mailOutbox.key, doneMailKey), ne(mailOutbox.status, "sending"))),
    // Attempt counters keyed by the address (login:email:{email}, login:email-ip:{email}|{ip} …).
    db
      .delete(throttleCounters)
      .where(sql`instr(${throttleCounters.key}, ${`:${email}|`}) > 0 or substr(${throttleCounters.key}, ${-(email.length + 1)}) = ${`:${email}`}`),
  ];
}

/** The balance lapses, and the ledger says so, so it still adds up to the account's (zero) points. */
function pointLapseStatement(db: Database, member: LeavingMember, now: Date) {
  return db.insert(pointLedger).select(
    db
      .select({
        id: sql<number>`null`.as("id"),
        userId: users.id,
        orderId: sql<number>`null`.as("order_id"),
        kind: sql<"expired">`'expired'`.as("kind"),
        amount: sql<number>`-${users.points}`.as("amount"),
        expiresAt: sql<number>`null`.as("expires_at"),
        note: sql<string>`${POINTS_LAPSED_NOTE}`.as("note"),
        createdAt: sql<number>`${now.getTime()}`.as("created_at"),
      })
      .from(users)
      .where(and(eq(users.id, member.id), sql`${users.points} > 0`)),
  );
}

/**
 * The batch, in order. Its LAST statement answers the R2 keys of the ticket pictures it deleted, for the
 * caller to remove from the bucket once the batch has committed.
 */
export function withdrawalStatements(
  db: Database,
  member: LeavingMember,
  change: { placeholderEmail: string; doneMail: OutgoingMail; now: Date },
): [Statement, ...Statement[]] {
  const { placeholderEmail, doneMail, now } = change;
  return [
    withdrawalGuard(db, member),
    outboxStatement(db, doneMail, now),
    pointLapseStatement(db, member, now),
    ...deletions(db, member, doneMail.key),
    ...ticketStatements(db, member, now),
    ...orderStatements(db, member, placeholderEmail),
    db.update(reviews).set({ nickname: WITHDRAWN_PERSON.reviewNickname }).where(eq(reviews.userId, member.id)),
    db
      .update(users)
      .set({
        email: placeholderEmail,
        passwordHash: WITHDRAWN_PERSON.passwordHash,
        lastname: WITHDRAWN_PERSON.name,
        firstname: "",
        lastnameJp: WITHDRAWN_PERSON.kana,
        firstnameJp: "",
        nickname: null,
        phone: null,
        points: 0,
        newsletter: false,
        oneClick: false,
        withdrawnAt: now,
      })
      .where(and(eq(users.id, member.id), isNull(users.withdrawnAt))),
    // Ticket pictures and uploads never sent; review photos stay with their review.
    db
      .delete(media)
      .where(and(eq(media.ownerUserId, member.id), isNull(media.reviewId)))
      .returning({ r2Key: media.r2Key }),
  ];
}
