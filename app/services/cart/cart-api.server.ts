/**
 * What the /api/cart* endpoints need beyond the validated cart operations of cart-actions.server.ts:
 * finding a named row (by `line` id or by the spec's p/v/o/c identity), buy later by product, and the two
 * kinds of campaign links (coupon campaigns, per-sku coupon product links).
 */
import { and, eq, sql } from "drizzle-orm";
import { CART_MESSAGES, cartLineKey } from "~/core/cart/cart";
import { couponCodeOf, isCouponActive } from "~/core/promotions/coupons";
import type { RawSelection } from "~/core/catalogue/product-selection";
import { activeAt, type Database } from "~/db/client.server";
import { categories, couponCampaigns, couponProductPrices, coupons, products } from "~/db/schema";
import { applyCoupon, buyLaterLine, CART_ACTION_MESSAGES, cartFailure, type CartFailure, type CartResult, couponUseRefusal } from "./cart-actions.server";
import { saveForLater } from "../member/buy-later.server";
import { type CartActor, ensureCart, updateCart } from "./cart.server";
import { listOwnedLines, type StoredCartLine } from "./cart-line-ops.server";
import { loadCart } from "./cart-view.server";
import { findApiProduct } from "../catalogue/product-by-id.server";
import { isApiVisible, PRODUCT_NOT_FOUND_MESSAGE, productPath } from "~/core/catalogue/products";

export const CART_API_MESSAGES = {
  campaignUnknown: "このキャンペーンは終了したか、存在しません。",
  couponLinkApplied: (title: string) => `クーポン「${title}」をカートに適用しました。`,
  couponLinkKept: (title: string) => `クーポン「${title}」を受け取りました。対象の商品をカートに入れると適用されます。`,
} as const;

/**
 * A row as a cart form names it: by its id, or by the spec's identity p, v, o, c (the selection), with
 * `ispreorder` and `subscribe` narrowing the match when sent (null: either).
 */
export type LineReference = { lineId: number } | { productId: number; selection: RawSelection; preorder: boolean | null; subscribe: boolean | null };

/**
 * The shopper's row named by `line` id, or by p, v, o, c — matched with the engine's cartLineKey. When
 * rows still differ only by pre-order or subscription, the plain one-off row comes first, then the oldest.
 * A row of someone else's cart is "not found" (404), like a row that does not exist.
 */
export async function findNamedLine(actor: CartActor, reference: LineReference): Promise<{ ok: true; line: StoredCartLine } | CartFailure> {
  if ("lineId" in reference) {
    const line = (await listOwnedLines(actor.db, actor.owner)).find((row) => row.id === reference.lineId);
    return line ? { ok: true, line } : cartFailure("line", CART_ACTION_MESSAGES.lineNotFound, 404);
  }
  const { productId, selection, preorder, subscribe } = reference;
  const candidates = (await listOwnedLines(actor.db, actor.owner))
    .filter((row) => row.productId === productId)
    .filter((row) => preorder == null || row.isPreorder === preorder)
    .filter((row) => subscribe == null || (row.subscribe != null) === subscribe)
    .filter(
      (row) =>
        cartLineKey({
          productId,
          variationId: selection.variationId,
          choiceSku: selection.choiceSku,
          optionChoiceIds: selection.optionChoiceIds,
          isPreorder: row.isPreorder,
          subscribe: row.subscribe,
        }) === row.lineKey,
    )
    .sort((a, b) => Number(a.isPreorder || a.subscribe != null) - Number(b.isPreorder || b.subscribe != null) || a.id - b.id);
  const line = candidates[0];
  return line ? { ok: true, line } : cartFailure("line", CART_ACTION_MESSAGES.lineNotFound, 404);
}

/**
 * Buy later by product (spec §7 POST /api/buylater/{productId}), members only: the product's rows in the
 * cart (or just `lineId` among them) move to the buy-later list; a product that is not in the cart is
 * saved for later as it is.
 */
export async function buyLaterProduct(actor: CartActor, productId: number, lineId: number | null): Promise<CartResult> {
  if (actor.owner.userId == null) return cartFailure("line", CART_ACTION_MESSAGES.membersOnly, 401);
  const rows = (await listOwnedLines(actor.db, actor.owner)).filter((row) => row.productId === productId && (lineId == null || row.id === lineId));
  if (lineId != null && rows.length === 0) return cartFailure("line", CART_ACTION_MESSAGES.lineNotFound, 404);
  for (const row of rows) {
    const result = await buyLaterLine(actor, row.id);
    if (!result.ok) return result;
  }
  if (rows.length === 0) {
    if (!(await findApiProduct(actor.db, productId))) return cartFailure("line", PRODUCT_NOT_FOUND_MESSAGE, 404);
    await saveForLater(actor.db, actor.owner.userId, productId);
  }
  return { ok: true };
}

