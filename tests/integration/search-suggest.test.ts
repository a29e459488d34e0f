import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { productPath } from "~/core/catalogue/products";
import { SUGGEST_CATEGORY_LIMIT, SUGGEST_LIMIT } from "~/core/search/search-suggest";
import { PRODUCTS } from "~/services/seed/catalogue";
import { merchants, products } from "~/db/schema";
import { action, loader } from "~/routes/api.search.suggest";
import { suggestionQueries } from "~/services/search/search-suggest.server";
import type { SearchSuggestions } from "~/web/types/search-suggest";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, contextFor } from "../support/requests";

// Predictive search (issue 18) on real local D1: GET /api/search/suggest answers JSON from the keyword index,
// listed products only, title hits first; its query plans never walk the products.
const NOW = new Date("2026-01-15T00:00:00Z");
const it = platformTest({ seedAt: NOW });

const listed = PRODUCTS.filter((spec) => (spec.extra?.status ?? "published") === "published" && !spec.extra?.isPrivate);
const titled = (needle: string) => listed.filter((spec) => spec.title.includes(needle)).map((spec) => spec.sku);

async function ask(platform: TestPlatform, search: string): Promise<Response> {
  return (await loader({
    request: apiRequest(`/api/search/suggest${search}`, { method: "GET", mode: "cors" }),
    context: contextFor(platform),
    params: {},
  })) as Response;
}

async function suggest(platform: TestPlatform, q: string): Promise<SearchSuggestions> {
  const response = await ask(platform, `?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return response.json();
}

const skus = (suggestions: SearchSuggestions) => suggestions.products.map((product) => product.sku);

describe("GET /api/search/suggest", () => {
  it("answers products as JSON a shared cache may keep: title, SKU, page, thumbnail, selling price", async ({ platform }) => {
    const response = await ask(platform, `?q=${encodeURIComponent("泉州タオル")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    const body = (await response.json()) as SearchSuggestions;
    expect(body.query).toBe("泉州タオル");
    const simple = body.products.find((product) => product.sku === "DEMO-SIMPLE");
    const spec = PRODUCTS.find((product) => product.sku === "DEMO-SIMPLE")!;
    expect(simple).toEqual({
      title: spec.title,
      sku: "DEMO-SIMPLE",
      url: productPath({ categorySlug: "living", sku: "DEMO-SIMPLE" }),
      image: expect.stringMatching(/^\//),
      price: 1980,
    });
    expect(skus(body).slice(0, titled("泉州タオル").length).sort()).toEqual(titled("泉州タオル").sort());
  });

  it("meets the query in either kana script and either width", async ({ platform }) => {
    const katakana = await suggest(platform, "タオル");
    expect(skus(katakana)).toContain("DEMO-SIMPLE");
    for (const variant of ["たおる", "ﾀｵﾙ"]) expect(skus(await suggest(platform, variant)), variant).toEqual(skus(katakana));
    expect(skus(await suggest(platform, "ふぇいすたおる"))).toContain("DEMO-SIMPLE");
    expect(skus(await suggest(platform, "ＰＩＬＥ"))).toEqual(skus(await suggest(platform, "pile")));
  });

  it("suggests from 2 characters, kana or kanji, and for a word being typed after a finished one", async ({ platform }) => {
    expect(skus(await suggest(platform, "有田"))).toContain("DEMO-MERCHANT");
    expect(skus(await suggest(platform, "たお"))).toContain("DEMO-SIMPLE");
    expect(skus(await suggest(platform, "煎茶"))).toContain("DRINK-SENCHA");
    const senshu = listed.filter((spec) => `${spec.title}${spec.catchcopy}${spec.description}`.includes("泉州")).map((spec) => spec.sku);
    const typing = skus(await suggest(platform, "泉州 ふ"));
    expect(typing).toContain("DEMO-SIMPLE");
    expect(senshu).toEqual(expect.arrayContaining(typing));
    // A finished long word and a short one: DEMO-SIMPLE's title has フェイスタオル, its description 綿.
    expect(skus(await suggest(platform, "ふぇいすたおる 綿"))).toContain("DEMO-SIMPLE");
    expect(skus(await suggest(platform, "ふぇいすたおる 鬱"))).toEqual([]);
  });

  it("suggests nothing, with 200, under 2 characters or for a word no product has", async ({ platform }) => {
    for (const q of ["", " ", "た", "  茶  ", "ぞうきんがけ", "鬱金"]) {
      expect(await suggest(platform, q), q).toMatchObject({ categories: [], products: [] });
    }
    expect((await ask(platform, "")).status).toBe(200);
    expect(await (await ask(platform, "")).json()).toEqual({ query: "", categories: [], products: [] });
  });

  it("answers any garbled query string with 200 JSON, never a server error", async ({ platform }) => {
    const raw = ["?q=%E3%81", "?q=%", "?q=%00%01", "?q=a&q=b", "?q[]=x", "?q=" + "茶".repeat(5000)];
    const syntax = ['"', '""', "*", "a*", "title:x", "AND OR", "NOT たおる", "(たおる", "たおる)", "^たお", "NEAR(a b)", "ﾀ\u0000ｵ", "💩💩"];
    for (const search of [...raw, ...syntax.map((q) => `?q=${encodeURIComponent(q)}`)]) {
      const response = await ask(platform, search);
      expect(response.status, search).toBe(200);
      expect(await response.json(), search).toMatchObject({ categories: expect.any(Array), products: expect.any(Array) });
    }
    const posted = await action();
    expect(posted.status).toBe(405);
  });

  it("puts products with every word in the title first", async ({ platform }) => {
    const body = await suggest(platform, "ギフト");
    const inTitle = body.products.map((product) => product.title.includes("ギフト"));
    expect(inTitle).toContain(true);
    expect(inTitle).toContain(false);
    expect(inTitle).toEqual([...inTitle].sort((a, b) => Number(b) - Number(a)));
  });

  it("suggests at most 8, categories and products together", async ({ platform }) => {
    const everywhere = await suggest(platform, "です");
    expect(everywhere.products).toHaveLength(SUGGEST_LIMIT);
    const tableware = await suggest(platform, "食器");
    expect(tableware.categories.length + tableware.products.length).toBeLessThanOrEqual(SUGGEST_LIMIT);
    expect(tableware.categories.length).toBeLessThanOrEqual(SUGGEST_CATEGORY_LIMIT);
  });

  it("suggests categories by name, folded, top categories first, subcategories with their parent", async ({ platform }) => {
    expect((await suggest(platform, "食器")).categories).toEqual([
      { name: "キッチン・食器", parent: null, url: "/category/kitchen" },
      { name: "器・食器", parent: "キッチン・食器", url: "/category/tableware" },
    ]);
    const coffee = [{ name: "コーヒー", parent: "飲料・お茶", url: "/category/coffee" }];
    for (const q of ["コーヒー", "こーひー", "ｺｰﾋｰ", "こー"]) expect((await suggest(platform, q)).categories, q).toEqual(coffee);
    expect((await suggest(platform, "たおる")).categories).toEqual([]);
  });

  it("never suggests a private, archived or draft product, nor one of a suspended merchant", async ({ platform }) => {
    for (const q of ["八女玉露", "玉露", "会員様限定", "水出し緑茶", "販売終了"]) {
      const found = skus(await suggest(platform, q));
      expect(found, q).not.toContain("DEMO-PRIVATE");
      expect(found, q).not.toContain("DEMO-ARCHIVED");
    }
    await platform.db.update(products).set({ status: "draft" }).where(eq(products.sku, "DEMO-SIMPLE"));
    expect(skus(await suggest(platform, "泉州タオル"))).not.toContain("DEMO-SIMPLE");
    await platform.db.update(products).set({ status: "published" }).where(eq(products.sku, "DEMO-SIMPLE"));
    expect(skus(await suggest(platform, "泉州タオル"))).toContain("DEMO-SIMPLE");

    expect(skus(await suggest(platform, "有田焼"))).toContain("DEMO-MERCHANT");
    await platform.db.update(merchants).set({ status: "suspended" }).where(eq(merchants.slug, "arita-seika"));
    expect(skus(await suggest(platform, "有田焼"))).not.toContain("DEMO-MERCHANT");
    await platform.db.update(merchants).set({ status: "active" }).where(eq(merchants.slug, "arita-seika"));
  });
});

