/**
 * The coupon editor (staff): every field the coupon tables hold, validated by CouponFormSchema in the
 * browser (on blur, then on input) and on the server, which also checks the code is free and the SKUs
 * exist. Works without JS: a plain POST, and a refused one comes back with each message under its field
 * and the typed values kept. Per-product values and price ranges are rows; empty rows are ignored, and
 * COUPON_BLANK_ROWS empty ones always follow the filled ones (save to get more).
 */
import { getFormProps, getInputProps, getTextareaProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { COUPON_BLANK_ROWS, CouponFormSchema, type CouponFormValues } from "~/core/promotions/coupon-form";
import { PROMOTION_PARSE } from "~/core/promotions/promotion-forms";
import { FormErrors } from "~/components/forms/FormErrors";
import { FieldErrors } from "~/components/forms/TextField";
import { CheckboxField, DiscountFields, DiscountTypeSelect, InputField, NumberField, PeriodFields, RevisionInput } from "./PromotionFields";
import { useValibotForm } from "~/components/forms/useValibotForm";

const blankPrice = { sku: "", type: "fix", value: "", titleSimple: "" };
const blankRange = { minAmount: "", type: "fix", value: "" };

/** The stored rows and a few empty ones to fill in. */
function withBlankRows(values: Partial<CouponFormValues>) {
  return {
    ...values,
    prices: [...(values.prices ?? []), ...Array.from({ length: COUPON_BLANK_ROWS }, () => blankPrice)],
    ranges: [...(values.ranges ?? []), ...Array.from({ length: COUPON_BLANK_ROWS }, () => blankRange)],
  };
}

type Field = FieldMetadata<unknown>;

function RowInput({ field, label, numeric = false }: { field: Field; label: string; numeric?: boolean }) {
  return (
    <td className="px-1 py-1 align-top">
      <input
        {...getInputProps(field as FieldMetadata<string>, { type: "text" })}
        aria-label={label}
        inputMode={numeric ? "numeric" : undefined}
        autoComplete="off"
        className="field w-full min-w-20"
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </td>
  );
}

function RowType({ field, label }: { field: Field; label: string }) {
  return (
    <td className="px-1 py-1 align-top">
      <DiscountTypeSelect field={field} label={label} />
    </td>
  );
}

export function CouponForm({
  id,
  defaultValue,
  revision,
  lastResult,
  submitLabel,
}: {
  id: string;
  defaultValue: Partial<CouponFormValues>;
  /** A stored coupon's revision, posted back so a save over someone else's is refused. */
  revision?: number;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useValibotForm(CouponFormSchema, {
    id,
    lastResult,
    defaultValue: withBlankRows(defaultValue),
    shouldValidate: "onBlur",
    ...PROMOTION_PARSE,
  });
  const prices = fields.prices.getFieldList();
  const ranges = fields.ranges.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6" data-testid="coupon-form">
      <input type="hidden" name="intent" value="save" />
      <RevisionInput revision={revision} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <section className="grid gap-3">
        <h2 className="m-0 text-base">基本情報</h2>
        <div className="grid gap-3 sm:grid-cols-2">
          <InputField
            label="クーポンコード"
            field={fields.code}
            required
            hint="半角英数字・-・_（40文字以内）。大文字で保存します。"
            inputProps={{ autoComplete: "off" }}
          />
          <InputField label="短いタイトル" field={fields.titleSimple} required hint="カートや商品ページに出る名前（例：500円OFF）" />
        </div>
        <InputField label="タイトル" field={fields.title} required />
        <DiscountFields type={fields.type} value={fields.value} hint="円引きは1円以上、％引きは1〜100。送料無料だけのクーポンは0円にできます。" />
        <div className="grid gap-2 sm:grid-cols-2">
          <CheckboxField label="送料無料" field={fields.freeShipping} />
          <CheckboxField label="会員限定（ログインした会員のみ）" field={fields.memberOnly} />
          <CheckboxField label="他のクーポンと併用不可" field={fields.alone} />
          <CheckboxField label="自動適用（コード入力なしで対象のカートに適用）" field={fields.isAuto} />
        </div>
        <PeriodFields startsOn={fields.startsOn} endsOn={fields.endsOn} endLabel="有効期限" />
      </section>
      <section className="grid gap-3">
        <h2 className="m-0 text-base">利用条件</h2>
        <div className="grid gap-3 sm:grid-cols-3">
          <NumberField label="最低購入金額（円）" field={fields.minAmount} hint="対象商品の合計がこの金額以上で使えます（0は条件なし）" />
          <NumberField label="利用上限（全体の回数）" field={fields.maxUses} hint="空欄は無制限" />
          <NumberField label="利用上限（お一人様の回数）" field={fields.maxUsesPerUser} hint="空欄は無制限" />
        </div>
      </section>
      <section className="grid gap-3">
        <h2 className="m-0 text-base">対象商品</h2>
        <CheckboxField
          label="下の個別設定がない商品にもこのクーポンを適用する"
          field={fields.productsDefault}
          hint="外すと、個別設定した商品だけが対象になります。"
        />
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="text-left font-bold">商品ごとの割引（SKUで指定）</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="px-1">
                  SKU
                </th>
                <th scope="col" className="px-1">
                  種類
                </th>
                <th scope="col" className="px-1">
                  割引額
                </th>
                <th scope="col" className="px-1">
                  表示名
                </th>
              </tr>
            </thead>
            <tbody>
              {prices.map((row, index) => {
                const cells = row.getFieldset();
                return (
                  <tr key={row.key} data-testid="coupon-price-row">
                    <RowInput field={cells.sku} label={`${index + 1}行目のSKU`} />
                    <RowType field={cells.type} label={`${index + 1}行目の割引の種類`} />
                    <RowInput field={cells.value} label={`${index + 1}行目の割引額`} numeric />
                    <RowInput field={cells.titleSimple} label={`${index + 1}行目の表示名`} />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className="grid gap-1">
          <label htmlFor={fields.excludedSkus.id} className="text-sm font-bold">
            除外する商品（SKUを1行に1つ）
          </label>
          <textarea {...getTextareaProps(fields.excludedSkus as FieldMetadata<string>)} rows={3} className="field font-mono" />
          <FieldErrors id={fields.excludedSkus.errorId} errors={fields.excludedSkus.errors} />
        </div>
      </section>
      <section className="grid gap-3">
        <div className="overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="text-left font-bold">金額に応じた割引（対象商品の合計が「〜円以上」で、小さい順に）</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="px-1">
                  〜円以上
                </th>
                <th scope="col" className="px-1">
                  種類
                </th>
                <th scope="col" className="px-1">
                  割引額
                </th>
              </tr>
            </thead>
            <tbody>
              {ranges.map((row, index) => {
                const cells = row.getFieldset();
                return (
                  <tr key={row.key} data-testid="coupon-range-row">
                    <RowInput field={cells.minAmount} label={`${index + 1}段目の金額（〜円以上）`} numeric />
                    <RowType field={cells.type} label={`${index + 1}段目の割引の種類`} />
                    <RowInput field={cells.value} label={`${index + 1}段目の割引額`} numeric />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <div>
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
