/**
 * Free text as people type it into a search box or a listing filter, shared by the product search and the
 * generic listings (and by the browser, which reads the same URLs). Pure.
 */

/** Longest search keyword or filter text kept; longer input is cut. */
export const SEARCH_TEXT_MAX_LENGTH = 100;

/** Control, format and line/paragraph separator characters: pasted text brings them along. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Invisible characters become spaces, runs of white space one space, and the ends are trimmed. */
export function collapseSpaces(value: string): string {
  return value.replace(INVISIBLE, " ").replace(/\s+/gu, " ").trim();
}

/**
 * A keyword or filter text as it is searched for: NFKC (full-width letters and digits become ASCII,
 * half-width kana full-width), spaces collapsed, cut to SEARCH_TEXT_MAX_LENGTH characters without
 * splitting one.
 */
export function normaliseSearchText(value: string): string {
  return Array.from(collapseSpaces(value.normalize("NFKC")))
    .slice(0, SEARCH_TEXT_MAX_LENGTH)
    .join("")
    .trim();
}
