import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";

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
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input {...getInputProps(field, { type })} aria-required={required || undefined} {...inputProps} className="field" />
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

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-error m-0 list-none" role="alert">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
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
      <TextField label="セイ（カタカナ）" field={fields.lastnameJp} required />
      <TextField label="メイ（カタカナ）" field={fields.firstnameJp} required />
    </div>
  );
}

/**
 * The membership agreement checkbox; the agreement opens in a new tab. `condition` says when it is
 * needed (the checkout's 「（会員登録する場合）」); without one it is always required and marked ※必須.
 */
export function AgreementCheckbox({ field, condition }: { field: FieldMetadata<boolean>; condition?: string }) {
  return (
    <div>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(field, { type: "checkbox" })} />
        <span>
          <a href="/user/memberAgreement" target="_blank" rel="noopener noreferrer">
            会員規約
          </a>
          に同意する{condition ?? <RequiredMark />}
        </span>
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
