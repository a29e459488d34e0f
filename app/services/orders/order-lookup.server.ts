/**
 * The guest order lookup (/order-lookup): an order number and the e-mail given at checkout find that
 * one guest order, or the same "not found" for anything else. The attempt is counted (per network and per
 * order number, app/core/orders/order-lookup.ts) BEFORE the order is read, so a burst of guesses gets no more
 * answers than the limit. A member's order is never found here: it is behind the account's password
 * (ログインして注文履歴), and an order number plus an address must not be a way around it.
 */
import { and, eq, isNull } from "drizzle-orm";
import {
  isWellFormedLookup,
  ORDER_LOOKUP_MESSAGES,
  orderLookupLockedMessage,
  orderLookupThrottleSteps,
  type OrderLookupInput,
} from "~/core/orders/order-lookup";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema";
import { countAttempt, settleAttempt } from "~/db/throttle.server";

export type OrderLookupResult = { ok: true; orderId: number } | { ok: false; error: string };

export async function lookUpGuestOrder(db: Database, input: OrderLookupInput, ip: string | null, now: Date): Promise<OrderLookupResult> {
  const wellFormed = isWellFormedLookup(input);
  const steps = orderLookupThrottleSteps(wellFormed ? input.number : null, ip);
  const verdict = await countAttempt(db, steps, now);
  if (!verdict.allowed) return { ok: false, error: orderLookupLockedMessage(verdict.retryAt, now.getTime()) };
  if (!wellFormed) return { ok: false, error: ORDER_LOOKUP_MESSAGES.notFound };
  const found = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, input.number), eq(orders.email, input.email), isNull(orders.userId)))
    .get();
  if (!found) return { ok: false, error: ORDER_LOOKUP_MESSAGES.notFound };
  await settleAttempt(db, steps);
  return { ok: true, orderId: found.id };
}
