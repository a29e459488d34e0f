/**
 * A member takes their earlier guest orders into the account (app/core/orders/order-claim.ts): the request mails
 * a single-use link to the account's address (token and mail in one batch); opening it while signed in as
 * that member attaches the guest orders of that address, in one batch that first uses the token and
 * attaches only orders still without an account, of the token's address, which is still the account's.
 */
import { and, asc, count, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { ACCOUNT_TOKEN_MESSAGES } from "~/core/account/account-tokens";
import { ORDER_CLAIM_MESSAGES, ORDER_CLAIM_PATH, orderClaimThrottleSteps } from "~/core/orders/order-claim";
import type { Database } from "~/db/client.server";
import { accountTokens, couponUses, orders, users } from "~/db/schema";
import { countAttempt } from "~/db/throttle.server";
import type { EmailFrame } from "~/mail/email-layout";
import { orderClaimVerifyMail } from "~/mail/order-claim-mails";
// Renamed here: React's hook lint reads any `use…(…)` call as a hook.
import {
  accountTokenStatement,
  inspectAccountToken,
  issueAccountToken,
  revokeAccountTokensStatement,
  spendAccountTokenStatement,
  tokenStillUsable,
} from "../account/account-tokens.server";
import { outboxStatement } from "../mail/mail-outbox.server";
import { tokenHash } from "../account/sessions.server";

/** The account's address, while the account is open. */
function accountEmail(userId: number): SQL {
  return sql`(select ${users.email} from ${users} where ${users.id} = ${userId} and ${users.withdrawnAt} is null)`;
}

/** Guest orders (no account) placed with the member's address. */
function claimableWhere(userId: number): SQL {
  return and(isNull(orders.userId), eq(orders.email, accountEmail(userId)))!;
}

export interface ClaimableOrder {
  id: number;
  number: string;
  createdAt: Date;
  total: number;
}

function claimableOrdersQuery(db: Database, userId: number) {
  return db
    .select({ id: orders.id, number: orders.number, createdAt: orders.createdAt, total: orders.total })
    .from(orders)
    .where(claimableWhere(userId))
    .orderBy(asc(orders.createdAt));
}

/** How many guest orders the member could take in (the order history offers it when there are any). */
export async function countClaimableOrders(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(claimableWhere(userId));
  return row?.n ?? 0;
}

export type OrderClaimRequest = { ok: true; mailKey: string } | { ok: false; refusal: "locked" | "nothingToClaim" };

/** Mails the link to the account's address: a new request replaces the member's earlier unused links. */
export async function requestOrderClaim(db: Database, userId: number, frame: EmailFrame, linkSecret: string, now: Date): Promise<OrderClaimRequest> {
  const verdict = await countAttempt(db, orderClaimThrottleSteps(userId), now);
  if (!verdict.allowed) return { ok: false, refusal: "locked" };
  const [people, claimable] = await db.batch([
    db
      .select({ email: users.email, lastname: users.lastname, firstname: users.firstname })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.withdrawnAt))),
    claimableOrdersQuery(db, userId),
  ]);
  const person = people[0];
  if (!person || claimable.length === 0) return { ok: false, refusal: "nothingToClaim" };
  const issued = await issueAccountToken(linkSecret);
  const mailKey = `order-claim-verify:${userId}:${now.getTime()}`;
  await db.batch([
    revokeAccountTokensStatement(db, userId, "order_claim", now),
    accountTokenStatement(db, issued, { purpose: "order_claim", userId, email: person.email }, now),
    outboxStatement(
      db,
      {
        key: mailKey,
        kind: "order_claim_verify",
        to: person.email,
        userId,
        sensitive: true,
        frame,
        template: orderClaimVerifyMail({
          customerName: `${person.lastname} ${person.firstname}`,
          link: `${frame.origin}${ORDER_CLAIM_PATH}/${issued.token}`,
          orders: claimable,
        }),
      },
      now,
    ),
  ]);
  return { ok: true, mailKey };
}

export type OrderClaimInspection = { ok: true; orders: ClaimableOrder[] } | { ok: false; error: string };

/** What the link would add for the signed-in member, or why it cannot be used (nothing is changed). */
export async function inspectOrderClaim(db: Database, userId: number, token: string, now: Date): Promise<OrderClaimInspection> {
  const inspected = await inspectAccountToken(db, "order_claim", token, now);
  if (!inspected.ok) return { ok: false, error: ACCOUNT_TOKEN_MESSAGES[inspected.refusal] };
  if (inspected.userId !== userId) return { ok: false, error: ORDER_CLAIM_MESSAGES.otherMember };
  const [people, claimable] = await db.batch([
    db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.withdrawnAt))),
    claimableOrdersQuery(db, userId),
  ]);
  if (people[0]?.email !== inspected.email) return { ok: false, error: ORDER_CLAIM_MESSAGES.emailChanged };
  if (claimable.length === 0) return { ok: false, error: ORDER_CLAIM_MESSAGES.nothingToClaim };
  return { ok: true, orders: claimable };
}

export type OrderClaimResult = { ok: true; claimed: string[] } | { ok: false; error: string };

/**
 * Attaches the orders and uses the link, in one batch: the orders (and their coupon uses) change only while
 * the link is still usable, for this member, with the address still theirs; the link is used last, so two
 * clicks — even at the same millisecond — attach them once.
 */
export async function claimGuestOrders(db: Database, userId: number, token: string, now: Date): Promise<OrderClaimResult> {
  const inspected = await inspectOrderClaim(db, userId, token, now);
  if (!inspected.ok) return inspected;
  const hash = await tokenHash(token);
  const tokenOfMember = sql`exists (select 1 from ${accountTokens} where ${accountTokens.tokenHash} = ${hash} and ${accountTokens.userId} = ${userId} and ${accountTokens.purpose} = 'order_claim')`;
  const tokenEmail = sql`(select ${accountTokens.email} from ${accountTokens} where ${accountTokens.tokenHash} = ${hash})`;
  const usable = tokenStillUsable(hash, now);
  const [claimed, , used] = await db.batch([
    db
      .update(orders)
      .set({ userId })
      .where(and(claimableWhere(userId), eq(orders.email, tokenEmail), usable, tokenOfMember))
      .returning({ number: orders.number }),
    db
      .update(couponUses)
      .set({ userId })
      .where(
        and(
          isNull(couponUses.userId),
          usable,
          tokenOfMember,
          inArray(
            couponUses.orderId,
            db
              .select({ id: orders.id })
              .from(orders)
              .where(and(eq(orders.userId, userId), eq(orders.email, tokenEmail))),
          ),
        ),
      ),
    spendAccountTokenStatement(db, hash, now),
  ]);
  if (used.length === 0) {
    // Used or expired between the check and the batch (a second click): say which.
    const again = await inspectOrderClaim(db, userId, token, now);
    return again.ok ? { ok: false, error: ACCOUNT_TOKEN_MESSAGES.used } : again;
  }
  return { ok: true, claimed: claimed.map((order) => order.number) };
}
