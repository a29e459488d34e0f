import type { Cart } from "~/core/cart/cart";
import { formatYen } from "~/core/money";
import { CART_FORM_ID } from "~/core/site/result-anchor";

/**
 * On a phone the way to the checkout stays at the bottom of the screen wherever the shopper is in the
 * cart (CSS `sticky`, no JS): the total and 「ご購入手続きへ」, which submits the notices form below (the
 * `form` attribute), so notices typed there are saved on the way. From `md` up the summary column holds it.
 */
export function CartCheckoutBar({ cart }: { cart: Cart }) {
  const count = cart.list.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <div
      className="sticky bottom-0 z-10 -mx-3 mt-4 flex items-center justify-between gap-3 border-0 border-t border-solid border-gray-200 bg-white/95 px-3 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] md:hidden"
      data-testid="checkout-bar"
    >
      <p className="m-0 grid text-sm leading-tight">
        <span className="text-xs text-gray-600">合計（税込・{count}点）</span>
        <span className="text-lg font-bold">{formatYen(cart.total)}</span>
      </p>
      <button
        type="submit"
        form={CART_FORM_ID}
        name="intent"
        value="save_notices"
        className="btn-primary whitespace-nowrap py-3"
        disabled={!cart.payment_eligible}
      >
        ご購入手続きへ
      </button>
    </div>
  );
}
