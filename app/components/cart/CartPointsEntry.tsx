import type { Cart } from "~/core/cart/cart";
import { PENDING_POINTS_LABEL } from "~/core/member/points";
import { CART_ANCHORS, CART_FORM_ID } from "~/core/site/result-anchor";
import type { CartActionData } from "~/web/types/cart";
import { CartFetcherForm, errorFor, InlineError, useCartFetcher, useOwningForm } from "./CartFetcherForm";

/** Points to use (members): at most min(points held, 1000, total); the server's message sits by the field. */
export function CartPointsEntry({
  cart,
  userPoints,
  pendingPoints,
  pageError,
  typedAmount,
  orderFormId,
}: {
  cart: Cart;
  userPoints: number;
  /** 付与予定: earned by orders not paid for yet; shown, never spendable. */
  pendingPoints: number;
  pageError: CartActionData | { field: string; error: string } | null;
  /** An amount typed and not applied (it stays in the field); else the field shows the points in use. */
  typedAmount?: string;
  /** On the checkout: the order form the controls submit without JS (see useOwningForm); else the cart's. */
  orderFormId?: string;
}) {
  const use = useCartFetcher();
  const remove = useCartFetcher();
  const owner = useOwningForm(orderFormId ?? CART_FORM_ID, CART_ANCHORS.points);
  const error = errorFor([use.data, pageError], { intent: "points", fields: ["points"] });
  return (
    <section id={CART_ANCHORS.points} aria-labelledby="points-heading" className="grid gap-2">
      <h2 id="points-heading" className="m-0 text-base">
        ポイント
      </h2>
      <p className="m-0 text-sm">
        保有ポイント：<strong>{userPoints.toLocaleString("ja-JP")}pt</strong>（今回のご利用上限 {cart.max_points.toLocaleString("ja-JP")}pt）
      </p>
      {pendingPoints > 0 ? (
        <p className="m-0 text-xs text-gray-600" data-testid="points-pending">
          ほかに{PENDING_POINTS_LABEL} {pendingPoints.toLocaleString("ja-JP")}pt（ご注文のお支払いが済むとご利用いただけます）
        </p>
      ) : null}
      {cart.points > 0 ? (
        <CartFetcherForm fetcher={remove} intent="remove_points" className="flex items-center gap-2 text-sm">
          <span data-testid="points-used">{cart.points.toLocaleString("ja-JP")}pt 利用中</span>
          <button type="submit" className="btn-secondary min-h-11 py-1 text-xs" {...owner.button("remove_points")}>
            ポイントの利用をやめる
          </button>
        </CartFetcherForm>
      ) : null}
      <CartFetcherForm fetcher={use} intent="points" className="grid gap-1">
        <div className="flex gap-2">
          <label htmlFor="points-amount" className="sr-only">
            利用するポイント
          </label>
          <input
            id="points-amount"
            name="amount"
            type="number"
            inputMode="numeric"
            min={0}
            // A new amount in use (JS: after a fetcher) replaces what the field shows.
            key={cart.points}
            defaultValue={typedAmount ?? (cart.points || "")}
            placeholder="利用するポイント"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "points-error" : undefined}
            className="field flex-1"
            {...owner.field}
          />
          <button type="submit" className="btn-secondary" {...owner.button("points")}>
            使う
          </button>
        </div>
        <div id="points-error">
          <InlineError message={error} />
        </div>
      </CartFetcherForm>
    </section>
  );
}
