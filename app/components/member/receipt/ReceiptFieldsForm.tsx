import { Form, useNavigation } from "@remix-run/react";
import { DEFAULT_RECEIPT_MEMO, RECEIPT_FIELD_MAX_LENGTH } from "~/core/orders/receipt";
import type { Receipt, ReceiptActionData } from "~/web/types/orders";

/** The addressee and memo (宛名・但し書き) printed on the receipt, saved on the order (POST, PRG). */
export function ReceiptFieldsForm({ receipt, errors }: { receipt: Receipt; errors: ReceiptActionData["errors"] }) {
  const navigation = useNavigation();
  return (
    <section aria-labelledby="receipt-fields" className="card mt-4 grid gap-3 p-4">
      <h2 id="receipt-fields" className="m-0 text-base">
        宛名・但し書き
      </h2>
      {errors.form ? (
        <p role="alert" className="field-error m-0">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end" aria-describedby="receipt-fields-hint">
        <ReceiptField name="receipt_name" label="宛名" value={receipt.savedName} placeholder={receipt.name || "例：株式会社〇〇"} error={errors.receipt_name} />
        <ReceiptField name="receipt_memo" label="但し書き" value={receipt.savedMemo} placeholder={DEFAULT_RECEIPT_MEMO} error={errors.receipt_memo} />
        <button type="submit" className="btn-secondary" disabled={navigation.state === "submitting"}>
          保存して表示
        </button>
      </Form>
      <p id="receipt-fields-hint" className="m-0 text-xs text-gray-600">
        空欄の場合、宛名はご購入者様のお名前、但し書きは「{DEFAULT_RECEIPT_MEMO}」になります（各{RECEIPT_FIELD_MAX_LENGTH}文字まで）。
      </p>
    </section>
  );
}

/** One of the receipt's two printed fields (宛名, 但し書き), with the server's message under it. */
function ReceiptField({ name, label, value, placeholder, error }: { name: string; label: string; value: string | null; placeholder: string; error?: string }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={name} className="text-sm font-bold">
        {label}
      </label>
      <input
        id={name}
        name={name}
        defaultValue={value ?? ""}
        placeholder={placeholder}
        maxLength={RECEIPT_FIELD_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
        className="field"
      />
      {error ? (
        <p id={`${name}-error`} role="alert" className="field-error m-0">
          {error}
        </p>
      ) : null}
    </div>
  );
}
