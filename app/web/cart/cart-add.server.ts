/**
 * POST /api/cart-add as the web sees it: the form's fields read into a CartAddInput (a malformed one is
 * refused as invalid, the product id first), the shopper from the session and the request, and the
 * session cookie when a guest's cart was made (app/services/cart/cart-add.server.ts does the adding).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { readSelection, selectionQuery } from "~/core/catalogue/product-selection";
import { parseIpList, subscriptionOffered } from "~/core/catalogue/subscription";
import { FlagSchema, IdOrNullSchema, IdSchema, TextOrNullSchema } from "~/core/validation";
import { addToCart, CART_ADD_INTENTS, refuseCartAdd, type CartAddInput, type CartAddResult, type CartAddShopper } from "~/services/cart/cart-add.server";
import { clientIp, getSession } from "~/web/account/auth.server";
import { readInput } from "~/web/input.server";

/** An optional count (subscribe's months, crowdfundings_id): absent, empty or "0" is none. */
const OptionalCountSchema = v.optional(
  v.union([
    v.pipe(
      v.picklist(["", "0"]),
      v.transform(() => null),
    ),
    IdSchema,
  ]),
  "",
);

/** The add-to-cart form (spec §7; v, c, o and q are read as the selection). */
const CartAddSchema = v.object({
  p: IdSchema,
  /** An unknown intent is a plain add. */
  intent: v.fallback(v.picklist(CART_ADD_INTENTS), "add"),
  w: FlagSchema,
  ispreorder: FlagSchema,
  subscribe: OptionalCountSchema,
  crowdfundings_id: OptionalCountSchema,
  /** A malformed subscription quantity is none (the product's own quantity applies). */
  sq: IdOrNullSchema,
  secret: TextOrNullSchema,
  /** Judged against the product's delivery days by the service. */
  shipping_day: v.optional(v.unknown()),
});

/** The add-to-cart form's fields, or the refusal of a malformed form (an unreadable product first). */
export function readCartAddForm(form: FormData): { ok: true; input: CartAddInput } | { ok: false; refusal: CartAddResult } {
  const read = readInput(CartAddSchema, form);
  if (!read.ok) return { ok: false, refusal: read.field === "p" ? refuseCartAdd("unavailable", 400) : refuseCartAdd("invalid_request", 400) };
  const fields = read.input;
  return {
    ok: true,
    input: {
      productId: fields.p,
      intent: fields.intent,
      wrapping: fields.w,
      preorder: fields.ispreorder,
      subscribeMonths: fields.subscribe,
      crowdfundingId: fields.crowdfundings_id,
      selection: readSelection(form),
      subscriptionQuantity: fields.sq,
      secret: fields.secret,
      shippingDay: fields.shipping_day,
    },
  };
}

/**
 * Where a refused plain form post (JS off) goes back to: the product page it came from with what was picked
 * still picked (v, c, o, q, subscribe), so the shopper fixes the one thing the notice names.
 */
export function refusedCartAddReturn(back: string, form: FormData): string {
  const url = new URL(back, "http://same-site.invalid");
  for (const [name, value] of selectionQuery(readSelection(form))) if (!url.searchParams.has(name)) url.searchParams.append(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Adds the posted selection for the visitor; `headers` carries the session cookie when it changed. */
export async function addPostedToCart(request: Request, context: AppLoadContext, form: FormData): Promise<{ result: CartAddResult; headers?: HeadersInit }> {
  const session = await getSession(request, context);
  const read = readCartAddForm(form);
  if (!read.ok) return { result: read.refusal };
  const { env } = context.cloudflare;
  const shopper: CartAddShopper = {
    owner: { userId: session.get("userId"), cartId: session.get("cartId") },
    privateGrants: session.get("privateGrants") ?? [],
    subscriptionsOffered: subscriptionOffered({
      publicSubscription: env.PUBLIC_SUBSCRIPTION === "true",
      allowedIps: parseIpList(env.SUBSCRIPTION_ALLOWED_IPS),
      clientIp: clientIp(request),
    }),
    now: new Date(),
  };
  const result = await addToCart(context.db, shopper, read.input);
  if (result.newGuestCartId == null) return { result };
  session.set("cartId", result.newGuestCartId);
  return { result, headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) } };
}
