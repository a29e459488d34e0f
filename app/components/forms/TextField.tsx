import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";
import { LEGAL_PAGES } from "~/core/site/legal-document";
import { FieldErrors } from "./FieldErrors";

export { FieldErrors };

type InputType = "text" | "email" | "tel" | "password" | "search" | "url";

/** A labelled input with its ※必須 mark and the server's (or browser's) messages under it. */
export function TextField({
  label,
  field,
  type = "text",
  required = false,
  hint,
  inputProps,
}: {
  label: string;
  field: FieldMetadata<string>;
  type?: InputType;
  required?: boolean;
  hint?: string;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  const input = getInputProps(field, { type });
  // The field's own error and a hint given by the caller (e.g. the kana rule) are both read out.
  const describedBy = [input["aria-describedby"], inputProps?.["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input {...input} aria-required={required || undefined} {...inputProps} aria-describedby={describedBy} className="field" />
      {hint ? <p className="m-0 text-xs text-gray-600">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The visible ※必須 mark; screen readers hear aria-required on the input instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-1 text-xs text-brand">
      ※必須
    </span>
  );
}

/** The name and its reading in katakana, as registration and the guest checkout ask for them. */
export function PersonNameFields({
  fields,
}: {
  fields: { lastname: FieldMetadata<string>; firstname: FieldMetadata<string>; lastnameJp: FieldMetadata<string>; firstnameJp: FieldMetadata<string> };
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <TextField label="姓" field={fields.lastname} required inputProps={{ autoComplete: "family-name" }} />
      <TextField label="名" field={fields.firstname} required inputProps={{ autoComplete: "given-name" }} />
      <KanaFields lastname={fields.lastnameJp} firstname={fields.firstnameJp} />
    </div>
  );
}

/** What the server does with a reading (core/kana.ts toFullWidthKatakana), said under the fields. */
const KANA_FIELD_HINT = "全角カタカナで登録します（ひらがな・半角カナで入力しても自動で変換します）";

/** セイ/メイ with the one hint saying how the server keeps them. */
export function KanaFields({ lastname, firstname }: { lastname: FieldMetadata<string>; firstname: FieldMetadata<string> }) {
  const hintId = `${lastname.id}-kana-hint`;
  return (
    <>
      <TextField label="セイ（カタカナ）" field={lastname} required inputProps={{ "aria-describedby": hintId }} />
      <TextField label="メイ（カタカナ）" field={firstname} required inputProps={{ "aria-describedby": hintId }} />
      <p id={hintId} className="col-span-2 m-0 text-xs text-gray-600" data-testid="kana-hint">
        {KANA_FIELD_HINT}
      </p>
    </>
  );
}

/**
 * The membership agreement checkbox, with the privacy policy beside it; both open in a new tab, so what
 * was typed stays. `condition` says when it is needed (the checkout's 「（会員登録する場合）」); without one
 * it is always required and marked ※必須.
 */
export function AgreementCheckbox({ field, condition }: { field: FieldMetadata<boolean | string | undefined>; condition?: string }) {
  return (
    <div>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(field, { type: "checkbox" })} />
        <span>
          <a href="/user/memberAgreement" target="_blank" rel="noopener noreferrer">
            {LEGAL_PAGES.terms.title}（会員規約）
          </a>
          に同意する{condition ?? <RequiredMark />}
        </span>
      </label>
      <p className="m-0 mt-1 text-xs text-gray-600">
        ご登録いただく情報は
        <a href={LEGAL_PAGES.privacy.path} target="_blank" rel="noopener noreferrer">
          {LEGAL_PAGES.privacy.title}
        </a>
        に従って取り扱います。
      </p>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
