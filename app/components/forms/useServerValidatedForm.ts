import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { useMemo } from "react";

/** The form-level part of the metadata: what a server-validated <Form> and its FormErrors read. */
export interface ServerFormMetadata {
  id: string;
  errorId: string;
  errors?: string[];
}

/** The field metadata by name, as Conform's `getFieldset()` gives it. */
export type ServerFieldset<Schema extends Record<string, unknown>> = ReturnType<FormMetadata<Schema, string[]>["getFieldset"]>;

interface ReplyState {
  formId: string;
  initialValue: Record<string, unknown>;
  error: Record<string, string[] | null | undefined>;
}

/** Conform's form value of a default: `true` is a ticked checkbox ("on"), numbers are text. */
function asFormValue(value: unknown): unknown {
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number") return String(value);
  return value;
}

/** Nested values keyed by Conform's field names ("shipping.city", "items[0]"), every level included. */
function flattenByName(value: unknown, name: string, into: Record<string, unknown>): Record<string, unknown> {
  const formValue = asFormValue(value);
  if (name) into[name] = formValue;
  if (Array.isArray(formValue)) formValue.forEach((item, index) => flattenByName(item, `${name}[${index}]`, into));
  else if (formValue && typeof formValue === "object") {
    for (const [key, item] of Object.entries(formValue)) flattenByName(item, name ? `${name}.${key}` : key, into);
  }
  return into;
}

function fieldMetadata(state: ReplyState, name: string) {
  const id = `${state.formId}-${name}`;
  const errors = state.error[name];
  return {
    id,
    name,
    formId: state.formId,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    initialValue: state.initialValue[name],
    errors: errors?.length ? errors : undefined,
    getFieldset: () => fieldset(state, name),
  };
}

function fieldset(state: ReplyState, prefix: string): Record<string, ReturnType<typeof fieldMetadata>> {
  return new Proxy({}, { get: (_target, key) => (typeof key === "string" ? fieldMetadata(state, prefix ? `${prefix}.${key}` : key) : undefined) });
}

/**
 * A form that is validated on the server only (the checkout): the field metadata Conform's useForm
 * would give — the same ids, names, initial values and error messages, read from the action's
 * `submission.reply()` — without shipping Conform's client runtime (about 9 KB gzip) on a page that
 * never validates in the browser. Conform's getInputProps/getFormProps-style helpers and the shared
 * field components take these objects as they are: they read only id, name, formId, errorId,
 * descriptionId, initialValue and errors (constraints such as `required` are left undefined).
 * Like useForm, the reply's submitted values replace `defaultValue` once there is a reply.
 */
export function useServerValidatedForm<Schema extends Record<string, unknown>>({
  id,
  lastResult,
  defaultValue,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Partial<Record<keyof Schema, unknown>>;
}): [ServerFormMetadata, ServerFieldset<Schema>] {
  return useMemo(() => {
    const state: ReplyState = {
      formId: id,
      initialValue: flattenByName(lastResult?.initialValue ?? defaultValue ?? {}, "", {}),
      error: lastResult?.error ?? {},
    };
    const formErrors = state.error[""];
    const form: ServerFormMetadata = { id, errorId: `${id}-error`, errors: formErrors?.length ? formErrors : undefined };
    // The objects carry only the metadata listed above; see the function's comment.
    return [form, fieldset(state, "") as unknown as ServerFieldset<Schema>];
    // defaultValue is read once, as useForm does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, lastResult]);
}
