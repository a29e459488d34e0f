import { Link } from "@remix-run/react";
import { BUY_LATER_LIST_PATH } from "~/core/member/member-actions";
import type { PriceResult } from "~/core/catalogue/pricing";
import type { ProductView } from "~/web/types/product";

/**
 * What the shopper can do in the item's purchase state: add to the cart or buy now, pre-order, ask for a
 * restock of a sold-out item, see the cart once it holds all there is; and keep it for later.
 */
export function PurchaseButtons({ view, price }: { view: ProductView; price: PriceResult }) {
  const { product } = view;
  const { state } = price;
  const cartFull = price.cart_holds_all;
  const preorder = state === "preorder" || state === "preorder_shipdays";
  return (
    <>
      {!product.subscribeOnly ? (
        <div className="grid gap-2">
          {cartFull ? (
            <Link to="/cart" className="btn-secondary py-3 text-base no-underline">
              カートを見る
            </Link>
          ) : null}
          {state === "in_stock" && !cartFull ? (
            <>
              <button type="submit" name="intent" value="add" className="btn-primary py-3 text-base" data-bench="add-to-cart">
                カートに入れる
              </button>
              <button type="submit" name="intent" value="buy_now" className="btn-secondary py-3 text-base">
                今すぐ購入
              </button>
            </>
          ) : null}
          {preorder && !cartFull ? (
            <button type="submit" name="intent" value="preorder" className="btn-primary py-3 text-base" data-bench="add-to-cart">
              予約する
            </button>
          ) : null}
          {state === "sold_out" ? (
            <>
              <p className="m-0">
                <span className="badge bg-gray-800 px-3 py-1 text-sm text-white">SOLD OUT</span>
              </p>
              {!product.disableRequest ? (
                <button
                  type="submit"
                  formAction={`/api/product/inventory-request/${product.id}`}
                  className="btn-secondary py-3 text-base"
                  data-bench="add-to-cart"
                >
                  再入荷リクエスト
                </button>
              ) : null}
            </>
          ) : null}
          {state === "requested" ? (
            <p role="status" className="m-0 rounded bg-green-50 px-3 py-2 text-sm" data-testid="restock-requested">
              <span className="badge bg-gray-800 text-white">SOLD OUT</span> {price.restock_message}
            </p>
          ) : null}
          {state === "unavailable" ? (
            <p className="m-0" data-bench="add-to-cart">
              <span className="badge bg-gray-600 px-3 py-1 text-sm text-white">利用できません</span>
            </p>
          ) : null}
        </div>
      ) : null}

      {view.inBuyLater ? (
        <Link to={BUY_LATER_LIST_PATH} className="btn-secondary text-sm no-underline">
          「あとで買う」に保存済み
        </Link>
      ) : state !== "unavailable" ? (
        <button type="submit" formAction={`/api/buylater/${product.id}`} className="btn-secondary text-sm">
          あとで買う
        </button>
      ) : null}
    </>
  );
}
