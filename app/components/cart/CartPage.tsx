import { Link, useSearchParams } from "@remix-run/react";
import { useCallback, useState } from "react";
import { isConnectionFailure } from "~/core/site/connection";
import { BUY_LATER_NOTICE } from "~/core/member/member-actions";
import { CART_FORM_ID } from "~/core/site/result-anchor";
import type { CartActionData, CartLoaderData } from "~/web/types/cart";
import { CartShipments } from "./CartShipments";
import { useHydrated } from "../forms/useHydrated";
import { island } from "../island";

// Coupon, points, notes and totals beside the rows, the saved-for-later list below them, the banners, the
// phone's checkout bar and the buy-later notice: their code loads after the first load, the server's HTML
// standing in (see island).
const CartSidebar = island(() => import("./CartSidebar").then((module) => module.CartSidebar));
const CartBuyLaterList = island(() => import("./CartBuyLaterList").then((module) => module.CartBuyLaterList));
const CartBanners = island(() => import("./CartBanners").then((module) => module.CartBanners));
const CartCheckoutBar = island(() => import("./CartCheckoutBar").then((module) => module.CartCheckoutBar));
const BuyLaterNotice = island(() => import("./BuyLaterNotice").then((module) => module.BuyLaterNotice));

/** Spec screen 5: rows by shipment, coupon and points, totals, notices and the way to checkout. */
export function CartPage({ data, actionData }: { data: CartLoaderData; actionData: CartActionData | null }) {
  const { view, loggedIn } = data;
  const { cart } = view;
  // The notices' post to /checkout got no answer (no connection): said beside its button.
  const noticesFailed = isConnectionFailure(actionData);
  const pageError = (noticesFailed ? null : actionData) ?? data.redirectedError;
  const hydrated = useHydrated();
  // How many rows were moved to buy later since the notice last went (without JS: the redirect's mark).
  const [searchParams] = useSearchParams();
  const [laterSaves, setLaterSaves] = useState(() => (searchParams.get("notice") === BUY_LATER_NOTICE ? 1 : 0));
  const countLaterSave = useCallback(() => setLaterSaves((count) => count + 1), []);
  const clearLaterNotice = useCallback(() => setLaterSaves(0), []);

  return (
    <div className="py-4">
      <h1 className="text-xl">カート</h1>
      <BuyLaterNotice shown={laterSaves} onTimeout={clearLaterNotice} />
      <CartBanners
        pointPromo={view.pointPromo}
        campaign={view.couponCampaign}
        campaignApplied={cart.campaign?.applied ?? false}
        campaignLanded={data.campaignLanded}
      />
      {data.redirectedNotice?.kind === "coupon" ? (
        <p role="status" className="m-0 mt-2 rounded bg-green-50 px-3 py-2 text-sm text-green-800" data-testid="cart-notice">
          {data.redirectedNotice.message}
        </p>
      ) : null}
      {cart.list.length === 0 ? (
        <CartEmpty refusal={data.redirectedError ? data.redirectedError.error : null} />
      ) : (
        <div className="mt-4 grid gap-6 md:grid-cols-[1fr_320px]">
          {/* Without JS, Enter in any field presses the cart form's first button: this one applies what was typed (rows' quantities, coupon, points). */}
          {hydrated ? null : <button type="submit" form={CART_FORM_ID} name="intent" value="enter" hidden />}
          <CartShipments data={data} pageError={pageError} onBuyLater={countLaterSave} />
          <CartSidebar view={view} loggedIn={loggedIn} pageError={pageError} noticesFailed={noticesFailed} />
        </div>
      )}
      {cart.list.length > 0 ? <CartCheckoutBar cart={cart} /> : null}
      <CartBuyLaterList items={view.buyLater} />
    </div>
  );
}

/** An empty cart: the way back to shopping (and a coupon link's refusal, as there is no coupon box). */
function CartEmpty({ refusal }: { refusal: string | null }) {
  return (
    <section className="py-8 text-center">
      {/* Without rows there is no coupon box: a coupon link's refusal shows here. */}
      {refusal != null ? (
        <p role="alert" className="field-error m-0 mb-4" data-testid="cart-error">
          {refusal}
        </p>
      ) : null}
      <p className="text-lg" data-testid="cart-empty">
        カートは空です
      </p>
      <Link to="/" className="btn-primary no-underline">
        お買い物を続ける
      </Link>
    </section>
  );
}
