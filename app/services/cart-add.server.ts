/**
 * Adding to the cart (spec §7 POST /api/cart-add: p, v, q, o, c, w, ispreorder, subscribe,
 * crowdfundings_id, shipping_day): the selection is priced with the engine (never trusted from the
 * client), every field is read and either honoured or refused with a Japanese message, and the row is
 * written by one conditional upsert that keeps the row within its cap (50, 6 for subscriptions) and the
 * item's stock, even when two adds arrive at once.
 */
import type { AppLoadContext, Session } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import type { SessionData, SessionFlashData } from "~/auth/session.server";
import { isWrappingAvailable, lineQuantityCap } from "~/core/cart";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import type { ProductNotice } from "~/core/product-notices";
import { readSelection } from "~/core/product-selection";
import { readShippingDay } from "~/core/shipping-day";
import { parseIpList, subscriptionOffered } from "~/core/subscription";
import { cartLines, users } from "~/db/schema";
import { readFlag } from "./cart-api.server";
import { holdsPrivateGrant } from "./cart-lines.server";
import { addLine, ensureCart } from "./cart.server";
import { loadPricedProduct, priceSelection, type ShapedProduct } from "./product-pricing.server";

export const CART_ADD_INTENTS = ["add", "add_and_go", "buy_now", "preorder", "subscribe"] as const;
export type CartAddIntent = (typeof CART_ADD_INTENTS)[number];

export type CartAddResult =
  | { ok: true; next: string | null; cartQuantity: number; lineQuantity: number; sessionChanged: boolean }
  | { ok: false; notice: ProductNotice; status: 400 | 404 | 409; sessionChanged: boolean; message?: string };

const refuse = (notice: ProductNotice, status: 400 | 404 | 409, message?: string): CartAddResult => ({
  ok: false,
  notice,
  status,
  sessionChanged: false,
  ...(message ? { message } : {}),
});

function positiveInt(value: FormDataEntryValue | null): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** An optional whole-number field: absent, empty or "0" is none; a positive number; anything else is malformed. */
function optionalCount(value: FormDataEntryValue | null): number | null | "invalid" {
  if (value == null || value === "" || value === "0") return null;
  return positiveInt(typeof value === "string" ? value.trim() : value) ?? "invalid";
}

/** The private product's link secret the visitor holds: posted with the form (`secret`), or granted by the link page. */
function privateGrant(product: ShapedProduct["product"], form: FormData, session: Session<SessionData, SessionFlashData>): string | null {
  const posted = form.get("secret");
  return holdsPrivateGrant(product, typeof posted === "string" ? posted : null, session.get("privateGrants") ?? []) ? product.secret : null;
}

/**
 * Whether this visitor asked for a subscription and may have one: the product must offer it, and the
 * shop must offer subscriptions to the visitor (spec §6: public, or an allowed address). `subscribe` is
 * the interval in months or 1; an interval other than the product's is refused.
 */
function subscriptionChoice(
  context: AppLoadContext,
  product: ShapedProduct["product"],
  requested: boolean,
  months: number | null,
  clientIp: string | null,
): { ok: true; subscribe: boolean } | { ok: false; refusal: CartAddResult } {
  if (!requested && !product.subscribeOnly) return { ok: true, subscribe: false };
  if (!product.subscribe) return { ok: false, refusal: refuse("subscribe_not_offered", 409) };
  const { env } = context.cloudflare;
  const offered = subscriptionOffered({
    publicSubscription: env.PUBLIC_SUBSCRIPTION === "true",
    allowedIps: parseIpList(env.SUBSCRIPTION_ALLOWED_IPS),
    clientIp,
  });
  if (!offered) return { ok: false, refusal: refuse("subscribe_unavailable", 409) };
  if (months != null && months !== 1 && months !== product.period) return { ok: false, refusal: refuse("subscribe_interval", 400) };
  return { ok: true, subscribe: true };
}

