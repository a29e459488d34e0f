/**
 * Reading a Conform form on the server: every action's one way to call `parseWithValibot`. Conform reserves
 * two field names and reads them itself, throwing on anything it cannot read (a 500): `__intent__`, a JSON
 * form control (validate, reset, update, insert, remove, reorder a list's rows), and `__state__`. The shop's
 * pages send `__intent__` only from the product editor's add/remove-row buttons (without JS; with JS Conform
 * handles them in the browser) and never send `__state__`; so both are read here first, and anything else
 * is input no page sends: 400 with MALFORMED_INPUT_MESSAGE, before anything is read or written.
 */
import { parseWithValibot } from "@conform-to/valibot";
import * as v from "valibot";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { badRequest } from "~/web/site/text-responses.server";

/** Conform's reserved field names (@conform-to/dom's INTENT and STATE). */
const INTENT_FIELD = "__intent__";
const STATE_FIELD = "__state__";

/** A list's name as the editor's rows are named: `variations`, `options[2].choices`. */
const ListNameSchema = v.pipe(v.string(), v.regex(/^[A-Za-z]\w{0,39}(?:\[\d{1,3}\]\.[A-Za-z]\w{0,39}){0,3}$/));
const RowIndexSchema = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999));

/** The two list changes the product editor's buttons post (AddRowButton, RemoveRowButton). */
const RowIntentSchema = v.pipe(
  v.string(),
  v.parseJson(),
  v.variant("type", [
    v.object({
      type: v.literal("insert"),
      payload: v.object({ name: ListNameSchema, index: v.optional(RowIndexSchema), defaultValue: v.optional(v.record(v.string(), v.string())) }),
    }),
    v.object({ type: v.literal("remove"), payload: v.object({ name: ListNameSchema, index: RowIndexSchema }) }),
  ]),
);

export interface SubmissionOptions<Schema extends v.GenericSchema> {
  schema: Schema;
  /** The form's own coercion (the promotion and product forms read their text themselves). */
  disableAutoCoercion?: boolean;
  /** The form adds and removes list rows by posting Conform's insert/remove intents (the product editor). */
  rowChanges?: boolean;
}

/**
 * Refuses (400) a form whose Conform fields no page sends; answers whether it asks for a row change. For
 * actions that write something before the form is judged (the checkout saves the chosen payment method):
 * they check first. parseSubmission checks too.
 */
export function checkConformFields(form: FormData, rowChanges = false): boolean {
  const intent = form.getAll(INTENT_FIELD);
  const rowChange = intent.length === 1 && rowChanges && v.is(RowIntentSchema, intent[0]);
  if (form.has(STATE_FIELD) || (intent.length > 0 && !rowChange)) throw badRequest(MALFORMED_INPUT_MESSAGE);
  return rowChange;
}

/**
 * The form read by its Conform schema (see the module comment). A row change's submission has no status
 * (Conform's way of saying "not a submit"): the caller shows the form again with the row added or removed.
 */
export function parseSubmission<Schema extends v.GenericSchema>(
  form: FormData,
  { schema, disableAutoCoercion, rowChanges = false }: SubmissionOptions<Schema>,
) {
  if (!checkConformFields(form, rowChanges)) return parseWithValibot(form, { schema, disableAutoCoercion });
  try {
    return parseWithValibot(form, { schema, disableAutoCoercion });
  } catch {
    // Conform refuses (throws) a row change whose name is not a list of this form (a field `variations=x`).
    throw badRequest(MALFORMED_INPUT_MESSAGE);
  }
}
