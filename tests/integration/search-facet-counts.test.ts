import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { STAFF_SCOPE, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { STAFF_ID } from "~/services/seed/people";
import { categories, features, products, tags } from "~/db/schema";
import { loadEditorProduct } from "~/services/catalogue/product-editor-reads.server";
import { updateProduct } from "~/services/catalogue/product-editor.server";
import { parseSearchFilter } from "~/core/search/search-filter";
import { loader as categoryLoader } from "~/routes/category.$categorySlug._index";
import { loader as searchLoader } from "~/routes/search";
import { facetCountQuery } from "~/services/search/search-facet-counts.server";
import { searchProducts } from "~/services/search/search.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, pageRequest } from "../support/requests";

// The filter's counts on a keyword search (decision 0026) on real local D1. The oracle is the search itself:
// the number beside a choice is the total the search finds once that choice is made — counted by its own
// statement (searchProducts), apart from the counts' statement the page takes its total from.
const NOW = new Date("2026-01-15T00:00:00Z");
const it = platformTest({ seedAt: NOW });
const STAFF: CatalogueActor = { userId: STAFF_ID, name: "佐藤 花子" };

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
  return (await searchProducts(platform.db, parseSearchFilter(new URLSearchParams(query)))).total;
}

/** Every count of the page for `query` equals the total the search shows once that choice is made. */
async function expectCountsMatchSearch(platform: TestPlatform, query: string) {
  const page = await searchPage(platform, query);
  expect(page.results.total, `${query}: the page's total`).toBe(await totalOf(platform, query));
  const counts = page.facetCounts!;
  expect(counts, query).not.toBeNull();
  expect(counts.anyCategory, query).toBe(await totalOf(platform, withParam(query, "category", null)));
  for (const category of page.facets.categories) {
    expect(counts.categories[category.slug], `${query} category=${category.slug}`).toBe(await totalOf(platform, withParam(query, "category", category.slug)));
  }
  for (const feature of page.facets.features) {
    expect(counts.features[feature.slug], `${query} +feature=${feature.slug}`).toBe(await totalOf(platform, withParam(query, "feature", feature.slug, true)));
  }
  for (const [kind, options] of [
    ["trouble", page.facets.troubles],
    ["situation", page.facets.situations],
  ] as const) {
    const byTag = kind === "trouble" ? counts.troubles : counts.situations;
    for (const option of options) {
      expect(byTag[option.slug], `${query} ${kind}=${option.slug}`).toBe(await totalOf(platform, withParam(query, kind, option.slug)));
    }
  }
}

describe("facet counts", () => {
  it("say, for every choice, how many products the page finds once it is chosen", async ({ platform }) => {
    for (const query of ["q=たおる", "q=茶", "q=茶&category=food", "q=ギフト&feature=gift-ready&priceMin=1000", "q=泉州 ぎふと&trouble=stiff-shoulders"]) {
      await expectCountsMatchSearch(platform, new URLSearchParams(query).toString());
    }
  });

  it("follow a product's features, tags and categories as the editor changes them", async ({ platform }) => {
    const [row] = await platform.db.select({ id: products.id }).from(products).where(eq(products.sku, "DEMO-SIMPLE"));
    const loaded = (await loadEditorProduct(platform.db, STAFF_SCOPE, row!.id))!;
    const [food] = await platform.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "food"));
    const [sweets] = await platform.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "sweets"));
    const someFeatures = await platform.db.select({ id: features.id }).from(features).limit(3);
    const someTags = await platform.db.select({ id: tags.id, kind: tags.kind }).from(tags);
    const edited = {
      ...loaded.form,
      primaryCategoryId: food!.id,
      categoryIds: [sweets!.id],
      featureIds: someFeatures.map((feature) => feature.id),
      troubleTagIds: someTags
        .filter((tag) => tag.kind === "trouble")
        .map((tag) => tag.id)
        .slice(0, 1),
      situationTagIds: someTags
        .filter((tag) => tag.kind === "situation")
        .map((tag) => tag.id)
        .slice(0, 2),
    };
    expect(await updateProduct(platform.db, STAFF_SCOPE, STAFF, row!.id, loaded.revision, edited, NOW)).toEqual({ ok: true, productId: row!.id });
    await expectCountsMatchSearch(platform, "q=%E3%82%BF%E3%82%AA%E3%83%AB");
    const counts = (await searchPage(platform, "q=%E3%83%95%E3%82%A7%E3%82%A4%E3%82%B9%E3%82%BF%E3%82%AA%E3%83%AB")).facetCounts!;
    expect(counts.categories.food).toBeGreaterThan(0);
    expect(counts.categories.sweets).toBeGreaterThan(0);
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

  it("walk the keyword's hits once, reading each hit's narrow products_by_id_idx entry only", async ({ platform }) => {
    for (const query of ["q=タオル", "q=茶", "q=泉州 ぎふと&category=gift&priceMin=1000&feature=gift-ready&trouble=stiff-shoulders"]) {
      const { sql, params } = facetCountQuery(platform.db, parseSearchFilter(new URLSearchParams(query))).toSQL();
      const plan = await platform.env.DB.prepare(`explain query plan ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      expect(details.join("\n"), query).toMatch(/MATERIALIZE matched/);
      expect(details.join("\n"), query).not.toMatch(/\bSCAN (products|product_categories|product_features|product_tags)\b/);
      expect(
        details.filter((detail) => /\bproducts\b/.test(detail)),
        query,
      ).toEqual(["SEARCH products USING COVERING INDEX products_by_id_idx (id=? AND status=? AND is_private=?)"]);
    }
  });
});
