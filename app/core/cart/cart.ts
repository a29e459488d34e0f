/**
 * The cart of spec §3 — its lines, shipments, coupons and totals as types — and the rules of one line
 * (quantity caps, availability, wrapping) and one coupon (what it takes off which lines). computeCart in
 * cart-engine.ts puts them together. Pure: no I/O; `now` is passed in.
 */
import { couponOfferForProduct, isCouponActive, type CouponRule } from "../promotions/coupons";
import { MAX_LINE_QUANTITY, MAX_SUBSCRIPTION_QUANTITY } from "../limits";
import type { PaymentMethod } from "../checkout/payment-methods";
import { couponDiscount, type CouponOffer, type Purchasability } from "../catalogue/pricing";

export interface CartLineInput {
  id: number;
  productId: number;
  sku: string;
  title: string;
  taxRate: number;
  /** Unit price paid (sale / tier / options / choice included), tax incl. */
  unitPrice: number;
  regularUnitPrice: number;
  quantity: number;
  /** Stock left for this line (inventory_max) and pre-order stock left. */
  inventory: number;
  inventoryPreorderMax: number;
  state: Purchasability;
  status: "published" | "draft" | "archived";
  isPreorder: boolean;
  /** Subscription interval in months; null = one-off. */
  subscribe: number | null;
  maxSubscription?: number | null;
  shippingFrom: "warehouse" | "merchant";
  merchantId: number | null;
  coldshipping: "none" | "optional" | "required";
  isDigital: boolean;
  disableWrapping: boolean;
  wrapping: boolean;
  couponDisabled: boolean;
  /** A private (secret-link) product the shopper holds no link grant for: it cannot be bought. */
  needsPrivateGrant?: boolean;
  /** Its merchant is suspended: it cannot be bought until staff reactivate the merchant. */
  sellerSuspended?: boolean;
}

export interface MerchantShipping {
  id: number;
  name: string;
  shippingFee: number;
  freeShippingThreshold: number | null;
}

export interface CouponCampaign {
  code: string;
  title: string;
  type: "fix" | "rate";
  value: number;
  minAmount: number;
  freeShipping: boolean;
}

export interface PointPromo {
  title: string;
  color: string;
  link: string;
  rate: number;
  minAmount: number;
}

/** A coupon's value from a cart amount on (price_range). */
export interface CouponPriceRange {
  minAmount: number;
  type: "fix" | "rate";
  value: number;
}

export interface CartCoupon extends CouponRule {
  id: number;
  title: string;
  freeShipping: boolean;
  alone: boolean;
  isAuto: boolean;
  minAmount: number;
  /** Tiered values by amount (price_range): the highest minAmount reached applies. */
  priceRanges: CouponPriceRange[];
}

export interface CartContext {
  isMember: boolean;
  userPoints: number;
  /** Points the shopper asked to use. */
  pointAmount: number;
  /** The coupon entered (by code), if any. */
  enteredCoupon: CartCoupon | null;
  /** Automatic coupons currently offered. */
  autoCoupons: CartCoupon[];
  /** sku → coupon code kept in the session from a coupon product link. */
  skuCoupons: Record<string, string>;
  /** Coupons those sku links refer to. */
  skuCouponRules: CartCoupon[];
  campaign: CouponCampaign | null;
  pointPromo: PointPromo | null;
  paymentMethod: PaymentMethod | null;
  /** Shopper chose cold delivery for items where it is optional. */
  coldshippingChosen: boolean;
  merchants: MerchantShipping[];
  now: number;
}

