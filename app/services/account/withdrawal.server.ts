/**
 * Closing a member account (退会): what the member would lose and whether they may leave now (the page),
 * and the withdrawal itself — the password checked (throttled), then one guarded D1 batch
 * (app/services/account/withdrawal-statements.server.ts), then the ticket pictures removed from R2.
 */
import { and, asc, count, eq, inArray, isNull, lt, ne } from "drizzle-orm";
import { verifyPassword } from "~/auth/password.server";
import { DAY_MS } from "~/core/dates";
import { UNFINISHED_ORDER_STATUSES, type OrderStatus } from "~/core/orders/orders";
import {
  WITHDRAWAL_MAIL_RETENTION_DAYS,
  WITHDRAWAL_MESSAGES,
  withdrawalBlockers,
  withdrawalLockedMessage,
  withdrawalThrottleSteps,
  withdrawnEmail,
} from "~/core/account/withdrawal";
import type { Database } from "~/db/client.server";
import { addresses, buyLater, favorites, mailOutbox, notificationMails, orders, stockRequests, subscriptions, users } from "~/db/schema";
import { countAttempt, settleAttempt } from "~/db/throttle.server";
import type { EmailFrame } from "~/mail/email-layout";
import { withdrawalDoneMail } from "~/mail/withdrawal-mails";
import { isGuardFailure } from "../orders/order-guards.server";
import { randomToken } from "./sessions.server";
import { withdrawalStatements, type LeavingMember } from "./withdrawal-statements.server";

export interface WithdrawalView {
  name: string;
  email: string;
  points: number;
  newsletter: boolean;
  addresses: number;
  favorites: number;
  buyLater: number;
  stockRequests: number;
  mails: number;
  orders: number;
  /** Orders not yet delivered or cancelled: each one keeps the member from leaving. */
  unfinishedOrders: { id: number; number: string; status: OrderStatus }[];
  activeSubscriptions: number;
  blockers: ReturnType<typeof withdrawalBlockers>;
}

/** Everything the withdrawal page tells, in one D1 round trip; null for an account that is gone. */
export async function loadWithdrawalView(db: Database, userId: number): Promise<WithdrawalView | null> {
  const [people, unfinished, subscriptionCount, addressCount, favoriteCount, buyLaterCount, requestCount, mailCount, orderCount] = await db.batch([
    db
      .select({ lastname: users.lastname, firstname: users.firstname, email: users.email, points: users.points, newsletter: users.newsletter })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.withdrawnAt))),
    db
      .select({ id: orders.id, number: orders.number, status: orders.status })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, [...UNFINISHED_ORDER_STATUSES])))
      .orderBy(asc(orders.createdAt)),
    db
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, "active"))),
    db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)),
    db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId)),
    db.select({ n: count() }).from(buyLater).where(eq(buyLater.userId, userId)),
    db
      .select({ n: count() })
      .from(stockRequests)
      .where(and(eq(stockRequests.userId, userId), isNull(stockRequests.notifiedAt))),
    db.select({ n: count() }).from(notificationMails).where(eq(notificationMails.userId, userId)),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  const person = people[0];
  if (!person) return null;
  const activeSubscriptions = subscriptionCount[0]?.n ?? 0;
  return {
    name: `${person.lastname} ${person.firstname}`,
    email: person.email,
    points: person.points,
    newsletter: person.newsletter,
    addresses: addressCount[0]?.n ?? 0,
    favorites: favoriteCount[0]?.n ?? 0,
    buyLater: buyLaterCount[0]?.n ?? 0,
    stockRequests: requestCount[0]?.n ?? 0,
    mails: mailCount[0]?.n ?? 0,
    orders: orderCount[0]?.n ?? 0,
    unfinishedOrders: unfinished,
    activeSubscriptions,
    blockers: withdrawalBlockers({ unfinishedOrders: unfinished.length, activeSubscriptions }),
  };
}

export type WithdrawalResult =
  /** Done: the key of the mail to dispatch. */
  | { ok: true; mailKey: string }
  | { ok: false; field: "password" | "form"; error: string }
  /** The account is already closed (a double submit whose other half won): the member has left. */
  | { ok: false; gone: true };

/** Why the batch's guard failed, read again after the fact. */
async function refusalAfterGuard(db: Database, userId: number): Promise<WithdrawalResult> {
  const view = await loadWithdrawalView(db, userId);
  if (!view) return { ok: false, gone: true };
  const [blocker] = view.blockers;
  return { ok: false, field: "form", error: blocker ? WITHDRAWAL_MESSAGES[blocker] : WITHDRAWAL_MESSAGES.changed };
}

export interface WithdrawalRequest {
  userId: number;
  password: string;
  frame: EmailFrame;
  now: Date;
}

/**
 * Closes the account when the password is right and nothing is under way. The attempt is counted before
 * the password is hashed (a burst of guesses gets no more checks than the limit).
 */
export async function withdrawMember(db: Database, bucket: R2Bucket, request: WithdrawalRequest): Promise<WithdrawalResult> {
  const { userId, password, frame, now } = request;
  const steps = withdrawalThrottleSteps(userId);
  const verdict = await countAttempt(db, steps, now);
  if (!verdict.allowed) return { ok: false, field: "password", error: withdrawalLockedMessage(verdict.retryAt, now.getTime()) };

  const row = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!row || row.withdrawnAt) return { ok: false, gone: true };
  if (!(await verifyPassword(password, row.passwordHash))) return { ok: false, field: "password", error: WITHDRAWAL_MESSAGES.passwordWrong };
  await settleAttempt(db, steps);

  const member: LeavingMember = {
    id: row.id,
    email: row.email,
    lastname: row.lastname,
    firstname: row.firstname,
    lastnameJp: row.lastnameJp,
    firstnameJp: row.firstnameJp,
    phone: row.phone,
  };
  const mailKey = `withdrawal-done:${row.id}`;
  const statements = withdrawalStatements(db, member, {
    placeholderEmail: withdrawnEmail(row.id, randomToken().slice(0, 12)),
    now,
    doneMail: {
      key: mailKey,
      kind: "withdrawal_done",
      to: row.email,
      userId: row.id,
      template: withdrawalDoneMail({
        customerName: `${row.lastname} ${row.firstname}`,
        points: row.points,
        withdrawnAt: now,
        origin: frame.origin,
        contact: frame.shop,
      }),
      frame,
    },
  });
  let results: unknown[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    return refusalAfterGuard(db, userId);
  }
  const pictures = (results.at(-1) ?? []) as { r2Key: string }[];
  for (let start = 0; start < pictures.length; start += 1000) {
    await bucket.delete(pictures.slice(start, start + 1000).map((picture) => picture.r2Key));
  }
  return { ok: true, mailKey };
}

/**
 * Hourly job: the last trace of a withdrawn member's address, the copy of their "withdrawal done" mail,
 * goes WITHDRAWAL_MAIL_RETENTION_DAYS after it was written (one still being sent is left to finish).
 */
export async function purgeWithdrawalMails(db: Database, now: Date): Promise<number> {
  const removed = await db
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, "withdrawal_done"),
        ne(mailOutbox.status, "sending"),
        lt(mailOutbox.createdAt, new Date(now.getTime() - WITHDRAWAL_MAIL_RETENTION_DAYS * DAY_MS)),
      ),
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}
