/**
 * How the /api/cart* endpoints answer. A fetcher (JS on) gets JSON; a plain form post (JS off, a page
 * navigation) gets a 303 back to a same-site `redirectTo` (default /cart), carrying a refusal in the
 * query so the cart page can show it:
 *
 *   /cart?cart_error=<field>&message=<Japanese text>
 *
 * `cart_error` is the CartField the message belongs to (coupon, points, quantity, wrapping, notice,
 * payment, line) or `address` for the shipping-fee check; `message` is the text to show as is; a row's
 * refusal also names the row (`cart_line`). A successful post drops them from the target, so an old
 * message does not linger. The target opens at the row or section the post was about (`#line-3`,
 * `#coupon-entry` …, see app/core/result-anchor.ts), not at the top of the page.
 */
import { redirect } from "@remix-run/cloudflare";
import type { CartLine } from "~/core/cart";
import { CART_ANCHORS, cartLineAnchor, RESULT_ANCHOR } from "~/core/result-anchor";
import { safeRedirectPath } from "~/core/safe-redirect";
import { atResult, isNavigation, parseId } from "~/http.server";
import type { CartActionResult, CartField } from "./cart-actions.server";
import type { CartView, StoredCartLine } from "./cart.server";
import { addressJson } from "./addresses.server";

export const CART_ERROR_PARAM = "cart_error";
export const CART_MESSAGE_PARAM = "message";
export const CART_LINE_PARAM = "cart_line";
/** Where plain form posts return by default. */
export const CART_PATH = "/cart";

export type CartErrorField = CartField | "address";
export type CartFailure = { ok: false; field: CartErrorField; error: string; status: 400 | 401 | 404 | 409 };
export type CartResult = { ok: true } | CartFailure;

export function cartFailure(field: CartErrorField, error: string, status: CartFailure["status"] = 400): CartFailure {
  return { ok: false, field, error, status };
}

/** The same-site page a plain form post goes back to: the form's `redirectTo`, else /cart. */
export function cartReturnPath(form: FormData, fallback = CART_PATH): string {
  return safeRedirectPath(form.get("redirectTo"), fallback);
}

/** What a cart post was about: its `intent` (the /cart form's) and the row it named (`line`). */
export type CartPostSubject = { intent?: string | null; line?: number | null };

/** The field each /cart intent changes: where its outcome shows when it succeeds. */
const INTENT_FIELDS: Record<string, CartErrorField> = {
  quantity: "quantity",
  wrapping: "wrapping",
  coupon: "coupon",
  remove_coupon: "coupon",
  points: "points",
  remove_points: "points",
};

/** The element of the cart (or checkout) page that shows a post's outcome: the row, or the field's section. */
export function cartResultAnchor(result: CartResult | CartActionResult, subject: CartPostSubject = {}): string | null {
  const field = result.ok ? INTENT_FIELDS[subject.intent ?? ""] : result.field;
  if (subject.line != null && (field === "quantity" || field === "wrapping" || field === "line")) return cartLineAnchor(subject.line);
  if (field === "coupon") return CART_ANCHORS.coupon;
  if (field === "points") return CART_ANCHORS.points;
  if (field === "notice") return CART_ANCHORS.notices;
  return result.ok ? null : RESULT_ANCHOR;
}

/**
 * `path` with the cart_error/message (and cart_line) parameters set for a refusal, or removed after a
 * success, opening at the row or section the post was about.
 */
export function withCartResult(path: string, result: CartResult | CartActionResult, subject: CartPostSubject = {}): string {
  const url = new URL(path, "http://same-site.invalid");
  url.searchParams.delete(CART_ERROR_PARAM);
  url.searchParams.delete(CART_MESSAGE_PARAM);
  url.searchParams.delete(CART_LINE_PARAM);
  if (!result.ok) {
    url.searchParams.set(CART_ERROR_PARAM, result.field);
    url.searchParams.set(CART_MESSAGE_PARAM, result.error);
    if (subject.line != null) url.searchParams.set(CART_LINE_PARAM, String(subject.line));
  }
  return atResult(`${url.pathname}${url.search}${url.hash}`, cartResultAnchor(result, subject));
}

/** What a posted cart form was about (its intent and row). */
export function cartPostSubject(form: FormData): CartPostSubject {
  const intent = form.get("intent");
  return { intent: typeof intent === "string" ? intent : null, line: parseId(form.get("line")) };
}

/** The 303 a plain form post gets: back to `redirectTo`, with the refusal (if any) in the query. */
export function cartRedirect(
  redirectTo: string,
  result: CartResult | CartActionResult,
  init: { headers?: HeadersInit; subject?: CartPostSubject } = {},
): Response {
  return redirect(withCartResult(safeRedirectPath(redirectTo, CART_PATH), result, init.subject), { status: 303, headers: init.headers });
}

