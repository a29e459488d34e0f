/**
 * What a shopper can do to their cart, validated, with the Japanese message to show when refused.
 * The /cart page's form actions and the /api/cart* JSON endpoints both call these, so the rules
 * live once. Each change is checked against a freshly computed cart (prices are never trusted).
 */
import { eq } from "drizzle-orm";
import * as v from "valibot";
import { coupons, users } from "~/db/schema";
import { countAttempt, settleAttempt } from "~/db/throttle.server";
import { couponThrottleSteps, minutesUntil } from "~/core/site/throttle";
import { couponUsedUp } from "../checkout/checkout.server";
import { CART_MESSAGES } from "~/core/cart/cart";
import { couponCodeOf } from "~/core/promotions/coupons";
import { NOTICE_MAX_LENGTH } from "~/core/limits";
import { isPaymentMethod } from "~/core/checkout/payment-methods";
import { forceQuantity } from "~/core/catalogue/pricing";
import { PRODUCT_NOTICES } from "~/core/catalogue/product-notices";
import { moveBackToCart, moveToBuyLater } from "../member/buy-later.server";
import { type CartActor, clearCoupon, findCartId, saveVendorNotices, updateCart } from "./cart.server";
import { removeLine, setLineQuantity, setLineWrapping } from "./cart-line-ops.server";
import { loadCart } from "./cart-view.server";
import { typedWholeNumber } from "~/core/validation";

export type CartField = "coupon" | "points" | "quantity" | "wrapping" | "notice" | "payment" | "line";
/** A quantity the shop had to change to keep it in range (spec §5), and the message saying so. */
export interface QuantityAdjustment {
  line: number;
  quantity: number;
  message: string;
}

export type CartActionResult =
  { ok: true; adjusted?: QuantityAdjustment } | { ok: false; field: CartField; error: string; status: 400 | 401 | 404 | 409 | 429 };

/** A refusal of the /api/cart* operations: a cart field, or `address` for the shipping-fee check. */
export type CartErrorField = CartField | "address";
export type CartFailure = { ok: false; field: CartErrorField; error: string; status: 400 | 401 | 404 | 409 | 429 };
export type CartResult = { ok: true; adjusted?: QuantityAdjustment } | CartFailure;

export function cartFailure(field: CartErrorField, error: string, status: CartFailure["status"] = 400): CartFailure {
  return { ok: false, field, error, status };
}

export const CART_ACTION_MESSAGES = {
  lineNotFound: "指定された商品はカートにありません。",
  wrappingUnavailable: PRODUCT_NOTICES.wrapping_unavailable.text,
  couponEmpty: "クーポンコードを入力してください。",
  couponUnknown: "クーポンコードが見つかりません。入力内容をご確認ください。",
  couponUsedUp: "このクーポンはご利用済みです。",
  couponExhausted: "このクーポンは利用できる回数の上限に達しました。",
  couponThrottled: (minutes: number) => `クーポンコードの入力に続けて失敗したため、一時的に受け付けを停止しています。${minutes}分後にもう一度お試しください。`,
  couponNotApplied: "このクーポンはカートに適用されていません。",
  couponAutomatic: "自動で適用されるクーポンは取り消せません。",
  pointsInvalid: "ポイントは0以上の整数で入力してください。",
  paymentInvalid: "お支払い方法を選択してください。",
  noticeTooLong: `備考は${NOTICE_MAX_LENGTH}文字以内で入力してください。`,
  noticeInvalid: "備考の内容を読み取れませんでした。",
  membersOnly: "この操作にはログインが必要です。",
  emptyCart: "カートは空です。",
} as const;

const fail = (field: CartField, error: string, status: 400 | 401 | 404 | 409 | 429 = 400): CartActionResult => ({ ok: false, field, error, status });
const OK: CartActionResult = { ok: true };

/** The points a shopper types (full-width digits too), 0 removing them. */
const PointsAmountSchema = typedWholeNumber(CART_ACTION_MESSAGES.pointsInvalid);

/**
 * Sets a row's quantity, forced into range (spec §5: a number, at least 1, at most the row maximum)
 * rather than refused; when it had to be changed, the result carries the message saying so.
 */
