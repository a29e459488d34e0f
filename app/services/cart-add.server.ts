/**
 * Adding to the cart (spec §7 POST /api/cart-add: p, v, q, o, c, w, ispreorder, subscribe,
 * crowdfundings_id, shipping_day, read by app/web/cart-add.server.ts): the selection is priced with the
 * engine (never trusted from the client), every field is either honoured or refused with a Japanese
 * message, and the row is written by one conditional upsert that keeps the row within its cap (50, 6 for
 * subscriptions) and the item's stock, even when two adds arrive at once.
 */
import { eq, sql } from "drizzle-orm";
import { isWrappingAvailable, lineQuantityCap } from "~/core/cart";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import type { ProductNotice } from "~/core/product-notices";
import type { RawSelection } from "~/core/product-selection";
import { readShippingDay } from "~/core/shipping-day";
import type { Database } from "~/db/client.server";
import { cartLines, users } from "~/db/schema";
import { holdsPrivateGrant, type PrivateGrant } from "./cart-lines.server";
import { type CartOwner, ensureCart } from "./cart.server";
import { addLine } from "./cart-line-ops.server";
import { loadPricedProduct, priceSelection, type ShapedProduct } from "./product-pricing.server";

export const CART_ADD_INTENTS = ["add", "add_and_go", "buy_now", "preorder", "subscribe"] as const;
export type CartAddIntent = (typeof CART_ADD_INTENTS)[number];

/** The add-to-cart form's fields, read (a malformed one is refused before this). */
export interface CartAddInput {
  productId: number;
  intent: CartAddIntent;
  /** w: gift wrapping asked for (true), declined (false) or not said (null). */
  wrapping: boolean | null;
  /** ispreorder: false when the shopper says it is not a pre-order. */
  preorder: boolean | null;
  /** subscribe: the interval in months, or 1; null when not asked for. */
  subscribeMonths: number | null;
  /** crowdfundings_id, when sent. */
  crowdfundingId: number | null;
  /** v, c, o, q and the subscribe flag. */
  selection: RawSelection;
  /** sq: the subscription quantity, when sent. */
  subscriptionQuantity: number | null;
  /** The private product's link secret posted with the form. */
  secret: string | null;
  /** shipping_day as posted. */
  shippingDay: unknown;
}

/** Who is adding: their cart, the private links they opened, whether subscriptions are offered to them. */
export interface CartAddShopper {
  owner: CartOwner;
  privateGrants: PrivateGrant[];
  /** The shop offers subscriptions to this visitor (spec §6: public, or an allowed address). */
  subscriptionsOffered: boolean;
  now: Date;
}

/** `newGuestCartId`: the cart made for a guest by this add (kept in their session even when the add is refused). */
export type CartAddResult =
  | { ok: true; next: string | null; cartQuantity: number; lineQuantity: number; newGuestCartId: string | null }
  | { ok: false; notice: ProductNotice; status: 400 | 404 | 409; newGuestCartId: string | null; message?: string };

export const refuseCartAdd = (notice: ProductNotice, status: 400 | 404 | 409, message?: string): CartAddResult => ({
  ok: false,
  notice,
  status,
  newGuestCartId: null,
  ...(message ? { message } : {}),
});

/** The private product's link secret the visitor holds: posted with the form (`secret`), or granted by the link page. */
function privateGrant(product: ShapedProduct["product"], posted: string | null, grants: PrivateGrant[]): string | null {
  return holdsPrivateGrant(product, posted, grants) ? product.secret : null;
}

/**
 * Whether this visitor asked for a subscription and may have one: the product must offer it, and the
 * shop must offer subscriptions to the visitor. `subscribe` is the interval in months or 1; an interval
 * other than the product's is refused.
 */
function subscriptionChoice(
  offered: boolean,
  product: ShapedProduct["product"],
  requested: boolean,
  months: number | null,
): { ok: true; subscribe: boolean } | { ok: false; refusal: CartAddResult } {
  if (!requested && !product.subscribeOnly) return { ok: true, subscribe: false };
  if (!product.subscribe) return { ok: false, refusal: refuseCartAdd("subscribe_not_offered", 409) };
  if (!offered) return { ok: false, refusal: refuseCartAdd("subscribe_unavailable", 409) };
  if (months != null && months !== 1 && months !== product.period) return { ok: false, refusal: refuseCartAdd("subscribe_interval", 400) };
  return { ok: true, subscribe: true };
}

