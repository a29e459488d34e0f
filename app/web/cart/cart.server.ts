/**
 * The cart's web side: the shopper behind a request (cartActorFor), the cart forms' fields (flags, the row
 * a form names, the private-link grant kept in the session), and how the /api/cart* endpoints answer. A fetcher (JS on) gets JSON; a plain form post (JS off, a page
 * navigation) gets a 303 back to a same-site `redirectTo` (default /cart), carrying a refusal in the
 * query so the cart page can show it:
 *
 *   /cart?cart_error=<field>&message=<Japanese text>
 *
 * `cart_error` is the CartField the message belongs to (coupon, points, quantity, wrapping, notice,
 * payment, line) or `address` for the shipping-fee check; `message` is the text to show as is; a row's
 * refusal also names the row (`cart_line`), a refused coupon code or points amount comes back as typed
 * (`cart_typed`), for its field to show it again. A successful post drops them from the target, so an old
 * message does not linger. The target opens at the row or section the post was about (`#line-3`,
 * `#coupon-entry` …, see app/core/site/result-anchor.ts), not at the top of the page.
 */
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { readSelection } from "~/core/catalogue/product-selection";
import { CART_ANCHORS, cartLineAnchor, RESULT_ANCHOR } from "~/core/site/result-anchor";
import { safeRedirectPath } from "~/core/site/safe-redirect";
import { FlagSchema, IdOrNullSchema, IdSchema, OptionalIdSchema, ReturnToSchema, TextOrNullSchema } from "~/core/validation";
import { cartFailure, type CartActionResult, type CartErrorField, type CartFailure, type CartResult } from "~/services/cart/cart-actions.server";
import { findNamedLine, type LineReference } from "~/services/cart/cart-api.server";
import type { CartActor } from "~/services/cart/cart.server";
import type { StoredCartLine } from "~/services/cart/cart-line-ops.server";
import { clientIp, getSession } from "~/web/account/auth.server";
import { atResult, isNavigation } from "~/web/http.server";
import { parseInput, parseQuery, readInput } from "~/web/input.server";
import type { AppSession } from "~/web/account/session.server";

export const CART_ERROR_PARAM = "cart_error";
export const CART_MESSAGE_PARAM = "message";
/** After a success whose quantity had to be changed: cart_notice=quantity&cart_line=<row id>&message=…. */
export const CART_NOTICE_PARAM = "cart_notice";
/** The row a refusal or a forced quantity is about. */
export const CART_LINE_PARAM = "cart_line";
/** A refused coupon code or points amount as typed (never a secret: the shopper's own entry in their cart). */
export const CART_TYPED_PARAM = "cart_typed";
/** Longer than any code or amount a person types. */
const TYPED_MAX_LENGTH = 100;
/** Where plain form posts return by default. */
export const CART_PATH = "/cart";

/** The shopper behind a request: their cart owner and the session's coupon state. */
export async function cartActorFor(request: Request, context: AppLoadContext): Promise<CartActor> {
  const session = await getSession(request, context);
  return {
    db: context.db,
    owner: { userId: session.get("userId"), cartId: session.get("cartId") },
    session: {
      couponCampaign: session.get("couponCampaign"),
      skuCoupons: session.get("skuCoupons"),
      privateGrants: session.get("privateGrants"),
    },
    now: new Date(),
    clientIp: clientIp(request),
  };
}

/**
 * The row a cart form names: `line` (the row id) when sent, else the spec's identity p, v, o, c, narrowed by
 * `ispreorder` and `subscribe` (1/0) when sent.
 */
const NamedLineSchema = v.union([
  v.object({ line: IdSchema }),
  v.object({ line: v.optional(v.literal("")), p: IdSchema, v: OptionalIdSchema, ispreorder: FlagSchema, subscribe: FlagSchema }),
]);

/** The row a form names (see NamedLineSchema); a malformed or missing name is refused before any lookup. */
export function readNamedLine(form: FormData): { ok: true; reference: LineReference } | CartFailure {
  const read = readInput(NamedLineSchema, form);
  if (!read.ok) return cartFailure("line", read.error);
  const named = read.input;
  if ("p" in named)
    return { ok: true, reference: { productId: named.p, selection: readSelection(form), preorder: named.ispreorder, subscribe: named.subscribe } };
  return { ok: true, reference: { lineId: named.line } };
}

/** The shopper's row the form names (see readNamedLine and findNamedLine), or why not. */
export async function findPostedLine(actor: CartActor, form: FormData): Promise<{ ok: true; line: StoredCartLine } | CartFailure> {
  const named = readNamedLine(form);
  return named.ok ? findNamedLine(actor, named.reference) : named;
}

/** Grants kept per visitor; the oldest go first (the session cookie stays small). */
const MAX_PRIVATE_GRANTS = 20;

/**
 * Keeps the grant of a private product's link (its secret, already checked) in the session, so the
 * visitor may add the product to the cart and buy it. Answers whether the session changed.
 */
export function grantPrivateLink(session: AppSession, productId: number, secret: string): boolean {
  const grants = session.get("privateGrants") ?? [];
  if (grants.some((grant) => grant.productId === productId && grant.secret === secret)) return false;
  const kept = grants.filter((grant) => grant.productId !== productId).slice(-(MAX_PRIVATE_GRANTS - 1));
  session.set("privateGrants", [...kept, { productId, secret }]);
  return true;
}

