import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { formatYen } from "~/core/money";
import { ReturnRequestSchema, type ReturnRequestInput } from "~/core/returns/return-request-forms";
import { RETURN_KINDS, RETURN_REASONS } from "~/core/returns/return-labels";
import { RETURN_PHOTO_LIMIT } from "~/core/returns/return-requests";
import type { ReturnFormData } from "~/web/types/returns";
import { FormErrors } from "../forms/FormErrors";
import { AttachmentField } from "../images/AttachmentField";
import { useValibotForm } from "~/components/forms/useValibotForm";

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p id={id} role="alert" className="field-error m-0">
      {errors[0]}
    </p>
  ) : null;
}

/**
 * The request form (/user/orders/{id}/return; staff's for the customer at /crm/orders/{id}/return): 返品 or 交換, the reason, how many of each line that can
 * still go back (with its period and exclusions), details and up to three photos. One Valibot schema
 * checks it in the browser and on the server; without JS the photos are posted with the form.
 */
export function ReturnRequestForm({
  data,
  lastResult,
  submitLabel = "申し込む",
}: {
  data: ReturnFormData;
  lastResult: SubmissionResult<string[]> | null;
  /** Staff recording it for the customer say so (「登録する」). */
  submitLabel?: string;
}) {
  const navigation = useNavigation();
  const [uploading, setUploading] = useState(false);
  const [form, fields] = useValibotForm<typeof ReturnRequestSchema, ReturnRequestInput>(ReturnRequestSchema, {
    id: "return-request",
    lastResult,
  });
  const sent = (lastResult?.initialValue ?? {}) as { kind?: string; reason?: string; details?: string; lines?: { quantity?: string }[] };
  const submitting = navigation.state === "submitting" && navigation.formMethod === "POST";
  const photoError = lastResult?.error?.file?.[0] ?? null;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-4" aria-labelledby="return-form-heading">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="token" value={data.token} />

      <fieldset className="m-0 grid gap-1 border-0 p-0" aria-describedby={fields.kind.errorId}>
        <legend className="mb-1 text-sm font-bold">ご希望</legend>
        <div className="flex gap-4">
          {Object.entries(RETURN_KINDS).map(([value, label]) => (
            <label key={value} className="flex items-center gap-1">
              <input type="radio" name={fields.kind.name} value={value} defaultChecked={(sent.kind ?? "return") === value} />
              {label}
            </label>
          ))}
        </div>
        <FieldError id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>

      <div className="grid gap-1">
        <label htmlFor={fields.reason.id} className="text-sm font-bold">
          理由
        </label>
        <select
          id={fields.reason.id}
          name={fields.reason.name}
          defaultValue={sent.reason ?? ""}
          aria-describedby={fields.reason.errorId}
          aria-invalid={fields.reason.errors ? true : undefined}
        >
          <option value="">選んでください</option>
          {Object.entries(RETURN_REASONS).map(([value, reason]) => (
            <option key={value} value={value}>
              {reason.label}
            </option>
          ))}
        </select>
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>

      <fieldset className="m-0 grid gap-3 border-0 p-0" aria-describedby={fields.lines.errorId}>
        <legend className="mb-1 text-sm font-bold">商品と数量</legend>
        {data.lines.map((line, index) => (
          <div key={line.id} className="grid gap-1 rounded border border-solid border-gray-200 p-2" data-testid="return-line">
            <input type="hidden" name={`lines[${index}].id`} value={line.id} />
            <label htmlFor={`return-quantity-${line.id}`} className="font-bold">
              {line.title}
            </label>
            <p className="m-0 text-xs text-gray-700">{`${formatYen(line.unitPrice)} × ${line.ordered}点ご購入`}</p>
            <div className="flex items-center gap-2">
              <select id={`return-quantity-${line.id}`} name={`lines[${index}].quantity`} defaultValue={sent.lines?.[index]?.quantity ?? "0"}>
                {Array.from({ length: line.max + 1 }, (_, quantity) => (
                  <option key={quantity} value={quantity}>
                    {quantity === 0 ? "申し込まない" : `${quantity}点`}
                  </option>
                ))}
              </select>
            </div>
            <ul className="m-0 pl-5 text-xs text-gray-700">
              {line.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </div>
        ))}
        <FieldError id={fields.lines.errorId} errors={fields.lines.errors} />
      </fieldset>

      <div className="grid gap-1">
        <label htmlFor={fields.details.id} className="text-sm font-bold">
          詳しい状況
        </label>
        <textarea
          id={fields.details.id}
          name={fields.details.name}
          rows={5}
          defaultValue={sent.details ?? ""}
          aria-describedby={fields.details.errorId}
          aria-invalid={fields.details.errors ? true : undefined}
          placeholder="破損の箇所、届いた商品など（「その他」の場合は必須）"
        />
        <FieldError id={fields.details.errorId} errors={fields.details.errors} />
      </div>

      <AttachmentField limit={RETURN_PHOTO_LIMIT} title="写真を添付（破損・不良の場合は状態のわかる写真）" onBusyChange={setUploading} error={photoError} />

      <button type="submit" className="btn-primary justify-self-start" disabled={submitting || uploading}>
        {submitting ? "送信中…" : submitLabel}
      </button>
    </Form>
  );
}
