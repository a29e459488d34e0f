import { Form, Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { BUY_LATER_NOTICE_MS } from "~/core/limits";
import { formatYen } from "~/core/money";
import { BUY_LATER_LIST_PATH, BUY_LATER_SAVED_TEXT, loginPath } from "~/core/member-actions";
import type { PriceResult } from "~/core/pricing";
import { ADDED_TEXT, chooseText, pickerLabel, PRICE_ERROR_TEXT, type ProductNotice, type ShownNotice } from "~/core/product-notices";
import { RESULT_ANCHOR } from "~/core/result-anchor";
import type { ProductView } from "~/web/types/product";
import { useHydrated } from "../forms/useHydrated";
import { CouponBox } from "./CouponBox";
import { PickerTiles } from "./PickerTiles";
import { PriceBox } from "./PriceBox";
import { StepButton } from "./StepButton";
import { SubscriptionBox } from "./SubscriptionBox";

const CALCULATE_ACTION = "/api/product/calculate";
const CART_ADD_ACTION = "/api/cart-add";
const PURCHASE_INTENTS = new Set(["add", "add_and_go", "buy_now", "preorder", "subscribe"]);

/** What the cart-add, restock-request and buy-later (1) actions answer a fetcher. */
type ActionAnswer =
  | 1
  | {
      ok?: boolean;
      notice?: ProductNotice;
      redirect?: string | null;
      requested?: boolean;
      error?: string;
      login_required?: boolean;
    };

/** Form fields for the calculate call (spec §7: p, v, q, o, c, subscribe). */
function calculationFields(form: HTMLFormElement, subscribe: boolean): FormData {
  const fields = new FormData(form);
  const body = new FormData();
  for (const name of ["p", "v", "c"]) {
    const value = fields.get(name);
    if (typeof value === "string" && value) body.set(name, value);
  }
  for (const [name, value] of fields.entries()) if (name.startsWith("o[") && value) body.append("o", value);
  body.set("q", String(fields.get(subscribe ? "sq" : "q") ?? "1"));
  if (subscribe) body.set("subscribe", "1");
  return body;
}

function Notice({ notice: { key, tone, text }, id }: { notice: ShownNotice; id?: string }) {
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
      {key === "buy_later" ? (
        <>
          {" "}
          <Link to={BUY_LATER_LIST_PATH}>一覧を見る</Link>
        </>
      ) : null}
    </p>
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
  const calculation = useFetcher<PriceResult | 0>();
  const subscriptionCalculation = useFetcher<PriceResult | 0>();
  const [variationId, setVariationId] = useState<number | null>(selection.variationId);
  const [quantity, setQuantity] = useState(selection.quantity);
  const [notice, setNotice] = useState<ShownNotice | null>(view.notice);
  const action = useFetcher<ActionAnswer>();
  const navigate = useNavigate();

  // With JS the buttons post through a fetcher: the outcome shows in place (the header badge updates as
  // the root loader revalidates); add-and-go and buy-now then move on; guests are sent to log in.
  // A done action changes what is left to add (the cart, the request): the page's price is revalidated,
  // and a price computed for a changed selection is asked again. Once requested, the page's own
  // 「再入荷リクエスト済み」 says so (one message).
  useEffect(() => {
    const answer = action.data;
    if (!answer || action.state !== "idle") return;
    if (answer === 1) {
      setNotice({ key: "buy_later", tone: "success", text: BUY_LATER_SAVED_TEXT });
      return;
    }
    if (answer.login_required) navigate(loginPath(view.path));
    else if (answer.ok && answer.redirect) navigate(answer.redirect);
    else if (answer.ok) setNotice({ key: "added", tone: "success", text: ADDED_TEXT });
    else if (answer.notice && answer.error) setNotice({ key: answer.notice, tone: "error", text: answer.error });
    if (answer.ok || answer.requested) recalculateChanged();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when an answer arrives
  }, [action.data, action.state, navigate, view.path]);
  // The buy-later notice goes after BUY_LATER_NOTICE_MS (spec §9); without JS it stays, being part of the page.
  useEffect(() => {
    if (notice?.key !== "buy_later" || !hydrated) return;
    const timer = setTimeout(() => setNotice(null), BUY_LATER_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice, hydrated]);
  // Refusals without a notice key (e.g. a stock request that is not needed) show the server's text.
  const answer = action.data === 1 ? null : action.data;
  const refusal = answer && !answer.ok && !answer.notice && !answer.login_required ? answer.error : null;

  const price = calculation.data ? calculation.data : view.price;
  const subscriptionPrice = subscriptionCalculation.data ? subscriptionCalculation.data : view.subscription;
  const failed = calculation.data === 0 || subscriptionCalculation.data === 0;
  const variation = variations.find((candidate) => candidate.id === variationId) ?? null;
  const choiceGroups = variation?.choices ?? [];

  function recalculateChanged() {
    if (calculation.data != null || subscriptionCalculation.data != null) recalculate();
  }

  function recalculate() {
    const form = formRef.current;
    if (!form) return;
    calculation.submit(calculationFields(form, false), { method: "post", action: CALCULATE_ACTION });
    if (view.subscriptionOffered) {
      subscriptionCalculation.submit(calculationFields(form, true), { method: "post", action: CALCULATE_ACTION });
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const target = submitter?.getAttribute("formaction") ?? "";
    const restockRequest = target.startsWith("/api/product/inventory-request/");
    // Buy later saves the product itself: nothing needs choosing first.
    const buyLater = target.startsWith("/api/buylater/");
    if (!submitter || !(PURCHASE_INTENTS.has(submitter.value) || restockRequest || buyLater)) return;
    const fields = new FormData(event.currentTarget);
    const chosenVariation = variations.find((candidate) => String(candidate.id) === fields.get("v"));
    let missing: ShownNotice | null = null;
    if (!buyLater && product.type === "variation" && !chosenVariation) {
      missing = { key: "choose_variation", tone: "error", text: chooseText(pickers.variation) };
    } else if (!buyLater && chosenVariation?.type === "variable" && !fields.get("c")) {
      missing = { key: "choose_choice", tone: "error", text: chooseText(chosenVariation.choices[0]?.groupTitle) };
    }
    event.preventDefault();
    if (missing) {
      setNotice(missing);
      return;
    }
    setNotice(null);
    action.submit(new FormData(event.currentTarget, submitter), {
      method: "post",
      action: submitter.getAttribute("formaction") ?? CART_ADD_ACTION,
    });
  }

  const state = price.state;
  const buyable = state === "in_stock";
  const preorder = state === "preorder" || state === "preorder_shipdays";
  const soldOut = state === "sold_out" || state === "requested";
  const cartFull = price.cart_holds_all;
  const maxQuantity = Math.max(1, price.max_quantity);
  const shownQuantity = Math.min(quantity, maxQuantity);
  const pickers = { variation: variations[0]?.vTitle, choice: choiceGroups[0]?.groupTitle };

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

      {!product.subscribeOnly ? <PriceBox price={price} busy={calculation.state !== "idle"} /> : null}

      {variations.length > 0 ? (
        <PickerTiles
          label={pickerLabel(pickers.variation)}
          name="v"
          items={variations}
          valueOf={(item) => item.id}
          isChecked={(item) => item.id === selection.variationId}
          onPick={(item) => {
            setVariationId(item.id);
            onVariationChange(item.id);
            setQuantity(1);
            setNotice(null);
          }}
          renderTile={(item) => (
            <>
              <span>{item.title}</span>
              <span className="text-xs text-gray-600">{formatYen(item.price)}</span>
              {item.status !== "published" ? <span className="badge bg-gray-600 text-white">利用できません</span> : null}
              {item.status === "published" && item.inventory <= 0 ? <span className="badge bg-gray-700 text-white">在庫なし</span> : null}
            </>
          )}
        />
      ) : null}

      {choiceGroups.length > 0 ? (
        <PickerTiles
          label={pickerLabel(pickers.choice)}
          name="c"
          items={choiceGroups}
          valueOf={(choice) => choice.sku}
          isChecked={(choice) => choice.sku === selection.choiceSku}
          onPick={() => {
            setQuantity(1);
            setNotice(null);
          }}
          renderTile={(choice) => (
            <>
              {choice.title}
              {choice.priceDiff > 0 ? <span className="text-xs text-gray-600">+{formatYen(choice.priceDiff)}</span> : null}
              {choice.inventory === 0 ? <span className="badge bg-gray-700 text-white">在庫なし</span> : null}
            </>
          )}
        />
      ) : null}

      {options.map((option) =>
        option.type === "list" ? (
          <div key={option.id} className="grid gap-1">
            <label htmlFor={`option-${option.id}`} className="text-sm font-bold">
              {option.title}
            </label>
            <select
              id={`option-${option.id}`}
              name={`o[${option.id}]`}
              defaultValue={option.choices.find((choice) => selection.optionChoiceIds.includes(choice.id))?.id ?? option.choices[0]?.id}
              className="field"
            >
              {option.choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title}
                  {choice.fee > 0 ? `（+${formatYen(choice.fee)}）` : ""}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <fieldset key={option.id} className="m-0 grid gap-1 border-0 p-0">
            <legend className="mb-1 text-sm font-bold">{option.title}</legend>
            {option.choices.map((choice, index) => (
              <label key={choice.id} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={`o[${option.id}]`}
                  value={choice.id}
                  defaultChecked={
                    selection.optionChoiceIds.includes(choice.id) ||
                    (index === 0 && !option.choices.some((other) => selection.optionChoiceIds.includes(other.id)))
                  }
                />
                {choice.title}
                {choice.fee > 0 ? <span className="text-xs text-gray-600">（+{formatYen(choice.fee)}）</span> : null}
              </label>
            ))}
          </fieldset>
        ),
      )}

      {!product.subscribeOnly && !soldOut && !cartFull && state !== "unavailable" ? (
        <div className="grid gap-1">
          <label htmlFor="quantity" className="text-sm font-bold">
            数量
          </label>
          <div className="flex items-center gap-2">
            <StepButton
              label="数量を減らす"
              hydrated={hydrated}
              disabled={shownQuantity <= 1}
              onClick={() => {
                setQuantity((value) => Math.max(1, value - 1));
                queueMicrotask(recalculate);
              }}
            >
              −
            </StepButton>
            <input
              id="quantity"
              name="q"
              type="number"
              inputMode="numeric"
              min={1}
              max={maxQuantity}
              value={shownQuantity}
              onChange={(event) => setQuantity(Math.max(1, Math.min(maxQuantity, Number(event.target.value) || 1)))}
              className="field w-20 text-center"
            />
            <StepButton
              label="数量を増やす"
              hydrated={hydrated}
              disabled={shownQuantity >= maxQuantity}
              onClick={() => {
                setQuantity((value) => Math.min(maxQuantity, value + 1));
                queueMicrotask(recalculate);
              }}
            >
              ＋
            </StepButton>
            <span className="text-xs text-gray-600">最大{maxQuantity}点</span>
          </div>
        </div>
      ) : null}

      {/* Without JS the server prices the pickers; a browser running JS never lays this out (so hydration
          moves nothing), it prices every change by itself. */}
      <noscript>
        <button type="submit" formMethod="get" formAction={view.path} className="btn-secondary w-full">
          価格を再計算
        </button>
      </noscript>

      {/* A post made without JS comes back here (#result): the outcome of 「カートに入れる」 and the other buttons. */}
      {notice ? <Notice notice={notice} id={RESULT_ANCHOR} /> : null}
      {refusal && action.state === "idle" ? (
        <p role="alert" className="m-0 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      {failed ? <Notice notice={{ key: "price_error", tone: "error", text: PRICE_ERROR_TEXT }} /> : null}
      {price.restock_message && state !== "requested" ? (
        <p className={`m-0 text-sm ${price.low_stock ? "font-bold text-brand" : ""}`} data-testid="stock-message">
          {price.restock_message}
        </p>
      ) : null}

      {!product.subscribeOnly ? (
        <div className="grid gap-2">
          {cartFull ? (
            <Link to="/cart" className="btn-secondary py-3 text-base no-underline">
              カートを見る
            </Link>
          ) : null}
          {buyable && !cartFull ? (
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

      {!product.subscribeOnly ? <CouponBox price={price} coupon={view.coupon} excludedCodes={view.excludedCouponCodes} /> : null}

      {product.subscribe ? (
        <SubscriptionBox view={view} price={subscriptionPrice} busy={subscriptionCalculation.state !== "idle"} />
      ) : null}
    </Form>
  );
}