export interface CartLine extends CartLineInput {
  available: boolean;
  /** Why the row cannot be bought (null when it can). */
  unavailableReason: UnavailableReason | null;
  /** Archived products show the 利用できません badge. */
  archived: boolean;
  maxQuantity: number;
  wrappingAvailable: boolean;
  wrappingFee: number;
  /** Goods total of the row (after a per-sku session coupon), without wrapping. */
  total: number;
  /** Discount from a per-sku session coupon folded into the row. */
  rowDiscount: number;
  /**
   * What the cart's coupons and campaign take off this row (part of the cart's discount_coupon, not of
   * `total`): the tax of the row's rate is reduced by it, and only by it.
   */
  couponDiscount: number;
  /** The part of couponDiscount a coupon gives this product as its own (a product-limited coupon): the row shows its total after it. */
  productCouponDiscount: number;
  excludedCouponCodes: string[];
}

export interface Shipment {
  from: "warehouse" | "merchant";
  merchantId: number | null;
  name: string;
  lineIds: number[];
  subtotal: number;
  shippingFee: number;
  coldFee: number;
  splitFee: number;
}

export interface AppliedCoupon {
  id: number;
  code: string;
  title: string;
  title_simple: string;
  type: "fix" | "rate";
  value: number;
  discount: number;
  free_shipping: boolean;
  auto: boolean;
  /** The price range that set the coupon's value at this cart's amount (price_range_selected); absent when none did. */
  selected_range?: CouponPriceRange;
}

export interface Cart {
  list: CartLine[];
  shipments: Shipment[];
  subtotal: number;
  taxes: { rate: number; taxable: number; tax: number }[];
  total: number;
  total_before_discount: number;
  total_before_discount_without_shippingfee: number;
  total_without_extra_fee: number;
  shipping_fee: number;
  coldshipping_total: number;
  split_shipping_fee: number;
  extra_fee: number;
  wrapping: number;
  discount: number;
  discount_coupon: number;
  points: number;
  max_points: number;
  total_points: number;
  total_points_rate: number;
  coupons: AppliedCoupon[];
  autocoupons: AppliedCoupon[];
  campaign: (CouponCampaign & { discount: number; applied: boolean }) | null;
  coldshipping: { required: boolean; optional: boolean; chosen: boolean };
  payment_eligible: boolean;
  coupon_eligible: boolean;
  point_eligible: boolean;
  quantity: number;
  /** Messages about the entered coupon and points, for the cart page. */
  errors: { coupon?: string; points?: string };
}

export const CART_MESSAGES = {
  couponExpired: "このクーポンは有効期限が切れています。",
  couponNotStarted: "このクーポンはまだご利用いただけません。",
  couponMemberOnly: "このクーポンは会員限定です。ログインしてご利用ください。",
  couponNoProducts: "カート内にこのクーポンの対象商品がありません。",
  couponMinAmount: (amount: number) => `このクーポンは対象商品の合計${amount.toLocaleString("ja-JP")}円以上でご利用いただけます。`,
  pointsMembersOnly: "ポイントのご利用にはログインが必要です。",
  pointsTooMany: (max: number) => `ご利用いただけるポイントは最大${max.toLocaleString("ja-JP")}ポイントです。`,
} as const;

/**
 * The most one row may hold whatever the stock (spec §5/§9): 50, or 6 for a subscription (less when the
 * variation allows fewer deliveries' worth).
 */
export function lineQuantityCap(line: Pick<CartLineInput, "isPreorder" | "subscribe" | "maxSubscription">): number {
  if (line.subscribe != null && !line.isPreorder) return Math.min(MAX_SUBSCRIPTION_QUANTITY, line.maxSubscription ?? MAX_SUBSCRIPTION_QUANTITY);
  return MAX_LINE_QUANTITY;
}

/** Largest quantity of a cart row (spec §5): its cap, and no more than the stock left for it. */
export function lineMaxQuantity(line: Pick<CartLineInput, "isPreorder" | "subscribe" | "inventory" | "inventoryPreorderMax" | "maxSubscription">): number {
  const stock = line.isPreorder ? line.inventoryPreorderMax : line.inventory;
  return Math.max(0, Math.min(stock, lineQuantityCap(line)));
}

