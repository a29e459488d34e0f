/**
 * The cart engine: from priced lines and the shopper's context to the whole Cart of spec §3 —
 * line totals, wrapping, shipments (warehouse and each merchant), cold shipping, the split pre-order
 * charge, payment fee, coupons (entered, campaign, automatic, per-sku), points, taxes per rate and
 * points earned. Pure: no I/O; `now` is passed in. The cart's types and the rules of one line and one
 * coupon are in cart.ts.
 */
import {
  CART_MESSAGES,
  evaluateCoupon,
  isWrappingAvailable,
  lineMaxQuantity,
  lineUnavailableReason,
  type AppliedCoupon,
  type Cart,
  type CartContext,
  type CartCoupon,
  type CartLine,
  type CartLineInput,
  type CouponPriceRange,
  type LineCouponShare,
  type Shipment,
  shareByWeight,
} from "./cart";
import { couponOfferForProduct } from "../promotions/coupons";
import {
  COLD_SHIPPING_FEE,
  MAX_POINTS_PER_ORDER,
  SPLIT_PREORDER_SHIPPING_FEE,
  WAREHOUSE_FREE_SHIPPING_FROM,
  WAREHOUSE_SHIPPING_FEE,
  WRAPPING_FEE,
} from "../limits";
import { paymentFee } from "../checkout/payment-methods";
import { pointsEarned } from "../member/points";
import { clampQuantity, couponDiscount } from "../catalogue/pricing";
import { includedTax, REDUCED_TAX_RATE, STANDARD_TAX_RATE } from "../tax";

function toApplied(coupon: CartCoupon, result: { discount: number; range?: CouponPriceRange }): AppliedCoupon {
  return {
    id: coupon.id,
    code: coupon.code,
    title: coupon.title,
    title_simple: coupon.titleSimple,
    type: coupon.type,
    value: coupon.value,
    discount: result.discount,
    free_shipping: coupon.freeShipping,
    auto: coupon.isAuto,
    ...(result.range ? { selected_range: result.range } : {}),
  };
}

function buildLines(inputs: CartLineInput[], context: CartContext): CartLine[] {
  return inputs.map((input) => {
    const unavailableReason = lineUnavailableReason(input);
    const available = unavailableReason == null;
    const maxQuantity = lineMaxQuantity(input);
    // A whole number, at least 1, at most the row maximum (a stored quantity above it is reduced).
    const quantity = clampQuantity(input.quantity, maxQuantity);
    const wrappingAvailable = isWrappingAvailable(input);
    const wrapping = input.wrapping && wrappingAvailable;
    let total = input.unitPrice * quantity;
    let rowDiscount = 0;
    const skuCode = context.skuCoupons[input.sku];
    const skuCoupon = skuCode ? context.skuCouponRules.find((coupon) => coupon.code === skuCode) : undefined;
    if (skuCoupon && available) {
      const offer = couponOfferForProduct(skuCoupon, { id: input.productId, couponDisabled: input.couponDisabled }, context);
      if (offer) {
        // The session coupon sets the row to the discounted unit price times the quantity.
        const unitDiscount = offer.type === "fix" ? Math.min(offer.value, input.unitPrice) : Math.floor((input.unitPrice * offer.value) / 100);
        rowDiscount = unitDiscount * quantity;
        total = (input.unitPrice - unitDiscount) * quantity;
      }
    }
    return {
      ...input,
      quantity,
      wrapping,
      available,
      unavailableReason,
      archived: input.status === "archived",
      maxQuantity,
      wrappingAvailable,
      wrappingFee: wrapping ? WRAPPING_FEE * quantity : 0,
      total,
      rowDiscount,
      couponDiscount: 0,
      productCouponDiscount: 0,
      excludedCouponCodes: [],
    };
  });
}

