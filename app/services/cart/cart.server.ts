/**
 * Carts in D1: guests' carts by the id in their session, members' by user id (merged on login,
 * cart-merge.server.ts). This module holds the cart record itself and who owns it; loading and pricing a
 * cart is cart-view.server.ts, its rows cart-line-ops.server.ts, the member's buy-later list buy-later.server.ts.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { carts, cartVendorNotices } from "~/db/schema";
import type { PrivateGrant } from "./cart-lines.server";

export interface CartOwner {
  userId?: number;
  /** A guest's cart id from the session. */
  cartId?: string;
  /**
   * A cart staff fill for a customer (受注登録, app/services/orders/phone-orders.server.ts): this cart, priced for
   * `userId` when the customer is a member (their own cart stays untouched).
   */
  draftCartId?: string;
}

export interface CartSessionState {
  couponCampaign?: string;
  skuCoupons?: Record<string, string>;
  /** Private products whose secret link this visitor opened, with the link's secret. */
  privateGrants?: PrivateGrant[];
}

/** The shopper a cart operation acts for: their cart owner, the session's coupon state and the time. */
export interface CartActor {
  db: Database;
  owner: CartOwner;
  session: CartSessionState;
  now: Date;
  /** CF-Connecting-IP: coupon-code guesses are throttled per cart and per network. */
  clientIp?: string | null;
}

export function ownerCondition(owner: CartOwner): SQL {
  if (owner.draftCartId != null) return eq(carts.id, owner.draftCartId);
  return owner.userId != null ? eq(carts.userId, owner.userId) : eq(carts.id, owner.cartId ?? "");
}

/** The ids of the shopper's cart, as a sub-select usable inside one batch. */
export function cartIdOf(owner: CartOwner): SQL {
  if (owner.draftCartId != null) return sql`(${owner.draftCartId})`;
  return owner.userId != null ? sql`(select ${carts.id} from ${carts} where ${carts.userId} = ${owner.userId})` : sql`(${owner.cartId ?? ""})`;
}

export async function findCartId(db: Database, owner: CartOwner): Promise<string | null> {
  if (owner.userId == null && !owner.cartId && !owner.draftCartId) return null;
  const row = await db.select({ id: carts.id }).from(carts).where(ownerCondition(owner)).get();
  return row?.id ?? null;
}

/** The shopper's cart id, creating the cart when there is none yet (guests then keep it in the session). */
export async function ensureCart(db: Database, owner: CartOwner): Promise<string> {
  const existing = await findCartId(db, owner);
  if (existing) return existing;
  // A staff draft's cart is its own, never the member's (their unique cart).
  if (owner.draftCartId != null) {
    await db.insert(carts).values({ id: owner.draftCartId, userId: null }).onConflictDoNothing();
    return owner.draftCartId;
  }
  const id = crypto.randomUUID();
  await db
    .insert(carts)
    .values({ id, userId: owner.userId ?? null })
    .onConflictDoNothing();
  // Two first adds by one member may race; the unique user index keeps one cart.
  return owner.userId != null ? ((await findCartId(db, owner)) ?? id) : id;
}

/** Marks the cart as changed, as a statement for the batch that changes it. */
export function touch(db: Database, cartId: string) {
  return db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function updateCart(
  db: Database,
  cartId: string,
  values: Partial<Pick<typeof carts.$inferInsert, "couponCode" | "pointAmount" | "paymentMethod" | "coldshipping" | "warehouseNotice" | "checkoutDraft">>,
): Promise<void> {
  await db
    .update(carts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/** Takes the coupon `code` off the cart if it is the one entered; answers whether it was. */
export async function clearCoupon(db: Database, cartId: string, code: string): Promise<boolean> {
  const cleared = await db
    .update(carts)
    .set({ couponCode: null, updatedAt: new Date() })
    .where(and(eq(carts.id, cartId), eq(carts.couponCode, code)))
    .returning({ id: carts.id });
  return cleared.length > 0;
}

export async function saveVendorNotices(db: Database, cartId: string, notices: { merchantId: number; notice: string }[]): Promise<void> {
  const [first, ...rest] = notices.map(({ merchantId, notice }) =>
    db
      .insert(cartVendorNotices)
      .values({ cartId, merchantId, notice })
      .onConflictDoUpdate({ target: [cartVendorNotices.cartId, cartVendorNotices.merchantId], set: { notice } }),
  );
  if (first) await db.batch([first, ...rest]);
}
