/**
 * The add/edit form shown in a modal (JS on), on the address page and in the checkout's chooser
 * (spec §4 address editor: validate on the server; if valid, hand the address over to be saved in the
 * list). Its own <form>, validated in the browser with AddressSchema, then by
 * /user/profile/validationAddress; `onSave` persists it and answers an error text on failure.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import type { AddressInput, AddressJson } from "~/core/address/address-form";
import { FormErrors } from "~/components/forms/FormErrors";
import { validateOnServer, type ShippingRecheck } from "./address-client";
import { AddressForm } from "./AddressForm";
import { addressDefaultValue, useAddressForm } from "./useAddressForm";

export type SaveOutcome = { ok: true } | { ok: false; error: string };

export function AddressEditor({
  address,
  onSave,
  onCancel,
  onShippingChange,
}: {
  /** The address being edited; null/undefined adds a new one. */
  address?: AddressJson | null;
  onSave: (value: AddressInput) => Promise<SaveOutcome>;
  onCancel: () => void;
  onShippingChange?: (result: ShippingRecheck) => void;
}) {
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, fields] = useAddressForm({
    id: `address-editor-${address?.id ?? "new"}`,
    defaultValue: addressDefaultValue(address),
    lastResult,
    onSubmit: (event, value, formData) => {
      event.preventDefault();
      setBusy(true);
      void (async () => {
        try {
          const check = await validateOnServer(formData);
          if (!check.valide) {
            setLastResult({ status: "error", error: { ...check.errors, ...(check.error ? { "": [check.error] } : {}) } });
            return;
          }
          const saved = await onSave(value);
          if (!saved.ok) setLastResult({ status: "error", error: { "": [saved.error] } });
        } finally {
          setBusy(false);
        }
      })();
    },
  });
  return (
    <form method="post" {...getFormProps(form)} className="grid gap-4">
      <FormErrors id={form.errorId} errors={form.errors} />
      <AddressForm fields={fields} onShippingChange={onShippingChange} defaultLocked={address?.default === true} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onCancel}>
          キャンセル
        </button>
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "保存しています…" : "保存する"}
        </button>
      </div>
    </form>
  );
}
