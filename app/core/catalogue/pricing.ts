/**
 * The pricing engine: what one product configuration costs and whether it can be bought.
 * Pure: the caller passes the product, the chosen variation / variable choice / option choices, the
 * quantity, subscription tiers and a coupon offer; the result uses the field names of spec §3
 * "Price calculation result". All money is integer yen, tax included, unless a name says otherwise.
 */
import { LOW_STOCK_THRESHOLD, MAX_LINE_QUANTITY, MAX_SUBSCRIPTION_QUANTITY, PREORDER_SHIPPING_DAYS } from "../limits";
import { formatDateJa } from "../dates";
import { RESTOCK_CONTACT } from "./product-notices";
import { missingPick } from "./product-selection";
import { includedTax, withTax } from "../tax";

export interface PricedItem {
  regularPrice: number;
  discountPrice: number | null;
}

/** What the shopper pays per item: the sale price while it is lower, else the regular price. */
export function sellingPrice(item: PricedItem): number {
  return item.discountPrice != null && item.discountPrice < item.regularPrice ? item.discountPrice : item.regularPrice;
}

export type PublicationStatus = "published" | "draft" | "archived";

export interface PricingProduct extends PricedItem {
  type: "simple" | "set" | "variation";
  status: PublicationStatus;
  taxRate: number;
  /** Reference (list) price for "save" figures; null = regular price. */
  originalPrice: number | null;
  inventory: number;
  preorderLimit: number;
  inventoryPreorderMax: number;
  preorderShipDate: string | null;
  disablePreorder: boolean;
  disableRequest: boolean;
  shippingDays: number;
  couponDisabled: boolean;
  /** Its merchant is suspended: nothing of it is sold until staff reactivate the merchant. */
  sellerSuspended?: boolean;
}

export interface PricingVariation {
  status: PublicationStatus;
  type: "normal" | "variable";
  regularPrice: number | null;
  discountPrice: number | null;
  inventory: number;
  inventoryPreorderMax: number;
  maxSubscription: number | null;
}

export interface PricingChoice {
  priceDiff: number;
  /** Own stock; null = shares the variation's. */
  inventory: number | null;
}

export interface SubscriptionTier {
  quantity: number;
  unitPriceExclTax: number;
}

export interface CouponOffer {
  type: "fix" | "rate";
  value: number;
}

export interface PriceInput {
  product: PricingProduct;
  variation?: PricingVariation | null;
  choice?: PricingChoice | null;
  /** Fees of the chosen option choices (tax incl., per item). */
  optionFees?: number[];
  quantity: number;
  subscribe?: boolean;
  /** Tiers for the chosen variation if it has its own, else the product's. */
  tiers?: SubscriptionTier[];
  /** Items of the same product/variation/choice already in the cart. */
  inCart?: number;
  /** The member already asked to be told when it is back. */
  requested?: boolean;
  /** The best coupon the shopper could use on it (for the coupon box). */
  coupon?: CouponOffer | null;
}

/**
 * in_stock: add to cart / buy now. preorder: stock 0 but pre-order stock left. preorder_shipdays: in stock
 * but ships in more than PREORDER_SHIPPING_DAYS days. sold_out: stock request possible (unless disabled).
 * requested: sold out and already requested. unavailable: archived, unpublished, or its merchant suspended.
 */
export type Purchasability = "in_stock" | "preorder" | "preorder_shipdays" | "sold_out" | "requested" | "unavailable";

