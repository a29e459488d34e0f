/**
 * Predictive search under the header's search box (issue 18): when a query is worth suggesting for, how
 * many suggestions of each kind it gets, which categories it names, and what the live region says. Pure:
 * the server's endpoint and the browser's combobox (loaded on first focus) share it.
 */
import { foldSearchText } from "~/core/search/search-index";
import { keywordTerms } from "~/core/search/search-filter";
import { normaliseSearchText } from "~/core/search/search-text";

/** The suggestions endpoint (a JSON resource route). */
export const SUGGEST_PATH = "/api/search/suggest";

/** Fewest characters (spaces not counted) a query needs before anything is suggested. */
export const SUGGEST_MIN_LENGTH = 2;

/** Most suggestions under the box, categories and products together. */
export const SUGGEST_LIMIT = 8;

/** Most category suggestions; the rest of SUGGEST_LIMIT goes to products. */
export const SUGGEST_CATEGORY_LIMIT = 3;

/** The box waits this long after the last keystroke before asking, so a fast typist sends one request. */
export const SUGGEST_DEBOUNCE_MS = 150;

/**
 * Suggestions are the same for everyone and change only when the catalogue does: a shared cache (the
 * browser, the edge) may keep an answer a minute and serve it stale while it asks again.
 */
export const SUGGEST_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/** The query as it is searched (normalised like the search page's `q`), or "" when it is too short to suggest for. */
export function suggestionQuery(raw: string): string {
  const query = normaliseSearchText(raw);
  return Array.from(query.replace(/\s/gu, "")).length >= SUGGEST_MIN_LENGTH ? query : "";
}

/** A category is suggested when its name holds every word of the query, in either kana script and either width. */
export function categoryMatches(name: string, query: string): boolean {
  const folded = foldSearchText(name);
  return keywordTerms(query).every((term) => folded.includes(foldSearchText(term)));
}

/** What the live region says when the suggestions change. */
export function suggestionCountLabel(count: number): string {
  return count > 0 ? `候補 ${count} 件` : "候補はありません";
}
