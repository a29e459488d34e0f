import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CONNECTION_FAILED_TEXT, RETRY_LABEL } from "~/core/site/connection-texts";
import { BUY_LATER_LIST_PATH } from "~/core/member/member-actions";
import { MERCHANT_SUSPENDED_TEXT } from "~/core/merchant/merchant-disclosure";
import type { PriceResult } from "~/core/catalogue/pricing";
import { PRICE_ERROR_TEXT, type ShownNotice } from "~/core/catalogue/product-notices";
import { RESULT_ANCHOR } from "~/core/site/result-anchor";
import type { ProductView } from "~/web/types/product";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useHydrated } from "../forms/useHydrated";
import { CouponBox } from "./CouponBox";
import { PriceBox } from "./PriceBox";
import { ProductOptions } from "./ProductOptions";
import { PurchaseButtons } from "./PurchaseButtons";
import { QuantityPicker } from "./QuantityPicker";
import { SubscriptionBox } from "./SubscriptionBox";
import { CART_ADD_ACTION, usePurchaseAction } from "./usePurchaseAction";
import { pricedFieldsChanged, useLivePrice } from "./useLivePrice";
import { VariationPickers } from "./VariationPickers";

function Notice({ notice: { key, tone, text }, id, onRetry }: { notice: ShownNotice; id?: string; onRetry?: () => void }) {
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`m-0 rounded px-3 py-2 text-sm ${tone === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
      data-testid="product-notice"
    >
      {text}
      {key === "price_error" ? (
        <>
          {" "}
          <Link to="/user/support">お問い合わせはこちら</Link>
        </>
      ) : null}
      {onRetry ? (
        <button type="button" className="btn-secondary ml-2 min-h-11 text-sm" onClick={onRetry}>
          {RETRY_LABEL}
        </button>
      ) : null}
      {key === "buy_later" ? (
        <>
          {" "}
          <Link to={BUY_LATER_LIST_PATH}>一覧を見る</Link>
        </>
      ) : null}
    </p>
  );
}

/** What the form has to say: the outcome of the last action, a price it could not compute, the stock left. */
function PurchaseNotices({
  notice,
  refusal,
  priceFailed,
  retryPrice,
  price,
}: {
  notice: ShownNotice | null;
  refusal: string | null | undefined;
  priceFailed: boolean;
  /** The price call got no answer (no connection): it is said so, and can be asked again. */
  retryPrice: (() => void) | null;
  price: PriceResult;
}) {
  return (
    <>
      {/* A post made without JS comes back here (#result): the outcome of 「カートに入れる」 and the other buttons. */}
      {notice ? <Notice notice={notice} id={RESULT_ANCHOR} /> : null}
      {refusal ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {priceFailed ? (
        <Notice
          notice={{ key: "price_error", tone: "error", text: retryPrice ? CONNECTION_FAILED_TEXT : PRICE_ERROR_TEXT }}
          onRetry={retryPrice ?? undefined}
        />
      ) : null}
      {price.restock_message && price.state !== "requested" ? (
        <p className={`m-0 text-sm ${price.low_stock ? "font-bold text-brand" : ""}`} data-testid="stock-message">
          {price.restock_message}
        </p>
      ) : null}
    </>
  );
}

/**
 * Pickers, quantity, live price and the action buttons of the product page. One form: its buttons post
 * to the cart actions; without JS "価格を再計算" re-submits the pickers as a GET so the server prices
 * them; with JS a fetcher asks /api/product/calculate on every change.
 */
export function PurchaseForm({ view, onVariationChange }: { view: ProductView; onVariationChange: (variationId: number) => void }) {
  const { product, variations, options, selection } = view;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const { price, subscriptionPrice, failed, connectionFailed, busy, subscriptionBusy, recalculate, recalculateChanged } = useLivePrice(view, formRef);
  const [variationId, setVariationId] = useState<number | null>(selection.variationId);
  const [quantity, setQuantity] = useState(selection.quantity);
  // A done action changes what is left to add: a price computed for a changed selection is asked again.
  const { notice, setNotice, refusal, connection, onSubmit } = usePurchaseAction(view, recalculateChanged);
  const variation = variations.find((candidate) => candidate.id === variationId) ?? null;
  // The server's form stands in until this code arrives (ProductPage's island): what was picked or typed
  // meanwhile (a variation, a choice, options, the quantity, the subscription's quantity) is what the form
  // goes on with, priced again.
  useEffect(() => {
    const form = formRef.current;
    if (!form || !pricedFieldsChanged(form)) return;
    const shown = new FormData(form);
    const picked = Number(shown.get("v")) || selection.variationId;
    if (picked != null && picked !== selection.variationId) {
      setVariationId(picked);
      onVariationChange(picked);
    }
    setQuantity(Number(shown.get("q")) || selection.quantity);
    recalculate();
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { state } = price;
  const quantityShown = !product.subscribeOnly && state !== "sold_out" && state !== "requested" && state !== "unavailable" && !price.cart_holds_all;
  const maxQuantity = Math.max(1, price.max_quantity);

  return (
    <Form
      ref={formRef}
      method="post"
      action={CART_ADD_ACTION}
      onSubmit={onSubmit}
      onChange={hydrated ? recalculate : undefined}
      className="grid gap-4"
      data-testid="purchase-form"
    >
      <input type="hidden" name="p" value={product.id} />
      <input type="hidden" name="redirectTo" value={view.path} />

      {!product.subscribeOnly ? <PriceBox price={price} busy={busy} /> : null}

      <VariationPickers
        variations={variations}
        variation={variation}
        selection={selection}
        onPickVariation={(item) => {
          setVariationId(item.id);
          onVariationChange(item.id);
          setQuantity(1);
          setNotice(null);
        }}
        onPickChoice={() => {
          setQuantity(1);
          setNotice(null);
        }}
      />

      <ProductOptions options={options} picked={selection.optionChoiceIds} />

      {quantityShown ? (
        <QuantityPicker
          quantity={Math.min(quantity, maxQuantity)}
          maxQuantity={maxQuantity}
          setQuantity={setQuantity}
          recalculate={recalculate}
          hydrated={hydrated}
        />
      ) : null}

      {/* Without JS the server prices the pickers; a browser running JS never lays this out (so hydration
          moves nothing), it prices every change by itself. */}
      <noscript>
        <button type="submit" formMethod="get" formAction={view.path} className="btn-secondary w-full">
          価格を再計算
        </button>
      </noscript>

      {product.sellerSuspended ? (
        <p role="status" className="m-0 rounded bg-gray-100 px-3 py-2 text-sm text-gray-800" data-testid="seller-suspended">
          {MERCHANT_SUSPENDED_TEXT.product}
        </p>
      ) : null}
      <PurchaseNotices notice={notice} refusal={refusal} priceFailed={failed} retryPrice={connectionFailed ? recalculate : null} price={price} />

      <ConnectionNotice failed={connection.failed} onRetry={connection.retry} />
      <PurchaseButtons view={view} price={price} />

      {!product.subscribeOnly ? <CouponBox price={price} coupon={view.coupon} excludedCodes={view.excludedCouponCodes} /> : null}

      {product.subscribe ? <SubscriptionBox view={view} price={subscriptionPrice} busy={subscriptionBusy} /> : null}
    </Form>
  );
}