/** A refusal carried in a page's URL by a plain form post (see the module comment), or null. */
export function redirectedCartError(url: URL, fields: readonly CartErrorField[]): { field: CartErrorField; error: string; line: number | null } | null {
  const field = fields.find((known) => known === url.searchParams.get(CART_ERROR_PARAM));
  if (!field) return null;
  return { field, error: (url.searchParams.get(CART_MESSAGE_PARAM) ?? "").slice(0, 200), line: parseId(url.searchParams.get(CART_LINE_PARAM)) };
}

/** A refusal as JSON: `{ error, field }` with the operation's 4xx status, plus any extra fields. */
export function cartFailureJson(failure: CartFailure | Extract<CartActionResult, { ok: false }>, extra: Record<string, unknown> = {}): Response {
  return Response.json({ ...extra, error: failure.error, field: failure.field }, { status: failure.status });
}

/**
 * The usual answer of a cart operation: a navigation goes back (303) to the form's redirectTo;
 * a fetch gets `success()` as JSON, or the refusal as 4xx JSON `{ error, field }`.
 */
export async function cartAnswer(
  request: Request,
  form: FormData,
  result: CartResult | CartActionResult,
  success: () => unknown | Promise<unknown> = () => ({ ok: true }),
): Promise<Response> {
  if (isNavigation(request)) return cartRedirect(cartReturnPath(form), result, { subject: cartPostSubject(form) });
  if (!result.ok) return cartFailureJson(result);
  return Response.json(await success());
}

// ─── The POST /api/cart response (spec §7: cart, warehouse_notice, vendor_notice, coupon_campaign, user_points, address) ───

/** Spec §3 Address field names. */
export function apiAddress(address: CartView["address"]) {
  return address ? addressJson(address) : null;
}

/** Spec §3 Coupon campaign field names. */
export function apiCouponCampaign(campaign: CartView["couponCampaign"]) {
  if (!campaign) return null;
  return {
    code: campaign.code,
    title: campaign.title,
    type: campaign.type,
    value: campaign.value,
    min_amount: campaign.minAmount,
    free_shipping: campaign.freeShipping,
  };
}

/** Spec §3 Point promo field names (plus the multiplier). */
export function apiPointPromo(promo: CartView["pointPromo"]) {
  if (!promo) return null;
  return { title: promo.title, color: promo.color, link: promo.link, rate: promo.rate, min_amount: promo.minAmount };
}

/** The spec's client form of a row (spec §3 Cart line: cart { p, v, o, c, w, q, ispreorder }). */
function lineForm(line: CartLine, stored: StoredCartLine | undefined) {
  return {
    p: line.productId,
    v: stored?.variationId ?? null,
    o: stored?.optionChoiceIds ?? [],
    c: stored?.choiceSku ?? null,
    w: line.wrapping ? 1 : 0,
    q: line.quantity,
    ispreorder: line.isPreorder ? 1 : 0,
  };
}

/**
 * The engine's Cart with each row's display details (CartView.lines: the shown sku — the variation's
 * when there is one —, title, url, picture, choice and options labels) merged in by line id. The
 * product's own sku stays in `productSku`; `cart` is the row's client form.
 */
export function apiCartPayload(view: CartView, stored: StoredCartLine[]) {
  const list = view.cart.list.map((line) => {
    const display = view.lines.find((candidate) => candidate.lineId === line.id);
    return {
      ...line,
      productSku: line.sku,
      sku: display?.sku ?? line.sku,
      title: display?.title ?? line.title,
      url: display?.url ?? null,
      picture: display?.picture ?? null,
      choiceLabel: display?.choiceLabel ?? "",
      optionsLabel: display?.optionsLabel ?? "",
      cart: lineForm(line, stored.find((row) => row.id === line.id)),
    };
  });
  // Every merchant shipping goods in this cart has a notice (empty until written).
  const vendorNotice: Record<string, string> = {};
  for (const shipment of view.cart.shipments) {
    if (shipment.merchantId != null) vendorNotice[shipment.merchantId] = "";
  }
  for (const [merchantId, notice] of Object.entries(view.vendorNotices)) vendorNotice[merchantId] = notice;
  return {
    cart: { ...view.cart, list },
    warehouse_notice: view.warehouseNotice,
    vendor_notice: vendorNotice,
    coupon_campaign: apiCouponCampaign(view.couponCampaign),
    user_points: view.userPoints,
    address: apiAddress(view.address),
    coupon_code: view.couponCode,
    payment_method: view.paymentMethod,
    point_promo: apiPointPromo(view.pointPromo),
    buy_later: view.buyLater,
  };
}

export type ApiCartPayload = ReturnType<typeof apiCartPayload>;
