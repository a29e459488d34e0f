/**
 * Coupon rows as the cart engine's CartCoupon: the coupon with its per-product values, exclusions and
 * price ranges. The cart and the product page load the same rows and judge them with the same engine.
 */
import type { CartCoupon } from "~/core/cart";
import type { couponPriceRanges, couponProductExclusions, couponProductPrices, coupons } from "~/db/schema";

export interface CouponRelatedRows {
  couponPrices: Pick<typeof couponProductPrices.$inferSelect, "couponId" | "productId" | "type" | "value">[];
  exclusions: Pick<typeof couponProductExclusions.$inferSelect, "couponId" | "productId">[];
  ranges: Pick<typeof couponPriceRanges.$inferSelect, "couponId" | "minAmount" | "type" | "value">[];
}

export function toCartCoupon(coupon: typeof coupons.$inferSelect, related: CouponRelatedRows): CartCoupon {
  return {
    id: coupon.id,
    code: coupon.code,
    title: coupon.title,
    titleSimple: coupon.titleSimple,
    type: coupon.type,
    value: coupon.value,
    freeShipping: coupon.freeShipping,
    alone: coupon.alone,
    isAuto: coupon.isAuto,
    memberOnly: coupon.memberOnly,
    productsDefault: coupon.productsDefault,
    minAmount: coupon.minAmount,
    startsAt: coupon.startsAt?.getTime() ?? null,
    expiresAt: coupon.expiresAt?.getTime() ?? null,
    productPrices: new Map(
      related.couponPrices.filter((price) => price.couponId === coupon.id).map((price) => [price.productId, { type: price.type, value: price.value }]),
    ),
    excludedProductIds: new Set(related.exclusions.filter((exclusion) => exclusion.couponId === coupon.id).map((exclusion) => exclusion.productId)),
    priceRanges: related.ranges
      .filter((range) => range.couponId === coupon.id)
      .map((range) => ({ minAmount: range.minAmount, type: range.type, value: range.value })),
  };
}