function buildShipments(lines: CartLine[], context: CartContext, freeShipping: boolean): Shipment[] {
  const shipments: Shipment[] = [];
  for (const line of lines) {
    if (!line.available) continue;
    const merchantId = line.shippingFrom === "merchant" ? line.merchantId : null;
    let shipment = shipments.find((s) => s.merchantId === merchantId);
    if (!shipment) {
      const merchant = context.merchants.find((m) => m.id === merchantId);
      shipment = {
        from: merchantId == null ? "warehouse" : "merchant",
        merchantId,
        name: merchant?.name ?? "当店倉庫",
        lineIds: [],
        subtotal: 0,
        shippingFee: 0,
        coldFee: 0,
        splitFee: 0,
      };
      shipments.push(shipment);
    }
    shipment.lineIds.push(line.id);
    shipment.subtotal += line.total;
  }
  for (const shipment of shipments) {
    const shipLines = lines.filter((line) => shipment.lineIds.includes(line.id));
    const physical = shipLines.some((line) => !line.isDigital);
    if (!physical) continue;
    const merchant = context.merchants.find((m) => m.id === shipment.merchantId);
    const baseFee = shipment.from === "warehouse" ? WAREHOUSE_SHIPPING_FEE : (merchant?.shippingFee ?? WAREHOUSE_SHIPPING_FEE);
    const freeFrom = shipment.from === "warehouse" ? WAREHOUSE_FREE_SHIPPING_FROM : (merchant?.freeShippingThreshold ?? null);
    shipment.shippingFee = freeShipping || (freeFrom != null && shipment.subtotal >= freeFrom) ? 0 : baseFee;
    const cold = shipLines.some((line) => line.coldshipping === "required" || (line.coldshipping === "optional" && context.coldshippingChosen));
    shipment.coldFee = cold ? COLD_SHIPPING_FEE : 0;
    // Warehouse pre-orders shipped apart from in-stock items make a second delivery.
    const preorders = shipLines.some((line) => line.isPreorder && !line.isDigital);
    const immediate = shipLines.some((line) => !line.isPreorder && !line.isDigital);
    shipment.splitFee = shipment.from === "warehouse" && preorders && immediate ? SPLIT_PREORDER_SHIPPING_FEE : 0;
  }
  return shipments;
}

/**
 * The total split by tax rate (the 適格請求書's figures): each rate's goods less the coupon discounts of its
 * own rows (a coupon reduces only the rate of the products it applies to), then the points used taken
 * off both rates in proportion to what is left of their goods; the fees are standard-rate. Whole yen.
 */
function taxesFor(lines: CartLine[], total: number, points: number): Cart["taxes"] {
  const goodsAt = (reduced: boolean) =>
    lines.filter((l) => l.available && (l.taxRate === REDUCED_TAX_RATE) === reduced).reduce((sum, l) => sum + l.total - l.couponDiscount, 0);
  const goods8 = goodsAt(true);
  const goods = goods8 + goodsAt(false);
  const reduction8 = goods > 0 ? Math.floor((points * goods8) / goods) : 0;
  const taxable8 = Math.max(0, goods8 - reduction8);
  const taxable10 = Math.max(0, total - taxable8);
  return [
    { rate: STANDARD_TAX_RATE, taxable: taxable10, tax: includedTax(taxable10, STANDARD_TAX_RATE) },
    { rate: REDUCED_TAX_RATE, taxable: taxable8, tax: includedTax(taxable8, REDUCED_TAX_RATE) },
  ];
}

/**
 * The coupons the cart applies, and whether one of them ships for free. The entered coupon first; an
 * `alone` coupon stands by itself, so automatic ones and the campaign then step aside. Each line learns
 * which of the cart's coupons exclude it.
 */
function cartCoupons(lines: CartLine[], context: CartContext) {
  const viewer = { isMember: context.isMember, now: context.now };
  for (const line of lines) {
    line.excludedCouponCodes = [context.enteredCoupon, ...context.autoCoupons]
      .filter((coupon): coupon is CartCoupon => coupon != null && coupon.excludedProductIds.has(line.productId))
      .map((coupon) => coupon.code);
  }

  // Each applied coupon's discount comes off the rows it applies to (cart.ts evaluateCoupon).
  const takeOff = (perLine: LineCouponShare[]) =>
    perLine.forEach((share, index) => {
      lines[index]!.couponDiscount += share.own + share.shared;
      lines[index]!.productCouponDiscount += share.own;
    });
  const coupons: AppliedCoupon[] = [];
  let error: string | undefined;
  const entered = context.enteredCoupon;
  if (entered) {
    const result = evaluateCoupon(entered, lines, viewer);
    if (result.error) error = result.error;
    else {
      coupons.push(toApplied(entered, result));
      takeOff(result.perLine);
    }
  }
  const enteredAlone = entered != null && coupons.length > 0 && entered.alone;
  const autocoupons: AppliedCoupon[] = [];
  for (const auto of context.autoCoupons) {
    if (enteredAlone || auto.alone || auto.code === entered?.code) continue;
    const result = evaluateCoupon(auto, lines, viewer);
    if (!result.error && result.discount > 0) {
      autocoupons.push(toApplied(auto, result));
      takeOff(result.perLine);
    }
  }

  // The campaign is a coupon too: products with coupons disabled neither count toward it nor get its discount.
  const campaign = context.campaign;
  const campaignAmount = lines.filter((line) => line.available && !line.couponDisabled).reduce((sum, line) => sum + line.total, 0);
  const campaignApplies = campaign != null && !enteredAlone && campaignAmount >= campaign.minAmount;
  const campaignDiscount = campaignApplies ? couponDiscount({ type: campaign.type, value: campaign.value }, campaignAmount) : 0;
  shareByWeight(
    campaignDiscount,
    lines.map((line) => (line.available && !line.couponDisabled ? line.total : 0)),
  ).forEach((part, index) => (lines[index]!.couponDiscount += part));
  // No row is discounted below nothing, however many coupons apply to it.
  for (const line of lines) {
    line.couponDiscount = Math.min(line.couponDiscount, line.total);
    line.productCouponDiscount = Math.min(line.productCouponDiscount, line.couponDiscount);
  }

  const freeShipping =
    coupons.some((coupon) => coupon.free_shipping) || autocoupons.some((coupon) => coupon.free_shipping) || (campaignApplies && campaign.freeShipping);
  return { coupons, autocoupons, error, campaignApplies, campaignDiscount, freeShipping };
}

