/**
 * The coupon campaign and point promotion editors (staff), each validated by its schema in the browser and
 * on the server; a plain POST without JS, refused ones coming back with the messages and typed values.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { POINT_PROMO_DEFAULT_COLOR } from "~/core/limits";
import { CampaignFormSchema, PointPromoFormSchema, POINT_PROMO_MAX_RATE, POINT_PROMO_MIN_RATE, PROMOTION_PARSE } from "~/core/promotions/promotion-forms";
import { FormErrors } from "~/components/forms/FormErrors";
import { useHydrated } from "~/components/forms/useHydrated";
import { CheckboxField, DiscountFields, InputField, NumberField, PeriodFields, RevisionInput } from "./PromotionFields";
import { useValibotForm } from "~/components/forms/useValibotForm";

type CampaignValues = { code: string; title: string; type: string; value: string; minAmount: string; freeShipping: boolean; startsOn: string; endsOn: string };
type PointPromoValues = { title: string; color: string; link: string; rate: string; minAmount: string; startsOn: string; endsOn: string };

function SubmitButton({ label }: { label: string }) {
  const navigation = useNavigation();
  return (
    <div>
      <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"}>
        {label}
      </button>
    </div>
  );
}

export function CampaignForm({
  defaultValue,
  revision,
  lastResult,
  submitLabel,
}: {
  defaultValue: Partial<CampaignValues>;
  /** A stored one's revision, posted back so a save over someone else's is refused. */
  revision?: number;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const [form, fields] = useValibotForm(CampaignFormSchema, {
    id: "campaign-form",
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    ...PROMOTION_PARSE,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" data-testid="campaign-form">
      <input type="hidden" name="intent" value="save" />
      <RevisionInput revision={revision} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField
        label="キャンペーンコード"
        field={fields.code}
        required
        hint="リンク /coupon-get/{コード} になります。半角英数字・-・_（40文字以内）。"
        inputProps={{ autoComplete: "off" }}
      />
      <InputField label="タイトル" field={fields.title} required hint="カートのキャンペーン表示に出ます" />
      <DiscountFields type={fields.type} value={fields.value} hint="円引きは1円以上、％引きは1〜100。送料無料だけなら0円にできます。" />
      <NumberField label="最低購入金額（円）" field={fields.minAmount} hint="対象商品の合計がこの金額以上で適用（0は条件なし）" />
      <CheckboxField label="送料無料" field={fields.freeShipping} />
      <PeriodFields startsOn={fields.startsOn} endsOn={fields.endsOn} />
      <SubmitButton label={submitLabel} />
    </Form>
  );
}

export function PointPromoForm({
  defaultValue,
  revision,
  lastResult,
  submitLabel,
}: {
  defaultValue: Partial<PointPromoValues>;
  /** A stored one's revision, posted back so a save over someone else's is refused. */
  revision?: number;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const [form, fields] = useValibotForm(PointPromoFormSchema, {
    id: "point-promo-form",
    lastResult,
    defaultValue,
    shouldValidate: "onBlur",
    ...PROMOTION_PARSE,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" data-testid="point-promo-form">
      <input type="hidden" name="intent" value="save" />
      <RevisionInput revision={revision} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <InputField label="タイトル" field={fields.title} required hint="カートのバナーに出ます（例：ポイント2倍キャンペーン）" />
      <ColorField field={fields.color} />
      <InputField
        label="リンク"
        field={fields.link}
        hint="バナーのリンク先。「/」で始まるショップ内のパス、または https:// のURL（空欄はリンクなし）"
        inputProps={{ autoComplete: "off" }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <NumberField label="ポイント倍率" field={fields.rate} required hint={`通常の何倍か（${POINT_PROMO_MIN_RATE}〜${POINT_PROMO_MAX_RATE}）`} />
        <NumberField label="最低購入金額（円）" field={fields.minAmount} hint="この金額以上のお買い物が対象（0は条件なし）" />
      </div>
      <PeriodFields startsOn={fields.startsOn} endsOn={fields.endsOn} />
      <SubmitButton label={submitLabel} />
    </Form>
  );
}

/**
 * The banner colour: a text field (#rrggbb, empty is the default #ee6d68) and, with JS, a colour picker kept
 * in step with it — the text field alone works without JS.
 */
function ColorField({ field }: { field: Parameters<typeof InputField>[0]["field"] }) {
  const hydrated = useHydrated();
  const initial = typeof field.initialValue === "string" && field.initialValue ? field.initialValue : POINT_PROMO_DEFAULT_COLOR;
  const [color, setColor] = useState(initial);
  return (
    <div className="grid grid-cols-[1fr_auto] items-end gap-2">
      <InputField
        label="バナーの色"
        field={field}
        hint={`「#」と6桁の16進数（空欄は ${POINT_PROMO_DEFAULT_COLOR}）`}
        inputProps={{ autoComplete: "off", onChange: (event) => setColor(event.currentTarget.value) }}
      />
      {hydrated ? (
        <input
          type="color"
          aria-label="色を選ぶ"
          value={/^#[0-9a-f]{6}$/i.test(color) ? color : POINT_PROMO_DEFAULT_COLOR}
          onChange={(event) => {
            setColor(event.currentTarget.value);
            const text = document.getElementById(field.id);
            if (text instanceof HTMLInputElement) {
              // Through the native setter, so Conform (listening to input events) sees the new value.
              Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(text, event.currentTarget.value);
              text.dispatchEvent(new Event("input", { bubbles: true }));
            }
          }}
          className="mb-6 h-10 w-12 cursor-pointer border-0 p-0"
        />
      ) : null}
    </div>
  );
}
