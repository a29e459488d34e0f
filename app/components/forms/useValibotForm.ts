import { useForm, type DefaultValue, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithValibot } from "@conform-to/valibot";
import type { GenericSchema, InferOutput } from "valibot";

// Conform types a form's fields by what the schema gives (an object), as useForm infers from onValidate.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormShape<Schema extends GenericSchema> = InferOutput<Schema> extends Record<string, any> ? InferOutput<Schema> : never;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface ValibotFormOptions<Fields extends Record<string, any>> {
  id?: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Also types the fields when given (a form of text values); otherwise they take the schema's types. */
  defaultValue?: DefaultValue<Fields>;
  /** When the browser first checks a field: on submit (default) or when the shopper leaves it. */
  shouldValidate?: "onSubmit" | "onBlur";
  /** Numbers and dates stay text for the schema to read (the promotion forms' own coercion). */
  disableAutoCoercion?: boolean;
}

/**
 * A Conform form validated in the browser by the same Valibot schema the action uses: errors show as the
 * server would word them, before the post; after a first error each field is checked again as it changes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useValibotForm<Schema extends GenericSchema, Fields extends Record<string, any> = FormShape<Schema>>(
  schema: Schema,
  { id, lastResult, defaultValue, shouldValidate = "onSubmit", disableAutoCoercion }: ValibotFormOptions<Fields>,
) {
  return useForm<Fields>({
    id,
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithValibot(formData, { schema, disableAutoCoercion }) as unknown as Submission<Fields>,
    shouldValidate,
    shouldRevalidate: "onInput",
  });
}