/** Points used on this order: only a member's, at most what they hold, MAX_POINTS_PER_ORDER and the total. */
function cartPoints(context: CartContext, totalBeforePoints: number) {
  const maxPoints = context.isMember ? Math.max(0, Math.min(context.userPoints, MAX_POINTS_PER_ORDER, totalBeforePoints)) : 0;
  if (context.pointAmount <= 0) return { points: 0, maxPoints };
  if (!context.isMember) return { points: 0, maxPoints, error: CART_MESSAGES.pointsMembersOnly };
  if (context.pointAmount > maxPoints) return { points: 0, maxPoints, error: CART_MESSAGES.pointsTooMany(maxPoints) };
  return { points: context.pointAmount, maxPoints };
}

export function computeCart(inputs: CartLineInput[], context: CartContext): Cart {
  const lines = buildLines(inputs, context);
  const available = lines.filter((line) => line.available);
  const subtotal = available.reduce((sum, line) => sum + line.total, 0);
  const wrapping = available.reduce((sum, line) => sum + line.wrappingFee, 0);
  const errors: Cart["errors"] = {};
  const { coupons, autocoupons, campaignApplies, campaignDiscount, freeShipping, ...applied } = cartCoupons(lines, context);
  if (applied.error) errors.coupon = applied.error;
  const campaign = context.campaign;

  const shipments = buildShipments(lines, context, freeShipping);
  const shippingFee = shipments.reduce((sum, s) => sum + s.shippingFee, 0);
  const coldshippingTotal = shipments.reduce((sum, s) => sum + s.coldFee, 0);
  const splitShippingFee = shipments.reduce((sum, s) => sum + s.splitFee, 0);
  const extraFee = available.length > 0 ? paymentFee(context.paymentMethod) : 0;

  const discountCoupon = available.reduce((sum, line) => sum + line.couponDiscount, 0);
  const rowDiscounts = available.reduce((sum, line) => sum + line.rowDiscount, 0);
  const fees = wrapping + shippingFee + coldshippingTotal + splitShippingFee;
  const totalBeforePoints = subtotal + fees + extraFee - discountCoupon;

  const { points, maxPoints, ...used } = cartPoints(context, totalBeforePoints);
  if (used.error) errors.points = used.error;

  const total = totalBeforePoints - points;
  const promo = context.pointPromo;
  const promoRate = promo && subtotal >= promo.minAmount ? Math.max(1, promo.rate) : 1;
  const earned = context.isMember ? pointsEarned(subtotal - discountCoupon - points, promoRate) : 0;

  return {
    list: lines,
    shipments,
    subtotal,
    taxes: taxesFor(lines, total, points),
    total,
    total_before_discount: subtotal + rowDiscounts + fees + extraFee,
    total_before_discount_without_shippingfee: subtotal + rowDiscounts + wrapping,
    total_without_extra_fee: total - extraFee,
    shipping_fee: shippingFee,
    coldshipping_total: coldshippingTotal,
    split_shipping_fee: splitShippingFee,
    extra_fee: extraFee,
    wrapping,
    discount: discountCoupon + rowDiscounts,
    discount_coupon: discountCoupon,
    points,
    max_points: maxPoints,
    total_points: earned,
    total_points_rate: promoRate,
    coupons,
    autocoupons,
    campaign: campaign ? { ...campaign, discount: campaignDiscount, applied: campaignApplies } : null,
    coldshipping: {
      required: available.some((line) => line.coldshipping === "required"),
      optional: available.some((line) => line.coldshipping === "optional"),
      chosen: context.coldshippingChosen,
    },
    payment_eligible: available.length > 0 && available.length === lines.length,
    coupon_eligible: available.some((line) => !line.couponDisabled),
    point_eligible: context.isMember && context.userPoints > 0 && totalBeforePoints > 0,
    quantity: lines.reduce((sum, line) => sum + line.quantity, 0),
    errors,
  };
}
