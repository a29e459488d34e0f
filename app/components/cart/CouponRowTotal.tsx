import type { CartLine } from "~/core/cart/cart";
import { formatYen } from "~/core/money";

/**
 * A row a product-limited coupon applies to (its own value for this product): what the row costs after
 * it. Nothing for a row with no such coupon (a whole-cart coupon shows in the totals only).
 */
export function CouponRowTotal({ line, wrapping = false }: { line: Pick<CartLine, "total" | "wrappingFee" | "productCouponDiscount">; wrapping?: boolean }) {
  if (line.productCouponDiscount <= 0) return null;
  const total = line.total - line.productCouponDiscount + (wrapping ? line.wrappingFee : 0);
  return (
    <span className="block text-sm font-bold text-brand" data-testid="line-coupon-total">
      クーポン適用後 {formatYen(total)}（−{formatYen(line.productCouponDiscount)}）
    </span>
  );
}
