/**
 * POST /api/cart-add as the web sees it: the form's fields read into a CartAddInput (a malformed one is
 * refused as invalid, the product id first), the shopper from the session and the request, and the
 * session cookie when a guest's cart was made (app/services/cart-add.server.ts does the adding).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { readSelection } from "~/core/product-selection";
import { parseIpList, subscriptionOffered } from "~/core/subscription";
import { addToCart, CART_ADD_INTENTS, refuseCartAdd, type CartAddInput, type CartAddResult, type CartAddShopper } from "~/services/cart-add.server";
import { clientIp, getSession } from "~/web/auth.server";
import { readFlag } from "~/web/cart.server";
import { parseId } from "~/web/http.server";

/** An optional whole-number field: absent, empty or "0" is none; a positive number; anything else is malformed. */
function optionalCount(value: FormDataEntryValue | null): number | null | "invalid" {
  if (value == null || value === "" || value === "0") return null;
  return parseId(typeof value === "string" ? value.trim() : value) ?? "invalid";
}

/** The add-to-cart form's fields, or the refusal of a malformed form. */
export function readCartAddForm(form: FormData): { ok: true; input: CartAddInput } | { ok: false; refusal: CartAddResult } {
  const productId = parseId(form.get("p"));
  if (productId == null) return { ok: false, refusal: refuseCartAdd("unavailable", 400) };
  const wrapping = readFlag(form.get("w"));
  const preorder = readFlag(form.get("ispreorder"));
  const subscribeMonths = optionalCount(form.get("subscribe"));
  const crowdfundingId = optionalCount(form.get("crowdfundings_id"));
  if (wrapping === "invalid" || preorder === "invalid" || subscribeMonths === "invalid" || crowdfundingId === "invalid") {
    return { ok: false, refusal: refuseCartAdd("invalid_request", 400) };
  }
  const intent = form.get("intent");
  const secret = form.get("secret");
  return {
    ok: true,
    input: {
      productId,
      intent: CART_ADD_INTENTS.find((known) => known === intent) ?? "add",
      wrapping,
      preorder,
      subscribeMonths,
      crowdfundingId,
      selection: readSelection(form),
      subscriptionQuantity: parseId(form.get("sq")),
      secret: typeof secret === "string" ? secret : null,
      shippingDay: form.get("shipping_day"),
    },
  };
}

/** Adds the posted selection for the visitor; `headers` carries the session cookie when it changed. */
export async function addPostedToCart(
  request: Request,
  context: AppLoadContext,
  form: FormData,
): Promise<{ result: CartAddResult; headers?: HeadersInit }> {
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
