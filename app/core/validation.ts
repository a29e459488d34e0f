/**
 * The pieces every request schema is built from (app/web/input.server.ts reads forms, queries and route
 * params with them). Values arrive as text from a URL or a form; each schema says what text is accepted and
 * what it becomes.
 */
import * as v from "valibot";
import { isSameSitePath } from "./site/safe-redirect";

/**
 * The answer to input no page of the shop sends: an unknown intent, a hidden field that is not a number,
 * text where a file belongs. A person typing into a field gets that field's own message instead.
 */
export const MALFORMED_INPUT_MESSAGE = "操作が正しくありません。";

/** A record id: 1–9 digits, at least 1 ("12" → 12; "0", "-1", "1.5", "1e3", "abc" and longer numbers fail). */
export const IdSchema = v.pipe(v.string(), v.trim(), v.regex(/^\d{1,9}$/), v.transform(Number), v.minValue(1));

/** The revision an edit form was loaded on (a hidden field), checked by the save's guarded UPDATE. */
export const RevisionSchema = v.pipe(v.string(), v.regex(/^\d{1,9}$/), v.transform(Number));

/** `schema`, where the field may be left out: absent is null. */
export function absentAsNull<S extends v.GenericSchema>(schema: S) {
  return v.optional(v.nullable(schema), null);
}

/** An id a form may leave out: absent or empty is null; `message` answers anything else. */
export function optionalId(message?: string) {
  return absentAsNull(
    v.union(
      [
        v.pipe(
          v.literal(""),
          v.transform(() => null),
        ),
        IdSchema,
      ],
      message,
    ),
  );
}

export const OptionalIdSchema = optionalId();

/** An id read leniently from a URL a person may have edited: anything that is not an id is null. */
export const IdOrNullSchema = v.fallback(v.nullable(IdSchema), null);

const TRUE_WORDS = ["1", "true", "on", "yes"];
const FALSE_WORDS = ["0", "false", "off", "no", ""];

/**
 * A yes/no field ("1"/"0", and what checkboxes and scripts send: on, true, yes …). Absent is null, so a
 * form can leave a setting as it is; any other text fails.
 */
export const FlagSchema = absentAsNull(
  v.pipe(
    v.string(),
    v.transform((text) => text.trim().toLowerCase()),
    v.check((text) => TRUE_WORDS.includes(text) || FALSE_WORDS.includes(text)),
    v.transform((text) => TRUE_WORDS.includes(text)),
  ),
);

/** A checkbox: ticked ("1", on …) or not (absent, "0", empty). */
export const CheckboxSchema = v.pipe(
  FlagSchema,
  v.transform((flag) => flag === true),
);

/** A 0-based page number from a URL: anything that is not a plain number (negative, huge, text) is page 0. */
export const PageSchema = v.fallback(v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number)), 0);

/** A listing page's query: `page` (0-based). */
export const PageQuerySchema = v.object({ page: PageSchema });

/** Full-width digits typed on a phone keyboard count as digits. */
function halfWidthDigits(text: string): string {
  return text.replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
}

/**
 * A whole number typed by a person (yen, points, a stock count): digits only, full-width ones too, spaces
 * around ignored, 0 allowed, at most `maxDigits` digits; `message` says what to type instead.
 */
export function typedWholeNumber(message: string, maxDigits = 9) {
  return v.pipe(
    v.string(message),
    v.transform((text) => halfWidthDigits(text).trim()),
    v.regex(new RegExp(`^\\d{1,${maxDigits}}$`), message),
    v.transform(Number),
  );
}

/** A value read as the text it is (a notice key, a code from a link): absent is null. */
export const TextOrNullSchema = v.fallback(v.nullable(v.string()), null);

/** Line breaks and tabs: a paste from a spreadsheet, a mail or a second line typed by hand. */
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Other control characters (C0, DEL, C1) and the bidirectional controls that make text read other than it is stored. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text meant for one line — a name, a title, an address line, a code: a line break or tab becomes a space and
 * other control characters are dropped. A line break in a name splits a CSV row, a mail's subject or a staff
 * list's line; a bidirectional control makes a name read other than it is stored.
 */
export function toSingleLine(text: string): string {
  return text.replace(LINE_BREAKS, " ").replace(CONTROL_CHARACTERS, "");
}

/** toSingleLine as a step of a schema: every single-line text field of the shop's forms goes through it. */
export const singleLine = v.transform<string, string>(toSingleLine);

/**
 * Free text a form may leave out: absent or empty is "". Not only `v.optional(v.string(), "")`: Conform's
 * coercion (the browser's check and parseSubmission) reads an empty field as undefined and coerces the default
 * "" the same way, which then failed `v.string()` with valibot's English message. The inner step takes that
 * undefined as "" too.
 */
export const OptionalTextSchema = v.optional(
  v.pipe(
    v.undefinedable(v.string()),
    v.transform((text) => text ?? ""),
  ),
  "",
);

/** A date as a date input sends it (YYYY-MM-DD). */
export const IsoDateSchema = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));

/**
 * A same-site path to go back to (a form's `redirectTo`, see isSameSitePath); anything else — absent,
 * another site, a file — is null, and the route's own default applies.
 */
export const ReturnPathSchema = v.fallback(v.nullable(v.pipe(v.string(), v.check(isSameSitePath))), null);

/** A form's or link's `redirectTo` (see ReturnPathSchema). */
export const ReturnToSchema = v.object({ redirectTo: ReturnPathSchema });

/** A switch in a URL (?show=1): "1" is on, anything else off. */
export const QueryFlagSchema = v.fallback(
  v.pipe(
    v.string(),
    v.transform((flag) => flag === "1"),
  ),
  false,
);
