/**
 * The field types the product editor's schema (app/core/catalogue/product-form.ts) is built from. Every field takes
 * what a form sends (text; full-width digits, 「1,200」, an unticked box left out) and what a CSV row or a
 * script passes as a plain object (numbers, booleans, arrays), and turns both into the same typed value —
 * so one schema serves the editor (Conform, `disableAutoCoercion`), the server and the CSV import.
 */
import * as v from "valibot";
import { MALFORMED_INPUT_MESSAGE, toSingleLine } from "../validation";
import { SKU_PATTERN } from "./sku";

/** Full-width digits, minus signs and commas as people type them → plain ASCII ("１，２００" → "1200"). */
function plainNumberText(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[−ー‐―–—]/g, "-")
    .replace(/,/g, "")
    .trim();
}

/** A typed or passed number: null when left empty, NaN when it is not a whole number. */
function readWholeNumber(value: string | number | null): number | null {
  if (value == null) return null;
  if (typeof value === "number") return Number.isInteger(value) ? value : Number.NaN;
  const text = plainNumberText(value);
  if (text === "") return null;
  return /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

const NumberLike = v.optional(v.nullable(v.union([v.string(), v.number()], MALFORMED_INPUT_MESSAGE)), null);

/** A whole number from `min` to `max` that may be left empty (→ null); `message` answers anything else. */
export function optionalWholeNumber(message: string, min: number, max: number) {
  return v.pipe(
    NumberLike,
    v.transform(readWholeNumber),
    v.check((value) => value === null || (Number.isInteger(value) && value >= min && value <= max), message),
  );
}

/** A whole number from `min` to `max` that must be filled in; `message` answers empty and wrong alike. */
export function wholeNumber(message: string, min: number, max: number) {
  return v.pipe(
    optionalWholeNumber(message, min, max),
    v.check((value) => value !== null, message),
    v.transform((value) => value as number),
  );
}

/** A whole number with a default when left empty (stock, limits). */
export function wholeNumberOr(fallback: number, message: string, min: number, max: number) {
  return v.pipe(
    optionalWholeNumber(message, min, max),
    v.transform((value) => value ?? fallback),
  );
}

const TextLike = v.optional(v.nullable(v.union([v.string(), v.number()], MALFORMED_INPUT_MESSAGE)), null);

/** Free text with its lines (a description), trimmed, at most `max` characters; empty is "". */
export function optionalText(max: number, message: string) {
  return v.pipe(
    TextLike,
    v.transform((value) => (value == null ? "" : String(value).trim())),
    v.maxLength(max, message),
  );
}

/** Text of one line (a title, a heading; see toSingleLine), trimmed, at most `max` characters; empty is "". */
export function optionalLine(max: number, message: string) {
  return v.pipe(
    TextLike,
    v.transform((value) => (value == null ? "" : toSingleLine(String(value)).trim())),
    v.maxLength(max, message),
  );
}

/** One line that may be left empty (→ null). */
export function nullableText(max: number, message: string) {
  return v.pipe(
    optionalLine(max, message),
    v.transform((text) => (text === "" ? null : text)),
  );
}

/** One line that must be filled in: `required` when empty, `tooLong` over `max` characters. */
export function requiredText(max: number, required: string, tooLong: string) {
  return v.pipe(optionalLine(max, tooLong), v.nonEmpty(required));
}

const TRUE_WORDS = new Set(["1", "on", "true", "yes"]);
const FALSE_WORDS = new Set(["0", "off", "false", "no", ""]);

/** A tick box: ticked ("on", 1, true …) or not (left out, 0, false, empty); other text gets `message`. */
export function tick(message: string) {
  return v.pipe(
    v.optional(v.nullable(v.union([v.boolean(), v.string(), v.number()], message)), false),
    v.transform((value) => (typeof value === "string" ? value.trim().toLowerCase() : value)),
    v.check(
      (value) => value == null || typeof value === "boolean" || value === 0 || value === 1 || TRUE_WORDS.has(String(value)) || FALSE_WORDS.has(String(value)),
      message,
    ),
    v.transform((value) => value === true || value === 1 || (typeof value === "string" && TRUE_WORDS.has(value))),
  );
}

/** One of `choices`, with `fallback` when left empty. */
export function choice<const T extends readonly [string, ...string[]]>(choices: T, message: string, fallback?: T[number]) {
  return v.pipe(
    v.optional(v.nullable(v.union([v.string(), v.number()], message)), fallback ?? ""),
    v.transform((value) => (value == null || value === "" ? (fallback ?? "") : String(value).trim())),
    v.picklist(choices, message),
  );
}

/** A list as a form sends it (one value is a string, several an array) or as an object holds it. */
function listOf(value: unknown): unknown[] {
  if (value == null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

/** A set of record ids (categories, features, tags): each a positive whole number, duplicates dropped. */
export function idList(message: string, max: number) {
  return v.pipe(
    v.optional(v.unknown(), null),
    v.transform(listOf),
    v.transform((items) => items.map((item) => readWholeNumber(typeof item === "string" || typeof item === "number" ? item : Number.NaN))),
    v.check((ids) => ids.every((id) => id === null || (Number.isInteger(id) && id > 0)), message),
    v.transform((ids) => [...new Set(ids.filter((id): id is number => id !== null))]),
    v.maxLength(max, message),
  );
}

/** A list of short codes (coupon codes), typed one per line or comma-separated, or passed as an array. */
export function codeList(max: number, pattern: RegExp, message: string) {
  return v.pipe(
    v.optional(v.unknown(), null),
    v.transform(listOf),
    v.transform((items) =>
      items
        .flatMap((item) => String(item).split(/[\s,、，]+/))
        .map((code) => code.normalize("NFKC").trim())
        .filter(Boolean),
    ),
    v.check((codes) => codes.every((code) => pattern.test(code)), message),
    v.transform((codes) => [...new Set(codes)]),
    v.maxLength(max, message),
  );
}

/** Rows of a repeated group (variations, options, tiers); left out is none. */
export function rows<S extends v.GenericSchema>(row: S, max: number, message: string) {
  return v.pipe(
    v.optional(v.nullable(v.array(row, MALFORMED_INPUT_MESSAGE)), null),
    v.transform((items) => items ?? []),
    v.maxLength(max, message),
  );
}

/** A calendar day (yyyy-mm-dd; 「2026/1/5」 and full-width digits accepted) that may be left empty (→ null). */
export function optionalDay(message: string) {
  return v.pipe(
    TextLike,
    v.transform((value) => {
      const text = value == null ? "" : String(value).normalize("NFKC").trim();
      if (text === "") return null;
      const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
      if (!match) return Number.NaN;
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(Date.UTC(year, month - 1, day));
      if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return Number.NaN;
      return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    }),
    v.check((value) => typeof value !== "number", message),
    v.transform((value) => value as string | null),
  );
}

export function skuField(required: string, wrong: string) {
  return v.pipe(
    TextLike,
    v.transform((value) => (value == null ? "" : String(value).normalize("NFKC").trim())),
    v.nonEmpty(required),
    v.check((sku) => sku === "" || SKU_PATTERN.test(sku), wrong),
  );
}

/** A row's own record id when it edits an existing one (hidden field); empty for a new row. */
export const RowIdSchema = v.pipe(
  NumberLike,
  v.transform(readWholeNumber),
  v.check((id) => id === null || (Number.isInteger(id) && id > 0), MALFORMED_INPUT_MESSAGE),
);
