/**
 * A change of a member's address book as it is posted (spec §7 Addresses, issue 34 item 2). Each change
 * names what it changes — `intent=add` with the address, `edit` with its id and the version the page
 * showed, `delete` with id and version, `set_default` with the id — so nothing the page did not show is
 * touched. The spec's list shape (`addresses`, form-encoded or JSON) is accepted only with the version of
 * the whole book the page showed, so leaving out an address added elsewhere never deletes it. Reading a
 * posted body (form or JSON), validating it, and the rule that refuses a change made on a stale page. Pure.
 */
import * as v from "valibot";
import { addressListVersion, ADDRESS_VERSION_PATTERN } from "./address-book";
import { ADDRESS_FIELD_NAMES, ADDRESS_FORM_MESSAGES, AddressSchema, type AddressFormErrors, type AddressInput, type AddressJson } from "./address-form";
import { ADDRESS_BOOK_LIMIT } from "../limits";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "../validation";

const VersionSchema = v.pipe(v.string(), v.regex(ADDRESS_VERSION_PATTERN));

/** One change that names its address (the list shape is read apart: see readAddressChange). */
const SingleChangeSchema = v.variant("intent", [
  v.object({ intent: v.literal("add"), ...AddressSchema.entries }),
  v.object({ intent: v.literal("edit"), id: IdSchema, version: VersionSchema, ...AddressSchema.entries }),
  v.object({ intent: v.literal("delete"), id: IdSchema, version: VersionSchema }),
  v.object({ intent: v.literal("set_default"), id: IdSchema }),
]);

/** An entry of a posted list: an address, with the id of a saved one when it replaces that one. */
export const AddressListEntrySchema = v.object({
  id: v.optional(
    v.pipe(
      v.string(ADDRESS_FORM_MESSAGES.notFound),
      v.regex(/^\d{1,9}$/, ADDRESS_FORM_MESSAGES.notFound),
      v.transform(Number),
      v.minValue(1, ADDRESS_FORM_MESSAGES.notFound),
    ),
  ),
  ...AddressSchema.entries,
});

export type AddressListEntry = v.InferOutput<typeof AddressListEntrySchema>;

export type AddressChange =
  | { intent: "add"; address: AddressInput }
  | { intent: "edit"; id: number; version: string; address: AddressInput }
  | { intent: "delete"; id: number; version: string }
  | { intent: "set_default"; id: number }
  /** The spec's list: entries with an id replace that address, the others are added, the rest of the book shown is deleted. */
  | { intent: "replace_list"; version: string; entries: AddressListEntry[] };

/** A posted body as read: its single fields, and the list when it carries one (`addresses`). */
export interface AddressChangeBody {
  fields: Record<string, string>;
  list: Record<string, string>[] | null;
}

/** The keys read from a JSON object: a change's own and the address's (others are ignored). */
const CHANGE_KEYS = new Set<string>(["intent", "id", "version", ...ADDRESS_FIELD_NAMES]);

/** An object sent as JSON (numbers, booleans) → the string fields a form would send; anything else → null. */
function jsonFields(value: unknown): Record<string, string> | null {
  if (value == null || typeof value !== "object" || Array.isArray(value)) return null;
  const fields: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!CHANGE_KEYS.has(key) || field == null) continue;
    if (typeof field === "string") fields[key] = field;
    else if (typeof field === "number" && Number.isFinite(field)) fields[key] = String(field);
    else if (typeof field === "boolean") fields[key] = field ? "on" : "";
    else return null;
  }
  return fields;
}

/** A JSON list of entries → their fields; null when it is not an array of objects or is longer than a book can be. */
function jsonList(value: unknown): Record<string, string>[] | null {
  if (!Array.isArray(value) || value.length > ADDRESS_BOOK_LIMIT + 1) return null;
  const rows: Record<string, string>[] = [];
  for (const entry of value) {
    const fields = jsonFields(entry);
    if (!fields) return null;
    rows.push(fields);
  }
  return rows;
}

/**
 * A JSON body: one change (`{ "intent": "edit", "id": 2, "version": "…", …fields }`), or the spec's list
 * (`{ "addresses": [...], "version": "…" }`, or a bare array, which carries no version). Null when unreadable.
 */
export function parseAddressChangeJson(text: string): AddressChangeBody | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (Array.isArray(value)) {
    const list = jsonList(value);
    return list ? { fields: {}, list } : null;
  }
  const fields = jsonFields(value);
  if (!fields) return null;
  if (!Object.hasOwn(value as object, "addresses")) return { fields, list: null };
  const list = jsonList((value as { addresses: unknown }).addresses);
  return list ? { fields, list } : null;
}

const LIST_FIELD = /^addresses\[(\d{1,3})\](?:\[([a-z_0-9]{1,20})\]|\.([a-z_0-9]{1,20}))$/;

/**
 * A form body: one change's fields, and the list when the form has one — an `addresses` field with JSON
 * text, or fields `addresses[0][lastname]` / `addresses[0].lastname`. Null when unreadable (a file where
 * text belongs, a hole in the list, malformed JSON text).
 */
