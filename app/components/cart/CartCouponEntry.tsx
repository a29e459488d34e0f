import { useEffect, useState } from "react";
import type { AppliedCoupon, Cart } from "~/core/cart/cart";
import { formatYen } from "~/core/money";
import { CART_ANCHORS, CART_FORM_ID } from "~/core/site/result-anchor";
import type { CartActionData } from "~/web/types/cart";
import { useHydrated } from "../forms/useHydrated";
import { CartFetcherForm, errorFor, useCartFetcher, useOwningForm } from "./CartFetcherForm";

/** Coupon code entry; the server's message shows in a dismissible red box; applied coupons can be removed. */
export function CartCouponEntry({
  cart,
  couponCode,
  pageError,
  orderFormId,
}: {
  cart: Cart;
  /** The code the field starts with (the cart's, or one typed and refused). */
  couponCode: string | null;
  pageError: CartActionData | { field: string; error: string } | null;
  /** On the checkout: the order form the controls submit without JS (see useOwningForm); else the cart's. */
  orderFormId?: string;
}) {
  const apply = useCartFetcher();
  const remove = useCartFetcher();
  const owner = useOwningForm(orderFormId ?? CART_FORM_ID, CART_ANCHORS.coupon);
  const error = errorFor([apply.data, pageError], { intent: "coupon", fields: ["coupon"] });
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => setDismissed(false), [error, apply.data]);
  if (!cart.coupon_eligible && cart.coupons.length === 0) {
    return <p className="m-0 text-sm text-gray-600">カート内の商品はクーポンをご利用いただけません。</p>;
  }
  return (
    <section id={CART_ANCHORS.coupon} aria-labelledby="coupon-heading" className="grid gap-2">
      <h2 id="coupon-heading" className="m-0 text-base">
        クーポン
      </h2>
      {/* Keyed by the message: it slides in again for each new one. */}
      {error && !dismissed ? (
        <CouponError key={error} error={error} closeButton={orderFormId ? null : owner.button("keep")} onDismiss={() => setDismissed(true)} />
      ) : null}
      {[...cart.coupons, ...cart.autocoupons].map((coupon) => (
        <AppliedCouponRow key={coupon.code} coupon={coupon} fetcher={remove} owner={owner} />
      ))}
      {cart.coupons.length === 0 ? <CouponCodeForm couponCode={couponCode} fetcher={apply} owner={owner} /> : null}
    </section>
  );
}

type CartFetcher = ReturnType<typeof useCartFetcher>;
type OwningForm = ReturnType<typeof useOwningForm>;

/**
 * The server's refusal of a code, in a red box the shopper can close. Without JS the cart's one form closes
 * it (`closeButton`: the page comes back without it, keeping what was typed); the checkout's order form has
 * no such button, and the message goes with the next press.
 */
function CouponError({ error, closeButton, onDismiss }: { error: string; closeButton: ReturnType<OwningForm["button"]> | null; onDismiss: () => void }) {
  const hydrated = useHydrated();
  return (
    // Slides in; still when the shopper asks for less motion.
    <div
      role="alert"
      className="flex animate-slide-in items-start justify-between gap-2 rounded bg-red-600 px-3 py-2 text-sm text-white motion-reduce:animate-none"
      data-testid="coupon-error"
    >
      <span>{error}</span>
      {hydrated ? (
        <button type="button" aria-label="閉じる" className="cursor-pointer border-0 bg-transparent text-white" onClick={onDismiss}>
          ×
        </button>
      ) : closeButton ? (
        <button type="submit" aria-label="閉じる" className="cursor-pointer border-0 bg-transparent text-white" {...closeButton}>
          ×
        </button>
      ) : null}
    </div>
  );
}

/** An applied coupon and what it takes off; one the shopper entered can be taken back. */
function AppliedCouponRow({ coupon, fetcher, owner }: { coupon: AppliedCoupon; fetcher: CartFetcher; owner: OwningForm }) {
  return (
    <div className="flex items-center justify-between rounded border border-dashed border-brand p-2 text-sm" data-testid="applied-coupon">
      <span>
        {coupon.auto ? "自動適用" : coupon.code}：{coupon.title_simple}（−{formatYen(coupon.discount)}
        {coupon.free_shipping ? "・送料無料" : ""}）
      </span>
      {!coupon.auto ? (
        <CartFetcherForm fetcher={fetcher} intent="remove_coupon">
          <button type="submit" className="btn-secondary min-h-11 py-1 text-xs" {...owner.button("remove_coupon")}>
            取り消す
          </button>
        </CartFetcherForm>
      ) : null}
    </div>
  );
}

/** The code field and its 適用 button. */
function CouponCodeForm({ couponCode, fetcher, owner }: { couponCode: string | null; fetcher: CartFetcher; owner: OwningForm }) {
  return (
    <CartFetcherForm fetcher={fetcher} intent="coupon" className="flex gap-2">
      <label htmlFor="coupon-code" className="sr-only">
        クーポンコード
      </label>
      <input
        id="coupon-code"
        name="code"
        defaultValue={couponCode ?? ""}
        placeholder="クーポンコード"
        autoCapitalize="characters"
        autoComplete="off"
        className="field flex-1"
        {...owner.field}
      />
      <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"} {...owner.button("coupon")}>
        適用
      </button>
    </CartFetcherForm>
  );
}
