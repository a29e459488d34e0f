/**
 * Which requests the edge cache answers (docs/decisions/0023-edge-cache.md): anonymous GET/HEAD of the
 * catalogue pages (home, category, search, product) and their single-fetch data (`.data`), under a key that
 * keeps only the query parameters each page reads, sorted. Pure: no I/O.
 */

/** A stored page is served as it is (HIT) this long after it was rendered. */
export const EDGE_CACHE_FRESH_SECONDS = 30;
/** …then served once more while a fresh copy is rendered behind it (STALE), for at most this long. */
export const EDGE_CACHE_STALE_SECONDS = 30;
/**
 * The longest a cached page can show something that has changed since (a sold-out product as in stock)
 * where no purge reached it: the pages a change can name are purged at once (pagesShowingProducts).
 */
export const EDGE_CACHE_LIFETIME_SECONDS = EDGE_CACHE_FRESH_SECONDS + EDGE_CACHE_STALE_SECONDS;

/** The response header that says where an answer came from (tests and the bench read it). */
export const EDGE_CACHE_HEADER = "X-Cache";
export type EdgeCacheStatus = "HIT" | "STALE" | "MISS" | "BYPASS";

export type CachedPageKind = "home" | "category" | "product" | "search";

/** The listing's filter parameters (app/core/search/search-filter.ts). */
const LISTING_PARAMS = ["q", "category", "feature", "priceMin", "priceMax", "trouble", "situation", "sort", "page"];
/** The product page's selection (app/core/catalogue/product-selection.ts), review page and subscription quantity. */
const PRODUCT_PARAMS = ["p", "v", "c", "o", "q", "rpage", "sq"];
const PARAMS_READ: Record<CachedPageKind, readonly string[]> = { home: [], category: LISTING_PARAMS, search: LISTING_PARAMS, product: PRODUCT_PARAMS };

/** Single fetch's parameter naming the routes whose loaders a `.data` request runs. */
const ROUTES_PARAM = "_routes";
/** A notice after a form post (PRG) belongs to the visitor who posted: such a page is rendered for them. */
const NOTICE_PARAM = "notice";

const SLUG = "[a-z0-9]+(?:-[a-z0-9]+)*";
const SKU = "[\\w-]{1,64}";
const PAGE_PATHS: [CachedPageKind, RegExp][] = [
  ["home", /^\/(?:_root\.data)?$/],
  ["search", /^\/search(?:\.data)?$/],
  ["category", new RegExp(`^/category/${SLUG}(?:\\.data)?$`)],
  ["product", new RegExp(`^/category/${SLUG}/${SKU}(?:\\.data)?$`)],
];

/** The catalogue page a path is (its document or its `.data`), or null for any other path. */
export function cachedPageKind(pathname: string): CachedPageKind | null {
  return PAGE_PATHS.find(([, pattern]) => pattern.test(pathname))?.[0] ?? null;
}

/**
 * Cookies that say nothing about the visitor to this shop (Cloudflare's bot management, analytics): a
 * request carrying only these is still anonymous. Any other cookie — the session cookie with a member's
 * token or a guest's cart, coupon links, order lookup, private-product grants; the password-reset link's
 * cookie; a cookie added later that nobody listed here — makes the request personal.
 */
const NON_PERSONAL_COOKIE = /^(?:__cf_bm|cf_clearance|_cfuvid|__cflb|_ga|_gid|_gat|_ga_[\w-]+)$/;

/** True when the Cookie header carries a cookie that can make the page personal. */
export function hasPersonalCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .some((name) => name !== "" && !NON_PERSONAL_COOKIE.test(name));
}

export interface PageRequest {
  method: string;
  url: URL;
  cookie: string | null;
  /** The shop offers subscriptions to this visitor's IP only (app/core/catalogue/subscription.ts): their product page differs. */
  personalOffer: boolean;
}

export type EdgeCacheDecision =
  /** Not a catalogue page: the cache is not involved at all. */
  | { kind: "elsewhere" }
  /** A catalogue page that must be rendered for this visitor and never stored. */
  | { kind: "bypass"; reason: "method" | "personal" | "notice" }
  /** Served from the cache under `key` (a path with its sorted, kept parameters). */
  | { kind: "cache"; page: CachedPageKind; key: string };