export function readAddressChangeForm(entries: Iterable<[string, unknown]>): AddressChangeBody | null {
  const fields: Record<string, string> = {};
  let rows: Record<string, string>[] | null = null;
  for (const [name, value] of entries) {
    if (typeof value !== "string") return null;
    const match = LIST_FIELD.exec(name);
    if (name === "addresses") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return null;
      }
      const list = jsonList(parsed);
      if (!list) return null;
      rows = [...(rows ?? []), ...list];
    } else if (match) {
      const index = Number(match[1]);
      if (index > ADDRESS_BOOK_LIMIT) return null;
      rows ??= [];
      const row = (rows[index] ??= {});
      const key = match[2] ?? match[3] ?? "";
      if (key === "id" || (ADDRESS_FIELD_NAMES as string[]).includes(key)) row[key] = value;
    } else if (!(name in fields)) {
      fields[name] = value;
    }
  }
  if (rows && Array.from(rows).some((row) => row == null)) return null;
  return { fields, list: rows };
}

export type AddressChangeRead = { ok: true; change: AddressChange } | { ok: false; error: string; errors: AddressFormErrors };

/**
 * Validates a whole list: at most ADDRESS_BOOK_LIMIT entries, each a valid address, no id twice.
 * Errors are keyed `addresses[1].phone`, as Conform names list fields.
 */
function validateAddressList(
  rows: Record<string, string>[],
): { ok: true; entries: AddressListEntry[] } | { ok: false; error: string; errors: AddressFormErrors } {
  if (rows.length > ADDRESS_BOOK_LIMIT) return { ok: false, error: ADDRESS_FORM_MESSAGES.tooMany, errors: {} };
  const entries: AddressListEntry[] = [];
  const errors: AddressFormErrors = {};
  const ids = new Set<number>();
  rows.forEach((row, index) => {
    const result = v.safeParse(AddressListEntrySchema, row);
    if (!result.success) {
      const nested = v.flatten<typeof AddressListEntrySchema>(result.issues).nested ?? {};
      for (const [field, messages] of Object.entries(nested)) errors[`addresses[${index}].${field}`] = messages;
      return;
    }
    const id = result.output.id;
    if (id != null) {
      if (ids.has(id)) errors[`addresses[${index}].id`] = [ADDRESS_FORM_MESSAGES.listInvalid];
      ids.add(id);
    }
    entries.push(result.output);
  });
  if (Object.keys(errors).length > 0) return { ok: false, error: ADDRESS_FORM_MESSAGES.check, errors };
  return { ok: true, entries };
}

/**
 * The change a body names, validated: field messages for a typed address (`error` is then "check the
 * form"), MALFORMED_INPUT_MESSAGE for what no page sends (no intent, an unknown one, an id or version that
 * is not one) — a body that names no change changes nothing.
 */
export function readAddressChange(body: AddressChangeBody): AddressChangeRead {
  if (body.list) {
    if (!v.is(VersionSchema, body.fields.version)) return { ok: false, error: ADDRESS_FORM_MESSAGES.listVersionRequired, errors: {} };
    const validation = validateAddressList(body.list);
    if (!validation.ok) return validation;
    return { ok: true, change: { intent: "replace_list", version: body.fields.version, entries: validation.entries } };
  }
  const result = v.safeParse(SingleChangeSchema, body.fields, { message: MALFORMED_INPUT_MESSAGE });
  if (!result.success) {
    const addressField = (key: unknown) => typeof key === "string" && (ADDRESS_FIELD_NAMES as string[]).includes(key);
    if (!result.issues.every((issue) => addressField(issue.path?.[0]?.key))) return { ok: false, error: MALFORMED_INPUT_MESSAGE, errors: {} };
    return { ok: false, error: ADDRESS_FORM_MESSAGES.check, errors: (v.flatten(result.issues).nested ?? {}) as AddressFormErrors };
  }
  const output = result.output;
  switch (output.intent) {
    case "add": {
      const { intent, ...address } = output;
      return { ok: true, change: { intent, address } };
    }
    case "edit": {
      const { intent, id, version, ...address } = output;
      return { ok: true, change: { intent, id, version, address } };
    }
    default:
      return { ok: true, change: output };
  }
}

export type AddressChangeRefusal = { status: 404 | 409; error: string };

/**
 * Why a change cannot apply to the book as it is now, or null: another member's (or a deleted) address is
 * not found; an address changed since the page showed it, or a whole list saved over a book that changed
 * since, is refused as stale; a full book takes no more.
 */
export function addressChangeRefusal(book: readonly AddressJson[], change: AddressChange): AddressChangeRefusal | null {
  const notFound = { status: 404, error: ADDRESS_FORM_MESSAGES.notFound } as const;
  switch (change.intent) {
    case "add":
      return book.length >= ADDRESS_BOOK_LIMIT ? { status: 409, error: ADDRESS_FORM_MESSAGES.tooMany } : null;
    case "edit":
    case "delete": {
      const saved = book.find((address) => address.id === change.id);
      if (!saved) return notFound;
      return saved.version === change.version ? null : { status: 409, error: ADDRESS_FORM_MESSAGES.stale };
    }
    case "set_default":
      return book.some((address) => address.id === change.id) ? null : notFound;
    case "replace_list":
      if (addressListVersion(book) !== change.version) return { status: 409, error: ADDRESS_FORM_MESSAGES.listStale };
      return change.entries.every((entry) => entry.id == null || book.some((address) => address.id === entry.id)) ? null : notFound;
  }
}
