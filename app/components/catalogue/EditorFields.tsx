/**
 * The product editor's inputs. Each reads its field's metadata (useServerValidatedForm: Conform's names
 * such as `variations[0].choices[1].sku`, the value to show — the saved one, or the one just typed when
 * the server sent the form back — and the field's messages) and renders a plain input, so the form works
 * the same with JS on or off. Rows are added and removed with Conform's list intents: submit buttons the
 * server answers by showing the form again with the row added or gone.
 */
import type { ReactNode } from "react";
import { FieldErrors, RequiredMark } from "~/components/forms/TextField";

/** One field's metadata (the subset the editor reads). */
export interface FieldMeta {
  id: string;
  name: string;
  errorId: string;
  initialValue?: unknown;
  errors?: string[];
  getFieldset: () => Record<string, FieldMeta>;
}

/** The field `key` inside `parent` (a fieldset or a row). */
export function child(parent: FieldMeta | Record<string, FieldMeta>, key: string): FieldMeta {
  const fieldset =
    "getFieldset" in parent && typeof parent.getFieldset === "function" ? (parent as FieldMeta).getFieldset() : (parent as Record<string, FieldMeta>);
  return fieldset[key]!;
}

/** The rows of a list field, each with its index. */
export function rowsOf(list: FieldMeta, root: Record<string, FieldMeta>): { index: number; row: FieldMeta }[] {
  const count = Array.isArray(list.initialValue) ? list.initialValue.length : 0;
  return Array.from({ length: count }, (_, index) => ({ index, row: root[`${list.name}[${index}]`]! }));
}

export function textOf(value: unknown): string {
  return value == null ? "" : String(value);
}

/** The values of a multi-value field (checkbox group), as text. */
export function valuesOf(value: unknown): string[] {
  if (value == null || value === "") return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

function describedBy(field: FieldMeta, hintId?: string) {
  return [field.errors?.length ? field.errorId : null, hintId].filter(Boolean).join(" ") || undefined;
}

function Label({ field, label, required }: { field: FieldMeta; label: string; required?: boolean }) {
  return (
    <label htmlFor={field.id} className="text-sm font-bold">
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  );
}

export function TextInput({
  field,
  label,
  required,
  hint,
  numeric,
  wide,
  testId,
}: {
  field: FieldMeta;
  label: string;
  required?: boolean;
  hint?: string;
  numeric?: boolean;
  wide?: boolean;
  testId?: string;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  return (
    <div className={`grid content-start gap-1 ${wide ? "sm:col-span-2" : ""}`}>
      <Label field={field} label={label} required={required} />
      <input
        id={field.id}
        name={field.name}
        defaultValue={textOf(field.initialValue)}
        inputMode={numeric ? "numeric" : undefined}
        aria-required={required || undefined}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field, hintId)}
        className="field"
        data-testid={testId}
      />
      {hint ? (
        <p id={hintId} className="m-0 text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextArea({ field, label, rows = 6 }: { field: FieldMeta; label: string; rows?: number }) {
  return (
    <div className="grid gap-1 sm:col-span-2">
      <Label field={field} label={label} />
      <textarea
        id={field.id}
        name={field.name}
        rows={rows}
        defaultValue={textOf(field.initialValue)}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field)}
        className="field"
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectInput({
  field,
  label,
  options,
  required,
  testId,
}: {
  field: FieldMeta;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  testId?: string;
}) {
  return (
    <div className="grid content-start gap-1">
      <Label field={field} label={label} required={required} />
      <select
        id={field.id}
        name={field.name}
        defaultValue={textOf(field.initialValue)}
        aria-invalid={field.errors?.length ? true : undefined}
        aria-describedby={describedBy(field)}
        className="field"
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The choices of a labelled record (categories, features …) as select options, with an empty one first. */
export function recordOptions(records: readonly { id: number; name: string }[], empty: string) {
  return [{ value: "", label: empty }, ...records.map((record) => ({ value: String(record.id), label: record.name }))];
}

/** A tick box; ticked when its value is "on" (true) or 1. */
export function Checkbox({ field, label, testId }: { field: FieldMeta; label: string; testId?: string }) {
  const value = textOf(field.initialValue);
  return (
    <div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          id={field.id}
          name={field.name}
          defaultChecked={value === "on" || value === "1" || value === "true"}
          aria-describedby={describedBy(field)}
          data-testid={testId}
        />
        {label}
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** Several ids under one name (categories, features, tags). */
export function CheckboxGroup({ field, legend, records }: { field: FieldMeta; legend: string; records: readonly { id: number; name: string }[] }) {
  const chosen = valuesOf(field.initialValue);
  return (
    <fieldset className="m-0 grid gap-1 border-0 p-0 sm:col-span-2" aria-describedby={describedBy(field)}>
      <legend className="mb-1 p-0 text-sm font-bold">{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {records.map((record) => (
          <label key={record.id} className="flex items-center gap-1 text-sm">
            <input type="checkbox" name={field.name} value={record.id} defaultChecked={chosen.includes(String(record.id))} />
            {record.name}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/** A submit button that adds an empty row to the list `name` (Conform's insert intent). */
export function AddRowButton({ name, children, testId }: { name: string; children: ReactNode; testId?: string }) {
  return (
    <button
      type="submit"
      name="__intent__"
      value={JSON.stringify({ type: "insert", payload: { name } })}
      formNoValidate
      className="btn-secondary text-sm"
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/** A submit button that removes row `index` of the list `name` (Conform's remove intent). */
export function RemoveRowButton({ name, index, label }: { name: string; index: number; label: string }) {
  return (
    <button
      type="submit"
      name="__intent__"
      value={JSON.stringify({ type: "remove", payload: { name, index } })}
      formNoValidate
      className="btn-secondary text-xs"
      aria-label={label}
    >
      削除
    </button>
  );
}

/** A titled part of the form. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card mt-4 p-4">
      <h2 id={id} className="m-0 mb-3 text-base">
        {title}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </section>
  );
}
