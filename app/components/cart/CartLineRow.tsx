import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { UNAVAILABLE_LABELS, type CartLine } from "~/core/cart";
import { WRAPPING_FEE } from "~/core/limits";
import { formatDateJa } from "~/core/dates";
import { formatYen } from "~/core/money";
import { loginPath } from "~/core/member-actions";
import { cartLineAnchor } from "~/core/result-anchor";
import type { CartLineView } from "~/web/types/cart";
import { useHydrated } from "../forms/useHydrated";
import { CartFetcherForm, errorFor, InlineError, useCartFetcher, type CartPageError } from "./CartFetcherForm";

/**
 * One cart row: picture and labels, unit price, quantity (view mode with a 変更 button, change mode
 * with the input; without JS the input is always shown), wrapping, buy later and remove. Removing asks
 * for confirmation inline (?remove=ID), which works with and without JS. Each control row wraps as a whole
 * on a narrow phone (360 px) instead of squeezing a label or button to one character per line.
 */
export function CartLineRow({
  line,
  view,
  loggedIn,
  confirmingRemove,
  pageError,
  pageNotice,
  onBuyLater,
}: {
  line: CartLine;
  view: CartLineView;
  loggedIn: boolean;
  /** Called once the row has been moved to buy later. */
  onBuyLater: () => void;
  confirmingRemove: boolean;
  pageError: CartPageError;
  /** A quantity forced into range by a post made without JS. */
  pageNotice: { line: number; message: string } | null;
}) {
  const hydrated = useHydrated();
  const quantityFetcher = useCartFetcher();
  const wrappingFetcher = useCartFetcher();
  const removeFetcher = useCartFetcher();
  const laterFetcher = useFetcher<1 | { error: string }>();
  const [editing, setEditing] = useState(false);
  const quantityError = errorFor([quantityFetcher.data, pageError], { intent: "quantity", fields: ["quantity", "line"], line: line.id });
  const wrappingError = errorFor([wrappingFetcher.data, pageError], { intent: "wrapping", fields: ["wrapping"], line: line.id });
  const fetched = quantityFetcher.data;
  const quantityNotice = fetched?.ok ? (fetched.notice ?? null) : pageNotice?.line === line.id ? pageNotice.message : null;
  useEffect(() => {
    if (quantityFetcher.state === "idle" && quantityFetcher.data?.ok) setEditing(false);
  }, [quantityFetcher.state, quantityFetcher.data]);
  // The answer arrives while the cart reloads, before this row leaves it: the page shows the notice.
  useEffect(() => {
    if (laterFetcher.data === 1) onBuyLater();
  }, [laterFetcher.data, onBuyLater]);

  const showQuantityForm = !hydrated || editing || quantityError != null;
  return (
    // The row is where a post about it comes back to without JS (#line-ID).
    <li id={cartLineAnchor(line.id)} className="list-none border-b border-b-solid border-gray-200 py-3" data-testid="cart-line" data-sku={view.sku}>
      <div className="grid grid-cols-[72px_1fr] gap-3">
        {view.picture ? (
          <img src={view.picture} alt="" width={72} height={72} loading="lazy" className="h-18 w-18 rounded object-cover" />
        ) : (
          <span className="h-18 w-18 rounded bg-gray-100" />
        )}
        <div className="grid gap-1 text-sm">
          {view.url ? (
            <Link to={view.url} className="font-bold text-gray-900">
              {view.title}
            </Link>
          ) : (
            <span className="font-bold text-gray-900">{view.title}</span>
          )}
          {view.choiceLabel ? <span className="text-xs text-gray-700">{view.choiceLabel}</span> : null}
          {view.optionsLabel ? <span className="text-xs text-gray-700">{view.optionsLabel}</span> : null}
          {view.shippingDay ? <span className="text-xs text-gray-700">発送希望日：{formatDateJa(view.shippingDay)}</span> : null}
          <span className="flex flex-wrap gap-1">
            {line.isPreorder ? <span className="badge bg-amber-500 text-white">予約</span> : null}
            {line.subscribe != null ? <span className="badge bg-emerald-600 text-white">定期便・{line.subscribe}か月ごと</span> : null}
            {line.unavailableReason ? (
              <span className={`badge text-white ${line.archived ? "bg-gray-600" : "bg-gray-800"}`}>{UNAVAILABLE_LABELS[line.unavailableReason]}</span>
            ) : null}
            {line.couponDisabled ? <span className="badge bg-gray-200 text-gray-800">クーポンを使用できません</span> : null}
            {line.excludedCouponCodes.length > 0 ? (
              <span className="text-xs text-gray-600">対象外クーポン：{line.excludedCouponCodes.join("、")}</span>
            ) : null}
          </span>
          <span>
            {formatYen(line.unitPrice)}
            <span className="text-xs text-gray-600">（税込）</span>
          </span>

          {showQuantityForm ? (
            // noValidate: a quantity out of range is brought into range by the server, which says so.
            <CartFetcherForm fetcher={quantityFetcher} intent="quantity" line={line.id} className="flex min-h-9 flex-wrap items-center gap-2" noValidate>
              <label htmlFor={`q-${line.id}`} className="whitespace-nowrap text-xs">
                数量
              </label>
              <input
                id={`q-${line.id}`}
                name="q"
                type="number"
                inputMode="numeric"
                min={1}
                max={Math.max(1, line.maxQuantity)}
                defaultValue={line.quantity}
                className="field w-16 py-1"
              />
              <button type="submit" className="btn-secondary whitespace-nowrap py-1">
                更新
              </button>
              {hydrated ? (
                <button type="button" className="cursor-pointer whitespace-nowrap border-0 bg-transparent text-xs underline" onClick={() => setEditing(false)}>
                  キャンセル
                </button>
              ) : null}
            </CartFetcherForm>
          ) : (
            // As tall as the change form (its 16 px input), so switching modes or hydrating moves nothing.
            <p className="m-0 flex min-h-9 flex-wrap items-center gap-2">
              <span className="whitespace-nowrap" data-testid="line-quantity">
                数量：{line.quantity}
              </span>
              <button type="button" className="btn-secondary whitespace-nowrap py-1" onClick={() => setEditing(true)}>
                変更
              </button>
            </p>
          )}
          <InlineError message={quantityError} />
          {quantityNotice ? (
            <p role="status" className="m-0 text-sm text-amber-800" data-testid="quantity-notice">
              {quantityNotice}
            </p>
          ) : null}

          {line.wrappingAvailable ? (
            <CartFetcherForm fetcher={wrappingFetcher} intent="wrapping" line={line.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <input type="hidden" name="w" value={line.wrapping ? "0" : "1"} />
              <span className="whitespace-nowrap text-xs">ギフトラッピング：{line.wrapping ? `あり（${formatYen(line.wrappingFee)}）` : "なし"}</span>
              <button type="submit" className="btn-secondary py-1 text-xs">
                {line.wrapping ? "ラッピングをやめる" : `ラッピングする（1点${formatYen(WRAPPING_FEE)}）`}
              </button>
            </CartFetcherForm>
          ) : null}
          <InlineError message={wrappingError} />
          <InlineError message={laterFetcher.data != null && laterFetcher.data !== 1 ? laterFetcher.data.error : null} />

          <p className="m-0 font-bold" data-testid="line-total">
            小計 {formatYen(line.total + line.wrappingFee)}
          </p>

          <div className="flex flex-wrap gap-2">
            {loggedIn ? (
              // Spec §7 POST /api/buylater/{productId} (answers 1); without JS it returns to the cart (its default) with the notice.
              <CartFetcherForm fetcher={laterFetcher} action={`/api/buylater/${line.productId}`} intent="buy_later" line={line.id}>
                <button type="submit" className="btn-secondary py-1 text-xs" disabled={laterFetcher.state !== "idle"}>
                  あとで買う
                </button>
              </CartFetcherForm>
            ) : (
              <Link to={loginPath("/cart")} className="btn-secondary py-1 text-xs no-underline">
                あとで買う
              </Link>
            )}
            {confirmingRemove ? null : (
              <Link to={`/cart?remove=${line.id}#${cartLineAnchor(line.id)}`} preventScrollReset className="btn-secondary py-1 text-xs no-underline">
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
                <button type="submit" className="btn-primary whitespace-nowrap py-1">
                  削除する
                </button>
                <Link to="/cart" preventScrollReset className="btn-secondary whitespace-nowrap py-1 no-underline">
                  キャンセル
                </Link>
              </div>
            </CartFetcherForm>
          ) : null}
        </div>
      </div>
    </li>
  );
}
