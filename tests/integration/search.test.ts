import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { sellingPrice } from "~/core/catalogue/pricing";
import { PRODUCTS, TAGS, topCategoryOf, type ProductSpec } from "~/services/seed/catalogue";
import { categories, productCategories, products } from "~/db/schema";
import { loader as categoryLoader } from "~/routes/category.$categorySlug._index";
import { loader as searchLoader } from "~/routes/search";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, pageRequest, settle } from "../support/requests";

// Search and category browsing on the seeded demo catalogue. The seed's own product specs are the oracle.
const NOW = new Date("2026-01-15T00:00:00Z");
const it = platformTest({ seedAt: NOW });
const PAGE_SIZE = 24;

// ─── Oracle ─────────────────────────────────────────────────────────────────────────────────

const HIDDEN = ["DEMO-PRIVATE", "DEMO-ARCHIVED"];
const listed = PRODUCTS.filter((spec) => (spec.extra?.status ?? "published") === "published" && !spec.extra?.isPrivate);
const priceOf = (spec: ProductSpec) => sellingPrice({ regularPrice: spec.price, discountPrice: spec.extra?.discountPrice ?? null });
const textOf = (spec: ProductSpec) => `${spec.title}\n${spec.catchcopy}\n${spec.description}`;
const hasTag = (spec: ProductSpec, kind: "trouble" | "situation", slug: string) =>
  (spec.tags ?? []).some((tag) => TAGS.some((row) => row.slug === tag && row.kind === kind && row.slug === slug));
/** Newest first: the seed publishes each product `age` days before NOW; ties by id, highest first. */
const newestFirst = (a: ProductSpec, b: ProductSpec) => a.age - b.age || b.id - a.id;
const skus = (specs: ProductSpec[]) => specs.map((spec) => spec.sku);
const sorted = (values: string[]) => [...values].sort();

// ─── Calling the loaders ────────────────────────────────────────────────────────────────────

async function search(platform: TestPlatform, query = "") {
  const context = contextFor(platform);
  const data = await searchLoader({ request: pageRequest(`/search${query}`), context, params: {} });
  return { ...data, roundTrips: context.d1Usage.roundTrips, usage: context.d1Usage };
}

/** Every result of a query, page after page, in order. */
async function searchAll(platform: TestPlatform, query: string) {
  const first = await search(platform, query);
  const products = [...first.results.products];
  for (let page = 1; page < first.results.totalPages; page++) {
    products.push(...(await search(platform, `${query}${query ? "&" : "?"}page=${page}`)).results.products);
  }
  expect(products).toHaveLength(first.results.total);
  return products;
}

async function browse(platform: TestPlatform, slug: string, query = "") {
  const context = contextFor(platform);
  return categoryLoader({ request: pageRequest(`/category/${slug}${query}`), context, params: { categorySlug: slug } });
}

const q = (text: string) => `?q=${encodeURIComponent(text)}`;

// ─── Tests ──────────────────────────────────────────────────────────────────────────────────

