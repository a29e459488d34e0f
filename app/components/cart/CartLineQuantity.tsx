import { useEffect, useState } from "react";
import type { CartLine } from "~/core/cart/cart";
import { CART_FORM_ID } from "~/core/site/result-anchor";
import { useHydrated } from "../forms/useHydrated";
import { CartFetcherForm, errorFor, InlineError, useCartFetcher, useOwningForm, type CartPageError } from "./CartFetcherForm";

/**
 * A row's quantity: view mode with a 変更 button, change mode with the input (without JS the input is
 * always shown), the refusal under it and the notice when the shop brought the quantity into range.
 */
export function CartLineQuantity({
  line,
  pageError,
  pageNotice,
}: {
  line: CartLine;
  pageError: CartPageError;
  /** A quantity forced into range by a post made without JS. */
  pageNotice: { line: number; message: string } | null;
}) {
  const hydrated = useHydrated();
  const quantityFetcher = useCartFetcher();
  const owner = useOwningForm(CART_FORM_ID);
  const row = { field: "line", id: line.id } as const;
  // A quantity typed before the page hydrated stays in its field, 更新 under the finger (not view mode).
  const [editing, setEditing] = useState(() => typedBeforeHydration(`q-${line.id}`, line.quantity));
  const quantityError = errorFor([quantityFetcher.data, pageError], { intent: "quantity", fields: ["quantity", "line"], line: line.id });
  const fetched = quantityFetcher.data;
  const quantityNotice = fetched?.ok ? (fetched.notice ?? null) : pageNotice?.line === line.id ? pageNotice.message : null;
  useEffect(() => {
    if (quantityFetcher.state === "idle" && quantityFetcher.data?.ok) setEditing(false);
  }, [quantityFetcher.state, quantityFetcher.data]);

  const showQuantityForm = !hydrated || editing || quantityError != null;
  return (
    <>
      {showQuantityForm ? (
        // noValidate: a quantity out of range is brought into range by the server, which says so.
        <CartFetcherForm fetcher={quantityFetcher} intent="quantity" line={line.id} className="flex min-h-11 flex-wrap items-center gap-2" noValidate>
          <label htmlFor={`q-${line.id}`} className="whitespace-nowrap text-xs">
            数量
          </label>
          <input
            id={`q-${line.id}`}
            {...owner.recordField("q", row)}
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, line.maxQuantity)}
            defaultValue={line.quantity}
            className="field w-16 py-1"
          />
          <button type="submit" className="btn-secondary min-h-11 whitespace-nowrap py-1" {...owner.recordButton("quantity", row)}>
            更新
          </button>
          {hydrated ? (
            <button
              type="button"
              className="min-h-11 cursor-pointer whitespace-nowrap border-0 bg-transparent text-xs underline"
              onClick={() => setEditing(false)}
            >
              キャンセル
            </button>
          ) : null}
        </CartFetcherForm>
      ) : (
        // As tall as the change form (its 16 px input), so switching modes or hydrating moves nothing.
        <p className="m-0 flex min-h-11 flex-wrap items-center gap-2">
          <span className="whitespace-nowrap" data-testid="line-quantity">
            数量：{line.quantity}
          </span>
          <button type="button" className="btn-secondary min-h-11 whitespace-nowrap py-1" onClick={() => setEditing(true)}>
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
    </>
  );
}

/** Whether the server's quantity field was already focused or changed when this row hydrates (browser only). */
function typedBeforeHydration(inputId: string, quantity: number): boolean {
  if (typeof document === "undefined") return false;
  const input = document.getElementById(inputId);
  return input instanceof HTMLInputElement && (input === document.activeElement || input.value !== String(quantity));
}
