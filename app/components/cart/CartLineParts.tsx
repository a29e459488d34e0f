/** A cart row's controls (CartLineRow): their code loads after the first load, the server's forms standing in. */
import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { useShopFetcher } from "../connection/useShopFetcher";
import type { CartLine } from "~/core/cart/cart";
import { WRAPPING_FEE } from "~/core/limits";
import { loginPath } from "~/core/member/member-actions";
import { formatYen } from "~/core/money";
import { CART_FORM_ID, cartLineAnchor } from "~/core/site/result-anchor";
import { CartFetcherForm, errorFor, InlineError, useCartFetcher, useOwningForm, type CartPageError } from "./CartFetcherForm";

/** Gift wrapping of a row that may be wrapped: what it costs, the button that turns it on or off, the refusal. */
export function CartLineWrapping({ line, pageError }: { line: CartLine; pageError: CartPageError }) {
  const wrappingFetcher = useCartFetcher();
  const owner = useOwningForm(CART_FORM_ID);
  const row = { field: "line", id: line.id } as const;
  const wrappingError = errorFor([wrappingFetcher.data, pageError], { intent: "wrapping", fields: ["wrapping"], line: line.id });
  return (
    <>
      {line.wrappingAvailable ? (
        <CartFetcherForm fetcher={wrappingFetcher} intent="wrapping" line={line.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <input type="hidden" {...owner.recordField("w", row)} value={line.wrapping ? "0" : "1"} />
          <span className="whitespace-nowrap text-xs">ギフトラッピング：{line.wrapping ? `あり（${formatYen(line.wrappingFee)}）` : "なし"}</span>
          <button type="submit" className="btn-secondary min-h-11 py-1 text-xs" {...owner.recordButton("wrapping", row)}>
            {line.wrapping ? "ラッピングをやめる" : `ラッピングする（1点${formatYen(WRAPPING_FEE)}）`}
          </button>
        </CartFetcherForm>
      ) : null}
      <InlineError message={wrappingError} />
    </>
  );
}

/**
 * Buy later (members; guests are sent to log in) and remove, which asks for confirmation inline
 * (?remove=ID) with and without JS. Without JS the buttons that ask and put the question away post the
 * cart's one form (so the 備考 typed are kept on the way) where JS has links.
 */
export function CartLineActions({
  line,
  loggedIn,
  confirmingRemove,
  onBuyLater,
}: {
  line: CartLine;
  loggedIn: boolean;
  confirmingRemove: boolean;
  /** Called once the row has been moved to buy later. */
  onBuyLater: () => void;
}) {
  const laterFetcher = useShopFetcher<1 | { error: string }>();
  const removeFetcher = useCartFetcher();
  const owner = useOwningForm(CART_FORM_ID);
  const row = { field: "line", id: line.id } as const;
  // The answer arrives while the cart reloads, before this row leaves it: the page shows the notice.
  useEffect(() => {
    if (laterFetcher.data === 1) onBuyLater();
  }, [laterFetcher.data, onBuyLater]);
  return (
    <>
      <InlineError message={laterFetcher.data != null && laterFetcher.data !== 1 ? laterFetcher.data.error : null} />
      <div className="flex flex-wrap gap-2">
        {loggedIn ? (
          // Spec §7 POST /api/buylater/{productId} (answers 1); without JS it returns to the cart (its default) with the notice.
          <CartFetcherForm fetcher={laterFetcher} action={`/api/buylater/${line.productId}`} intent="buy_later" line={line.id}>
            <button
              type="submit"
              className="btn-secondary min-h-11 py-1 text-xs"
              disabled={laterFetcher.state !== "idle"}
              {...owner.recordButton("buy_later", row)}
            >
              あとで買う
            </button>
          </CartFetcherForm>
        ) : (
          <Link to={loginPath("/cart")} className="btn-secondary min-h-11 py-1 text-xs no-underline">
            あとで買う
          </Link>
        )}
        {confirmingRemove ? null : owner.owned ? (
          <button type="submit" className="btn-secondary min-h-11 py-1 text-xs" {...owner.recordButton("ask_remove", row)}>
            削除
          </button>
        ) : (
          <Link to={`/cart?remove=${line.id}#${cartLineAnchor(line.id)}`} preventScrollReset className="btn-secondary min-h-11 py-1 text-xs no-underline">
            削除
          </Link>
        )}
      </div>
      {confirmingRemove ? (
        <CartFetcherForm fetcher={removeFetcher} intent="remove" line={line.id} className="grid gap-2 rounded bg-red-50 p-2">
          <p role="alert" className="m-0 text-sm">
            この商品をカートから削除しますか？
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary min-h-11 whitespace-nowrap py-1" {...owner.recordButton("remove", row)}>
              削除する
            </button>
            {owner.owned ? (
              <button type="submit" className="btn-secondary min-h-11 whitespace-nowrap py-1" {...owner.recordButton("keep", row)}>
                キャンセル
              </button>
            ) : (
              <Link to="/cart" preventScrollReset className="btn-secondary min-h-11 whitespace-nowrap py-1 no-underline">
                キャンセル
              </Link>
            )}
          </div>
        </CartFetcherForm>
      ) : null}
    </>
  );
}