/** The same-site page a plain form post goes back to: the form's `redirectTo`, else /cart. */
export function cartReturnPath(form: FormData, fallback = CART_PATH): string {
  return parseInput(ReturnToSchema, form).redirectTo ?? fallback;
}

/**
 * What a cart post was about: its `intent` (the /cart form's), the row it named (`line`), and the coupon
 * code and points amount typed (`code`, `amount`), which a refusal sends back.
 */
export type CartPostSubject = { intent?: string | null; line?: number | null; code?: string | null; amount?: string | null };

/** The field each /cart intent changes: where its outcome shows when it succeeds. */
const INTENT_FIELDS: Record<string, CartErrorField> = {
  quantity: "quantity",
  wrapping: "wrapping",
  coupon: "coupon",
  remove_coupon: "coupon",
  points: "points",
  remove_points: "points",
  // Without JS: the confirmation asked for, or put away (キャンセル), shows in the row.
  ask_remove: "line",
  keep: "line",
};

/** The element of the cart (or checkout) page that shows a post's outcome: the row, or the field's section. */
export function cartResultAnchor(result: CartResult | CartActionResult, subject: CartPostSubject = {}): string | null {
  const field = result.ok ? (result.adjusted ? "quantity" : INTENT_FIELDS[subject.intent ?? ""]) : result.field;
  const line = subject.line ?? (result.ok ? result.adjusted?.line : null);
  if (line != null && (field === "quantity" || field === "wrapping" || field === "line")) return cartLineAnchor(line);
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
  for (const name of [CART_ERROR_PARAM, CART_MESSAGE_PARAM, CART_NOTICE_PARAM, CART_LINE_PARAM, CART_TYPED_PARAM]) url.searchParams.delete(name);
  if (!result.ok) {
    url.searchParams.set(CART_ERROR_PARAM, result.field);
    url.searchParams.set(CART_MESSAGE_PARAM, result.error);
    if (subject.line != null) url.searchParams.set(CART_LINE_PARAM, String(subject.line));
    const typed = result.field === "coupon" ? subject.code : result.field === "points" ? subject.amount : null;
    if (typed) url.searchParams.set(CART_TYPED_PARAM, typed.slice(0, TYPED_MAX_LENGTH));
  } else if (result.adjusted) {
    url.searchParams.set(CART_NOTICE_PARAM, "quantity");
    url.searchParams.set(CART_LINE_PARAM, String(result.adjusted.line));
    url.searchParams.set(CART_MESSAGE_PARAM, result.adjusted.message);
  }
  return atResult(`${url.pathname}${url.search}${url.hash}`, cartResultAnchor(result, subject));
}

/** What a posted cart form was about (its intent and row). */
export function cartPostSubject(form: FormData): CartPostSubject {
  return parseInput(PostSubjectSchema, form);
}

const PostSubjectSchema = v.object({ intent: TextOrNullSchema, line: IdOrNullSchema, code: TextOrNullSchema, amount: TextOrNullSchema });

/** `path` with a notice about a success (cart_notice=<kind>&message=…), e.g. a coupon link that applied. */
export function withCartNotice(path: string, kind: "coupon", message: string): string {
  const url = new URL(withCartResult(path, { ok: true }), "http://same-site.invalid");
  url.searchParams.set(CART_NOTICE_PARAM, kind);
  url.searchParams.set(CART_MESSAGE_PARAM, message);
  return `${url.pathname}${url.search}${url.hash}`;
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
export function redirectedCartError(url: URL, fields: readonly CartErrorField[]): RedirectedCartError | null {
  const query = parseQuery(url, RedirectedResultSchema);
  const field = fields.find((known) => known === query[CART_ERROR_PARAM]);
  if (!field) return null;
  return { field, error: query[CART_MESSAGE_PARAM], line: query[CART_LINE_PARAM], typed: query[CART_TYPED_PARAM] };
}

/** A refusal carried in the URL: its field and message, the row it was about, what was typed and refused. */
export type RedirectedCartError = { field: CartErrorField; error: string; line: number | null; typed: string | null };

/** A post's outcome carried in the page's URL (see the module comment); the message is cut to what a notice shows. */
export const RedirectedResultSchema = v.object({
  [CART_ERROR_PARAM]: TextOrNullSchema,
  [CART_NOTICE_PARAM]: TextOrNullSchema,
  [CART_LINE_PARAM]: IdOrNullSchema,
  [CART_TYPED_PARAM]: v.fallback(
    v.nullable(
      v.pipe(
        v.string(),
        v.transform((text) => text.slice(0, TYPED_MAX_LENGTH)),
      ),
    ),
    null,
  ),
  [CART_MESSAGE_PARAM]: v.fallback(
    v.pipe(
      v.string(),
      v.transform((text) => text.slice(0, 200)),
    ),
    "",
  ),
});

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
  const body = await success();
  if (!result.adjusted) return Response.json(body);
  // The quantity was forced into range: say what it became and why.
  return Response.json({ ...(body as object), adjusted: true, quantity: result.adjusted.quantity, message: result.adjusted.message });
}
