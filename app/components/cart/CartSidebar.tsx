import { Form, Link } from "@remix-run/react";
import { COLD_SHIPPING_FEE } from "~/core/limits";
import { formatYen } from "~/core/money";
import { CART_FORM_ID } from "~/core/site/result-anchor";
import type { CartLoaderData } from "~/web/types/cart";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { CartCouponEntry } from "./CartCouponEntry";
import { CartFetcherForm, errorFor, InlineError, refusedEntry, useCartFetcher, useOwningForm, type CartPageError } from "./CartFetcherForm";
import { CartPointsEntry } from "./CartPointsEntry";
import { CartSummary } from "./CartSummary";
import { ShipmentNoticeFields } from "./ShipmentNoticeFields";

/** Beside the rows: the totals, cold shipping, coupon and points, the notices to the shops and the way to checkout. */
export function CartSidebar({
  view,
  loggedIn,
  pageError,
  noticesFailed,
}: {
  view: CartLoaderData["view"];
  loggedIn: boolean;
  pageError: CartPageError;
  /** 「ご購入手続きへ」 got no answer (no connection): the notices typed are still here, and it is said so. */
  noticesFailed: boolean;
}) {
  const { cart } = view;
  const cold = useCartFetcher();
  const owner = useOwningForm(CART_FORM_ID);
  const noticeError = errorFor([pageError], { intent: "save_notices", fields: ["notice"] });
  return (
    <aside className="grid content-start gap-4">
      <div className="card grid gap-3 p-3">
        <CartSummary cart={cart} />
      </div>
      {cart.coldshipping.optional && !cart.coldshipping.required ? (
        <CartFetcherForm fetcher={cold} intent="coldshipping" className="card flex items-center justify-between gap-2 p-3 text-sm">
          <input type="hidden" name="coldshipping" value={cart.coldshipping.chosen ? "0" : "1"} {...owner.field} />
          <span>クール便：{cart.coldshipping.chosen ? "利用する" : "利用しない"}</span>
          <button type="submit" className="btn-secondary min-h-11 py-1 text-xs" aria-pressed={cart.coldshipping.chosen} {...owner.button("coldshipping")}>
            {cart.coldshipping.chosen ? "クール便をやめる" : `クール便にする（+${formatYen(COLD_SHIPPING_FEE)}）`}
          </button>
        </CartFetcherForm>
      ) : null}
      <div className="card grid gap-4 p-3">
        <CartCouponEntry cart={cart} couponCode={refusedEntry(pageError, "coupon") ?? view.couponCode} pageError={pageError} />
        {loggedIn ? (
          <CartPointsEntry
            cart={cart}
            userPoints={view.userPoints}
            pendingPoints={view.pendingPoints}
            pageError={pageError}
            typedAmount={refusedEntry(pageError, "points")}
          />
        ) : (
          <p className="m-0 text-sm">
            <Link to="/login?show=1&redirectTo=%2Fcart">ログイン</Link>するとポイントをご利用いただけます。
          </p>
        )}
      </div>
      {/* The cart's one form without JS (CART_FORM_ID): every control of the page posts it, notes included.
          noValidate: a quantity out of range is brought into range by the server, which says so. */}
      <Form method="post" action="/cart" id={CART_FORM_ID} className="card grid gap-3 p-3" noValidate>
        <ShipmentNoticeFields shipments={cart.shipments} warehouseNotice={view.warehouseNotice} vendorNotices={view.vendorNotices} />
        <InlineError message={noticeError} />
        <ConnectionNotice failed={noticesFailed} />
        {!cart.payment_eligible ? (
          <p role="alert" className="m-0 text-sm text-red-700">
            購入できない商品が含まれています。削除してからお進みください。
          </p>
        ) : null}
        {/* On a phone the sticky bar below holds this button. */}
        <div className="hidden md:grid">
          <button
            type="submit"
            name="intent"
            value="save_notices"
            className="btn-primary py-3 text-base"
            disabled={!cart.payment_eligible}
            data-testid="checkout-button"
          >
            ご購入手続きへ
          </button>
        </div>
      </Form>
    </aside>
  );
}
