import { Form, Link, useSearchParams } from "@remix-run/react";
import { useCallback, useState } from "react";
import { BUY_LATER_NOTICE } from "~/core/member-actions";
import { COLD_SHIPPING_FEE } from "~/core/limits";
import { formatYen } from "~/core/money";
import { CART_ANCHORS } from "~/core/result-anchor";
import type { CartActionData, CartLoaderData } from "~/web/types/cart";
import { BuyLaterNotice } from "./BuyLaterNotice";
import { CartBanners } from "./CartBanners";
import { CartCheckoutBar } from "./CartCheckoutBar";
import { CartCouponEntry } from "./CartCouponEntry";
import { CartFetcherForm, errorFor, InlineError, useCartFetcher } from "./CartFetcherForm";
import { CartLineRow } from "./CartLineRow";
import { CartPointsEntry } from "./CartPointsEntry";
import { CartSummary } from "./CartSummary";
import { ShipmentNoticeFields } from "./ShipmentNoticeFields";

/** Spec screen 5: rows by shipment, coupon and points, totals, notices and the way to checkout. */
export function CartPage({ data, actionData }: { data: CartLoaderData; actionData: CartActionData | null }) {
  const { view, loggedIn } = data;
  const { cart } = view;
  const pageError = actionData ?? data.redirectedError;
  const cold = useCartFetcher();
  const moveBack = useCartFetcher();
  const noticeError = errorFor([pageError], { intent: "save_notices", fields: ["notice"] });
  const quantityNotice = data.redirectedNotice?.kind === "quantity" ? data.redirectedNotice : null;
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
        <section className="py-8 text-center">
          {/* Without rows there is no coupon box: a coupon link's refusal shows here. */}
          {data.redirectedError ? (
            <p role="alert" className="field-error m-0 mb-4" data-testid="cart-error">
              {data.redirectedError.error}
            </p>
          ) : null}
          <p className="text-lg" data-testid="cart-empty">
            カートは空です
          </p>
          <Link to="/" className="btn-primary no-underline">
            お買い物を続ける
          </Link>
        </section>
      ) : (
        <div className="mt-4 grid gap-6 md:grid-cols-[1fr_320px]">
          <div className="grid content-start gap-4">
            {cart.shipments.map((shipment) => (
              <section key={shipment.merchantId ?? "warehouse"} className="card p-3" aria-label={`${shipment.name}からのお届け`}>
                <h2 className="m-0 text-base">
                  {shipment.from === "warehouse" ? "当店倉庫からお届け" : `${shipment.name}からお届け`}
                  <span className="ml-2 text-xs font-normal text-gray-600">
                    送料 {shipment.shippingFee === 0 ? "無料" : formatYen(shipment.shippingFee)}
                  </span>
                </h2>
                <ul className="m-0 p-0">
                  {cart.list
                    .filter((line) => shipment.lineIds.includes(line.id))
                    .map((line) => (
                      <CartLineRow
                        key={line.id}
                        line={line}
                        view={view.lines.find((item) => item.lineId === line.id)!}
                        loggedIn={loggedIn}
                        onBuyLater={countLaterSave}
                        confirmingRemove={data.confirmRemove === line.id}
                        pageError={pageError}
                        pageNotice={quantityNotice}
                      />
                    ))}
                </ul>
              </section>
            ))}
            {cart.list.some((line) => !line.available) ? (
              <section className="card p-3" aria-label="購入できない商品">
                <h2 className="m-0 text-base">購入できない商品</h2>
                <p className="m-0 text-xs text-gray-600">在庫切れや販売終了の商品です。削除してからご購入手続きへお進みください。</p>
                <ul className="m-0 p-0">
                  {cart.list
                    .filter((line) => !line.available)
                    .map((line) => (
                      <CartLineRow
                        key={line.id}
                        line={line}
                        view={view.lines.find((item) => item.lineId === line.id)!}
                        loggedIn={loggedIn}
                        onBuyLater={countLaterSave}
                        confirmingRemove={data.confirmRemove === line.id}
                        pageError={pageError}
                        pageNotice={quantityNotice}
                      />
                    ))}
                </ul>
              </section>
            ) : null}
          </div>

          <aside className="grid content-start gap-4">
            <div className="card grid gap-3 p-3">
              <CartSummary cart={cart} />
            </div>
            {cart.coldshipping.optional && !cart.coldshipping.required ? (
              <CartFetcherForm fetcher={cold} intent="coldshipping" className="card flex items-center justify-between gap-2 p-3 text-sm">
                <input type="hidden" name="coldshipping" value={cart.coldshipping.chosen ? "0" : "1"} />
                <span>クール便：{cart.coldshipping.chosen ? "利用する" : "利用しない"}</span>
                <button type="submit" className="btn-secondary py-1 text-xs" aria-pressed={cart.coldshipping.chosen}>
                  {cart.coldshipping.chosen ? "クール便をやめる" : `クール便にする（+${formatYen(COLD_SHIPPING_FEE)}）`}
                </button>
              </CartFetcherForm>
            ) : null}
            <div className="card grid gap-4 p-3">
              <CartCouponEntry cart={cart} couponCode={view.couponCode} pageError={pageError} />
              {loggedIn ? (
                <CartPointsEntry cart={cart} userPoints={view.userPoints} pageError={pageError} />
              ) : (
                <p className="m-0 text-sm">
                  <Link to="/login?show=1&redirectTo=%2Fcart">ログイン</Link>するとポイントをご利用いただけます。
                </p>
              )}
            </div>
            <Form method="post" action="/cart" id={CART_ANCHORS.notices} className="card grid gap-3 p-3">
              <input type="hidden" name="intent" value="save_notices" />
              <ShipmentNoticeFields shipments={cart.shipments} warehouseNotice={view.warehouseNotice} vendorNotices={view.vendorNotices} />
              <InlineError message={noticeError} />
              {!cart.payment_eligible ? (
                <p role="alert" className="m-0 text-sm text-red-700">
                  購入できない商品が含まれています。削除してからお進みください。
                </p>
              ) : null}
              {/* On a phone the sticky bar below holds this button. */}
              <div className="hidden md:grid">
                <button type="submit" className="btn-primary py-3 text-base" disabled={!cart.payment_eligible} data-testid="checkout-button">
                  ご購入手続きへ
                </button>
              </div>
            </Form>
          </aside>
        </div>
      )}
      {cart.list.length > 0 ? <CartCheckoutBar cart={cart} /> : null}

      {view.buyLater.length > 0 ? (
        <section aria-labelledby="buy-later-heading" className="mt-8">
          <h2 id="buy-later-heading" className="text-lg">
            あとで買う（{view.buyLater.length}点）
          </h2>
          <ul className="m-0 grid gap-2 p-0">
            {view.buyLater.map((item) => (
              <li key={item.id} className="card flex list-none items-center justify-between gap-2 p-2 text-sm" data-testid="buy-later-item">
                <span>{item.title}</span>
                <CartFetcherForm fetcher={moveBack} intent="move_back">
                  <input type="hidden" name="item" value={item.id} />
                  <button type="submit" className="btn-secondary py-1 text-xs">
                    カートに戻す
                  </button>
                </CartFetcherForm>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
