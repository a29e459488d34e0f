import { Form, Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import { formatYen } from "~/core/money";
import type { PriceResult } from "~/core/pricing";
import { PRODUCT_NOTICES, type ProductNotice } from "~/core/product-notices";
import { RESULT_ANCHOR } from "~/core/result-anchor";
import type { ProductView } from "~/services/product-page.server";
import { useHydrated } from "../forms/useHydrated";
import { CouponBox } from "./CouponBox";
import { PriceBox } from "./PriceBox";
import { StepButton } from "./StepButton";

const CALCULATE_ACTION = "/api/product/calculate";
const CART_ADD_ACTION = "/api/cart-add";
const PURCHASE_INTENTS = new Set(["add", "add_and_go", "buy_now", "preorder", "subscribe"]);

/** What the cart-add and restock-request actions answer a fetcher. */
type ActionAnswer = {
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

function Notice({ notice, id }: { notice: ProductNotice; id?: string }) {
  const { tone, text } = PRODUCT_NOTICES[notice];
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`m-0 rounded px-3 py-2 text-sm ${tone === "error" ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
      data-testid="product-notice"
    >
      {text}
      {notice === "price_error" ? (
        <>
          {" "}
          <Link to="/user/support">お問い合わせはこちら</Link>
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
export function PurchaseForm({ view }: { view: ProductView }) {
  const { product, variations, options, selection } = view;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const calculation = useFetcher<PriceResult | 0>();
  const subscriptionCalculation = useFetcher<PriceResult | 0>();
  const [variationId, setVariationId] = useState<number | null>(selection.variationId);
  const [quantity, setQuantity] = useState(selection.quantity);
  const [notice, setNotice] = useState<ProductNotice | null>(view.notice);
  const action = useFetcher<ActionAnswer>();
  const navigate = useNavigate();

  // With JS the buttons post through a fetcher: the outcome shows in place (the header badge updates as
  // the root loader revalidates); add-and-go and buy-now then move on; guests are sent to log in.
  useEffect(() => {
    const answer = action.data;
    if (!answer || action.state !== "idle") return;
    if (answer.login_required) navigate(`/login?show=1&redirectTo=${encodeURIComponent(view.path)}`);
    else if (answer.ok && answer.redirect) navigate(answer.redirect);
    else if (answer.requested) setNotice("restock_requested");
    else if (answer.notice) setNotice(answer.notice);
  }, [action.data, action.state, navigate, view.path]);
  // Refusals without a notice key (e.g. a stock request that is not needed) show the server's text.
  const refusal = action.data && !action.data.ok && !action.data.notice && !action.data.login_required ? action.data.error : null;

  const price = calculation.data ? calculation.data : view.price;
  const subscriptionPrice = subscriptionCalculation.data ? subscriptionCalculation.data : view.subscription;
  const failed = calculation.data === 0 || subscriptionCalculation.data === 0;
  const variation = variations.find((candidate) => candidate.id === variationId) ?? null;
  const choiceGroups = variation?.choices ?? [];

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
    const restockRequest = submitter?.getAttribute("formaction")?.startsWith("/api/product/inventory-request/") ?? false;
    if (!submitter || !(PURCHASE_INTENTS.has(submitter.value) || restockRequest)) return;
    const fields = new FormData(event.currentTarget);
    const chosenVariation = variations.find((candidate) => String(candidate.id) === fields.get("v"));
    let missing: ProductNotice | null = null;
    if (product.type === "variation" && !chosenVariation) missing = "choose_variation";
    else if (chosenVariation?.type === "variable" && !fields.get("c")) missing = "choose_choice";
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

      {!product.subscribeOnly ? <PriceBox price={price} busy={calculation.state !== "idle"} /> : null}

      {variations.length > 0 ? (
        <PickerTiles
          label={`${variations[0]?.vTitle ?? "タイプ"}を選択`}
          name="v"
          items={variations}
          valueOf={(item) => item.id}
          isChecked={(item) => item.id === selection.variationId}
          onPick={(item) => {
            setVariationId(item.id);
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
          label={`${choiceGroups[0]?.groupTitle ?? ""}を選択`}
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

      {!product.subscribeOnly && !soldOut && state !== "unavailable" ? (
        <div className="grid gap-1">
          <label htmlFor="quantity" className="text-sm font-bold">
            数量
          </label>
          <div className="flex items-center gap-2">
            <StepButton
              label="数量を減らす"
              hydrated={hydrated}
              disabled={quantity <= 1}
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
              value={quantity}
              onChange={(event) => setQuantity(Math.max(1, Math.min(maxQuantity, Number(event.target.value) || 1)))}
              className="field w-20 text-center"
            />
            <StepButton
              label="数量を増やす"
              hydrated={hydrated}
              disabled={quantity >= maxQuantity}
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
      {failed ? <Notice notice="price_error" /> : null}
      {price.restock_message ? (
        <p className={`m-0 text-sm ${price.low_stock ? "font-bold text-brand" : ""}`} data-testid="stock-message">
          {price.restock_message}
        </p>
      ) : null}

      {!product.subscribeOnly ? (
        <div className="grid gap-2">
          {buyable ? (
            <>
              <button type="submit" name="intent" value="add" className="btn-primary py-3 text-base" data-bench="add-to-cart">
                カートに入れる
              </button>
              <button type="submit" name="intent" value="buy_now" className="btn-secondary py-3 text-base">
                今すぐ購入
              </button>
            </>
          ) : null}
          {preorder ? (
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
            <p className="m-0 rounded bg-green-50 px-3 py-2 text-sm" data-testid="restock-requested">
              <span className="badge bg-gray-800 text-white">SOLD OUT</span> 再入荷リクエスト済みです。入荷しましたらメールでお知らせします。
            </p>
          ) : null}
          {state === "unavailable" ? (
            <p className="m-0" data-bench="add-to-cart">
              <span className="badge bg-gray-600 px-3 py-1 text-sm text-white">利用できません</span>
            </p>
          ) : null}
        </div>
      ) : null}

      {!product.subscribeOnly ? <CouponBox price={price} coupon={view.coupon} excludedCodes={view.excludedCouponCodes} /> : null}

      {product.subscribe ? (
        <SubscriptionBox view={view} price={subscriptionPrice} busy={subscriptionCalculation.state !== "idle"} />
      ) : null}
    </Form>
  );
}

/** Subscription quantity (1–6), the tier table, the price for that quantity and the subscribe button. */
function SubscriptionBox({ view, price, busy }: { view: ProductView; price: PriceResult | null; busy: boolean }) {
  if (!view.subscriptionOffered || !price) {
    return view.product.subscribeOnly ? (
      <p className="m-0 rounded bg-gray-50 p-3 text-sm">この商品は定期便専用です。現在、定期便のお申し込みを受け付けておりません。</p>
    ) : null;
  }
  return (
    <section aria-labelledby="subscription-heading" className="card grid gap-2 p-3" data-testid="subscription-box">
      <h2 id="subscription-heading" className="m-0 text-base">
        定期便（{view.product.period}か月ごとにお届け）
      </h2>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">数量ごとの定期便価格</caption>
        <thead>
          <tr className="text-left text-xs text-gray-600">
            <th scope="col">数量</th>
            <th scope="col">1点あたり（税込）</th>
          </tr>
        </thead>
        <tbody>
          {view.tiers.map((tier) => (
            <tr key={tier.quantity} className="border-t border-t-solid border-gray-200">
              <td>{tier.quantity}点</td>
              <td>{formatYen(tier.unitPrice)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center gap-2">
        <label htmlFor="subscription-quantity" className="text-sm font-bold">
          定期便の数量
        </label>
        <select id="subscription-quantity" name="sq" defaultValue={view.selection.subscriptionQuantity} className="field w-24">
          {Array.from({ length: MAX_SUBSCRIPTION_QUANTITY }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <p className={`m-0 text-sm ${busy ? "opacity-60" : ""}`} aria-live="polite" data-testid="subscription-price">
        毎回 <strong className="text-lg text-brand">{formatYen(price.subtotal)}</strong>（税込・1点あたり{formatYen(price.selling_price)}）
      </p>
      {price.state === "in_stock" || price.state === "preorder_shipdays" ? (
        <button type="submit" name="intent" value="subscribe" className="btn-primary py-3 text-base" data-bench="add-to-cart">
          定期便を申し込む
        </button>
      ) : (
        <p className="m-0 text-sm">現在、定期便のお申し込みを受け付けておりません（在庫切れ）。</p>
      )}
      <p className="m-0 text-xs text-gray-600">次回以降のスキップ・解約はマイページからいつでも手続きできます。</p>
    </section>
  );
}

/** A required pick among tiles (variations, variable choices): one radio per tile, the chosen tile marked. */
function PickerTiles<T>({
  label,
  name,
  items,
  valueOf,
  isChecked,
  onPick,
  renderTile,
}: {
  label: string;
  name: string;
  items: T[];
  valueOf: (item: T) => string | number;
  isChecked: (item: T) => boolean;
  onPick: (item: T) => void;
  renderTile: (item: T) => ReactNode;
}) {
  return (
    <fieldset className="m-0 grid gap-2 border-0 p-0">
      <legend className="mb-1 text-sm font-bold">
        {label} <span className="text-xs text-brand">※必須</span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {items.map((item) => (
          <label
            key={valueOf(item)}
            className="flex cursor-pointer items-center gap-1 rounded border border-solid border-gray-300 px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-light"
          >
            <input type="radio" name={name} value={valueOf(item)} defaultChecked={isChecked(item)} onChange={() => onPick(item)} />
            {renderTile(item)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
