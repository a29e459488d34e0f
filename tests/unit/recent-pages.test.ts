import { describe, expect, it } from "vitest";
import { EDGE_CACHE_FRESH_SECONDS } from "~/core/site/edge-cache";
import { RECENT_PAGE_SECONDS, RecentPages } from "~/core/site/recent-pages";

const SECOND = 1000;

describe("RecentPages", () => {
  it("answers a kept page for RECENT_PAGE_SECONDS, then lets the Cache API decide again", () => {
    const pages = new RecentPages<string>();
    pages.keep("https://shop.example/", "home", 0, 0);
    expect(pages.get("https://shop.example/", RECENT_PAGE_SECONDS * SECOND - 1)).toBe("home");
    expect(pages.get("https://shop.example/", RECENT_PAGE_SECONDS * SECOND)).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it("never answers a page whose stored copy is past its freshness (that is the Cache API's STALE and refresh)", () => {
    const pages = new RecentPages<string>();
    const storedAt = 0;
    const keptAt = EDGE_CACHE_FRESH_SECONDS * SECOND - 2 * SECOND;
    pages.keep("/", "home", storedAt, keptAt);
    expect(pages.get("/", keptAt + SECOND)).toBe("home");
    expect(pages.get("/", EDGE_CACHE_FRESH_SECONDS * SECOND)).toBeUndefined();
  });

  it("forgets a purged page at once", () => {
    const pages = new RecentPages<string>();
    pages.keep("/category/food", "food", 0, 0);
    pages.keep("/category/kitchen", "kitchen", 0, 0);
    pages.forget("/category/food");
    expect(pages.get("/category/food", 1)).toBeUndefined();
    expect(pages.get("/category/kitchen", 1)).toBe("kitchen");
  });

  it("keeps at most its limit, dropping the page kept longest ago", () => {
    const pages = new RecentPages<string>(2);
    pages.keep("/a", "a", 0, 0);
    pages.keep("/b", "b", 0, 1);
    pages.keep("/a", "a again", 0, 2);
    pages.keep("/c", "c", 0, 3);
    expect(pages.size).toBe(2);
    expect(pages.get("/b", 4)).toBeUndefined();
    expect(pages.get("/a", 4)).toBe("a again");
    expect(pages.get("/c", 4)).toBe("c");
  });
});