export interface PriceResult {
  inventory: number;
  inventory_max: number;
  inventory_preorder_max: number;
  preorder_limit: number;
  /** Sale discount for the quantity: (regular − selling) × quantity. */
  discount: number;
  /** Unit price paid, with choice difference and option fees. */
  selling_price: number;
  /** Unit price before any sale or subscription tier. */
  regular_price: number;
  /** Unit reference (list) price. */
  original_price: number;
  /** Consumption tax contained in the subtotal. */
  regular_tax: number;
  subtotal: number;
  /** Subtotal after the best coupon. */
  total: number;
  /** A set product (several items sold as one). */
  set: boolean;
  /** Per-unit saving against the regular price (sale or subscription tier). */
  diff_price: number;
  /** Saving against the reference price for the quantity. */
  save_cash: number;
  save_percent: number;
  restock_message: string | null;
  /** What the best coupon takes off the subtotal (0 when coupons are disabled). */
  max_discount: number;
  /** The quantity priced (clamped to 1…max_quantity). */
  quantity: number;
  /** Most that may still be added, after what the cart already holds of this item. */
  max_quantity: number;
  state: Purchasability;
  /** Items of this product/variation/choice already in the shopper's cart. */
  in_cart: number;
  /** Buyable, but the cart already holds all there is: nothing more can be added. */
  cart_holds_all: boolean;
  low_stock: boolean;
  /** A variation product needs a variation chosen, a variable variation a choice. */
  needs_variation: boolean;
  needs_choice: boolean;
  coupon_disabled: boolean;
  tax_rate: number;
}

/** The tier for a quantity: the exact one, else the largest tier below it. */
export function subscriptionTier(tiers: SubscriptionTier[], quantity: number): SubscriptionTier | undefined {
  return [...tiers].sort((a, b) => b.quantity - a.quantity).find((tier) => tier.quantity <= quantity);
}

/** Subscription unit price, tax incl. (tax rounded down). */
export function subscriptionUnitPrice(tiers: SubscriptionTier[], quantity: number, taxRate: number): number | undefined {
  const tier = subscriptionTier(tiers, quantity);
  return tier ? withTax(tier.unitPriceExclTax, taxRate) : undefined;
}

export function couponDiscount(coupon: CouponOffer | null | undefined, amount: number): number {
  if (!coupon || amount <= 0) return 0;
  const off = coupon.type === "fix" ? coupon.value : Math.floor((amount * coupon.value) / 100);
  return Math.max(0, Math.min(off, amount));
}

export interface StockFacts {
  status: PublicationStatus;
  inventory: number;
  inventoryPreorderMax: number;
  preorderLimit: number;
  disablePreorder: boolean;
  shippingDays: number;
  requested: boolean;
  sellerSuspended?: boolean;
}

export function purchasability(facts: StockFacts): Purchasability {
  if (facts.status !== "published" || facts.sellerSuspended) return "unavailable";
  if (facts.inventory > 0) return facts.shippingDays > PREORDER_SHIPPING_DAYS ? "preorder_shipdays" : "in_stock";
  if (facts.preorderLimit > 0 && facts.inventoryPreorderMax > 0 && !facts.disablePreorder) return "preorder";
  return facts.requested ? "requested" : "sold_out";
}

/** Largest quantity one line may hold (spec §5): pre-orders by pre-order stock, subscriptions by 6. */
export function maxQuantity(args: {
  state: Purchasability;
  inventoryMax: number;
  inventoryPreorderMax: number;
  subscribe: boolean;
  maxSubscription?: number | null;
}): number {
  if (args.state === "unavailable" || args.state === "sold_out" || args.state === "requested") return 0;
  if (args.state === "preorder") return Math.max(0, Math.min(args.inventoryPreorderMax, MAX_LINE_QUANTITY));
  if (args.subscribe) {
    const cap = Math.min(MAX_SUBSCRIPTION_QUANTITY, args.maxSubscription ?? MAX_SUBSCRIPTION_QUANTITY);
    return Math.max(0, Math.min(args.inventoryMax, cap));
  }
  return Math.max(0, Math.min(args.inventoryMax, MAX_LINE_QUANTITY));
}

/** A quantity forced to a whole number, at least 1, at most max (max 0 still prices one item). */
export function clampQuantity(quantity: unknown, max: number): number {
  const whole = Math.floor(Number(quantity));
  if (!Number.isFinite(whole) || whole < 1) return 1;
  return Math.max(1, Math.min(whole, Math.max(1, max)));
}

