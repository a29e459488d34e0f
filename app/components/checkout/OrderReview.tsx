import { useActionData } from "@remix-run/react";
import { memo } from "react";
import type { CheckoutActionData, CheckoutLoaderData } from "~/web/types/checkout";
import { CartCouponEntry } from "../cart/CartCouponEntry";
import { CartPointsEntry } from "../cart/CartPointsEntry";
import { CheckoutItems } from "./CheckoutItems";

/** A field's value as the order form last sent it (Conform's reply), when it was text. */
function sentText(reply: CheckoutActionData | undefined, name: string): string | undefined {
  const value = (reply?.initialValue as Record<string, unknown> | undefined)?.[name];
  return typeof value === "string" ? value : undefined;
}

/**
 * The rows being ordered, with coupon and points entry (the checkout's side column above the totals).
 * Without JS the coupon and points buttons submit the order form (`orderFormId`), so the page comes back
 * with everything typed; their message and a refused code or amount come back in the action's reply.
 * 「カートに戻って変更する」 is a button of the order form too (`leaveTo`): what was typed waits for the
 * shopper's return (core/checkout/checkout-draft).
 */
export const OrderReview = memo(function OrderReview({ data, isMember, orderFormId }: { data: CheckoutLoaderData; isMember: boolean; orderFormId: string }) {
  const { view, previews } = data;
  const { cart } = view;
  const reply = useActionData<CheckoutActionData>() ?? data.draft ?? undefined;
  const control = reply?.cartControl ?? null;
  // Points just applied or removed show as the cart has them; otherwise an amount typed stays in its field.
  const pointsChanged = control?.ok === true && /points$/.test(control.intent);
  return (
    <>
      <section aria-labelledby="items-heading" className="card grid gap-3 p-3">
        <h2 id="items-heading" className="m-0 text-base">
          ご注文内容（{cart.quantity}点）
        </h2>
        <CheckoutItems lines={cart.list} views={view.lines} previews={previews} adjusted={view.adjustedLines} />
        <button type="submit" form={orderFormId} name="leaveTo" value="/cart" className="btn-link justify-self-start">
          カートに戻って変更する
        </button>
      </section>
      <div className="card grid gap-4 p-3">
        <CartCouponEntry cart={cart} couponCode={sentText(reply, "code") ?? view.couponCode} pageError={control} orderFormId={orderFormId} />
        {isMember ? (
          <CartPointsEntry
            cart={cart}
            userPoints={view.userPoints}
            pendingPoints={view.pendingPoints}
            pageError={control}
            typedAmount={pointsChanged ? undefined : sentText(reply, "amount")}
            orderFormId={orderFormId}
          />
        ) : null}
      </div>
    </>
  );
});
