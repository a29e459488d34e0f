/**
 * The fields the staff promotion forms share (coupons, coupon campaigns, point promotions): labelled inputs
 * with their messages under them, the discount (type + value), the period in Japanese days (the forms
 * are islands: this code loads after the page).
 */
import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { DISCOUNT_TYPE_LABELS, type DiscountType } from "~/core/promotions/promotion-forms";
import { FieldErrors, RequiredMark } from "~/components/forms/TextField";

type Field = FieldMetadata<unknown>;

/** A labelled input of any type (text, number-like text, date, color, url) with its hint and messages. */
export function InputField({
  label,
  field,
  type = "text",
  required = false,
  hint,
  inputProps,
}: {
  label: string;
  field: Field;
  type?: "text" | "date" | "color" | "url";
  required?: boolean;
  hint?: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const input = getInputProps(field as FieldMetadata<string>, { type });
  const describedBy = [input["aria-describedby"], hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input {...input} aria-required={required || undefined} {...inputProps} aria-describedby={describedBy} className="field" />
      {hint ? (
        <p id={hintId} className="m-0 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** A whole number typed by staff (yen, times): text with a numeric keyboard, so 1,000 and full-width digits are read too. */
export function NumberField(props: { label: string; field: Field; required?: boolean; hint?: string }) {
  return <InputField {...props} inputProps={{ inputMode: "numeric", autoComplete: "off" }} />;
}

export function CheckboxField({ label, field, hint }: { label: string; field: Field; hint?: string }) {
  return (
    <div className="grid gap-1">
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(field as FieldMetadata<string>, { type: "checkbox" })} />
        <span>{label}</span>
      </label>
      {hint ? <p className="m-0 text-xs text-gray-600">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function DiscountTypeSelect({ field, label = "割引の種類" }: { field: Field; label?: string }) {
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
      </label>
      <select {...getSelectProps(field as FieldMetadata<string>)} className="field">
        {(Object.keys(DISCOUNT_TYPE_LABELS) as DiscountType[]).map((type) => (
          <option key={type} value={type}>
            {DISCOUNT_TYPE_LABELS[type]}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The discount: its type and value (yen for 円引き, percent for ％引き). */
export function DiscountFields({ type, value, hint }: { type: Field; value: Field; hint?: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <DiscountTypeSelect field={type} />
      <NumberField label="割引額（円 または ％）" field={value} required hint={hint ?? "円引きは1円以上、％引きは1〜100の整数"} />
    </div>
  );
}

/** The period in days in Japan: from 00:00 of the first day to the end of the last. */
export function PeriodFields({ startsOn, endsOn, endLabel = "終了日" }: { startsOn: Field; endsOn: Field; endLabel?: string }) {
  return (
    <fieldset className="m-0 grid gap-3 border-0 p-0 sm:grid-cols-2">
      <legend className="mb-1 p-0 text-sm font-bold">期間（日本時間・空欄は期限なし）</legend>
      <InputField label="開始日" field={startsOn} type="date" hint="この日の0:00から" />
      <InputField label={endLabel} field={endsOn} type="date" hint="この日の終わり（23:59）まで" />
    </fieldset>
  );
}

/** The revision a stored promotion's form was loaded on (a new one has none). */
export function RevisionInput({ revision }: { revision: number | undefined }) {
  return revision === undefined ? null : <input type="hidden" name="revision" value={revision} />;
}
