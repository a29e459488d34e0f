import { Form, useNavigation } from "@remix-run/react";
import { ADJUSTMENT_CHOICES, MAX_STOCK_REASON_LENGTH, POOL_LABELS, type StockFormField } from "~/core/catalogue/stock-adjustment";
import type { ProductStockPageData, StockAdjustmentActionData } from "~/web/types/catalogue-stock";

/** A stock the form can adjust: its `target` value, name, and whether it has a pre-order pool. */
export interface StockOption {
  value: string;
  label: string;
  sku: string;
  stock: number | null;
  preorder: number | null;
}

/** The message of a field after a refusal, and what its input needs to point at it. */
function fieldError(actionData: StockAdjustmentActionData | null, field: StockFormField) {
  const message = actionData?.errors[field];
  const id = `stock-${field}-error`;
  return {
    message: message ? (
      <p id={id} role="alert" className="field-error m-0">
        {message}
      </p>
    ) : null,
    inputProps: { "aria-invalid": message ? true : undefined, "aria-describedby": message ? id : undefined },
  };
}

/**
 * 入荷 / 棚卸し修正 of one stock. A refusal shows each field's message with what was typed. An island on the
 * stock pages: its code loads after the page; the server's form posts meanwhile.
 */
export function StockAdjustmentForm({
  options,
  preset,
  actionData,
  resetKey,
}: {
  options: StockOption[];
  preset: ProductStockPageData["preset"];
  actionData: StockAdjustmentActionData | null;
  /** Changes after each adjustment, so the form starts empty again. */
  resetKey: string | number;
}) {
  const navigation = useNavigation();
  const values = actionData?.values;
  const adjustable = options.filter((option) => option.stock != null);
  const target = values?.target ?? preset.target ?? adjustable[0]?.value ?? "";
  const pool = values?.pool ?? preset.pool;
  const kind = values?.kind ?? "receipt";
  const errors = {
    target: fieldError(actionData, "target"),
    pool: fieldError(actionData, "pool"),
    kind: fieldError(actionData, "kind"),
    quantity: fieldError(actionData, "quantity"),
    reason: fieldError(actionData, "reason"),
  };
  return (
    <section id="adjust" aria-labelledby="adjust-heading" className="card p-4">
      <h2 id="adjust-heading" className="m-0 mb-3 text-base">
        在庫を調整する
      </h2>
      {actionData ? (
        <p role="alert" className="m-0 mb-3 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
          在庫は調整されていません。入力内容をご確認ください。
        </p>
      ) : null}
      <Form method="post" key={resetKey} className="grid gap-4" data-testid="stock-adjustment-form">
        <div className="grid gap-1">
          <label htmlFor="stock-target" className="text-sm font-bold">
            調整する在庫
          </label>
          <select id="stock-target" name="target" defaultValue={target} className="field" {...errors.target.inputProps}>
            {adjustable.map((option) => (
              <option key={option.value} value={option.value}>{`${option.label}（${option.sku}）`}</option>
            ))}
          </select>
          {errors.target.message}
        </div>
        <fieldset className="m-0 grid gap-1 border-0 p-0" {...errors.pool.inputProps}>
          <legend className="mb-1 p-0 text-sm font-bold">在庫の種類</legend>
          <div className="flex flex-wrap gap-4">
            {(["stock", "preorder"] as const).map((value) => (
              <label key={value} className="flex items-center gap-1 text-sm">
                <input type="radio" name="pool" value={value} defaultChecked={pool === value} />
                {POOL_LABELS[value]}
              </label>
            ))}
          </div>
          {errors.pool.message}
        </fieldset>
        <fieldset className="m-0 grid gap-1 border-0 p-0" {...errors.kind.inputProps}>
          <legend className="mb-1 p-0 text-sm font-bold">調整の種類</legend>
          <div className="grid gap-1">
            {ADJUSTMENT_CHOICES.map((choice) => (
              <label key={choice.value} className="flex items-center gap-1 text-sm">
                <input type="radio" name="kind" value={choice.value} defaultChecked={kind === choice.value} />
                {choice.label}
              </label>
            ))}
          </div>
          {errors.kind.message}
        </fieldset>
        <div className="grid gap-1 sm:max-w-60">
          <label htmlFor="stock-quantity" className="text-sm font-bold">
            数量
          </label>
          <input
            id="stock-quantity"
            name="quantity"
            type="text"
            autoComplete="off"
            defaultValue={values?.quantity ?? ""}
            className="field"
            aria-describedby={errors.quantity.message ? "stock-quantity-error" : "stock-quantity-hint"}
            aria-invalid={errors.quantity.inputProps["aria-invalid"]}
          />
          <p id="stock-quantity-hint" className="m-0 text-xs text-gray-600">
            入荷は入荷した数、在庫数を指定する修正は棚卸し後の数、±の修正は「+5」「-3」のように入力します。
          </p>
          {errors.quantity.message}
        </div>
        <div className="grid gap-1">
          <label htmlFor="stock-reason" className="text-sm font-bold">
            理由・メモ<span className="ml-1 text-xs font-normal text-gray-600">（棚卸し修正では必須）</span>
          </label>
          <input
            id="stock-reason"
            name="reason"
            type="text"
            maxLength={MAX_STOCK_REASON_LENGTH}
            defaultValue={values?.reason ?? ""}
            placeholder="例：棚卸しで破損2点を確認"
            className="field"
            {...errors.reason.inputProps}
          />
          {errors.reason.message}
        </div>
        <div>
          <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
            在庫を調整する
          </button>
          <p className="m-0 mt-2 text-xs text-gray-600">在庫が0から増えると、入荷を待っている会員に「再入荷のお知らせ」が届きます。</p>
        </div>
      </Form>
    </section>
  );
}
