/**
 * Adding to the cart (spec §7 POST /api/cart-add: p, v, q, o, c, w, ispreorder, subscribe,
 * crowdfundings_id, shipping_day, read by app/web/cart/cart-add.server.ts): the selection is priced with the
 * engine (never trusted from the client), every field is either honoured or refused with a Japanese
 * message, and the row is written by one conditional upsert that keeps the row within its cap (50, 6 for
 * subscriptions) and the item's stock, even when two adds arrive at once.
 */
import { eq, sql } from "drizzle-orm";
import { isWrappingAvailable, lineQuantityCap } from "~/core/cart/cart";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import type { ProductNotice } from "~/core/catalogue/product-notices";
import type { RawSelection } from "~/core/catalogue/product-selection";
import { readShippingDay } from "~/core/cart/shipping-day";
import type { Database } from "~/db/client.server";
import { cartLines, users } from "~/db/schema";
import { holdsPrivateGrant, type PrivateGrant } from "./cart-lines.server";
import { type CartOwner, ensureCart } from "./cart.server";
import { addLine } from "./cart-line-ops.server";
import { loadPricedProduct, priceSelection, type ShapedProduct } from "../catalogue/product-pricing.server";

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

/** A step of an add that either answers what the next step needs or the refusal to send. */
type AddStep<T> = ({ ok: true } & T) | { ok: false; refusal: CartAddResult };

const refused = (notice: ProductNotice, status: 400 | 404 | 409, message?: string) => ({
  ok: false as const,
  refusal: refuseCartAdd(notice, status, message),
});

/** The private product's link secret the visitor holds: posted with the form (`secret`), or granted by the link page. */
function privateGrant(product: ShapedProduct["product"], posted: string | null, grants: PrivateGrant[]): string | null {
  return holdsPrivateGrant(product, posted, grants) ? product.secret : null;
}

/** The product as this visitor may buy it, with the private link's grant it is bought under. */
async function sellableProduct(db: Database, shopper: CartAddShopper, input: CartAddInput): Promise<AddStep<{ shaped: ShapedProduct; grant: string | null }>> {
  // The shop runs no crowdfunding projects, so a purchase cannot be made towards one.
  if (input.crowdfundingId != null) return refused("crowdfunding_unavailable", 409);
  const shaped = await loadPricedProduct(db, { id: input.productId }, { ...shopper.owner, now: shopper.now });
  if (!shaped || shaped.product.status === "draft") return refused("unavailable", 404);
  // A private product is sold only to visitors who hold its link's grant; to others it does not exist.
  const grant = shaped.product.isPrivate ? privateGrant(shaped.product, input.secret, shopper.privateGrants) : null;
  if (shaped.product.isPrivate && grant == null) return refused("unavailable", 404);
  return { ok: true, shaped, grant };
}

/**
 * Whether this visitor asked for a subscription and may have one: the product must offer it, and the
 * shop must offer subscriptions to the visitor. `subscribe` is the interval in months or 1; an interval
 * other than the product's is refused.
 */
function subscriptionChoice(offered: boolean, product: ShapedProduct["product"], requested: boolean, months: number | null): AddStep<{ subscribe: boolean }> {
  if (!requested && !product.subscribeOnly) return { ok: true, subscribe: false };
  if (!product.subscribe) return refused("subscribe_not_offered", 409);
  if (!offered) return refused("subscribe_unavailable", 409);
  if (months != null && months !== 1 && months !== product.period) return refused("subscribe_interval", 400);
  return { ok: true, subscribe: true };
}

/** The row the add asks for, priced now. */
interface RequestedRow {
  quantity: number;
  subscribe: boolean;
  isPreorder: boolean;
  selection: ReturnType<typeof priceSelection>["selection"];
}

/** Prices the selection as asked (never trusted from the client); refused when it cannot be sold so. */
function requestedRow(shaped: ShapedProduct, shopper: CartAddShopper, input: CartAddInput): AddStep<RequestedRow> {
  const { intent, subscribeMonths } = input;
  const choice = subscriptionChoice(shopper.subscriptionsOffered, shaped.product, intent === "subscribe" || subscribeMonths != null, subscribeMonths);
  if (!choice.ok) return choice;
  const { subscribe } = choice;
  const raw = input.selection;
  const quantity = subscribe ? Math.min(MAX_SUBSCRIPTION_QUANTITY, input.subscriptionQuantity ?? raw.quantity) : raw.quantity;
  const { price, selection } = priceSelection(shaped, { ...raw, quantity, subscribe }, shopper.now);

  if (price.needs_variation) return refused("choose_variation", 400);
  if (price.needs_choice) return refused("choose_choice", 400);
  if (price.state === "unavailable" || price.state === "sold_out" || price.state === "requested") return refused("unavailable", 409);
  const isPreorder = price.state === "preorder";
  // The shopper said it is not a pre-order, but it now ships only once restocked: they must agree to that.
  if (isPreorder && input.preorder === false && intent !== "preorder") return refused("preorder_only", 409);
  // inventory_max already excludes what the cart holds of this item; the write checks again.
  if (quantity > price.max_quantity) return refused("stock_limit", 409);
  return { ok: true, quantity, subscribe, isPreorder, selection };
}

