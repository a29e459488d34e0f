import { getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { TICKET_MESSAGE_MAX_LENGTH } from "~/core/limits";
import { REPLY_CHOICES } from "~/core/tickets/ticket-labels";
import { FieldErrors, RequiredMark } from "../forms/TextField";

/** A required choice among texts, with the ※必須 mark and the messages under it. */
export function RequiredSelect({ label, field, options }: { label: string; field: FieldMetadata<string>; options: readonly string[] }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        {label}
        <RequiredMark />
      </label>
      <select {...getSelectProps(field)} aria-required className="field">
        <option value="">選択してください</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** How the customer would like to be answered (e-mail, phone or either). */
export function ReplyChoiceField({ field }: { field: FieldMetadata<"" | "email" | "phone" | undefined> }) {
  return (
    <fieldset className="m-0 grid gap-1 border-0 p-0">
      <legend className="mb-1 p-0 text-sm font-bold">ご希望の連絡方法</legend>
      <div className="flex flex-wrap gap-4">
        {REPLY_CHOICES.map((choice) => (
          <label key={choice.value || "any"} className="flex items-center gap-1 text-sm">
            <input type="radio" name={field.name} value={choice.value} defaultChecked={(field.initialValue ?? "") === choice.value} />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The required description, checked by the form's schema rather than the browser (required={false}). */
export function DescriptionField({ field }: { field: FieldMetadata<string> }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={field.id} className="text-sm font-bold">
        お問い合わせ内容
        <RequiredMark />
      </label>
      <textarea
        {...getTextareaProps(field)}
        required={false}
        aria-required
        rows={6}
        maxLength={TICKET_MESSAGE_MAX_LENGTH}
        className="field"
        placeholder="できるだけ詳しくご記入ください"
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