/**
 * A quantity typed by the shopper, forced into range as spec §5 says (a number, at least 1, at most the
 * row maximum) rather than refused: full-width digits count, anything that is not a number becomes 1, and
 * when the value had to change, `message` says so in Japanese.
 */
export function forceQuantity(raw: unknown, max: number): { quantity: number; message: string | null } {
  const text = typeof raw === "string" ? raw.normalize("NFKC").trim() : String(raw ?? "");
  const typed = text === "" ? Number.NaN : Number(text);
  const ceiling = Math.max(1, max);
  if (Number.isNaN(typed) || typed < 1) return { quantity: 1, message: QUANTITY_MESSAGES.belowOne };
  if (typed > ceiling) return { quantity: ceiling, message: QUANTITY_MESSAGES.aboveMax(ceiling) };
  const quantity = Math.floor(typed);
  return { quantity, message: quantity === typed ? null : QUANTITY_MESSAGES.notWhole(quantity) };
}

export const QUANTITY_MESSAGES = {
  belowOne: "数量は1以上の数字で入力してください。1点に調整しました。",
  aboveMax: (max: number) => `この商品は最大${max}点までご購入いただけます（在庫数・1回のご注文の上限による）。数量を${max}点に調整しました。`,
  notWhole: (quantity: number) => `数量は整数で入力してください。${quantity}点に調整しました。`,
} as const;

export function isLowStock(state: Purchasability, inventory: number): boolean {
  return state === "in_stock" && inventory > 0 && inventory <= LOW_STOCK_THRESHOLD;
}

export function restockMessage(args: {
  state: Purchasability;
  inventory: number;
  shippingDays: number;
  preorderShipDate: string | null;
  disableRequest: boolean;
  /** Of this item, already in the shopper's cart. */
  inCart?: number;
  cartHoldsAll?: boolean;
}): string | null {
  const inCart = args.inCart ?? 0;
  if (args.cartHoldsAll) {
    return args.state === "preorder" ? "ご予約いただける数量の上限までカートに入っています。" : `在庫の${args.inventory}点はすべてカートに入っています。`;
  }
  switch (args.state) {
    case "sold_out":
      return args.disableRequest
        ? "申し訳ございません。現在在庫切れです。"
        : "現在在庫切れです。再入荷のお知らせをご希望の方は「再入荷リクエスト」をご利用ください。";
    case "requested":
      return `再入荷リクエスト済みです。${RESTOCK_CONTACT}`;
    case "preorder":
      return args.preorderShipDate
        ? `予約受付中：${formatDateJa(args.preorderShipDate)}頃より順次発送予定です。`
        : "予約受付中：入荷次第、順次発送いたします。";
    case "preorder_shipdays":
      return `予約商品です。ご注文から発送まで${args.shippingDays}日ほどかかります。`;
    case "in_stock":
      if (!isLowStock(args.state, args.inventory)) return null;
      return inCart > 0 ? `残り${args.inventory}点 ご注文はお早めに（うち${inCart}点はカートに入っています）` : `残り${args.inventory}点 ご注文はお早めに`;
    case "unavailable":
      return "この商品は現在ご購入いただけません。";
  }
}