/**
 * Why a row cannot be bought: archived or unpublished, its merchant suspended, out of (pre-order) stock, or
 * a private product without its link.
 */
export type UnavailableReason = "archived" | "unpublished" | "seller_suspended" | "sold_out" | "private_link";

/** The badge an unavailable row shows (spec §8: archived → 利用できません). */
export const UNAVAILABLE_LABELS: Record<UnavailableReason, string> = {
  archived: "利用できません",
  unpublished: "購入できません（販売停止中）",
  seller_suspended: "購入できません（出店者の販売停止中）",
  sold_out: "購入できません（在庫切れ）",
  private_link: "購入できません（ご案内の専用リンクからお求めください）",
};

export function lineUnavailableReason(
  line: Pick<CartLineInput, "status" | "isPreorder" | "inventory" | "inventoryPreorderMax" | "needsPrivateGrant" | "sellerSuspended">,
): UnavailableReason | null {
  if (line.status === "archived") return "archived";
  if (line.status !== "published") return "unpublished";
  if (line.sellerSuspended) return "seller_suspended";
  if (line.needsPrivateGrant) return "private_link";
  return (line.isPreorder ? line.inventoryPreorderMax > 0 : line.inventory > 0) ? null : "sold_out";
}

/** A row can be bought: published, in stock or (as a pre-order) with pre-order stock left, and not a private product without its link. */
export function isLineAvailable(
  line: Pick<CartLineInput, "status" | "isPreorder" | "inventory" | "inventoryPreorderMax" | "needsPrivateGrant" | "sellerSuspended">,
): boolean {
  return lineUnavailableReason(line) == null;
}

/** Wrapping is for warehouse items only, never subscriptions or wrapping-disabled items. */
export function isWrappingAvailable(line: Pick<CartLineInput, "shippingFrom" | "subscribe" | "disableWrapping" | "isDigital">): boolean {
  return line.shippingFrom === "warehouse" && line.subscribe == null && !line.disableWrapping && !line.isDigital;
}

/** The identity of a cart row: same product, variation, choice, options, pre-order flag and subscription. */
export function cartLineKey(line: {
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  optionChoiceIds: number[];
  isPreorder: boolean;
  subscribe: number | null;
}): string {
  const options = [...line.optionChoiceIds].sort((a, b) => a - b).join(".");
  return [line.productId, line.variationId ?? 0, line.choiceSku ?? "", options, line.isPreorder ? 1 : 0, line.subscribe ?? 0].join(":");
}

/** The price range in effect at `amount`: the highest minimum reached, or none. */
function selectedRange(coupon: CartCoupon, amount: number): CouponPriceRange | null {
  return [...coupon.priceRanges].sort((a, b) => b.minAmount - a.minAmount).find((r) => amount >= r.minAmount) ?? null;
}

/** The row fields the coupon rules read. */
type CouponLine = Pick<CartLine, "available" | "productId" | "couponDisabled" | "total" | "quantity">;

/** What a coupon takes off one row: by the product's own value for it (product-limited), and its share of the coupon's own value. */
export interface LineCouponShare {
  own: number;
  shared: number;
}

export interface CouponEvaluation {
  discount: number;
  error?: string;
  range?: CouponPriceRange;
  /** What the discount takes off each of the lines evaluated (same order; nothing off a row it does not apply to). */
  perLine: LineCouponShare[];
}

/**
 * `amount` shared by `weights` in whole yen, rounded on the running total so the parts add up to it
 * exactly: 100 by [1, 1, 1] → [33, 33, 34].
 */
export function shareByWeight(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0) return weights.map(() => 0);
  let before = 0;
  let running = 0;
  return weights.map((weight) => {
    running += weight;
    const upTo = Math.floor((amount * running) / whole);
    const part = upTo - before;
    before = upTo;
    return part;
  });
}