describe("GET /search", () => {
  it("shows the filter's choices and all listed products, newest first, from one D1 round trip", async ({ platform }) => {
    const page = await search(platform);
    expect(page.roundTrips).toBe(1);
    // The batch's rows read (D1 meta) are metered; no statement went without it.
    expect(page.usage.rowsRead).toBeGreaterThan(page.results.products.length);
    expect(page.usage.unmeteredStatements).toBe(0);
    expect(page.facets.categories.map((category) => category.name)).toEqual([
      "食品",
      "飲料・お茶",
      "スイーツ",
      "キッチン・食器",
      "美容・コスメ",
      "健康",
      "生活雑貨",
      "ギフト",
    ]);
    expect(page.facets.features).toHaveLength(20);
    expect(page.facets.features[0]).toEqual({ slug: "free-shipping", name: "送料無料" });
    expect(page.facets.troubles.map((tag) => tag.name)).toEqual(["肌の乾燥", "肩こり", "睡眠", "冷え", "疲れやすい", "おなかの調子"]);
    expect(page.facets.situations.map((tag) => tag.name)).toEqual(["贈り物", "朝食", "アウトドア", "くつろぎ時間", "ホームパーティー", "毎日の暮らし"]);

    expect(page.results.total).toBe(listed.length);
    expect(page.results.totalPages).toBe(Math.ceil(listed.length / PAGE_SIZE));
    expect(page.results.products.map((product) => product.sku)).toEqual(skus([...listed].sort(newestFirst).slice(0, PAGE_SIZE)));
    expect(page.category).toBeNull();
  });

  it("pages through the results 24 at a time (page is 0-based)", async ({ platform }) => {
    const all = skus([...listed].sort(newestFirst));
    const second = await search(platform, "?page=1");
    expect(second.filter.page).toBe(1);
    expect(second.results.total).toBe(listed.length);
    expect(second.results.products.map((product) => product.sku)).toEqual(all.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    const last = await search(platform, `?page=${second.results.totalPages - 1}`);
    expect(last.results.products.map((product) => product.sku)).toEqual(all.slice((second.results.totalPages - 1) * PAGE_SIZE));
    const beyond = await search(platform, "?page=50");
    expect(beyond.results.products).toEqual([]);
    expect(beyond.results.total).toBe(listed.length);
  });

  describe("keyword", () => {
    it("finds a kanji word in the title, catch copy or description", async ({ platform }) => {
      const found = await searchAll(platform, q("煎茶"));
      const expected = listed.filter((spec) => textOf(spec).includes("煎茶"));
      expect(expected.length).toBeGreaterThan(1);
      expect(sorted(found.map((product) => product.sku))).toEqual(sorted(skus(expected)));
      expect(found.map((product) => product.sku)).toContain("DRINK-SENCHA");
    });

    it("finds katakana titles from a hiragana query", async ({ platform }) => {
      const found = (await searchAll(platform, q("たおる"))).map((product) => product.sku);
      expect(found).toEqual(expect.arrayContaining(["DEMO-SIMPLE", "LIVING-BATHTOWEL", "GIFT-TOWEL-BOX"]));
      expect(sorted(found)).toEqual(sorted(skus(listed.filter((spec) => /タオル|たおる/.test(textOf(spec))))));
    });

    it("finds hiragana titles from a katakana query", async ({ platform }) => {
      const found = (await searchAll(platform, q("ホウジ"))).map((product) => product.sku);
      expect(found).toEqual(expect.arrayContaining(["DRINK-HOJICHA", "GIFT-HOJICHA-HIGASHI"]));
      expect(sorted(found)).toEqual(sorted(skus(listed.filter((spec) => /ほうじ|ホウジ/.test(textOf(spec))))));
      expect((await searchAll(platform, q("シソ"))).map((product) => product.sku)).toContain("DEMO-FOOD");
    });

    it("treats half-width kana and full-width letters as their normal forms", async ({ platform }) => {
      const found = (await searchAll(platform, q("ﾀｵﾙ"))).map((product) => product.sku);
      expect(found).toContain("DEMO-SIMPLE");
    });

    it("needs every word of a query", async ({ platform }) => {
      const found = await searchAll(platform, q("泉州　ギフト"));
      expect(found.map((product) => product.sku)).toEqual(["GIFT-TOWEL-BOX"]);
    });

    it("takes % and _ literally", async ({ platform }) => {
      const percent = await searchAll(platform, q("%"));
      const expected = listed.filter((spec) => textOf(spec).includes("%"));
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(listed.length);
      expect(sorted(percent.map((product) => product.sku))).toEqual(sorted(skus(expected)));
      expect((await search(platform, q("_"))).results.total).toBe(0);
      expect((await search(platform, q("綿_00"))).results.total).toBe(0);
    });

    it("finds nothing for a word no product has, with an empty list", async ({ platform }) => {
      const page = await search(platform, q("存在しない商品名"));
      expect(page.results).toMatchObject({ total: 0, totalPages: 0, products: [] });
    });
  });

  describe("private and archived products", () => {
    it("never appear, whatever is searched", async ({ platform }) => {
      expect((await search(platform, q("DEMO"))).results.total).toBe(0);
      for (const query of [
        q("八女玉露"),
        q("会員様限定"),
        q("水出し緑茶"),
        q("販売終了"),
        "?category=japanese-tea",
        "?situation=outdoor",
        "?feature=limited-time",
      ]) {
        const found = (await searchAll(platform, query)).map((product) => product.sku);
        for (const sku of HIDDEN) expect(found, query).not.toContain(sku);
      }
      for (const sort of ["new", "price_asc", "price_desc", "reviews"]) {
        const found = (await searchAll(platform, `?sort=${sort}`)).map((product) => product.sku);
        expect(found).toHaveLength(listed.length);
        for (const sku of HIDDEN) expect(found).not.toContain(sku);
      }
    });
  });

  describe("category", () => {
    it("a top category also finds the products of its subcategories", async ({ platform }) => {
      const page = await search(platform, "?category=food");
      const found = await searchAll(platform, "?category=food");
      const expected = listed.filter((spec) => topCategoryOf(spec.category).slug === "food");
      expect(sorted(found.map((product) => product.sku))).toEqual(sorted(skus(expected)));
      expect(found.map((product) => product.categorySlug)).toEqual(expect.arrayContaining(["food", "seasoning", "dairy"]));
      expect(page.category).toMatchObject({ slug: "food", name: "食品", parent: null });
    });

    it("a subcategory finds only its own products", async ({ platform }) => {
      const found = await searchAll(platform, "?category=dairy");
      expect(sorted(found.map((product) => product.sku))).toEqual(sorted(skus(listed.filter((spec) => spec.category === "dairy"))));
      expect((await search(platform, "?category=dairy")).category).toMatchObject({ name: "乳製品", parent: { slug: "food", name: "食品" } });
    });

    it("an extra category finds the product under it and under its top category, until it is taken out", async ({ platform }) => {
      // A top category is tested on the product's category bits (kept by triggers), a subcategory on its lists.
      const spec = listed.find((candidate) => topCategoryOf(candidate.category).slug !== "food")!;
      const skusOf = async (query: string) => (await searchAll(platform, query)).map((product) => product.sku);
      const [product, dairy] = await Promise.all([
        platform.db.select({ id: products.id }).from(products).where(eq(products.sku, spec.sku)),
        platform.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, "dairy")),
      ]);
      expect(await skusOf("?category=food")).not.toContain(spec.sku);
      await platform.db.insert(productCategories).values({ productId: product[0]!.id, categoryId: dairy[0]!.id });
      expect(await skusOf("?category=food")).toContain(spec.sku);
      expect(await skusOf("?category=dairy")).toContain(spec.sku);
      expect(await skusOf(`?category=${topCategoryOf(spec.category).slug}`)).toContain(spec.sku);
      await platform.db.delete(productCategories).where(and(eq(productCategories.productId, product[0]!.id), eq(productCategories.categoryId, dairy[0]!.id)));
      expect(await skusOf("?category=food")).not.toContain(spec.sku);
      expect(await skusOf("?category=dairy")).not.toContain(spec.sku);
    });

    it("an unknown category finds nothing", async ({ platform }) => {
      const page = await search(platform, "?category=no-such-category");
      expect(page.results.total).toBe(0);
      expect(page.category).toBeNull();
    });
  });

  it("features: the product must have all chosen features", async ({ platform }) => {
    const found = await searchAll(platform, "?feature=gift-ready&feature=traditional-craft");
    const expected = listed.filter((spec) => spec.features.includes("gift-ready") && spec.features.includes("traditional-craft"));
    const either = listed.filter((spec) => spec.features.includes("gift-ready") || spec.features.includes("traditional-craft"));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(either.length);
    expect(sorted(found.map((product) => product.sku))).toEqual(sorted(skus(expected)));
    const three = await searchAll(platform, "?feature=traditional-craft&feature=dishwasher-safe&feature=made-in-japan");
    expect(three.map((product) => product.sku)).toContain("DEMO-MERCHANT");
    const expectedThree = listed.filter((spec) =>
      ["traditional-craft", "dishwasher-safe", "made-in-japan"].every((slug) => spec.features.some((own) => own === slug)),
    );
    expect(sorted(three.map((product) => product.sku))).toEqual(sorted(skus(expectedThree)));
    expect((await search(platform, "?feature=organic&feature=no-such-feature")).results.total).toBe(0);
  });

  describe("price range (selling price, tax incl., bounds included)", () => {
    const within = (min: number, max: number) => listed.filter((spec) => priceOf(spec) >= min && priceOf(spec) <= max);

    it("includes products priced exactly at either bound", async ({ platform }) => {
      const found = await searchAll(platform, "?priceMin=1100&priceMax=1300");
      expect(sorted(found.map((product) => product.sku))).toEqual(sorted(skus(within(1100, 1300))));
      expect(found.map((product) => product.sku)).toEqual(expect.arrayContaining(["DEMO-DIGITAL", "BEAUTY-HAND", "FOOD-BUTTER"]));
      expect(found.map((product) => product.sku)).not.toContain("FOOD-SHOYU"); // 1,080円
      expect(found.map((product) => product.sku)).not.toContain("BEAUTY-TSUBAKI"); // 2,574円 on sale
      for (const product of found) expect(product.price).toBeGreaterThanOrEqual(1100);
      for (const product of found) expect(product.price).toBeLessThanOrEqual(1300);
    });

    it("filters on the sale price while there is one", async ({ platform }) => {
      // FOOD-SCALLOP: regular 3,480円, on sale for 2,980円.
      expect((await searchAll(platform, "?priceMax=3000")).map((product) => product.sku)).toContain("FOOD-SCALLOP");
      expect((await searchAll(platform, "?priceMin=3400&priceMax=3500")).map((product) => product.sku)).not.toContain("FOOD-SCALLOP");
    });

    it("leaves a range touching 100 or 100,000 open at that end", async ({ platform }) => {
      expect((await search(platform, "?priceMin=100&priceMax=100000")).results.total).toBe(listed.length);
      const cheap = await searchAll(platform, "?priceMax=1000");
      expect(sorted(cheap.map((product) => product.sku))).toEqual(sorted(skus(within(0, 1000))));
    });

    it("swaps a reversed range", async ({ platform }) => {
      const page = await search(platform, "?priceMin=3000&priceMax=1000");
      expect(page.filter).toMatchObject({ priceMin: 1000, priceMax: 3000 });
      expect(page.results.total).toBe(within(1000, 3000).length);
    });

    it("combines with a category", async ({ platform }) => {
      const found = await searchAll(platform, "?category=food&priceMin=1000&priceMax=3000");
      const expected = within(1000, 3000).filter((spec) => topCategoryOf(spec.category).slug === "food");
      expect(sorted(found.map((product) => product.sku))).toEqual(sorted(skus(expected)));
    });
  });

  it("trouble and situation tags", async ({ platform }) => {
    const sleep = await searchAll(platform, "?trouble=sleep");
    expect(sorted(sleep.map((product) => product.sku))).toEqual(sorted(skus(listed.filter((spec) => hasTag(spec, "trouble", "sleep")))));
    const gift = await searchAll(platform, "?situation=gift");
    expect(sorted(gift.map((product) => product.sku))).toEqual(sorted(skus(listed.filter((spec) => hasTag(spec, "situation", "gift")))));
    const both = await searchAll(platform, "?trouble=digestion&situation=breakfast");
    const expected = listed.filter((spec) => hasTag(spec, "trouble", "digestion") && hasTag(spec, "situation", "breakfast"));
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(both.map((product) => product.sku))).toEqual(sorted(skus(expected)));
    // A situation slug is not a trouble: "gift" exists only as a situation.
    expect((await search(platform, "?trouble=gift")).results.total).toBe(0);
  });

  describe("sort", () => {
    it("price_asc and price_desc order by the selling price (SQL and app/core/catalogue/pricing agree)", async ({ platform }) => {
      const bySku = new Map(listed.map((spec) => [spec.sku, spec]));
      const ascending = await searchAll(platform, "?sort=price_asc");
      for (const product of ascending) expect(product.price, product.sku).toBe(priceOf(bySku.get(product.sku)!));
      expect(ascending.map((product) => product.sku)).toEqual(skus([...listed].sort((a, b) => priceOf(a) - priceOf(b) || a.id - b.id)));
      const descending = await searchAll(platform, "?sort=price_desc");
      // Ties follow the order's direction (the id descends too): the index walked backwards.
      expect(descending.map((product) => product.sku)).toEqual(skus([...listed].sort((a, b) => priceOf(b) - priceOf(a) || b.id - a.id)));
      expect(descending[0]?.sku).toBe("LIVING-IGUSA"); // 12,800円 on sale for 10,800円: still the dearest
    });

    it("reviews orders by review count, then average", async ({ platform }) => {
      const found = await searchAll(platform, "?sort=reviews");
      for (let index = 1; index < found.length; index++) {
        const [before, after] = [found[index - 1]!, found[index]!];
        expect(before.reviewCount >= after.reviewCount, `${before.sku} before ${after.sku}`).toBe(true);
        if (before.reviewCount === after.reviewCount) expect(before.reviewAvg).toBeGreaterThanOrEqual(after.reviewAvg);
      }
      expect(found[0]?.sku).toBe("FOOD-RICE"); // 8 reviews
      expect(found.slice(0, 3).map((product) => product.sku)).toEqual(["FOOD-RICE", "DEMO-SUBSCRIBE", "DEMO-SIMPLE"]);
    });

    it("new orders by publication, newest first", async ({ platform }) => {
      const found = await searchAll(platform, "?sort=new");
      expect(found.map((product) => product.sku)).toEqual(skus([...listed].sort(newestFirst)));
    });
  });

  it("answers hostile parameters with the default search instead of an error", async ({ platform }) => {
    for (const query of [
      "?q[]=x&category[]=food&feature[]=a&sort[]=reviews&page[]=1",
      "?priceMin=-5&priceMax=-1&page=-3",
      "?priceMin=abc&priceMax=abc&page=abc&sort=abc",
      "?priceMin=1e400&priceMax=999999999999999999999999&page=99999999999",
      "?category=%3Cscript%3E&trouble=%27%20or%201%3D1--&situation=%00&sort=%3Cscript%3E",
    ]) {
      const { returned, thrown } = await settle(() => search(platform, query));
      expect(thrown, query).toBeUndefined();
      expect(returned?.results.total, query).toBe(listed.length);
      expect(returned?.filter, query).toMatchObject({ category: null, features: [], priceMin: 100, priceMax: 100_000, sort: "new", page: 0 });
    }
    const injection = await search(platform, q("' or 1=1 --"));
    expect(injection.results.total).toBe(0);
    const markup = await search(platform, q("<script>alert(1)</script>"));
    expect(markup.results.total).toBe(0);
    expect(markup.filter.q).toBe("<script>alert(1)</script>");
    const long = await search(platform, q("茶".repeat(5000)));
    expect(long.filter.q).toHaveLength(100);
    expect(long.results.total).toBe(0);
  });

  it("handles the longest keywords within D1's limits (50-byte LIKE patterns, 100 bound parameters)", async ({ platform }) => {
    // 100 characters, every one escaped or with a second kana script.
    const escapes = await search(platform, q("ほ%ア_\\".repeat(30)));
    expect(escapes.filter.q).toHaveLength(100);
    expect(escapes.results.total).toBe(0);
    // Five long words with both scripts, each needing three variants, plus every other filter.
    const words = Array.from({ length: 5 }, () => "あア".repeat(9)).join(" ");
    const features = Array.from({ length: 20 }, (_, index) => `feature=f${index}`).join("&");
    const busy = await search(platform, `${q(words)}&category=food&${features}&priceMin=200&priceMax=900&trouble=sleep&situation=gift&sort=price_desc`);
    expect(busy.results.total).toBe(0);
    // A word longer than one pattern (21 characters, 63 bytes) is matched in pieces and still found.
    const description = await search(platform, q("和歌山県みなべ町の契約農家が育てた南高梅を"));
    expect(description.results.products.map((product) => product.sku)).toEqual(["DEMO-FOOD"]);
    expect((await search(platform, q("和歌山県みなべ町の契約農家が育てた南高梅は"))).results.total).toBe(0);
  });
});

