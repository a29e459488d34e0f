import { describe, expect, it } from "vitest";
import {
  cacheKeyPath,
  edgeCacheDecision,
  EDGE_CACHE_FRESH_SECONDS,
  EDGE_CACHE_LIFETIME_SECONDS,
  freshness,
  hasPersonalCookie,
  isStorable,
  pagesShowingProducts,
} from "~/core/site/edge-cache";

const request = (path: string, init: { method?: string; cookie?: string | null; personalOffer?: boolean } = {}) => ({
  method: init.method ?? "GET",
  url: new URL(path, "https://shop.example"),
  cookie: init.cookie ?? null,
  personalOffer: init.personalOffer ?? false,
});

describe("edgeCacheDecision", () => {
  it("caches anonymous GET and HEAD of the home, category, search and product pages and their single-fetch data", () => {
    for (const path of [
      "/",
      "/_root.data",
      "/search",
      "/search.data",
      "/category/food",
      "/category/food.data",
      "/category/food/FOOD-SOBA",
      "/category/food/FOOD-SOBA.data",
    ]) {
      expect(edgeCacheDecision(request(path)).kind, path).toBe("cache");
      expect(edgeCacheDecision(request(path, { method: "HEAD" })).kind, path).toBe("cache");
    }
  });

  it("leaves every other path alone, and renders a catalogue page for a post, a personal cookie or a notice", () => {
    for (const path of ["/cart", "/user", "/api/shell", "/crm/products", "/search/", "/category/food/FOOD-SOBA/x", "/product/access/link/A/b"]) {
      expect(edgeCacheDecision(request(path)), path).toEqual({ kind: "elsewhere" });
    }
    expect(edgeCacheDecision(request("/search", { method: "POST" }))).toEqual({ kind: "bypass", reason: "method" });
    expect(edgeCacheDecision(request("/", { cookie: "__session=abc" }))).toEqual({ kind: "bypass", reason: "personal" });
    expect(edgeCacheDecision(request("/category/food/FOOD-SOBA?notice=added"))).toEqual({ kind: "bypass", reason: "notice" });
    // Subscriptions offered to this visitor's IP only: their product page differs, listings do not.
    expect(edgeCacheDecision(request("/category/food/FOOD-SOBA", { personalOffer: true }))).toEqual({ kind: "bypass", reason: "personal" });
    expect(edgeCacheDecision(request("/category/food", { personalOffer: true })).kind).toBe("cache");
  });
});

describe("hasPersonalCookie", () => {
  it("counts the session cookie, the password-reset cookie and any unknown cookie as personal", () => {
    expect(hasPersonalCookie(null)).toBe(false);
    expect(hasPersonalCookie("")).toBe(false);
    expect(hasPersonalCookie("__session=abc")).toBe(true);
    expect(hasPersonalCookie("__Host-session=abc")).toBe(true);
    expect(hasPersonalCookie("password_reset_link=xyz")).toBe(true);
    expect(hasPersonalCookie("_ga=GA1; something_new=1")).toBe(true);
  });

  it("ignores Cloudflare's and analytics cookies", () => {
    expect(hasPersonalCookie("__cf_bm=a; cf_clearance=b; _cfuvid=c; _ga=GA1.1; _ga_ABC123=x; _gid=y")).toBe(false);
  });
});

describe("cacheKeyPath", () => {
  it("keeps the parameters the page reads, sorted, and drops tracking parameters", () => {
    const url = new URL("https://shop.example/search?utm_source=line&sort=price_asc&q=%E8%8C%B6&gclid=1&feature=b&feature=a");
    expect(cacheKeyPath("search", url)).toBe("/search?feature=b&feature=a&q=%E8%8C%B6&sort=price_asc");
    expect(cacheKeyPath("search", new URL("https://shop.example/search?q=%E8%8C%B6&sort=price_asc&feature=b&feature=a&fbclid=2"))).toBe(
      cacheKeyPath("search", url),
    );
  });

  it("keeps the product page's selection (including o[id]) and single fetch's _routes on data requests only", () => {
    expect(cacheKeyPath("product", new URL("https://shop.example/category/food/X?v=2&o%5B3%5D=9&rpage=2&page=4&utm_medium=x"))).toBe(
      "/category/food/X?o%5B3%5D=9&rpage=2&v=2",
    );
    expect(cacheKeyPath("product", new URL("https://shop.example/category/food/X.data?_routes=routes%2Fcategory.%24categorySlug.%24sku"))).toBe(
      "/category/food/X.data?_routes=routes%2Fcategory.%24categorySlug.%24sku",
    );
    expect(cacheKeyPath("home", new URL("https://shop.example/?_routes=root&q=1"))).toBe("/");
  });
});

describe("isStorable and freshness", () => {
  it("keeps only a 200 that sets no cookie and allows it", () => {
    expect(isStorable({ status: 200, setsCookie: false, cacheControl: null })).toBe(true);
    expect(isStorable({ status: 200, setsCookie: true, cacheControl: null })).toBe(false);
    expect(isStorable({ status: 404, setsCookie: false, cacheControl: null })).toBe(false);
    expect(isStorable({ status: 301, setsCookie: false, cacheControl: null })).toBe(false);
    expect(isStorable({ status: 200, setsCookie: false, cacheControl: "private, no-store" })).toBe(false);
  });

  it("serves fresh, then stale while rendering again, then not at all", () => {
    expect(freshness(0)).toBe("HIT");
    expect(freshness(EDGE_CACHE_FRESH_SECONDS * 1000 - 1)).toBe("HIT");
    expect(freshness(EDGE_CACHE_FRESH_SECONDS * 1000)).toBe("STALE");
    expect(freshness(EDGE_CACHE_LIFETIME_SECONDS * 1000)).toBeNull();
  });
});

describe("pagesShowingProducts", () => {
  it("names the product page, the first page of every category listing it, home and the unfiltered search, with their data requests", () => {
    const keys = pagesShowingProducts([{ sku: "FOOD-SOBA", categorySlug: "noodles", listedIn: ["noodles", "food", "gifts"] }]);
    for (const key of [
      "/",
      "/_root.data",
      "/search",
      "/search.data",
      "/category/noodles/FOOD-SOBA",
      "/category/noodles/FOOD-SOBA.data",
      "/category/noodles/FOOD-SOBA.data?_routes=routes%2Fcategory.%24categorySlug.%24sku",
      "/category/noodles/FOOD-SOBA.data?_routes=root%2Croutes%2Fcategory.%24categorySlug.%24sku",
      "/category/noodles",
      "/category/food",
      "/category/gifts.data",
    ]) {
      expect(keys).toContain(key);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});