/** Where the item stands in stock for this shopper: whether it can be bought, how many more, and the quantity priced. */
function stockPosition(input: PriceInput) {
  const { product, variation, choice } = input;
  const inventory = choice?.inventory ?? variation?.inventory ?? product.inventory;
  const inventoryPreorderMax = variation ? variation.inventoryPreorderMax : product.inventoryPreorderMax;
  const inCart = Math.max(0, input.inCart ?? 0);
  const inventoryMax = Math.max(0, inventory - inCart);
  const preorderStock = Math.max(0, inventoryPreorderMax - inCart);
  // Whether it can be bought depends on the shop's stock; what the cart holds only limits how many more.
  const state = purchasability({
    status: variation && variation.status !== "published" ? variation.status : product.status,
    inventory,
    inventoryPreorderMax,
    preorderLimit: product.preorderLimit,
    disablePreorder: product.disablePreorder,
    shippingDays: product.shippingDays,
    requested: input.requested === true,
    sellerSuspended: product.sellerSuspended === true,
  });
  const max = maxQuantity({
    state,
    inventoryMax,
    inventoryPreorderMax: preorderStock,
    subscribe: input.subscribe === true,
    maxSubscription: variation?.maxSubscription,
  });
  const buyable = state === "in_stock" || state === "preorder" || state === "preorder_shipdays";
  const cartHoldsAll = buyable && inCart > 0 && max === 0;
  return { inventory, inCart, inventoryMax, preorderStock, state, max, cartHoldsAll, quantity: clampQuantity(input.quantity, max) };
}

/** The unit prices (tax incl., with the choice difference and option fees): regular, paid and reference. */
function unitPrices(input: PriceInput, quantity: number) {
  const { product, variation, choice } = input;
  const base: PricedItem = {
    regularPrice: variation?.regularPrice ?? product.regularPrice,
    discountPrice: variation?.regularPrice != null ? variation.discountPrice : product.discountPrice,
  };
  const extras = (choice?.priceDiff ?? 0) + (input.optionFees ?? []).reduce((sum, fee) => sum + fee, 0);
  const regularUnit = base.regularPrice + extras;
  const tierUnit = input.subscribe === true ? subscriptionUnitPrice(input.tiers ?? [], quantity, product.taxRate) : undefined;
  const sellingUnit = Math.min(regularUnit, (tierUnit ?? sellingPrice(base)) + extras);
  const originalUnit = Math.max(regularUnit, (product.originalPrice ?? base.regularPrice) + extras);
  return { regularUnit, sellingUnit, originalUnit };
}

export function calculatePrice(input: PriceInput): PriceResult {
  const { product, variation, choice } = input;
  const missing = missingPick({ productType: product.type, variation: variation ?? null, choicePicked: choice != null });
  const { inventory, inCart, inventoryMax, preorderStock, state, max, cartHoldsAll, quantity } = stockPosition(input);
  const { regularUnit, sellingUnit, originalUnit } = unitPrices(input, quantity);

  const subtotal = sellingUnit * quantity;
  const maxDiscount = product.couponDisabled ? 0 : couponDiscount(input.coupon, subtotal);
  const saveUnit = originalUnit - sellingUnit;
  return {
    inventory,
    inventory_max: inventoryMax,
    inventory_preorder_max: preorderStock,
    preorder_limit: product.preorderLimit,
    discount: (regularUnit - sellingUnit) * quantity,
    selling_price: sellingUnit,
    regular_price: regularUnit,
    original_price: originalUnit,
    regular_tax: includedTax(subtotal, product.taxRate),
    subtotal,
    total: subtotal - maxDiscount,
    set: product.type === "set",
    diff_price: regularUnit - sellingUnit,
    save_cash: saveUnit * quantity,
    save_percent: originalUnit > 0 ? Math.floor((saveUnit * 100) / originalUnit) : 0,
    restock_message: restockMessage({
      state,
      inventory,
      shippingDays: product.shippingDays,
      preorderShipDate: product.preorderShipDate,
      disableRequest: product.disableRequest,
      inCart,
      cartHoldsAll,
    }),
    max_discount: maxDiscount,
    quantity,
    max_quantity: max,
    state,
    in_cart: inCart,
    cart_holds_all: cartHoldsAll,
    low_stock: !cartHoldsAll && isLowStock(state, inventory),
    needs_variation: missing === "choose_variation",
    needs_choice: missing === "choose_choice",
    coupon_disabled: product.couponDisabled,
    tax_rate: product.taxRate,
  };
}