export async function addToCart(
  context: AppLoadContext,
  session: Session<SessionData, SessionFlashData>,
  form: FormData,
  intent: CartAddIntent,
  clientIp: string | null,
): Promise<CartAddResult> {
  const { db } = context;
  const productId = positiveInt(form.get("p"));
  if (productId == null) return refuse("unavailable", 400);
  const wrapping = readFlag(form.get("w"));
  const preorderFlag = readFlag(form.get("ispreorder"));
  const subscribeMonths = optionalCount(form.get("subscribe"));
  const crowdfunding = optionalCount(form.get("crowdfundings_id"));
  if (wrapping === "invalid" || preorderFlag === "invalid" || subscribeMonths === "invalid" || crowdfunding === "invalid") {
    return refuse("invalid_request", 400);
  }
  // The shop runs no crowdfunding projects, so a purchase cannot be made towards one.
  if (crowdfunding != null) return refuse("crowdfunding_unavailable", 409);

  const owner = { userId: session.get("userId"), cartId: session.get("cartId") };
  const now = new Date();
  const shaped = await loadPricedProduct(db, { id: productId }, { ...owner, now });
  if (!shaped || shaped.product.status === "draft") return refuse("unavailable", 404);
  // A private product is sold only to visitors who hold its link's grant; to others it does not exist.
  const grant = shaped.product.isPrivate ? privateGrant(shaped.product, form, session) : null;
  if (shaped.product.isPrivate && grant == null) return refuse("unavailable", 404);

  const choice = subscriptionChoice(context, shaped.product, intent === "subscribe" || subscribeMonths != null, subscribeMonths, clientIp);
  if (!choice.ok) return choice.refusal;
  const { subscribe } = choice;
  const raw = readSelection(form);
  const quantity = subscribe ? Math.min(MAX_SUBSCRIPTION_QUANTITY, positiveInt(form.get("sq")) ?? raw.quantity) : raw.quantity;
  const { price, selection } = priceSelection(shaped, { ...raw, quantity, subscribe }, now);

  if (price.needs_variation) return refuse("choose_variation", 400);
  if (price.needs_choice) return refuse("choose_choice", 400);
  if (price.state === "unavailable" || price.state === "sold_out" || price.state === "requested") return refuse("unavailable", 409);
  const isPreorder = price.state === "preorder";
  // The shopper said it is not a pre-order, but it now ships only once restocked: they must agree to that.
  if (isPreorder && preorderFlag === false && intent !== "preorder") return refuse("preorder_only", 409);
  // inventory_max already excludes what the cart holds of this item; the write checks again.
  if (quantity > price.max_quantity) return refuse("stock_limit", 409);

  const product = shaped.product;
  const months = subscribe ? product.period : null;
  if (wrapping === true && !isWrappingAvailable({ shippingFrom: product.shippingFrom, subscribe: months, disableWrapping: product.disableWrapping, isDigital: product.isDigital })) {
    return refuse("wrapping_unavailable", 409);
  }
  const shippingDay = readShippingDay(
    form.get("shipping_day"),
    { shippingDays: product.shippingDays, isPreorder, preorderShipDate: product.preorderShipDate, isDigital: product.isDigital, subscription: subscribe },
    now,
  );
  if (!shippingDay.ok) return refuse("shipping_day_invalid", 400, shippingDay.message);

  const cartId = await ensureCart(db, owner);
  const sessionChanged = owner.userId == null && owner.cartId !== cartId;
  if (sessionChanged) session.set("cartId", cartId);
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
  if (lineQuantity == null) return { ...refuse("stock_limit", 409), sessionChanged };

  const [[count], [member]] = await db.batch([
    db
      .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId)),
    db.select({ oneClick: users.oneClick }).from(users).where(eq(users.id, owner.userId ?? 0)),
  ]);
  return { ok: true, next: nextPage(intent, member?.oneClick === true), cartQuantity: count?.quantity ?? 0, lineQuantity, sessionChanged };
}

/** Where the shopper goes after adding: stay (add, pre-order), the cart, or checkout for one-click members. */
function nextPage(intent: CartAddIntent, oneClickMember: boolean): string | null {
  if (intent === "buy_now") return oneClickMember ? "/checkout" : "/cart";
  if (intent === "add_and_go" || intent === "subscribe") return "/cart";
  return null;
}
