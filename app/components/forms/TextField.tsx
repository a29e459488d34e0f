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