export async function addToCart(db: Database, shopper: CartAddShopper, input: CartAddInput): Promise<CartAddResult> {
  const { productId, intent, wrapping, preorder: preorderFlag, subscribeMonths } = input;
  // The shop runs no crowdfunding projects, so a purchase cannot be made towards one.
  if (input.crowdfundingId != null) return refuseCartAdd("crowdfunding_unavailable", 409);

  const { owner, now } = shopper;
  const shaped = await loadPricedProduct(db, { id: productId }, { ...owner, now });
  if (!shaped || shaped.product.status === "draft") return refuseCartAdd("unavailable", 404);
  // A private product is sold only to visitors who hold its link's grant; to others it does not exist.
  const grant = shaped.product.isPrivate ? privateGrant(shaped.product, input.secret, shopper.privateGrants) : null;
  if (shaped.product.isPrivate && grant == null) return refuseCartAdd("unavailable", 404);

  const choice = subscriptionChoice(shopper.subscriptionsOffered, shaped.product, intent === "subscribe" || subscribeMonths != null, subscribeMonths);
  if (!choice.ok) return choice.refusal;
  const { subscribe } = choice;
  const raw = input.selection;
  const quantity = subscribe ? Math.min(MAX_SUBSCRIPTION_QUANTITY, input.subscriptionQuantity ?? raw.quantity) : raw.quantity;
  const { price, selection } = priceSelection(shaped, { ...raw, quantity, subscribe }, now);

  if (price.needs_variation) return refuseCartAdd("choose_variation", 400);
  if (price.needs_choice) return refuseCartAdd("choose_choice", 400);
  if (price.state === "unavailable" || price.state === "sold_out" || price.state === "requested") return refuseCartAdd("unavailable", 409);
  const isPreorder = price.state === "preorder";
  // The shopper said it is not a pre-order, but it now ships only once restocked: they must agree to that.
  if (isPreorder && preorderFlag === false && intent !== "preorder") return refuseCartAdd("preorder_only", 409);
  // inventory_max already excludes what the cart holds of this item; the write checks again.
  if (quantity > price.max_quantity) return refuseCartAdd("stock_limit", 409);

  const product = shaped.product;
  const months = subscribe ? product.period : null;
  if (wrapping === true && !isWrappingAvailable({ shippingFrom: product.shippingFrom, subscribe: months, disableWrapping: product.disableWrapping, isDigital: product.isDigital })) {
    return refuseCartAdd("wrapping_unavailable", 409);
  }
  const shippingDay = readShippingDay(
    input.shippingDay,
    { shippingDays: product.shippingDays, isPreorder, preorderShipDate: product.preorderShipDate, isDigital: product.isDigital, subscription: subscribe },
    now,
  );
  if (!shippingDay.ok) return refuseCartAdd("shipping_day_invalid", 400, shippingDay.message);

  const cartId = await ensureCart(db, owner);
  const newGuestCartId = owner.userId == null && owner.cartId !== cartId ? cartId : null;
  const wholeStock = priceSelection(shaped, { ...raw, quantity, subscribe }, now, { countCart: false }).price;
  const lineQuantity = await addLine(
    db,
    cartId,
    {
      productId,
      variationId: selection.variation?.id ?? null,
      choiceSku: selection.choice?.sku ?? null,
      optionChoiceIds: selection.optionChoices.map(({ choice: picked }) => picked.id),
      quantity,
      isPreorder,
      subscribe: months,
      wrapping: wrapping === true,
      shippingDay: shippingDay.day,
      privateGrant: grant,
    },
    {
      lineCap: lineQuantityCap({ isPreorder, subscribe: months, maxSubscription: selection.variation?.maxSubscription ?? null }),
      stock: isPreorder ? wholeStock.inventory_preorder_max : wholeStock.inventory,
    },
  );
  // A new guest cart is kept (and its id saved in the session) even when this add is refused.
  if (lineQuantity == null) return { ...refuseCartAdd("stock_limit", 409), newGuestCartId };

  const [[count], [member]] = await db.batch([
    db
      .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId)),
    db.select({ oneClick: users.oneClick }).from(users).where(eq(users.id, owner.userId ?? 0)),
  ]);
  return { ok: true, next: nextPage(intent, member?.oneClick === true), cartQuantity: count?.quantity ?? 0, lineQuantity, newGuestCartId };
}

/** Where the shopper goes after adding: stay (add, pre-order), the cart, or checkout for one-click members. */
function nextPage(intent: CartAddIntent, oneClickMember: boolean): string | null {
  if (intent === "buy_now") return oneClickMember ? "/checkout" : "/cart";
  if (intent === "add_and_go" || intent === "subscribe") return "/cart";
  return null;
}
