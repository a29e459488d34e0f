/**
 * Adding to the cart from the product page: the selection is priced with the engine (never trusted
 * from the client), then checked — variation chosen, purchasable, within stock counting what the cart
 * already holds — before the row is written.
 */
import type { AppLoadContext, Session } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
import type { SessionData, SessionFlashData } from "~/auth/session.server";
import { fitsStock } from "~/core/cart";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import type { ProductNotice } from "~/core/product-notices";
import { readSelection } from "~/core/product-selection";
import { parseIpList, subscriptionOffered } from "~/core/subscription";
import { cartLines, users } from "~/db/schema";
import { addLine, ensureCart } from "./cart.server";
import { loadPricedProduct, priceSelection } from "./product.server";

export const CART_ADD_INTENTS = ["add", "add_and_go", "buy_now", "preorder", "subscribe"] as const;
export type CartAddIntent = (typeof CART_ADD_INTENTS)[number];

export type CartAddResult =
  | { ok: true; next: string | null; cartQuantity: number; sessionChanged: boolean }
  | { ok: false; notice: ProductNotice; status: 400 | 404 | 409; sessionChanged: false };

const refuse = (notice: ProductNotice, status: 400 | 404 | 409): CartAddResult => ({ ok: false, notice, status, sessionChanged: false });

function positiveInt(value: FormDataEntryValue | null): number | null {
  return typeof value === "string" && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
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
  const owner = { userId: session.get("userId"), cartId: session.get("cartId") };
  const now = new Date();
  const shaped = await loadPricedProduct(db, { id: productId }, { ...owner, now });
  // Private products are bought through their link page, which posts the same form.
  if (!shaped || shaped.product.status === "draft") return refuse("unavailable", 404);

  const subscribe = intent === "subscribe" || shaped.product.subscribeOnly;
  if (subscribe) {
    const { env } = context.cloudflare;
    const offered =
      shaped.product.subscribe &&
      subscriptionOffered({
        publicSubscription: env.PUBLIC_SUBSCRIPTION === "true",
        allowedIps: parseIpList(env.SUBSCRIPTION_ALLOWED_IPS),
        clientIp,
      });
    if (!offered) return refuse("unavailable", 409);
  }
  const raw = readSelection(form);
  const quantity = subscribe ? Math.min(MAX_SUBSCRIPTION_QUANTITY, positiveInt(form.get("sq")) ?? raw.quantity) : raw.quantity;
  const { price, selection } = priceSelection(shaped, { ...raw, quantity, subscribe }, now);

  if (price.needs_variation) return refuse("choose_variation", 400);
  if (price.needs_choice) return refuse("choose_choice", 400);
  if (price.state === "unavailable" || price.state === "sold_out" || price.state === "requested") return refuse("unavailable", 409);
  const stock = price.state === "preorder" ? price.inventory_preorder_max : price.inventory_max;
  // inventory_max already excludes what the cart holds of this item.
  if (!fitsStock({ stock, alreadyInCart: 0, adding: quantity }) || quantity > price.max_quantity) return refuse("stock_limit", 409);

  const cartId = await ensureCart(db, owner);
  const sessionChanged = owner.userId == null && owner.cartId !== cartId;
  if (sessionChanged) session.set("cartId", cartId);
  await addLine(db, cartId, {
    productId,
    variationId: selection.variation?.id ?? null,
    choiceSku: selection.choice?.sku ?? null,
    optionChoiceIds: selection.optionChoices.map(({ choice }) => choice.id),
    quantity,
    isPreorder: price.state === "preorder",
    subscribe: subscribe ? shaped.product.period : null,
  });

  const [[count], [member]] = await db.batch([
    db
      .select({ quantity: sql<number>`coalesce(sum(${cartLines.quantity}), 0)` })
      .from(cartLines)
      .where(eq(cartLines.cartId, cartId)),
    db.select({ oneClick: users.oneClick }).from(users).where(eq(users.id, owner.userId ?? 0)),
  ]);
  return { ok: true, next: nextPage(intent, member?.oneClick === true), cartQuantity: count?.quantity ?? 0, sessionChanged };
}

/** Where the shopper goes after adding: stay (add, pre-order), the cart, or checkout for one-click members. */
function nextPage(intent: CartAddIntent, oneClickMember: boolean): string | null {
  if (intent === "buy_now") return oneClickMember ? "/checkout" : "/cart";
  if (intent === "add_and_go" || intent === "subscribe") return "/cart";
  return null;
}
