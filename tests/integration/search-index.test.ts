import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { STAFF_SCOPE, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { parseSearchFilter } from "~/core/search/search-filter";
import { PRODUCTS } from "~/services/seed/catalogue";
import { STAFF_ID } from "~/services/seed/people";
import { products } from "~/db/schema";
import { loader as searchLoader } from "~/routes/search";
import { loadEditorProduct } from "~/services/catalogue/product-editor-reads.server";
import { updateProduct } from "~/services/catalogue/product-editor.server";
import { reindexProductSearch } from "~/services/search/search-index.server";
import { searchQueries } from "~/services/search/search.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, pageRequest } from "../support/requests";

// The keyword index (decision 0020) on real local D1: query plans, folding, short words, and the index kept in
// step with edits. The seed's product specs are the oracle where a whole result set is compared.
const NOW = new Date("2026-01-15T00:00:00Z");
const it = platformTest({ seedAt: NOW });
const STAFF: CatalogueActor = { userId: STAFF_ID, name: "佐藤 花子" };

const listed = PRODUCTS.filter((spec) => (spec.extra?.status ?? "published") === "published" && !spec.extra?.isPrivate);
const visibleText = (html: string) => html.replace(/<[^>]*>/g, " ");
const withText = (needle: string) =>
  listed
    .filter((spec) => `${spec.title}\n${spec.catchcopy}\n${visibleText(spec.description)}`.includes(needle))
    .map((spec) => spec.sku)
    .sort();

/** Every SKU a query finds, all pages, sorted. */
async function found(platform: TestPlatform, query: string): Promise<string[]> {
  const skus: string[] = [];
  for (let page = 0; ; page++) {
    const data = await searchLoader({ request: pageRequest(`/search?${query}&page=${page}`), context: contextFor(platform), params: {} });
    skus.push(...data.results.products.map((product) => product.sku));
    if (page + 1 >= data.results.totalPages) return skus.sort();
  }
}
const q = (text: string) => `q=${encodeURIComponent(text)}`;

async function firstPage(platform: TestPlatform, query: string) {
  return searchLoader({ request: pageRequest(`/search?${query}`), context: contextFor(platform), params: {} });
}

describe("keyword search plans", () => {
  it("read the index first and products by id, or walk a listing index for a keyword alone; never scan products", async ({ platform }) => {
    const WALKED = { "": "reviews", "&sort=new": "new", "&sort=price_asc": "price", "&sort=reviews": "reviews" } as Record<string, string>;
    const queries = ["タオル", "茶", "泉州", "泉州 ぎふと", "存在しない", "綿 タオル"].flatMap((text) =>
      ["", "&sort=new", "&sort=price_asc", "&sort=reviews", "&category=gift&priceMin=1000&feature=gift-ready"].map((rest) => ({
        query: `${q(text)}${rest}`,
        rest,
      })),
    );
    for (const { query, rest } of queries) {
      for (const [index, statement] of searchQueries(platform.db, parseSearchFilter(new URLSearchParams(query))).entries()) {
        const { sql, params } = statement.toSQL();
        const plan = await platform.env.DB.prepare(`explain query plan ${sql}`)
          .bind(...params)
          .all<{ id: number; parent: number; detail: string }>();
        const details = plan.results.map((row) => row.detail);
        expect(details.join("\n"), query).not.toMatch(/\bSCAN products\b/);
        // Long and short words together are one lookup (decision 0029): no ids are ever handed to FTS5 as
        // rowid constraints (idxStr "=…"), which re-ran the MATCH per id (~50 s at 100k).
        expect(details.join("\n"), query).not.toMatch(/VIRTUAL TABLE INDEX \d+:=/);
        const productReads = details.filter((detail) => /\bproducts\b/.test(detail));
        const hitLookup = "SEARCH products USING COVERING INDEX products_by_id_idx (id=? AND status=? AND is_private=?)";
        // Each hit is read by id, on its narrow products_by_id_idx entry (decision 0029), right after the lookup
        // that found it (the keyword index, or the ids it gathered once): never a walk through
        // products_listing_idx, which visits every listed product.
        expect(productReads, query).toContain(hitLookup);
        details.forEach((detail, at) => {
          if (detail === hitLookup) expect(details[at - 1], query).toMatch(/^SCAN (product_search(_grams)? VIRTUAL TABLE|ids\d+$)/);
        });
        // A keyword alone also walks its order's listing index, for when it is broad (decision 0033); the
        // results (the first statement) then read the rows they show by primary key.
        const walks = productReads.filter((detail) => detail.startsWith("SEARCH products USING COVERING INDEX products_listed_"));
        const walked = index === 0 ? WALKED[rest] : undefined;
        expect(walks, query).toEqual(
          walked ? walks.map(() => `SEARCH products USING COVERING INDEX products_listed_${walked}_idx (status=? AND is_private=?)`) : [],
        );
        if (walked) expect(walks.length, query).toBeGreaterThan(0);
        // A walk is in its index's order: nothing to sort.
        for (const walk of plan.results.filter((row) => walks.includes(row.detail))) {
          expect(
            plan.results.filter((row) => row.parent === walk.parent).map((row) => row.detail),
            query,
          ).not.toContain("USE TEMP B-TREE FOR ORDER BY");
        }
        expect(
          productReads.filter((detail) => detail !== hitLookup && !walks.includes(detail)),
          query,
        ).toEqual(index === 0 ? ["SEARCH products USING INTEGER PRIMARY KEY (rowid=?)"] : []);
      }
    }
  });
});

describe("keyword search results", () => {
  it("finds either kana script from either, and full- or half-width forms", async ({ platform }) => {
    expect(await found(platform, q("たおる"))).toEqual(await found(platform, q("タオル")));
    expect(await found(platform, q("ﾀｵﾙ"))).toEqual(await found(platform, q("タオル")));
    expect(await found(platform, q("たおる"))).toEqual(withText("タオル"));
    expect(await found(platform, q("ほうじ"))).toEqual(await found(platform, q("ホウジ")));
    expect(await found(platform, q("ほうじ"))).toContain("DRINK-HOJICHA");
    expect(await found(platform, q("ふぇいすたおる"))).toContain("DEMO-SIMPLE");
  });

  it("finds kanji words of 3+ and of 2 characters in title, catch copy or description", async ({ platform }) => {
    expect(withText("泉州タオル").length).toBeGreaterThan(1);
    expect(await found(platform, q("泉州タオル"))).toEqual(withText("泉州タオル"));
    expect(withText("煎茶").length).toBeGreaterThan(1);
    expect(await found(platform, q("煎茶"))).toEqual(withText("煎茶"));
    expect(await found(platform, q("木箱"))).toEqual(withText("木箱"));
  });

  it("finds a 1-character word anywhere in the text, not only where a word starts", async ({ platform }) => {
    for (const char of ["綿", "茶", "梅"]) {
      expect(withText(char).length, char).toBeGreaterThan(0);
      expect(await found(platform, q(char)), char).toEqual(withText(char));
    }
  });

  it("needs every word, long and short mixed", async ({ platform }) => {
    expect(await found(platform, q("たおる 木箱"))).toEqual(["GIFT-TOWEL-BOX"]);
    const both = withText("綿").filter((sku) => withText("タオル").includes(sku));
    expect(both.length).toBeGreaterThan(0);
    expect(await found(platform, q("綿 タオル"))).toEqual(both);
  });

  it("finds nothing for words no product has, short or long", async ({ platform }) => {
    for (const word of ["ぞうきんがけ", "鬱", "鬱金", "zz"]) {
      const page = await firstPage(platform, q(word));
      expect(page.results, word).toMatchObject({ total: 0, products: [] });
    }
  });

  it("ranks products with every word in the title first, by default and only for a keyword", async ({ platform }) => {
    for (const [word, inTitle] of [
      ["茶", "茶"],
      ["ぎふと", "ギフト"],
    ] as const) {
      const page = await firstPage(platform, q(word));
      expect(page.filter.sort).toBe("relevance");
      const titleHits = page.results.products.map((product) => product.title.includes(inTitle));
      expect(titleHits, word).toContain(false);
      expect(titleHits, word).toEqual([...titleHits].sort((a, b) => Number(b) - Number(a)));
    }
    expect((await firstPage(platform, "sort=relevance")).filter.sort).toBe("new");
    expect((await firstPage(platform, `${q("たおる")}&sort=new`)).filter.sort).toBe("new");
  });

  it("never finds a private or archived product", async ({ platform }) => {
    for (const word of ["八女玉露", "玉露", "会員様限定", "水出し緑茶", "販売終了", "終"]) {
      const skus = await found(platform, q(word));
      expect(skus, word).not.toContain("DEMO-PRIVATE");
      expect(skus, word).not.toContain("DEMO-ARCHIVED");
    }
    await platform.db.update(products).set({ status: "archived" }).where(eq(products.sku, "GIFT-TOWEL-BOX"));
    expect(await found(platform, q("たおる 木箱"))).toEqual([]);
    await platform.db.update(products).set({ status: "published" }).where(eq(products.sku, "GIFT-TOWEL-BOX"));
  });
});

describe("the index follows the products", () => {
  async function productId(platform: TestPlatform, sku: string): Promise<number> {
    const [row] = await platform.db.select({ id: products.id }).from(products).where(eq(products.sku, sku));
    return row!.id;
  }

  it("finds an edited product by its new text, folded, and no longer by its old title", async ({ platform }) => {
    const id = await productId(platform, "DEMO-SIMPLE");
    const loaded = (await loadEditorProduct(platform.db, STAFF_SCOPE, id))!;
    const edited = {
      ...loaded.form,
      title: "ﾌﾟﾚﾐｱﾑ ＰＩＬＥ バスリネン",
      catchcopy: "ふかふか",
      description: "<p>ガーゼ織りの<strong>麻</strong>混です。</p>",
    };
    expect(await updateProduct(platform.db, STAFF_SCOPE, STAFF, id, loaded.revision, edited, NOW)).toEqual({ ok: true, productId: id });

    for (const word of ["ぷれみあむ", "プレミアム", "pile", "ＰＩＬＥ", "ばすりねん", "がーぜ", "麻混", "麻"]) {
      expect(await found(platform, q(word)), word).toContain("DEMO-SIMPLE");
    }
    for (const word of ["フェイスタオル", "後晒し", "strong"]) expect(await found(platform, q(word)), word).not.toContain("DEMO-SIMPLE");
  });

  it("follows a write that bypasses the services (raw text, 3+ characters) and a deleted product", async ({ platform }) => {
    await platform.db.update(products).set({ title: "直接書いた名前の商品" }).where(eq(products.sku, "KITCHEN-POT"));
    expect(await found(platform, q("直接書いた"))).toEqual(["KITCHEN-POT"]);
    const id = await productId(platform, "KITCHEN-POT");
    const indexed = (table: string) => platform.env.DB.prepare(`select count(*) as n from ${table} where rowid = ?`).bind(id).first<{ n: number }>("n");
    expect(await indexed("product_search")).toBe(1);
    await platform.env.DB.batch([platform.env.DB.prepare("pragma foreign_keys = off"), platform.env.DB.prepare("delete from products where id = ?").bind(id)]);
    expect(await indexed("product_search")).toBe(0);
    expect(await indexed("product_search_grams")).toBe(0);
  });

  it("rebuilds, as the services would, products written with SQL alone", async ({ platform }) => {
    await platform.env.DB.prepare("update products set title = 'ボウル 直接' where sku = 'KITCHEN-CHAWAN'").run();
    expect(await found(platform, q("ぼうる"))).not.toContain("KITCHEN-CHAWAN");
    expect(await reindexProductSearch(platform.db)).toBe(PRODUCTS.length - 1);
    expect(await found(platform, q("ぼうる"))).toContain("KITCHEN-CHAWAN");
    expect(await found(platform, q("直"))).toContain("KITCHEN-CHAWAN");
    expect(await found(platform, q("ぷれみあむ"))).toEqual(["DEMO-SIMPLE"]);
  });
});
