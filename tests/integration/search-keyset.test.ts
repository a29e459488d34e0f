import { describe, expect } from "vitest";
import { loader as categoryLoader } from "~/routes/category.$categorySlug._index";
import { loader as searchLoader } from "~/routes/search";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, pageRequest } from "../support/requests";

// Keyset paging (次へ links, decision 0022) on real local D1: following each page's `after` walks exactly the
// products the numbered pages (OFFSET) show, in the same order, ties included (the demo catalogue has equal
// prices and many products without reviews, ordered by id).
const it = platformTest({ seedAt: new Date("2026-01-15T00:00:00Z") });

type Loaded = Awaited<ReturnType<typeof searchLoader>>;

async function load(platform: TestPlatform, path: string): Promise<Loaded> {
  const [, slug] = /^\/category\/([^?]+)/.exec(path) ?? [];
  const args = { request: pageRequest(path), context: contextFor(platform) };
  return slug ? categoryLoader({ ...args, params: { categorySlug: slug } }) : searchLoader({ ...args, params: {} });
}

const withParams = (path: string, extra: string) => `${path}${path.includes("?") ? "&" : "?"}${extra}`;

/** Every page's SKUs, by page number (OFFSET) and by following 次へ (`after`). */
async function walkBoth(platform: TestPlatform, path: string) {
  const first = await load(platform, path);
  const byNumber = [first.results.products.map((product) => product.sku)];
  const byCursor = [first.results.products.map((product) => product.sku)];
  for (let page = 1; page < first.results.totalPages; page++) {
    byNumber.push((await load(platform, withParams(path, `page=${page}`))).results.products.map((product) => product.sku));
  }
  let current = first;
  while (current.results.nextAfter) {
    current = await load(platform, withParams(path, `page=${current.results.page + 1}&after=${current.results.nextAfter}`));
    byCursor.push(current.results.products.map((product) => product.sku));
  }
  return { total: first.results.total, byNumber, byCursor };
}

describe("次へ links (keyset paging)", () => {
  const PATHS = ["/search", "/search?priceMin=1000", "/search?q=タオル", "/category/kitchen", "/category/food?priceMax=8000"];
  for (const sort of ["new", "price_asc", "price_desc", "reviews"]) {
    it(`walk the same products as the numbered pages, sorted ${sort}`, async ({ platform }) => {
      for (const path of PATHS) {
        const { total, byNumber, byCursor } = await walkBoth(platform, withParams(path, `sort=${sort}`));
        expect(byCursor, path).toEqual(byNumber);
        expect(byCursor.flat(), path).toHaveLength(total);
        expect(new Set(byCursor.flat()).size, path).toBe(total);
      }
    });
  }

  it("are offered on every page but the last, and not in relevance order (its pages are numbered)", async ({ platform }) => {
    const first = await load(platform, "/search");
    expect(first.results.totalPages).toBeGreaterThan(2);
    expect(first.results.nextAfter).toBe(first.results.products.at(-1)?.sku);
    const last = await load(platform, `/search?page=${first.results.totalPages - 1}`);
    expect(last.results.nextAfter).toBeNull();
    expect((await load(platform, "/search?q=タオル&sort=relevance")).results.nextAfter).toBeNull();
    // A relevance page ignores a cursor and is found by its number.
    const byNumber = await load(platform, "/search?q=茶&page=1");
    const withCursor = await load(platform, `/search?q=茶&page=1&after=${first.results.products[0]!.sku}`);
    expect(withCursor.results.products).toEqual(byNumber.results.products);
  });

  it("after an unknown or malformed product: an unknown SKU finds nothing after it, a malformed one is ignored", async ({ platform }) => {
    const first = await load(platform, "/search?sort=price_asc");
    const unknown = await load(platform, "/search?sort=price_asc&page=1&after=NO-SUCH-SKU");
    expect(unknown.results.products).toEqual([]);
    expect(unknown.results.total).toBe(first.results.total);
    expect(unknown.results.nextAfter).toBeNull();
    const second = await load(platform, "/search?sort=price_asc&page=1");
    for (const after of ["%27%20or%201%3D1--", "x".repeat(80), "%E2%80%8B"]) {
      expect((await load(platform, `/search?sort=price_asc&page=1&after=${after}`)).results.products, after).toEqual(second.results.products);
    }
  });
});
