import { describe, expect } from "vitest";
import { foldSearchText } from "~/core/search/search-index";
import { loader as categoryLoader } from "~/routes/category.$categorySlug._index";
import { loader as searchLoader } from "~/routes/search";
import { parseSearchFilter } from "~/core/search/search-filter";
import { LISTING_COUNT_CAP } from "~/services/search/search-conditions.server";
import { searchProducts } from "~/services/search/search.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { addScaleProducts, LISTED } from "../support/scale-catalogue";
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

describe("a listing of more than LISTING_COUNT_CAP products", () => {
  it("counts to the cap (「1,000件以上」), links the pages it counted, and goes on to the last product by 次へ", async ({ platform }) => {
    const listed = { n: await addScaleProducts(platform) };

    const first = await load(platform, "/search");
    expect(first.results).toMatchObject({ total: LISTING_COUNT_CAP, totalText: "1,000件以上", totalPages: 42 });
    // The last counted page by its number: its 次へ leads on, and the page after it is the last one linked.
    const counted = await load(platform, "/search?page=41");
    expect(counted.results.totalPages).toBe(43);
    expect(counted.results.nextAfter).toBe(counted.results.products.at(-1)?.sku);

    const skus = [...first.results.products.map((product) => product.sku)];
    let current = first;
    while (current.results.nextAfter) {
      current = await load(platform, `/search?page=${current.results.page + 1}&after=${current.results.nextAfter}`);
      skus.push(...current.results.products.map((product) => product.sku));
      expect(current.results.totalPages, `page ${current.results.page}`).toBe(Math.max(42, current.results.page + (current.results.nextAfter ? 2 : 1)));
    }
    expect(skus).toHaveLength(listed.n);
    expect(new Set(skus).size).toBe(listed.n);
    // A filter under the cap is counted exactly.
    const kitchen = await load(platform, "/category/kitchen?priceMin=9000");
    expect(kitchen.results.total).toBeLessThan(LISTING_COUNT_CAP);
    expect(kitchen.results.totalText).toBe(`${kitchen.results.total.toLocaleString("ja-JP")}件`);
  });

  it("counts a broad keyword to the cap too, without facet counts, and counts a narrower one exactly", async ({ platform }) => {
    await addScaleProducts(platform);
    const hitsOf = async (filter: string) =>
      (await platform.env.DB.prepare(`select count(*) as n from products where ${LISTED} and description like '%で作られた%' and ${filter}`).first<{
        n: number;
      }>())!.n;
    expect(await hitsOf("1")).toBeGreaterThan(LISTING_COUNT_CAP);

    const broad = await load(platform, "/search?q=で作られた");
    expect(broad.results).toMatchObject({ total: LISTING_COUNT_CAP, totalText: "1,000件以上", totalPages: 42 });
    expect(broad.results.products).toHaveLength(24);
    // Counting every choice would walk every hit: the choices are shown without numbers, as on a listing.
    expect(broad.facetCounts).toBeNull();
    expect((await load(platform, "/search?q=で作られた&page=41")).results.totalPages).toBe(43);

    // Under the cap once a category is chosen: the total is exact, but the counts (which leave the category
    // out) would still walk every hit, so there are none.
    const kitchen = await load(platform, "/search?q=で作られた&category=kitchen");
    const inKitchen = await hitsOf(
      "(primary_category_id in (select id from categories where slug = 'kitchen' or parent_id = (select id from categories where slug = 'kitchen')) or id in (select product_id from product_categories where category_id in (select id from categories where slug = 'kitchen' or parent_id = (select id from categories where slug = 'kitchen'))))",
    );
    expect(inKitchen).toBeGreaterThan(0);
    expect(inKitchen).toBeLessThan(LISTING_COUNT_CAP);
    expect(kitchen.results).toMatchObject({ total: inKitchen, totalText: `${inKitchen.toLocaleString("ja-JP")}件` });
    expect(kitchen.facetCounts).toBeNull();

    // A price floor leaves fewer than the cap to walk: counted, and the counts add up to the total.
    const dear = await load(platform, "/search?q=で作られた&priceMin=9500");
    const dearHits = await hitsOf("coalesce(discount_price, regular_price) >= 9500");
    expect(dearHits).toBeGreaterThan(0);
    expect(dear.results.total).toBe(dearHits);
    expect(dear.facetCounts?.anyCategory).toBe(dearHits);
  });

  it("orders a keyword's hits, page after page, as the same sort orders the listing; relevance by title hit, then reviews", async ({ platform }) => {
    await addScaleProducts(platform);
    /** Every product a path shows, page after page by number, in the order shown. */
    const shown = async (path: string) => {
      const products: Loaded["results"]["products"] = [];
      for (let page = 0; ; page++) {
        const { results } = await load(platform, withParams(path, `page=${page}`));
        products.push(...results.products);
        if (page + 1 >= results.totalPages) return products;
      }
    };
    const sorts = ["new", "price_asc", "price_desc", "reviews"];
    // Each listing whole, in one read of the listing's own query (its pages are that query at other offsets,
    // checked page by page above): paging through ~1,300 products four times took most of 30 s on 2 cores.
    const listings = new Map(
      await Promise.all(
        sorts.map(async (sort) => {
          const whole = await searchProducts(platform.db, parseSearchFilter(new URLSearchParams({ sort })), 5000);
          return [sort, whole.products.map((product) => product.sku)] as const;
        }),
      ),
    );
    // Words of 3+ characters, of 2 (in titles and in catch copies), of 1 with a longer one (the walked and
    // gathered lookups swap), each with pages to turn.
    for (const words of ["北海道", "定番", "タオル の"]) {
      const relevance = await shown(`/search?q=${encodeURIComponent(words)}`);
      const hits = new Set(relevance.map((product) => product.sku));
      expect(hits.size, words).toBeGreaterThan(24);
      expect(hits.size, words).toBeLessThan(LISTING_COUNT_CAP);
      for (const sort of sorts) {
        const sorted = (await shown(`/search?q=${encodeURIComponent(words)}&sort=${sort}`)).map((product) => product.sku);
        expect(sorted, `${words} ${sort}`).toEqual(listings.get(sort)!.filter((sku) => hits.has(sku)));
      }
      const inTitle = (title: string) => words.split(" ").every((word) => foldSearchText(title).includes(foldSearchText(word)));
      const rank = (product: (typeof relevance)[number]) => [Number(inTitle(product.title)), product.reviewCount, product.reviewAvg];
      expect(
        relevance.map(rank).map(([title]) => title),
        words,
      ).toContain(1);
      for (let index = 1; index < relevance.length; index++) {
        const [before, after] = [rank(relevance[index - 1]!), rank(relevance[index]!)];
        const differs = before.findIndex((value, key) => value !== after[key]);
        expect(differs === -1 || before[differs]! > after[differs]!, `${words}: ${relevance[index - 1]!.sku} before ${relevance[index]!.sku}`).toBe(true);
      }
    }
  });
});