/** Whether the edge cache answers this request, and under which key. */
export function edgeCacheDecision(request: PageRequest): EdgeCacheDecision {
  const page = cachedPageKind(request.url.pathname);
  if (!page) return { kind: "elsewhere" };
  if (request.method !== "GET" && request.method !== "HEAD") return { kind: "bypass", reason: "method" };
  if (hasPersonalCookie(request.cookie) || (page === "product" && request.personalOffer)) return { kind: "bypass", reason: "personal" };
  if (request.url.searchParams.has(NOTICE_PARAM)) return { kind: "bypass", reason: "notice" };
  return { kind: "cache", page, key: cacheKeyPath(page, request.url) };
}

function isParamRead(page: CachedPageKind, name: string, isData: boolean): boolean {
  if (isData && name === ROUTES_PARAM) return true;
  // The product page's option choices may come as `o[optionId]` (app/core/catalogue/product-selection.ts).
  if (page === "product" && /^o\[\d{1,9}\]$/.test(name)) return true;
  return PARAMS_READ[page].includes(name);
}

/**
 * The path and query a cached page is stored under and rendered from: parameters the page does not read
 * (utm_*, gclid, fbclid …) dropped, the rest sorted by name (a repeated one keeps its order), so the same
 * page is one entry however its link was written.
 */
export function cacheKeyPath(page: CachedPageKind, url: URL): string {
  const isData = url.pathname.endsWith(".data");
  const kept = [...url.searchParams.entries()].filter(([name]) => isParamRead(page, name, isData)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(kept).toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

export interface StoredAnswer {
  status: number;
  setsCookie: boolean;
  cacheControl: string | null;
}

/** Only a plain 200 that sets no cookie and does not forbid it is kept: an error, a redirect or a personal answer never is. */
export function isStorable(answer: StoredAnswer): boolean {
  if (answer.status !== 200 || answer.setsCookie) return false;
  return !/\b(?:private|no-store|no-cache)\b/i.test(answer.cacheControl ?? "");
}

/** HIT while fresh, STALE (serve, then render again) until the lifetime ends; null = too old, render now. */
export function freshness(ageMs: number): "HIT" | "STALE" | null {
  if (ageMs < EDGE_CACHE_FRESH_SECONDS * 1000) return "HIT";
  return ageMs < EDGE_CACHE_LIFETIME_SECONDS * 1000 ? "STALE" : null;
}

/** Single fetch's route ids of the cached pages, for the `.data?_routes=` keys a purge names. */
const ROUTE_IDS: Record<CachedPageKind, string> = {
  home: "routes/_index",
  search: "routes/search",
  category: "routes/category.$categorySlug._index",
  product: "routes/category.$categorySlug.$sku",
};

/** A page's document and the `.data` requests a client navigation to it makes (all loaders, or its own and root's). */
function keysOfPage(page: CachedPageKind, path: string): string[] {
  const data = path === "/" ? "/_root.data" : `${path}.data`;
  const route = ROUTE_IDS[page];
  const routes = (ids: string) => `${data}?${new URLSearchParams({ [ROUTES_PARAM]: ids })}`;
  return [path, data, routes(route), routes(`root,${route}`)];
}

export interface ProductPlacement {
  sku: string;
  /** The product's primary category (its page's URL). */
  categorySlug: string;
  /** Every category whose listing shows it: primary, extra categories and their parents. */
  listedIn: string[];
}

/**
 * The cache keys a change to these products makes wrong and that can be named: each product's page, the
 * first page of each category listing it, the home page and the unfiltered search. Filtered, sorted or
 * later pages, and product pages with a selection, cannot be listed: they live out EDGE_CACHE_LIFETIME_SECONDS.
 */
export function pagesShowingProducts(products: readonly ProductPlacement[]): string[] {
  const keys = new Set<string>([...keysOfPage("home", "/"), ...keysOfPage("search", "/search")]);
  for (const product of products) {
    for (const key of keysOfPage("product", `/category/${product.categorySlug}/${product.sku}`)) keys.add(key);
    for (const slug of product.listedIn) for (const key of keysOfPage("category", `/category/${slug}`)) keys.add(key);
  }
  return [...keys];
}
