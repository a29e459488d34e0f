import { formatYen } from "~/core/money";
import type { PriceResult } from "~/core/catalogue/pricing";

/** What the best coupon would take off, or why coupons do not apply to this product. */
export function CouponBox({
  price,
  coupon,
  excludedCodes,
}: {
  price: PriceResult;
  coupon: { code: string; title: string; memberOnly: boolean } | null;
  excludedCodes: string[];
}) {
  if (price.coupon_disabled) {
    return (
      <p className="m-0 rounded border border-solid border-gray-300 p-2 text-sm" data-testid="coupon-box">
        <span className="badge bg-gray-600 text-white">クーポン対象外</span> クーポンを使用できません
      </p>
    );
  }
  return (
    <div className="grid gap-1 text-sm" data-testid="coupon-box">
      {coupon && price.max_discount > 0 ? (
        <p className="m-0 rounded border border-dashed border-brand bg-brand-light p-2">
          {coupon.memberOnly ? <span aria-label="会員限定">👤 </span> : null}
          クーポン「{coupon.code}」（{coupon.title}）で <strong>{formatYen(price.max_discount)}引き</strong>→ {formatYen(price.total)}
        </p>
      ) : null}
      {excludedCodes.length > 0 ? <p className="m-0 text-xs text-gray-600">対象外のクーポン：{excludedCodes.join("、")}</p> : null}
    </div>
  );
}
