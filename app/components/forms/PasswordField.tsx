import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { FieldErrors, RequiredMark } from "./TextField";
import { useHydrated } from "./useHydrated";

/** Password input with a show/hide toggle (the toggle needs JS; without it the field stays masked). */
export function PasswordField({
  label,
  field,
  autoComplete,
  hint,
}: {
  label: string;
  field: FieldMetadata<string>;
  autoComplete: "current-password" | "new-password";
  hint?: string;
}) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
        <RequiredMark />
      </label>
      <div className="flex gap-2">
        <input {...getInputProps(field, { type: visible ? "text" : "password" })} autoComplete={autoComplete} aria-required className="field flex-1" />
        {hydrated ? (
          <button
            type="button"
            className="btn-secondary shrink-0"
            aria-controls={field.id}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? "隠す" : "表示"}
          </button>
        ) : null}
      </div>
      {hint ? <p className="m-0 text-xs text-gray-600">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
