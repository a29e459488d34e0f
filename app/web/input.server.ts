/**
 * Reading a request's input — form fields, query parameters, route params — with a Valibot schema, the one
 * way routes validate what they are sent. The schemas' pieces (ids, flags, page numbers …) are in
 * app/core/validation.ts. Input no page of the shop sends is answered with one Japanese 400,
 * MALFORMED_INPUT_MESSAGE; a person's typing gets its field's own message from the route's schema.
 */
import * as v from "valibot";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { badRequest, jsonError, readApiFormData } from "~/web/http.server";

type Fields = Record<string, FormDataEntryValue | FormDataEntryValue[]>;

/**
 * The fields a schema reads: each name's first value (as `FormData.get` gives it), or every value (a list,
 * empty when absent) for the names in `lists`.
 */
export function fieldsOf(source: FormData | URLSearchParams, lists: readonly string[] = []): Fields {
  // No prototype: a field named "__proto__" or "constructor" is just a field.
  const fields: Fields = Object.create(null);
  for (const name of new Set(source.keys())) {
    if (!lists.includes(name)) fields[name] = source.get(name) as FormDataEntryValue;
  }
  for (const name of lists) fields[name] = source.getAll(name);
  return fields;
}

/**
 * Issues without a message of their own (a wrong type, an unknown intent) read as the one answer to
 * malformed input; a schema gives a typed field its own message where a person can get it wrong.
 */
const PARSE_CONFIG = { message: MALFORMED_INPUT_MESSAGE };

/**
 * What a schema read: its output, or the Japanese message of the first thing wrong and the field it was in
 * (absent when the form as a whole was wrong: an unknown intent, nothing named).
 */
export type InputRead<T> = { ok: true; input: T } | { ok: false; error: string; field?: string };

/** What `schema` reads from a form or query (see fieldsOf for `lists`). */
export function readInput<S extends v.GenericSchema>(schema: S, source: FormData | URLSearchParams, lists?: readonly string[]): InputRead<v.InferOutput<S>> {
  const result = v.safeParse(schema, fieldsOf(source, lists), PARSE_CONFIG);
  if (result.success) return { ok: true, input: result.output };
  const [issue] = result.issues;
  const key = issue.path?.[0]?.key;
  return typeof key === "string" ? { ok: false, error: issue.message, field: key } : { ok: false, error: issue.message };
}

/** The JSON endpoints' answer to input they cannot take: 400 { error } (MALFORMED_INPUT_MESSAGE unless told). */
export function malformedJson(error: string = MALFORMED_INPUT_MESSAGE): Response {
  return jsonError(400, error);
}

/**
 * A JSON endpoint's form (see readApiFormData) read by `schema`; what it cannot take is thrown as
 * malformedJson. The form comes too, for the helpers that read where to go back to.
 */
export async function parseApiForm<S extends v.GenericSchema>(
  request: Request,
  schema: S,
  lists?: readonly string[],
): Promise<{ form: FormData; input: v.InferOutput<S> }> {
  const form = await readApiFormData(request);
  const read = readInput(schema, form, lists);
  if (!read.ok) throw malformedJson(read.error);
  return { form, input: read.input };
}

/**
 * What `schema` reads from a form or query where a plain 400 with its message is the answer to anything
 * wrong; schemas built with fallbacks (an old or hand-edited link reads as the defaults) never refuse.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, source: FormData | URLSearchParams, lists?: readonly string[]): v.InferOutput<S> {
  const read = readInput(schema, source, lists);
  if (!read.ok) throw badRequest(read.error);
  return read.input;
}

/** A loader's query parameters read by `schema` (see parseInput). */
export function parseQuery<S extends v.GenericSchema>(request: Request | URL, schema: S, lists?: readonly string[]): v.InferOutput<S> {
  return parseInput(schema, (request instanceof URL ? request : new URL(request.url)).searchParams, lists);
}

/**
 * The text for the `notice` a plain form post's redirect put in the URL (see withNotice in http.server.ts),
 * or null for none or one the page does not know.
 */
export function redirectedNotice(request: Request | URL, texts: Readonly<Record<string, string>>): string | null {
  const keys = Object.keys(texts);
  const { notice } = parseQuery(request, v.object({ notice: v.fallback(v.nullable(v.picklist(keys)), null) }));
  return notice == null ? null : (texts[notice] ?? null);
}

/**
 * A record id from the route's URL (/api/product/get/{id}, /user/orders/{id} …), or a thrown 400
 * `{ error: "<label>が正しくありません。" }` ("商品IDが正しくありません。").
 */
export function idParam(value: string | undefined, label = "ID"): number {
  const result = v.safeParse(IdSchema, value);
  if (!result.success) throw jsonError(400, `${label}が正しくありません。`);
  return result.output;
}
