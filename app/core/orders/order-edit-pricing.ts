/**
 * An edited order priced again by the checkout's own engine (app/core/cart/cart-engine.ts computeCart): its
 * lines at the prices they carry (as ordered, or today's when staff chose so), the shipping, cold, split and
 * payment fees, the coupons the order used judged as on the day it was placed, and the points it used —
 * never more than before, fewer when the new total is smaller (the engine's own limit). Pure.
 */
import { computeCart } from "../cart/cart-engine";
import type { Cart, CartContext, CartCoupon, CartLineInput, MerchantShipping } from "../cart/cart";
import type { PaymentMethod } from "../checkout/payment-methods";
import { pointsEarned } from "../member/points";
import { REDUCED_TAX_RATE, STANDARD_TAX_RATE } from "../tax";
import type { OrderAmounts } from "./order-edits";

/** A line as the edit prices it: one of the order's (kept, changed, or cancelled earlier) or one added. */
export interface EditedLine {
  /** The order line's id; null for a line this edit adds. */
  lineId: number | null;
  productId: number;
  variationId: number | null;
  choiceSku: string | null;
  sku: string;
  title: string;
  /** 「色：紺 / サイズ：M」 or "". */
  choiceLabel: string;
  optionsLabel: string;
  taxRate: number;
  /** Unit price, tax incl.: as ordered, or today's. */
  unitPrice: number;
  quantity: number;
  isPreorder: boolean;
  subscribe: number | null;
  wrapping: boolean;
  shippingFrom: "warehouse" | "merchant";
  merchantId: number | null;
  coldshipping: "none" | "optional" | "required";
  isDigital: boolean;
  disableWrapping: boolean;
  couponDisabled: boolean;
  /** Cancelled on its own earlier: it stays in the amounts as ordered (its money was settled by a refund) and is not edited. */
  cancelled: boolean;
}

/** What the order was priced with, beside its lines. */
export interface RepricingContext {
  isMember: boolean;
  /** Points the order used: the most the edit may use again. */
  pointsUsed: number;
  /** The coupon entered at checkout (orders.coupon_code) and the automatic ones it used (coupon_uses). */
  enteredCoupon: CartCoupon | null;
  autoCoupons: CartCoupon[];
  /** What a campaign took off (its code is not kept on the order): given again as the same yen. */
  campaignDiscount: number;
  coldshippingChosen: boolean;
  paymentMethod: PaymentMethod;
  merchants: MerchantShipping[];
  /** When the order was placed: the coupons are judged as on that day. */
  orderedAt: Date;
  /** The point multiplier the order earned at (orderPointRate). */
  pointRate: number;
}

/** The engine's row id of an edited line: the order line's id, or a negative one for an added line. */
export function engineLineId(line: Pick<EditedLine, "lineId">, index: number): number {
  return line.lineId ?? -(index + 1);
}

function engineInput(line: EditedLine, index: number): CartLineInput {
  return {
    id: engineLineId(line, index),
    productId: line.productId,
    sku: line.sku,
    title: line.title,
    taxRate: line.taxRate,
    unitPrice: line.unitPrice,
    regularUnitPrice: line.unitPrice,
    quantity: line.quantity,
    // Stock was checked (and is guarded in the batch) apart: the engine is asked for the amounts only.
    inventory: line.quantity,
    inventoryPreorderMax: line.quantity,
    state: line.isPreorder ? "preorder" : "in_stock",
    status: "published",
    isPreorder: line.isPreorder,
    subscribe: line.subscribe,
    shippingFrom: line.shippingFrom,
    merchantId: line.merchantId,
    coldshipping: line.coldshipping,
    isDigital: line.isDigital,
    disableWrapping: line.disableWrapping,
    wrapping: line.wrapping,
    couponDisabled: line.couponDisabled,
  };
}

/**
 * The multiplier the order's points were earned at (a point promotion of its day): the smallest of 1–10 that
 * gives its points from what it charged for goods; 1 when none does.
 */
export function orderPointRate(order: Pick<OrderAmounts, "subtotal" | "discountCoupon" | "pointsUsed" | "pointsEarned">): number {
  const base = order.subtotal - order.discountCoupon - order.pointsUsed;
  for (let rate = 1; rate <= 10; rate++) if (pointsEarned(base, rate) === order.pointsEarned) return rate;
  return 1;
}

/** The edited order priced by the checkout's engine; points used cut to what the new total allows. */
export function repriceOrder(lines: readonly EditedLine[], context: RepricingContext): Cart {
  const inputs = lines.map(engineInput);
  const cartContext: CartContext = {
    isMember: context.isMember,
    userPoints: context.pointsUsed,
    pointAmount: context.pointsUsed,
    enteredCoupon: context.enteredCoupon,
    autoCoupons: context.autoCoupons,
    skuCoupons: {},
    skuCouponRules: [],
    campaign:
      context.campaignDiscount > 0
        ? { code: "", title: "キャンペーン", type: "fix", value: context.campaignDiscount, minAmount: 0, freeShipping: false }
        : null,
    pointPromo: context.pointRate > 1 ? { title: "", color: "", link: "", rate: context.pointRate, minAmount: 0 } : null,
    paymentMethod: context.paymentMethod,
    coldshippingChosen: context.coldshippingChosen,
    merchants: context.merchants,
    now: context.orderedAt.getTime(),
  };
  const cart = computeCart(inputs, cartContext);
  return cart.errors.points ? computeCart(inputs, { ...cartContext, pointAmount: cart.max_points }) : cart;
}

/** The order's amounts (and tax figures) as the repriced cart has them. */
export function amountsOf(cart: Cart, isMember: boolean): OrderAmounts & { taxable10: number; tax10: number; taxable8: number; tax8: number } {
  const taxes = new Map(cart.taxes.map((tax) => [tax.rate, tax]));
  return {
    subtotal: cart.subtotal,
    shippingFee: cart.shipping_fee,
    coldshippingFee: cart.coldshipping_total,
    splitShippingFee: cart.split_shipping_fee,
    extraFee: cart.extra_fee,
    wrappingFee: cart.wrapping,
    discountCoupon: cart.discount_coupon,
    pointsUsed: cart.points,
    pointsEarned: isMember ? cart.total_points : 0,
    total: cart.total,
    taxable10: taxes.get(STANDARD_TAX_RATE)?.taxable ?? 0,
    tax10: taxes.get(STANDARD_TAX_RATE)?.tax ?? 0,
    taxable8: taxes.get(REDUCED_TAX_RATE)?.taxable ?? 0,
    tax8: taxes.get(REDUCED_TAX_RATE)?.tax ?? 0,
  };
}
