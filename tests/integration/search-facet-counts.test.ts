import { describe, expect } from "vitest";
import { parseSearchFilter } from "~/core/search-filter";
import { loader as categoryLoader } from "~/routes/category.$categorySlug._index";
import { loader as searchLoader } from "~/routes/search";
import { facetCountQueries } from "~/services/search-facet-counts.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, pageRequest } from "../support/requests";

// The filter's counts on a keyword search (decision 0026) on real local D1. The oracle is the search itself:
// the number beside a choice is the total the page shows once that choice is made.
const it = platformTest({ seedAt: new Date("2026-01-15T00:00:00Z") });

async function searchPage(platform: TestPlatform, query: string) {
  return searchLoader({ request: pageRequest(`/search?${query}`), context: contextFor(platform), params: {} });
}

/** The query with one parameter set to a value, or removed (null), or with a value added (`append`). */
function withParam(query: string, name: string, value: string | null, append = false): string {
  const params = new URLSearchParams(query);
  if (!append) params.delete(name);
  if (value) params.append(name, value);
  return params.toString();
}

async function totalOf(platform: TestPlatform, query: string): Promise<number> {
  return (await searchPage(platform, query)).results.total;
}

describe("facet counts", () => {
  it("say, for every choice, how many products the page finds once it is chosen", async ({ platform }) => {
    const queries = [
      "q=%E3%81%9F%E3%81%8A%E3%82%8B",
      "q=%E8%8C%B6",
      "q=%E8%8C%B6&category=food",
      "q=%E3%82%AE%E3%83%95%E3%83%88&feature=gift-ready&priceMin=1000",
    ];
    for (const query of queries) {
      const page = await searchPage(platform, query);
      const counts = page.facetCounts!;
      expect(counts, query).not.toBeNull();
      expect(counts.anyCategory, query).toBe(await totalOf(platform, withParam(query, "category", null)));
      for (const category of page.facets.categories) {
        expect(counts.categories[category.slug] ?? 0, `${query} category=${category.slug}`).toBe(
          await totalOf(platform, withParam(query, "category", category.slug)),
        );
      }
      for (const feature of page.facets.features) {
        expect(counts.features[feature.slug] ?? 0, `${query} +feature=${feature.slug}`).toBe(
          await totalOf(platform, withParam(query, "feature", feature.slug, true)),
        );
      }
      for (const [kind, options] of [
        ["trouble", page.facets.troubles],
        ["situation", page.facets.situations],
      ] as const) {
        const byTag = kind === "trouble" ? counts.troubles : counts.situations;
        for (const option of options) {
          expect(byTag[option.slug] ?? 0, `${query} ${kind}=${option.slug}`).toBe(await totalOf(platform, withParam(query, kind, option.slug)));
        }
      }
    }
  });

  it("find something to count on the demo catalogue (the oracle above is not comparing zeros)", async ({ platform }) => {
    const counts = (await searchPage(platform, "q=%E8%8C%B6")).facetCounts!;
    expect(counts.anyCategory).toBeGreaterThan(3);
    expect(Object.values(counts.categories).filter((n) => n > 0).length).toBeGreaterThan(1);
    expect(Object.values(counts.features).some((n) => n > 0)).toBe(true);
  });

  it("are not counted for a listing without a keyword (the whole catalogue)", async ({ platform }) => {
    expect((await searchPage(platform, "category=food")).facetCounts).toBeNull();
    const category = await categoryLoader({ request: pageRequest("/category/kitchen"), context: contextFor(platform), params: { categorySlug: "kitchen" } });
    expect(category.facetCounts).toBeNull();
  });

  it("read the keyword index first and products only by primary key", async ({ platform }) => {
    for (const query of ["q=タオル", "q=茶", "q=泉州 ぎふと&category=gift&priceMin=1000&feature=gift-ready&trouble=stiff-shoulders"]) {
      for (const statement of facetCountQueries(platform.db, parseSearchFilter(new URLSearchParams(query)))) {
        const { sql, params } = statement.toSQL();
        const plan = await platform.env.DB.prepare(`explain query plan ${sql}`)
          .bind(...params)
          .all<{ detail: string }>();
        const details = plan.results.map((row) => row.detail).join("\n");
        expect(details, query).toMatch(/SCAN product_search(_grams)? VIRTUAL TABLE/);
        expect(details, query).not.toMatch(/\bSCAN (products|product_categories|product_features|product_tags)\b/);
        for (const line of details.split("\n").filter((detail) => /\bproducts\b/.test(detail))) {
          expect(line, query).toBe("SEARCH products USING INTEGER PRIMARY KEY (rowid=?)");
        }
      }
    }
  });
});