describe("GET /category/{slug}", () => {
  it("lists a top category with its subcategories, from one round trip", async ({ platform }) => {
    const context = contextFor(platform);
    const page = await categoryLoader({ request: pageRequest("/category/food"), context, params: { categorySlug: "food" } });
    expect(context.d1Usage.roundTrips).toBe(1);
    expect(page.category).toEqual({
      slug: "food",
      name: "食品",
      description: "お米、調味料、乳製品など、毎日の食卓を支える食品。",
      parent: null,
      children: [
        { slug: "seasoning", name: "調味料" },
        { slug: "dairy", name: "乳製品" },
      ],
    });
    const expected = listed.filter((spec) => topCategoryOf(spec.category).slug === "food");
    expect(page.results.total).toBe(expected.length);
    expect(page.results.products.map((product) => product.sku)).toEqual(skus([...expected].sort(newestFirst)));
    expect(page.facets.features).toHaveLength(20);
  });

  it("names the parent of a subcategory for the breadcrumb", async ({ platform }) => {
    const page = await browse(platform, "japanese-tea");
    expect(page.category).toMatchObject({ name: "日本茶", parent: { slug: "drink", name: "飲料・お茶" }, children: [] });
    const found = page.results.products.map((product) => product.sku);
    expect(found).toContain("DRINK-SENCHA");
    for (const sku of HIDDEN) expect(found).not.toContain(sku);
  });

  it("applies the other filters and keeps its own category whatever the query says", async ({ platform }) => {
    const page = await browse(platform, "food", "?category=drink&priceMin=1000&priceMax=3000&sort=price_asc");
    expect(page.filter.category).toBe("food");
    const expected = listed
      .filter((spec) => topCategoryOf(spec.category).slug === "food" && priceOf(spec) >= 1000 && priceOf(spec) <= 3000)
      .sort((a, b) => priceOf(a) - priceOf(b) || a.id - b.id);
    expect(page.results.products.map((product) => product.sku)).toEqual(skus(expected));
  });

  it("answers an unknown or malformed category with a Japanese 404", async ({ platform }) => {
    for (const slug of ["no-such-category", "食品", "<script>", "FOOD", "a".repeat(100)]) {
      const { thrown } = await settle(() => browse(platform, slug));
      expect(thrown, slug).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
      expect(await (thrown as Response).text()).toBe("お探しのカテゴリは見つかりませんでした。");
    }
  });

  it("answers hostile parameters without an error", async ({ platform }) => {
    const { returned, thrown } = await settle(() => browse(platform, "food", "?feature[]=x&priceMin=-1&priceMax=abc&page=-2&sort=<x>"));
    expect(thrown).toBeUndefined();
    expect(returned?.results.total).toBe(listed.filter((spec) => topCategoryOf(spec.category).slug === "food").length);
  });
});
