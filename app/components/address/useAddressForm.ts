import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import type { FormEvent } from "react";
import { AddressSchema, type AddressInput, type AddressJson } from "~/core/address/address-form";

/** A saved address as a form's default value (strings, as inputs hold them). */
export function addressDefaultValue(address?: Partial<AddressJson> | null): Record<string, string> {
  if (!address) return {};
  const value: Record<string, string> = {};
  for (const [key, field] of Object.entries(address)) {
    if (key === "id" || key === "version" || field == null) continue;
    if (typeof field === "boolean") {
      if (field) value[key] = "on";
    } else value[key] = String(field);
  }
  return value;
}

/**
 * Conform for a standalone address form (the address pages, the editors in the modals): AddressSchema
 * in the browser (on blur, then on input) and the server's reply as `lastResult`.
 */
export function useAddressForm({
  id,
  defaultValue,
  lastResult,
  onSubmit,
}: {
  id: string;
  defaultValue?: Record<string, string>;
  lastResult?: SubmissionResult<string[]> | null;
  onSubmit?: (event: FormEvent<HTMLFormElement>, value: AddressInput, formData: FormData) => void;
}) {
  return useForm<AddressInput>({
    id,
    defaultValue,
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithValibot(formData, { schema: AddressSchema }),
    onSubmit: onSubmit
      ? (event, { formData, submission }) => {
          if (submission?.status === "success") onSubmit(event, submission.value, formData);
        }
      : undefined,
  });
}