export async function changeQuantity(actor: CartActor, lineId: number, rawQuantity: unknown): Promise<CartActionResult> {
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  const line = view.cart.list.find((candidate) => candidate.id === lineId);
  if (!line) return fail("line", CART_ACTION_MESSAGES.lineNotFound, 404);
  const { quantity, message } = forceQuantity(rawQuantity, line.maxQuantity);
  await setLineQuantity(actor.db, actor.owner, lineId, quantity);
  return message ? { ok: true, adjusted: { line: lineId, quantity, message } } : OK;
}

export async function deleteLine(actor: CartActor, lineId: number): Promise<CartActionResult> {
  return (await removeLine(actor.db, actor.owner, lineId)) ? OK : fail("line", CART_ACTION_MESSAGES.lineNotFound, 404);
}

export async function toggleWrapping(actor: CartActor, lineId: number, wrapping: boolean): Promise<CartActionResult> {
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  const line = view.cart.list.find((candidate) => candidate.id === lineId);
  if (!line) return fail("line", CART_ACTION_MESSAGES.lineNotFound, 404);
  if (wrapping && !line.wrappingAvailable) return fail("wrapping", CART_ACTION_MESSAGES.wrappingUnavailable, 409);
  await setLineWrapping(actor.db, actor.owner, lineId, wrapping);
  return OK;
}

/** Tries the coupon on the current cart; saves it only when the engine accepts it. */
export async function applyCoupon(actor: CartActor, rawCode: unknown): Promise<CartActionResult> {
  if (typeof rawCode !== "string" || !rawCode.normalize("NFKC").trim()) return fail("coupon", CART_ACTION_MESSAGES.couponEmpty);
  const code = couponCodeOf(rawCode);
  if (!code) return fail("coupon", CART_ACTION_MESSAGES.couponUnknown, 404);
  const cartId = await findCartId(actor.db, actor.owner);
  if (!cartId) return fail("coupon", CART_ACTION_MESSAGES.emptyCart, 409);
  // Counted before the code is looked up, so a burst of guesses gets no more lookups than the limit.
  const throttle = couponThrottleSteps(cartId, actor.clientIp ?? null);
  const verdict = await countAttempt(actor.db, throttle, actor.now);
  if (!verdict.allowed) return fail("coupon", CART_ACTION_MESSAGES.couponThrottled(minutesUntil(verdict.retryAt, actor.now.getTime())), 429);
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now, { couponCode: code });
  if (view.cart.errors.coupon) return fail("coupon", view.cart.errors.coupon, 409);
  const applied = view.cart.coupons.find((coupon) => coupon.code === code);
  if (!applied) return fail("coupon", CART_ACTION_MESSAGES.couponUnknown, 404);
  const refusal = await couponUseRefusal(actor, applied);
  if (refusal) return fail("coupon", refusal, 409);
  await Promise.all([updateCart(actor.db, cartId, { couponCode: code }), settleAttempt(actor.db, throttle)]);
  return OK;
}

/**
 * Why a coupon cannot be applied any more, learnt at once: a member's own uses, or everyone's (its total
 * limit). A guest's own uses are known only at checkout, where the e-mail is given.
 */
export async function couponUseRefusal(actor: CartActor, coupon: { id: number; code: string }): Promise<string | null> {
  const member =
    actor.owner.userId == null ? undefined : await actor.db.select({ email: users.email }).from(users).where(eq(users.id, actor.owner.userId)).get();
  const usedUp = await couponUsedUp(actor.db, [coupon], member?.email ?? null);
  if (!usedUp) return null;
  return usedUp.limit === "customer" ? CART_ACTION_MESSAGES.couponUsedUp : CART_ACTION_MESSAGES.couponExhausted;
}

/**
 * Takes the entered coupon off the cart. With `couponId` (spec §7 POST /api/remove-coupon/{couponId}) only
 * that coupon is taken off: an id that is not the cart's entered coupon changes nothing and says why.
 */
export async function removeCoupon(actor: CartActor, couponId?: number): Promise<CartActionResult> {
  const cartId = await findCartId(actor.db, actor.owner);
  if (couponId == null) {
    if (cartId) await updateCart(actor.db, cartId, { couponCode: null });
    return OK;
  }
  const coupon = await actor.db.select({ code: coupons.code, isAuto: coupons.isAuto }).from(coupons).where(eq(coupons.id, couponId)).get();
  if (coupon?.isAuto) return fail("coupon", CART_ACTION_MESSAGES.couponAutomatic, 409);
  // Only while it is still the entered one: a coupon replaced meanwhile is not taken off by an old page.
  const removed = coupon && cartId ? await clearCoupon(actor.db, cartId, coupon.code) : false;
  return removed ? OK : fail("coupon", CART_ACTION_MESSAGES.couponNotApplied, 404);
}

