/**
 * The product search filter (spec §2 screen 8) as it travels in the URL: one lenient parser that turns any
 * query string into a valid filter. Nothing here throws: a malformed or hostile value becomes its default.
 * Plain code rather than a schema library: the filter form uses it in the browser too, and the search and
 * category pages keep their first-load script small.
 *
 * URL parameters: q, category, feature (repeated), priceMin, priceMax, trouble, situation, sort, page; and after
 * (`listingCursor`), which only a 次へ link carries.
 */
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN } from "~/core/limits";
import { normaliseSearchText } from "~/core/search/search-text";
import { SKU_PATTERN } from "~/core/catalogue/sku";

/** Words of one query that are matched (all must match); further words are ignored. */
export const MAX_KEYWORD_TERMS = 5;
export const MAX_FEATURES = 20;
/** The price inputs move in steps of this many yen. */
export const PRICE_FILTER_STEP = 100;

export const SEARCH_SORTS = ["relevance", "new", "price_asc", "price_desc", "reviews"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "関連度順",
  new: "新着順",
  price_asc: "価格の安い順",
  price_desc: "価格の高い順",
  reviews: "レビューの多い順",
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX_LENGTH = 64;

export interface SearchFilter {
  q: string;
  category: string | null;
  features: string[];
  priceMin: number;
  priceMax: number;
  trouble: string | null;
  situation: string | null;
  sort: SearchSort;
  page: number;
}

/** As typed into a form: NFKC makes full-width digits and letters ASCII and half-width kana full-width. */
function normalise(value: string): string {
  return value.normalize("NFKC").trim();
}

/** True for a well-formed category/feature/tag slug as it is stored ("japanese-tea"). */
export function isSlug(value: unknown): value is string {
  return typeof value === "string" && value.length <= SLUG_MAX_LENGTH && SLUG.test(value);
}

/** A slug as typed (capitals, full width) in its stored form, or null when it cannot be one. */
function slugOf(value: string | null): string | null {
  if (value == null) return null;
  const slug = normalise(value).toLowerCase();
  return isSlug(slug) ? slug : null;
}

/** Well-formed slugs, first occurrence kept, at most MAX_FEATURES. */
function featureSlugs(values: string[]): string[] {
  const slugs = new Set<string>();
  for (const value of values) {
    const slug = slugOf(value);
    if (slug) slugs.add(slug);
    if (slugs.size === MAX_FEATURES) break;
  }
  return [...slugs];
}

/** A whole number of yen, clamped into the filter's range; anything else (negative, 'abc', 1e9+) is the default. */
function priceOf(value: string | null, fallback: number): number {
  const text = value == null ? "" : normalise(value).replace(/,/g, "");
  return /^\d{1,9}$/.test(text) ? Math.min(Math.max(Number(text), PRICE_FILTER_MIN), PRICE_FILTER_MAX) : fallback;
}

/** Min ≤ max (swapped otherwise), then widened to whole PRICE_FILTER_STEPs so the inputs accept them. */
function orderedPriceRange(priceMin: number, priceMax: number): Pick<SearchFilter, "priceMin" | "priceMax"> {
  const [low, high] = priceMin <= priceMax ? [priceMin, priceMax] : [priceMax, priceMin];
  return {
    priceMin: Math.floor(low / PRICE_FILTER_STEP) * PRICE_FILTER_STEP,
    priceMax: Math.ceil(high / PRICE_FILTER_STEP) * PRICE_FILTER_STEP,
  };
}

export const DEFAULT_SEARCH_FILTER: Readonly<SearchFilter> = {
  q: "",
  category: null,
  features: [],
  priceMin: PRICE_FILTER_MIN,
  priceMax: PRICE_FILTER_MAX,
  trouble: null,
  situation: null,
  sort: "new",
  page: 0,
};

/** The sorts offered: relevance (title hits first) only when there is a keyword to be relevant to. */
export function sortsFor(q: string): readonly SearchSort[] {
  return q ? SEARCH_SORTS : SEARCH_SORTS.filter((sort) => sort !== "relevance");
}

/** The order without a sort parameter: best matches first for a keyword, newest first otherwise. */
export function defaultSort(q: string): SearchSort {
  return q ? "relevance" : "new";
}

/** The filter a query string asks for. Never throws; every bad value falls back to its default. */
export function parseSearchFilter(params: URLSearchParams): SearchFilter {
  const q = normaliseSearchText(params.get("q") ?? "");
  const sort = sortsFor(q).find((known) => known === params.get("sort"));
  const page = normalise(params.get("page") ?? "");
  return {
    q,
    category: slugOf(params.get("category")),
    features: featureSlugs(params.getAll("feature")),
    ...orderedPriceRange(priceOf(params.get("priceMin"), PRICE_FILTER_MIN), priceOf(params.get("priceMax"), PRICE_FILTER_MAX)),
    trouble: slugOf(params.get("trouble")),
    situation: slugOf(params.get("situation")),
    sort: sort ?? defaultSort(q),
    page: /^\d{1,6}$/.test(page) ? Number(page) : 0,
  };
}

/**
 * The SKU a 次へ link says its page follows (keyset paging, read by the server only), or null: a page found by
 * its number, or a malformed value.
 */
export function listingCursor(params: URLSearchParams): string | null {
  const after = params.get("after");
  return after != null && SKU_PATTERN.test(after) ? after : null;
}

/**
 * The price bounds to apply: the ends of the range (PRICE_FILTER_MIN, PRICE_FILTER_MAX) mean "no limit",
 * so an untouched range never hides a product.
 */
export function priceLimits(filter: Pick<SearchFilter, "priceMin" | "priceMax">): { atLeast: number | null; atMost: number | null } {
  return {
    atLeast: filter.priceMin > PRICE_FILTER_MIN ? filter.priceMin : null,
    atMost: filter.priceMax < PRICE_FILTER_MAX ? filter.priceMax : null,
  };
}

/** True when anything narrows the results (the sort order and the page do not). */
export function isFiltered(filter: SearchFilter): boolean {
  const { atLeast, atMost } = priceLimits(filter);
  return Boolean(filter.q || filter.category || filter.features.length || atLeast != null || atMost != null || filter.trouble || filter.situation);
}

/** The words of a query, each of which must match: 'ほうじ茶  ティーバッグ' → ['ほうじ茶', 'ティーバッグ']. */
export function keywordTerms(q: string): string[] {
  return [...new Set(q.split(/\s+/u).filter(Boolean))].slice(0, MAX_KEYWORD_TERMS);
}

/**
 * The query string of `filter` with `overrides` applied, defaults left out so URLs stay short and shareable.
 * Any change of filter starts again at the first page unless `overrides.page` says otherwise.
 */
export function searchParamsFor(filter: SearchFilter, overrides: Partial<SearchFilter> = {}): URLSearchParams {
  const target: SearchFilter = { ...filter, page: 0, ...overrides };
  const params = new URLSearchParams();
  if (target.q) params.set("q", target.q);
  if (target.category) params.set("category", target.category);
  for (const feature of target.features) params.append("feature", feature);
  if (target.priceMin !== PRICE_FILTER_MIN) params.set("priceMin", String(target.priceMin));
  if (target.priceMax !== PRICE_FILTER_MAX) params.set("priceMax", String(target.priceMax));
  if (target.trouble) params.set("trouble", target.trouble);
  if (target.situation) params.set("situation", target.situation);
  if (target.sort !== defaultSort(target.q) && sortsFor(target.q).includes(target.sort)) params.set("sort", target.sort);
  if (target.page > 0) params.set("page", String(target.page));
  return params;
}

/** `path` with the filter's query string, e.g. searchHref('/search', filter, { page: 2 }). */
export function searchHref(path: string, filter: SearchFilter, overrides: Partial<SearchFilter> = {}): string {
  const query = searchParamsFor(filter, overrides).toString();
  return query ? `${path}?${query}` : path;
}