describe("suggestion plans", () => {
  it("read the index first, products only by primary key, and stop after a bounded number of index rows", async ({ platform }) => {
    for (const q of ["タオル", "たお", "北海道", "茶器", "泉州 ふ", "綿 タオル", "ギフト 有田 です"]) {
      const [titleHits, allHits, categoryRows] = suggestionQueries(platform.db, q)!;
      for (const statement of [titleHits, allHits]) {
        const { sql, params } = statement.toSQL();
        const plan = await platform.env.DB.prepare(`explain query plan ${sql}`)
          .bind(...params)
          .all<{ detail: string }>();
        const details = plan.results.map((row) => row.detail);
        expect(details.join("\n"), q).not.toMatch(/\bSCAN products\b/);
        expect(
          details.filter((detail) => /\bproducts\b/.test(detail)),
          q,
        ).toEqual(["SEARCH products USING INTEGER PRIMARY KEY (rowid=?)"]);
        // The candidates: FTS5 walks its rows newest first itself (idxNum bits 0x40 order by rowid, 0x80
        // descending) and the LIMIT stops it; nothing sorts every match first, and long and short words mixed
        // are one lookup in the grams index, never ids looked up in an index one by one.
        const candidates = details.slice(details.indexOf("CO-ROUTINE hits") + 1, details.indexOf("SCAN hits"));
        const walk = /^SCAN product_search(?:_grams)? VIRTUAL TABLE INDEX (\d+):/.exec(candidates[0] ?? "");
        expect(walk, q).not.toBeNull();
        expect(Number(walk![1]) & 0xc0, q).toBe(0xc0);
        const lookups = candidates.filter((detail) => /VIRTUAL TABLE INDEX \d+:\S*=/.test(detail));
        expect(lookups, q).toEqual([]);
        expect(candidates.join("\n"), q).not.toMatch(/TEMP B-TREE/);
      }
      expect(categoryRows.toSQL().sql).not.toMatch(/\bproducts\b/);
    }
  });
});