/**
 * What a coupon takes off the lines it applies to, or why it cannot be used, and which rows the discount
 * comes off: a product's own value (products_prices) off its row, the coupon's own value off the other
 * eligible rows by their amounts — never off a row it does not apply to, so the tax per rate is reduced
 * only where the coupon's products are.
 */
export function evaluateCoupon(coupon: CartCoupon, lines: CouponLine[], viewer: { isMember: boolean; now: number }): CouponEvaluation {
  const perLine: LineCouponShare[] = lines.map(() => ({ own: 0, shared: 0 }));
  if (coupon.memberOnly && !viewer.isMember) return { discount: 0, error: CART_MESSAGES.couponMemberOnly, perLine };
  if (!isCouponActive(coupon, viewer.now)) {
    return {
      discount: 0,
      error: coupon.startsAt != null && viewer.now < coupon.startsAt ? CART_MESSAGES.couponNotStarted : CART_MESSAGES.couponExpired,
      perLine,
    };
  }
  const eligible = lines
    .map((line, index) => ({
      line,
      index,
      offer: line.available ? couponOfferForProduct(coupon, { id: line.productId, couponDisabled: line.couponDisabled }, viewer) : null,
    }))
    .filter((entry): entry is { line: CouponLine; index: number; offer: CouponOffer } => entry.offer != null);
  if (eligible.length === 0) return coupon.freeShipping ? { discount: 0, perLine } : { discount: 0, error: CART_MESSAGES.couponNoProducts, perLine };
  const eligibleAmount = eligible.reduce((sum, { line }) => sum + line.total, 0);
  if (eligibleAmount < coupon.minAmount) return { discount: 0, error: CART_MESSAGES.couponMinAmount(coupon.minAmount), perLine };
  // Per-product values are taken per row; the rest of the eligible rows share the coupon's own value.
  let discount = 0;
  const shared: { line: CouponLine; index: number }[] = [];
  for (const { line, index, offer } of eligible) {
    if (coupon.productPrices.has(line.productId)) {
      const own = offer.type === "fix" ? Math.min(offer.value * line.quantity, line.total) : couponDiscount(offer, line.total);
      perLine[index]!.own = own;
      discount += own;
    } else {
      shared.push({ line, index });
    }
  }
  const sharedAmount = shared.reduce((sum, { line }) => sum + line.total, 0);
  const range = selectedRange(coupon, eligibleAmount);
  const sharedDiscount = couponDiscount(range ?? { type: coupon.type, value: coupon.value }, sharedAmount);
  const parts = shareByWeight(
    sharedDiscount,
    shared.map(({ line }) => line.total),
  );
  shared.forEach(({ index }, at) => (perLine[index]!.shared = parts[at]!));
  discount += sharedDiscount;
  // Each row gives at most its amount, so the discount never passes the eligible amount.
  return range ? { discount, range, perLine } : { discount, perLine };
}

/**
 * The product page's coupon box: the coupon worth most on this product at this amount, judged exactly
 * as the cart judges a cart holding just that row (minimum amount, price ranges, per-product values).
 */
export function bestCouponForProduct(
  coupons: CartCoupon[],
  product: { id: number; couponDisabled: boolean },
  viewer: { isMember: boolean; now: number },
  row: { total: number; quantity: number },
): { coupon: CartCoupon; discount: number } | null {
  const line = productCouponLine(product, row);
  let best: { coupon: CartCoupon; discount: number } | null = null;
  for (const coupon of coupons) {
    const { discount, error } = evaluateCoupon(coupon, [line], viewer);
    if (!error && discount > 0 && (!best || discount > best.discount)) best = { coupon, discount };
  }
  return best;
}

/** The product page's selection as the one row of a cart, for judging coupons on it. */
export function productCouponLine(product: { id: number; couponDisabled: boolean }, row: { total: number; quantity: number }): CouponLine {
  return { available: true, productId: product.id, couponDisabled: product.couponDisabled, ...row };
}
