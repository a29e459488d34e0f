import { describe, expect } from "vitest";
import { merchantScope, STAFF_SCOPE } from "~/core/catalogue/catalogue-scope";
import { parseListingQuery } from "~/core/search/listing-query";
import { productListing } from "~/core/catalogue/product-listing";
import { parseSearchFilter } from "~/core/search/search-filter";
import { MERCHANT_ID } from "~/services/seed/people";
import { homeQueries } from "~/services/catalogue/catalogue.server";
import { listingOptions, productListClauses, productListQueries } from "~/services/catalogue/product-listing.server";
import { SEARCH_PAGE_SIZE, searchQueries } from "~/services/search/search.server";
import { platformTest, type TestPlatform } from "../support/platform-test";

// The catalogue listings' query plans on real local D1 (issue 18): a page walks one listing index in the
// page's order and reads only the rows it shows by primary key; a total counts index entries. So a listing
// costs what it shows (page 400 as page 1) and never reads every product, whatever the catalogue's size.
const it = platformTest();

type PlanRow = { id: number; parent: number; detail: string };

async function planOf(platform: TestPlatform, statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<PlanRow[]> {
  const { sql, params } = statement.toSQL();
  const plan = await platform.env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<PlanRow>();
  return plan.results;
}

/** The plan's lines under the node `id`, at any depth. */
function under(plan: PlanRow[], id: number): PlanRow[] {
  const children = plan.filter((row) => row.parent === id);
  return children.flatMap((child) => [child, ...under(plan, child.id)]);
}

const LISTING_INDEX_WALK = /^SEARCH products USING COVERING INDEX products_listed_\w+ \(status=\? AND is_private=\?/;
const BY_PRIMARY_KEY = "SEARCH products USING INTEGER PRIMARY KEY (rowid=?)";
/** A 次へ page's seek reads its cursor product's keys once, by SKU. */
const CURSOR_ROW = /^SEARCH products USING (COVERING )?INDEX products_sku_unique \(sku=\?\)$/;
/**
 * …and starts its walk at them: a range on the order's first key after the listed condition (with a price
 * filter's other bound; the seek's own bound comes first in the WHERE clause, which is the one SQLite seeks on).
 */
const SEEKING_WALK =
  /^SEARCH products USING COVERING INDEX products_listed_\w+ \(status=\? AND is_private=\? AND (created_at|review_count|<expr>)[<>]\?( AND <expr>[<>]\?)?\)$/;

/** Every way products are read: a listing index entry by entry, or one row by primary key. */
function expectIndexOnly(plan: PlanRow[], label: string) {
  const details = plan.map((row) => row.detail);
  expect(details.join("\n"), label).not.toMatch(/\bSCAN (products|product_categories|product_features|product_tags)\b/);
  for (const detail of details.filter((line) => /\bproducts\b/.test(line))) {
    expect(detail === BY_PRIMARY_KEY || LISTING_INDEX_WALK.test(detail) || CURSOR_ROW.test(detail), `${label}: ${detail}`).toBe(true);
  }
}

/**
 * A page: its ids come from walking a listing index in the page's order (no sort of the candidates, so OFFSET
 * skips index entries only); the shown rows are then read by primary key, and only those few are sorted.
 */
function expectDeferredPage(plan: PlanRow[], label: string) {
  expectIndexOnly(plan, label);
  const pageIds = plan.find((row) => /^(CO-ROUTINE|MATERIALIZE) hits$/.test(row.detail));
  expect(pageIds, label).toBeDefined();
  const inner = under(plan, pageIds!.id);
  expect(
    inner.filter((row) => row.parent === pageIds!.id && /\bproducts\b/.test(row.detail)).map((row) => LISTING_INDEX_WALK.test(row.detail)),
    label,
  ).toEqual([true]);
  expect(
    inner.filter((row) => row.parent === pageIds!.id).map((row) => row.detail),
    label,
  ).not.toContain("USE TEMP B-TREE FOR ORDER BY");
  const outer = plan.filter((row) => !inner.includes(row) && row !== pageIds && /\bproducts\b/.test(row.detail));
  expect(
    outer.map((row) => row.detail),
    label,
  ).toEqual([BY_PRIMARY_KEY]);
}

const SORTS = ["", "&sort=new", "&sort=price_asc", "&sort=price_desc", "&sort=reviews", "&sort=relevance"];
const FILTERS = [
  "",
  "category=kitchen",
  "category=tableware",
  "category=food&priceMin=1000&priceMax=5000",
  "priceMin=2000",
  "feature=gift-ready&feature=made-in-japan",
  "trouble=dry-skin",
  "situation=gift",
  "category=gift&feature=gift-ready&priceMax=8000&situation=gift",
];

describe("catalogue listing plans", () => {
  it("home: the newest and the most reviewed each walk their index for 8 entries and read 8 products", async ({ platform }) => {
    const [, newest, popular] = homeQueries(platform.db);
    expectDeferredPage(await planOf(platform, newest), "home newest");
    expectDeferredPage(await planOf(platform, popular), "home most reviewed");
  });

  it("search and category pages, every filter and sort, first and deep pages, and their totals", async ({ platform }) => {
    for (const filter of FILTERS) {
      for (const sort of SORTS) {
        for (const page of ["", "&page=399"]) {
          const query = `${filter}${sort}${page}`;
          const [results, total] = searchQueries(platform.db, parseSearchFilter(new URLSearchParams(query)));
          expectDeferredPage(await planOf(platform, results), `page: ${query}`);
          expectIndexOnly(await planOf(platform, total), `total: ${query}`);
        }
      }
    }
  });
});

describe("次へ page plans (keyset)", () => {
  it("every filter and order starts its index walk at the cursor product's keys instead of skipping entries", async ({ platform }) => {
    for (const filter of FILTERS) {
      for (const sort of ["&sort=new", "&sort=price_asc", "&sort=price_desc", "&sort=reviews"]) {
        const query = `${filter}${sort}&page=399`;
        const [results] = searchQueries(platform.db, parseSearchFilter(new URLSearchParams(query)), SEARCH_PAGE_SIZE, "DEMO-SIMPLE");
        const plan = await planOf(platform, results);
        expectDeferredPage(plan, `after: ${query}`);
        expect(
          plan.filter((row) => SEEKING_WALK.test(row.detail)),
          `after: ${query}\n${plan.map((row) => row.detail).join("\n")}`,
        ).toHaveLength(1);
      }
    }
  });
});

describe("back-office product list plan", () => {
  it("walks the last-edited index in order (staff: all products; a merchant: its own), without sorting the catalogue", async ({ platform }) => {
    for (const scope of [STAFF_SCOPE, merchantScope(MERCHANT_ID)]) {
      const options = await listingOptions(platform.db, scope);
      for (const entries of ["", "page=399", "ordersens=ASC"]) {
        const query = parseListingQuery(productListing(scope.kind, options.categories, options.merchants), new URLSearchParams(entries));
        const [, page] = productListQueries(platform.db, productListClauses(scope, options, query));
        const details = (await planOf(platform, page)).map((row) => row.detail);
        const label = `${scope.kind} ${entries}`;
        expect(details, label).not.toContain("USE TEMP B-TREE FOR ORDER BY");
        expect(details.filter((detail) => /\bproducts\b/.test(detail))[0], label).toMatch(/ USING INDEX products_(merchant_)?edited_idx\b/);
      }
    }
  });
});
