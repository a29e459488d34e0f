/**
 * Coupon rows as the cart engine's CartCoupon: the coupon with its per-product values, exclusions and
 * price ranges. The cart and the product page load the same rows and judge them with the same engine.
 * apiCoupon shows a coupon as the JSON API answers it (spec §3 Coupon).
 */
import type { CartCoupon, CouponPriceRange } from "~/core/cart/cart";
import { eq, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { couponProductPrices, products, type couponPriceRanges, type couponProductExclusions, type coupons } from "~/db/schema";

export interface CouponRelatedRows {
  /** Per-product values, with the product's sku where the query joined it. */
  couponPrices: (Pick<typeof couponProductPrices.$inferSelect, "couponId" | "productId" | "type" | "value" | "titleSimple"> & { sku?: string })[];
  exclusions: (Pick<typeof couponProductExclusions.$inferSelect, "couponId" | "productId"> & { sku?: string })[];
  ranges: Pick<typeof couponPriceRanges.$inferSelect, "couponId" | "minAmount" | "type" | "value">[];
}

/** Per-product coupon values (products_prices) matching `condition`, with each product's sku, for a batch. */
export function couponPricesQuery(db: Database, condition: SQL) {
  return db
    .select({
      couponId: couponProductPrices.couponId,
      productId: couponProductPrices.productId,
      type: couponProductPrices.type,
      value: couponProductPrices.value,
      titleSimple: couponProductPrices.titleSimple,
      sku: products.sku,
    })
    .from(couponProductPrices)
    .innerJoin(products, eq(products.id, couponProductPrices.productId))
    .where(condition);
}

export function toCartCoupon(coupon: typeof coupons.$inferSelect, related: CouponRelatedRows): CartCoupon {
  const excluded = related.exclusions.filter((exclusion) => exclusion.couponId === coupon.id);
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
      related.couponPrices
        .filter((price) => price.couponId === coupon.id)
        .map((price) => [price.productId, { type: price.type, value: price.value, sku: price.sku, titleSimple: price.titleSimple }]),
    ),
    excludedProductIds: new Set(excluded.map((exclusion) => exclusion.productId)),
    excludedSkus: excluded.flatMap((exclusion) => (exclusion.sku ? [exclusion.sku] : [])),
    priceRanges: related.ranges
      .filter((range) => range.couponId === coupon.id)
      .map((range) => ({ minAmount: range.minAmount, type: range.type, value: range.value })),
  };
}

function apiPriceRange(range: CouponPriceRange) {
  return { min_amount: range.minAmount, type: range.type, value: range.value };
}

/**
 * Spec §3 Coupon: the coupon's rules and, for this cart or product, what it is worth here
 * (coupon_worth, the yen it takes off; price_range_selected, the range that set its value).
 */
export function apiCoupon(rule: CartCoupon, figures: { discount: number; range?: CouponPriceRange }) {
  return {
    id: rule.id,
    code: rule.code,
    title: rule.title,
    title_simple: rule.titleSimple,
    type: rule.type,
    value: rule.value,
    coupon_worth: figures.discount,
    discount: figures.discount,
    free_shipping: rule.freeShipping,
    alone: rule.alone,
    to: rule.expiresAt != null ? new Date(rule.expiresAt).toISOString() : null,
    registered: rule.memberOnly,
    auto: rule.isAuto,
    min_amount: rule.minAmount,
    products_prices: [...rule.productPrices.values()].map((price) => ({
      sku: price.sku ?? null,
      type: price.type,
      value: price.value,
      title_simple: price.titleSimple ?? "",
    })),
    products_default: rule.productsDefault,
    products_excluded: rule.excludedSkus ?? [],
    price_range: rule.priceRanges.map(apiPriceRange),
    price_range_selected: figures.range ? apiPriceRange(figures.range) : null,
  };
}
