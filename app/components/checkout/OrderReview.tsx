import { Link } from "@remix-run/react";
import { memo } from "react";
import type { CheckoutLoaderData } from "~/routes/checkout";
import { CartCouponEntry } from "../cart/CartCouponEntry";
import { CartPointsEntry } from "../cart/CartPointsEntry";
import { CheckoutItems } from "./CheckoutItems";

/** The rows being ordered, with coupon and points entry (the checkout's side column above the totals). */
export const OrderReview = memo(function OrderReview({ data, isMember }: { data: CheckoutLoaderData; isMember: boolean }) {
  const { view, previews } = data;
  const { cart } = view;
  return (
    <>
      <section aria-labelledby="items-heading" className="card grid gap-3 p-3">
        <h2 id="items-heading" className="m-0 text-base">
          ご注文内容（{cart.quantity}点）
        </h2>
        <CheckoutItems lines={cart.list} views={view.lines} previews={previews} />
        <Link to="/cart" className="text-sm">
          カートに戻って変更する
        </Link>
      </section>
      <div className="card grid gap-4 p-3">
        <CartCouponEntry cart={cart} couponCode={view.couponCode} pageError={null} returnTo="/checkout" />
        {isMember ? <CartPointsEntry cart={cart} userPoints={view.userPoints} pageError={null} returnTo="/checkout" /> : null}
      </div>
    </>
  );
});