/** The coupon campaign running now under this code (case-insensitive), or null. */
export async function findActiveCampaign(db: Database, rawCode: string, now: Date) {
  const code = couponCodeOf(rawCode);
  if (!code) return null;
  return (
    (await db
      .select({ code: couponCampaigns.code, title: couponCampaigns.title })
      .from(couponCampaigns)
      .where(and(sql`upper(${couponCampaigns.code}) = ${code}`, activeAt(couponCampaigns.startsAt, couponCampaigns.endsAt, now)))
      .get()) ?? null
  );
}

export type CouponLinkResult = { ok: true; campaign: string } | { ok: true; coupon: string; message: string; cartId: string } | CartFailure;

/**
 * The coupon campaign link /coupon-get/{code} (spec §2). A campaign running under the code is kept in
 * the session. An ordinary coupon (entered by code, not automatic) is applied to the cart as if typed in:
 * refused with the cart engine's reason (expired, members only, no eligible product, minimum amount …),
 * or kept on an empty cart so that it applies once items are added.
 */
export async function followCouponLink(actor: CartActor, rawCode: string): Promise<CouponLinkResult> {
  const campaign = await findActiveCampaign(actor.db, rawCode, actor.now);
  if (campaign) return { ok: true, campaign: campaign.code };
  const code = couponCodeOf(rawCode);
  const coupon = code
    ? await actor.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.code, code), eq(coupons.isAuto, false)))
        .get()
    : undefined;
  if (!coupon || !code) return cartFailure("coupon", CART_API_MESSAGES.campaignUnknown, 404);
  const now = actor.now.getTime();
  if (coupon.startsAt && now < coupon.startsAt.getTime()) return cartFailure("coupon", CART_MESSAGES.couponNotStarted, 409);
  if (coupon.expiresAt && now >= coupon.expiresAt.getTime()) return cartFailure("coupon", CART_MESSAGES.couponExpired, 409);
  if (coupon.memberOnly && actor.owner.userId == null) return cartFailure("coupon", CART_MESSAGES.couponMemberOnly, 401);
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  if (view.cartId && view.cart.list.length > 0) {
    const applied = await applyCoupon(actor, code);
    if (!applied.ok) return applied;
    return { ok: true, coupon: code, message: CART_API_MESSAGES.couponLinkApplied(coupon.titleSimple), cartId: view.cartId };
  }
  const refusal = await couponUseRefusal(actor, coupon);
  if (refusal) return cartFailure("coupon", refusal, 409);
  const cartId = await ensureCart(actor.db, actor.owner);
  await updateCart(actor.db, cartId, { couponCode: code });
  return { ok: true, coupon: code, message: CART_API_MESSAGES.couponLinkKept(coupon.titleSimple), cartId };
}

/**
 * A coupon product link (`/category/product/{sku}?coupon=CODE`): the product's canonical page, and the
 * coupon code to keep in the session for that sku when the coupon exists, is running and has its own
 * price for that product (products_prices). Null when the product cannot be shown (unknown, draft,
 * or private — a private product is reached only through its secret link).
 */
export async function resolveCouponProductLink(db: Database, sku: string, rawCode: string | null, now: Date) {
  const product = await db
    .select({ id: products.id, sku: products.sku, status: products.status, isPrivate: products.isPrivate, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(eq(products.sku, sku))
    .get();
  if (!product || !isApiVisible(product)) return null;
  const code = couponCodeOf(rawCode ?? "");
  let couponCode: string | null = null;
  if (code) {
    const coupon = await db
      .select({ code: coupons.code, startsAt: coupons.startsAt, expiresAt: coupons.expiresAt })
      .from(coupons)
      .innerJoin(couponProductPrices, and(eq(couponProductPrices.couponId, coupons.id), eq(couponProductPrices.productId, product.id)))
      .where(sql`upper(${coupons.code}) = ${code}`)
      .get();
    if (coupon && isCouponActive({ startsAt: coupon.startsAt?.getTime() ?? null, expiresAt: coupon.expiresAt?.getTime() ?? null }, now.getTime())) {
      couponCode = coupon.code;
    }
  }
  return { sku: product.sku, path: productPath(product), couponCode };
}
