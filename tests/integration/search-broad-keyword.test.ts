import { describe, expect } from "vitest";
import { foldSearchText, searchDocument } from "~/core/search/search-index";
import { parseSearchFilter } from "~/core/search/search-filter";
import { loader as searchLoader } from "~/routes/search";
import { BROAD_KEYWORD_HITS } from "~/services/catalogue/catalogue.server";
import { SEARCH_PAGE_SIZE, searchQueries } from "~/services/search/search.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, pageRequest } from "../support/requests";
import { addScaleProducts, LISTED } from "../support/scale-catalogue";

// A keyword of BROAD_KEYWORD_HITS or more hits, alone, is found by walking its order's listing index (decision
// 0033) on real local D1: the pages are those of ranking every hit, and the walk is taken only for such a keyword.
const it = platformTest({ seedAt: new Date("2026-01-15T00:00:00Z") });

type Loaded = Awaited<ReturnType<typeof searchLoader>>;
const load = (platform: TestPlatform, path: string): Promise<Loaded> => searchLoader({ request: pageRequest(path), context: contextFor(platform), params: {} });

interface Listed {
  id: number;
  sku: string;
  title: string;
  catchcopy: string;
  description: string;
  reviewCount: number;
  reviewAvg: number;
  createdAt: number;
  price: number;
}

async function listedProducts(platform: TestPlatform): Promise<Listed[]> {
  const { results } = await platform.env.DB.prepare(
    `select id, sku, title, catchcopy, description, review_count as reviewCount, review_avg_x10 as reviewAvg, created_at as createdAt,
      (case when discount_price is not null and discount_price < regular_price then discount_price else regular_price end) as price from products where ${LISTED}`,
  ).all<Listed>();
  return results;
}

/** `a` before `b` when its keys are greater (descending) or smaller (ascending), the id last. */
const byKeys =
  (keys: (product: Listed) => number[], descending: boolean) =>
  (a: Listed, b: Listed): number => {
    const [ka, kb] = [
      [...keys(a), a.id],
      [...keys(b), b.id],
    ];
    const differs = ka.findIndex((value, index) => value !== kb[index]);
    return differs === -1 ? 0 : (ka[differs]! - kb[differs]!) * (descending ? -1 : 1);
  };

/**
 * The numbered pages of a path, each compared with its slice of `expected`: the first two, one in the middle
 * and the last two (every page is the same statement at another offset, so the seams between pages and the
 * end are what can go wrong; walking all ~55 pages of each order took most of 30 s on a busy 2-core machine).
 */
async function expectNumberedPages(platform: TestPlatform, path: string, expected: string[], label: string): Promise<void> {
  const pages = Math.ceil(expected.length / SEARCH_PAGE_SIZE);
  for (const page of new Set([0, 1, Math.floor(pages / 2), pages - 2, pages - 1])) {
    const { results } = await load(platform, `${path}&page=${page}`);
    const shown = results.products.map((product) => product.sku);
    expect(shown, `${label} page ${page}`).toEqual(expected.slice(page * SEARCH_PAGE_SIZE, (page + 1) * SEARCH_PAGE_SIZE));
  }
}

/** Rows the results statement of a search reads (D1's meta). */
async function rowsRead(platform: TestPlatform, query: string): Promise<number> {
  const { sql, params } = searchQueries(platform.db, parseSearchFilter(new URLSearchParams(query)))[0].toSQL();
  const { meta } = await platform.env.DB.prepare(sql)
    .bind(...params)
    .all();
  return meta.rows_read;
}

describe("a broad keyword", () => {
  // の: in every scale product's catch copy and in the titles of 「昔ながらの」 ones (two tiers of relevance);
  // で作られた: in every scale product's description, in no title.
  for (const word of ["の", "で作られた"]) {
    it(`shows on its numbered pages what ranking every hit shows, in every order: ${word}`, async ({ platform }) => {
      await addScaleProducts(platform);
      const has = (text: string) => text.includes(foldSearchText(word));
      const hits = (await listedProducts(platform)).filter((product) => {
        const { title, body } = searchDocument(product);
        return has(title) || has(body);
      });
      expect(hits.length).toBeGreaterThanOrEqual(BROAD_KEYWORD_HITS);
      const inTitle = (product: Listed) => Number(has(searchDocument(product).title));
      const reviews = (product: Listed) => [product.reviewCount, product.reviewAvg, product.createdAt];
      const orders = {
        relevance: byKeys((product) => [inTitle(product), ...reviews(product)], true),
        reviews: byKeys(reviews, true),
        new: byKeys((product) => [product.createdAt], true),
        price_asc: byKeys((product) => [product.price], false),
        price_desc: byKeys((product) => [product.price], true),
      };
      const q = `q=${encodeURIComponent(word)}`;
      for (const [sort, order] of Object.entries(orders)) {
        const expected = [...hits].sort(order).map((product) => product.sku);
        await expectNumberedPages(platform, `/search?${q}&sort=${sort}`, expected, sort);
      }
      if (word === "の") expect(new Set(hits.map(inTitle))).toEqual(new Set([0, 1]));
    });
  }

  it("follows 次へ past the counted pages to its last hit, in a listing's order", async ({ platform }) => {
    await addScaleProducts(platform);
    const skus: string[] = [];
    let current = await load(platform, "/search?q=で作られた&sort=price_asc");
    skus.push(...current.results.products.map((product) => product.sku));
    while (current.results.nextAfter) {
      current = await load(platform, `/search?q=で作られた&sort=price_asc&page=${current.results.page + 1}&after=${current.results.nextAfter}`);
      skus.push(...current.results.products.map((product) => product.sku));
    }
    const { results } = await platform.env.DB.prepare(
      `select sku from products where ${LISTED} and description like '%で作られた%' order by (case when discount_price is not null and discount_price < regular_price then discount_price else regular_price end), id`,
    ).all<{ sku: string }>();
    expect(skus).toEqual(results.map((row) => row.sku));
  });

  it("walks the listing index only when the keyword is broad and alone", async ({ platform }) => {
    await addScaleProducts(platform);
    // A walk reads index entries up to its page: page 20 reads about 20 pages more. Ranking every hit reads
    // all of them whichever page is shown (and a page past the last shows no rows to read).
    const laterPageReads = async (query: string) => (await rowsRead(platform, `${query}&page=20`)) - (await rowsRead(platform, `${query}&page=0`));
    for (const sort of ["relevance", "new", "price_asc", "price_desc", "reviews"]) {
      expect(await laterPageReads(`q=で作られた&sort=${sort}`), sort).toBeGreaterThan(10 * 24);
      expect(await laterPageReads(`q=の&sort=${sort}`), sort).toBeGreaterThan(10 * 24);
    }
    // With another choice, or with few hits, every hit is ranked: a walk could read the whole index for them.
    // (In relevance order, a keyword alone is ranked tier by tier, and only a later page reaches the second.)
    for (const sort of ["new", "price_asc", "reviews"]) {
      for (const query of ["q=で作られた&category=kitchen", "q=で作られた&priceMin=1000", "q=の&feature=gift-ready", "q=木箱", "q=北海道"]) {
        expect(await laterPageReads(`${query}&sort=${sort}`), `${query} ${sort}`).toBeLessThanOrEqual(0);
      }
    }
    expect(await laterPageReads("q=で作られた&category=kitchen")).toBeLessThanOrEqual(0);
  });
});
