/**
 * A guest's registration password kept across the checkout's no-JS round trips (住所を検索, 再計算, a
 * refused submit): the page never sends a password back, so without this the shopper would have to type
 * it again (and the next submit failed when they did not notice). Only its hash is kept, for one cart,
 * for an hour; the form carries the hold's random id, and the order placement uses and deletes it.
 */
import { and, eq, gt, lt, or } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import { CHECKOUT_KEEP_MS } from "~/core/checkout/checkout-draft";
import type { Database } from "~/db/client.server";
import { checkoutPasswordHolds } from "~/db/schema";

/** Keeps the hash of `password` for this cart (replacing its earlier hold) and answers the hold's id. */
export async function holdPassword(db: Database, cartId: string, password: string, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  const passwordHash = await hashPassword(password);
  await db.batch([
    db
      .delete(checkoutPasswordHolds)
      .where(or(eq(checkoutPasswordHolds.cartId, cartId), lt(checkoutPasswordHolds.createdAt, new Date(now.getTime() - CHECKOUT_KEEP_MS)))),
    db.insert(checkoutPasswordHolds).values({ id, cartId, passwordHash, createdAt: now }),
  ]);
  return id;
}

/** The held hash when the hold belongs to this cart and is still fresh, else null. */
export async function heldPasswordHash(db: Database, id: string, cartId: string, now: Date): Promise<string | null> {
  const row = await db
    .select({ passwordHash: checkoutPasswordHolds.passwordHash })
    .from(checkoutPasswordHolds)
    .where(
      and(
        eq(checkoutPasswordHolds.id, id),
        eq(checkoutPasswordHolds.cartId, cartId),
        gt(checkoutPasswordHolds.createdAt, new Date(now.getTime() - CHECKOUT_KEEP_MS)),
      ),
    )
    .get();
  return row?.passwordHash ?? null;
}

/** The batch statement that drops this cart's hold once the order is placed. */
export function releaseHeldPassword(db: Database, cartId: string) {
  return db.delete(checkoutPasswordHolds).where(eq(checkoutPasswordHolds.cartId, cartId));
}
