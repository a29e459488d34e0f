/**
 * Coupon rules. A coupon is usable at `now` between its start and expiry; member-only coupons need a
 * member; a product with coupons disabled, or excluded by the coupon, gets nothing; per-product values
 * (products_prices) override the coupon's own; with products_default off only listed products qualify.
 */
import type { CouponOffer } from "../catalogue/pricing";

/** A product's own value for a coupon (products_prices), with the product's sku and the value's short title. */
export interface ProductCouponPrice extends CouponOffer {
  sku?: string;
  titleSimple?: string;
}

export interface CouponRule extends CouponOffer {
  code: string;
  titleSimple: string;
  memberOnly: boolean;
  productsDefault: boolean;
  startsAt: number | null;
  expiresAt: number | null;
  /** product id → its own value for this coupon */
  productPrices: Map<number, ProductCouponPrice>;
  excludedProductIds: Set<number>;
  /** Skus of the excluded products, where known (products_excluded). */
  excludedSkus?: string[];
}

/** What a coupon or campaign code may be made of, as the shop issues them. */
const COUPON_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * A code as typed, linked or posted, in the form codes are compared in: NFKC (full-width letters and digits
 * become ASCII), trimmed, in capitals (codes are case-insensitive). Null when it cannot be a code.
 */
export function couponCodeOf(raw: string): string | null {
  const code = raw.normalize("NFKC").trim();
  return COUPON_CODE.test(code) ? code.toUpperCase() : null;
}

export function isCouponActive(coupon: Pick<CouponRule, "startsAt" | "expiresAt">, now: number): boolean {
  return (coupon.startsAt == null || coupon.startsAt <= now) && (coupon.expiresAt == null || now < coupon.expiresAt);
}

/** The coupon's value for one product, or null when it does not apply to that product. */
export function couponOfferForProduct(
  coupon: CouponRule,
  product: { id: number; couponDisabled: boolean },
  viewer: { isMember: boolean; now: number },
): CouponOffer | null {
  if (product.couponDisabled || coupon.excludedProductIds.has(product.id)) return null;
  if (coupon.memberOnly && !viewer.isMember) return null;
  if (!isCouponActive(coupon, viewer.now)) return null;
  const own = coupon.productPrices.get(product.id);
  if (own) return { type: own.type, value: own.value };
  return coupon.productsDefault ? { type: coupon.type, value: coupon.value } : null;
}