/** Gift wrapping and the shipping day asked for with the row: honoured, or refused with the reason. */
function rowExtras(product: ShapedProduct["product"], input: CartAddInput, row: RequestedRow, now: Date): AddStep<{ shippingDay: string | null }> {
  const { isPreorder, subscribe } = row;
  const months = subscribe ? product.period : null;
  if (
    input.wrapping === true &&
    !isWrappingAvailable({ shippingFrom: product.shippingFrom, subscribe: months, disableWrapping: product.disableWrapping, isDigital: product.isDigital })
  ) {
    return refused("wrapping_unavailable", 409);
  }
  const shippingDay = readShippingDay(
    input.shippingDay,
    { shippingDays: product.shippingDays, isPreorder, preorderShipDate: product.preorderShipDate, isDigital: product.isDigital, subscription: subscribe },
    now,
  );
  if (!shippingDay.ok) return refused("shipping_day_invalid", 400, shippingDay.message);
  return { ok: true, shippingDay: shippingDay.day };
}

/**
 * Writes the row into the shopper's cart (made now when they have none) within its cap and the item's
 * whole stock; `lineQuantity` is null when the write was refused.
 */
async function writeRow(
  db: Database,
  shopper: CartAddShopper,
  input: CartAddInput,
  sellable: { shaped: ShapedProduct; grant: string | null },
  row: RequestedRow,
  shippingDay: string | null,
): Promise<{ cartId: string; newGuestCartId: string | null; lineQuantity: number | null }> {
  const { owner, now } = shopper;
  const { shaped, grant } = sellable;
  const { quantity, subscribe, isPreorder, selection } = row;
  const months = subscribe ? shaped.product.period : null;
  const cartId = await ensureCart(db, owner);
  const newGuestCartId = owner.userId == null && owner.cartId !== cartId ? cartId : null;
  const wholeStock = priceSelection(shaped, { ...input.selection, quantity, subscribe }, now, { countCart: false }).price;
  const lineQuantity = await addLine(
    db,
    cartId,
    {
      productId: input.productId,
      variationId: selection.variation?.id ?? null,
      choiceSku: selection.choice?.sku ?? null,
      optionChoiceIds: selection.optionChoices.map(({ choice: picked }) => picked.id),
      quantity,
      isPreorder,
      subscribe: months,
      wrapping: input.wrapping === true,
      shippingDay,
      privateGrant: grant,
    },
    {
      lineCap: lineQuantityCap({ isPreorder, subscribe: months, maxSubscription: selection.variation?.maxSubscription ?? null }),
      stock: isPreorder ? wholeStock.inventory_preorder_max : wholeStock.inventory,
    },
  );
  return { cartId, newGuestCartId, lineQuantity };
}

/** How many items the cart now holds, and whether the shopper is a one-click member. */
async function cartAfterAdd(db: Database, cartId: string, userId: number | undefined): Promise<{ cartQuantity: number; oneClick: boolean }> {
  const [[count], [member]] = await db.batch([
    db
      .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId)),
    db
      .select({ oneClick: users.oneClick })
      .from(users)
      .where(eq(users.id, userId ?? 0)),
  ]);
  return { cartQuantity: count?.quantity ?? 0, oneClick: member?.oneClick === true };
}

export async function addToCart(db: Database, shopper: CartAddShopper, input: CartAddInput): Promise<CartAddResult> {
  const sellable = await sellableProduct(db, shopper, input);
  if (!sellable.ok) return sellable.refusal;
  const row = requestedRow(sellable.shaped, shopper, input);
  if (!row.ok) return row.refusal;
  const extras = rowExtras(sellable.shaped.product, input, row, shopper.now);
  if (!extras.ok) return extras.refusal;

  const { cartId, newGuestCartId, lineQuantity } = await writeRow(db, shopper, input, sellable, row, extras.shippingDay);
  // A new guest cart is kept (and its id saved in the session) even when this add is refused.
  if (lineQuantity == null) return { ...refuseCartAdd("stock_limit", 409), newGuestCartId };
  const { cartQuantity, oneClick } = await cartAfterAdd(db, cartId, shopper.owner.userId);
  return { ok: true, next: nextPage(input.intent, oneClick), cartQuantity, lineQuantity, newGuestCartId };
}

/** Where the shopper goes after adding: stay (add, pre-order), the cart, or checkout for one-click members. */
function nextPage(intent: CartAddIntent, oneClickMember: boolean): string | null {
  if (intent === "buy_now") return oneClickMember ? "/checkout" : "/cart";
  if (intent === "add_and_go" || intent === "subscribe") return "/cart";
  return null;
}