/** Points to use (0 removes them). Refused above min(points held, 1000, cart total). */
export async function applyPoints(actor: CartActor, typedAmount: unknown): Promise<CartActionResult> {
  if (actor.owner.userId == null) return fail("points", CART_MESSAGES.pointsMembersOnly, 401);
  const parsed = v.safeParse(PointsAmountSchema, typedAmount);
  if (!parsed.success) return fail("points", parsed.issues[0].message);
  const amount = parsed.output;
  const cartId = await findCartId(actor.db, actor.owner);
  if (!cartId) return fail("points", CART_ACTION_MESSAGES.emptyCart, 409);
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now, { pointAmount: amount });
  if (view.cart.errors.points) return fail("points", view.cart.errors.points, 409);
  await updateCart(actor.db, cartId, { pointAmount: amount });
  return OK;
}

/** Cold delivery on or off; without `chosen` it flips (the spec's toggle call). */
export async function toggleColdshipping(actor: CartActor, chosen?: boolean): Promise<CartActionResult> {
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  if (!view.cartId) return fail("line", CART_ACTION_MESSAGES.emptyCart, 409);
  await updateCart(actor.db, view.cartId, { coldshipping: chosen ?? !view.cart.coldshipping.chosen });
  return OK;
}

export async function choosePaymentMethod(actor: CartActor, method: unknown): Promise<CartActionResult> {
  if (!isPaymentMethod(method)) return fail("payment", CART_ACTION_MESSAGES.paymentInvalid);
  const cartId = await findCartId(actor.db, actor.owner);
  if (!cartId) return fail("payment", CART_ACTION_MESSAGES.emptyCart, 409);
  await updateCart(actor.db, cartId, { paymentMethod: method });
  return OK;
}

/** Saves the warehouse notice and each merchant's notice (only merchants in the cart). */
export async function saveNotices(
  actor: CartActor,
  notices: { warehouse?: unknown; vendors?: { merchantId: number; notice: unknown }[] },
): Promise<CartActionResult> {
  const texts = [notices.warehouse, ...(notices.vendors ?? []).map((vendor) => vendor.notice)];
  if (texts.some((text) => text !== undefined && typeof text !== "string")) return fail("notice", CART_ACTION_MESSAGES.noticeInvalid);
  if (texts.some((text) => typeof text === "string" && text.length > NOTICE_MAX_LENGTH)) {
    return fail("notice", CART_ACTION_MESSAGES.noticeTooLong);
  }
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  if (!view.cartId) return fail("notice", CART_ACTION_MESSAGES.emptyCart, 409);
  const merchantsInCart = new Set(view.cart.shipments.map((shipment) => shipment.merchantId));
  if (typeof notices.warehouse === "string") await updateCart(actor.db, view.cartId, { warehouseNotice: notices.warehouse.trim() });
  await saveVendorNotices(
    actor.db,
    view.cartId,
    (notices.vendors ?? [])
      .filter((vendor) => merchantsInCart.has(vendor.merchantId))
      .map((vendor) => ({ merchantId: vendor.merchantId, notice: String(vendor.notice ?? "").trim() })),
  );
  return OK;
}

export async function buyLaterLine(actor: CartActor, lineId: number): Promise<CartActionResult> {
  if (actor.owner.userId == null) return fail("line", CART_ACTION_MESSAGES.membersOnly, 401);
  return (await moveToBuyLater(actor.db, { userId: actor.owner.userId }, lineId)) ? OK : fail("line", CART_ACTION_MESSAGES.lineNotFound, 404);
}

export async function moveBuyLaterToCart(actor: CartActor, buyLaterId: number): Promise<CartActionResult> {
  if (actor.owner.userId == null) return fail("line", CART_ACTION_MESSAGES.membersOnly, 401);
  const moved = await moveBackToCart(actor.db, actor.owner.userId, buyLaterId);
  if (moved.ok) return OK;
  return "refusal" in moved ? fail("line", moved.refusal, 409) : fail("line", CART_ACTION_MESSAGES.lineNotFound, 404);
}
