import { describe, expect, it } from "vitest";
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN } from "~/core/limits";
import {
  DEFAULT_SEARCH_FILTER,
  isFiltered,
  isSlug,
  keywordTerms,
  listingCursor,
  MAX_FEATURES,
  parseSearchFilter,
  priceLimits,
  searchHref,
  searchParamsFor,
  type SearchFilter,
} from "~/core/search/search-filter";

const parse = (query: string) => parseSearchFilter(new URLSearchParams(query));

describe("parseSearchFilter", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual({
      q: "",
      category: null,
      features: [],
      priceMin: 100,
      priceMax: 100_000,
      trouble: null,
      situation: null,
      sort: "new",
      page: 0,
    });
    expect(DEFAULT_SEARCH_FILTER.priceMin).toBe(PRICE_FILTER_MIN);
    expect(DEFAULT_SEARCH_FILTER.priceMax).toBe(PRICE_FILTER_MAX);
  });

  it("reads every field of a full filter", () => {
    expect(
      parse("q=煎茶&category=food&feature=organic&feature=made-in-japan&priceMin=1000&priceMax=3000&trouble=sleep&situation=gift&sort=price_desc&page=2"),
    ).toEqual({
      q: "煎茶",
      category: "food",
      features: ["organic", "made-in-japan"],
      priceMin: 1000,
      priceMax: 3000,
      trouble: "sleep",
      situation: "gift",
      sort: "price_desc",
      page: 2,
    });
  });

  describe("keyword", () => {
    it("is trimmed, NFKC-normalised and has its whitespace collapsed", () => {
      expect(parse("q=" + encodeURIComponent("  ﾀｵﾙ　　１００ｇ \t ")).q).toBe("タオル 100g");
    });
    it("is cut to 100 characters without splitting a character", () => {
      expect(parse("q=" + "あ".repeat(150)).q).toBe("あ".repeat(100));
      expect(Array.from(parse("q=" + encodeURIComponent("𠮷".repeat(101))).q)).toHaveLength(100);
    });
    it("drops control characters", () => {
      expect(parse("q=" + encodeURIComponent("お\u0000茶\u200b")).q).toBe("お 茶");
    });
    it("keeps markup as plain text (rendering escapes it)", () => {
      expect(parse("q=" + encodeURIComponent("<script>alert(1)</script>")).q).toBe("<script>alert(1)</script>");
    });
  });

  describe("slugs", () => {
    it("accepts lower-case slugs and lower-cases what is typed in capitals or full width", () => {
      expect(parse("category=Japanese-Tea").category).toBe("japanese-tea");
      expect(parse("category=" + encodeURIComponent("ｆｏｏｄ")).category).toBe("food");
    });
    it("ignores anything that is not a slug", () => {
      for (const bad of ["", " ", "食品", "../etc", "a b", "a--b", "-a", "<script>", "a".repeat(65), "food;drop table"]) {
        expect(parse("category=" + encodeURIComponent(bad)).category).toBeNull();
        expect(parse("trouble=" + encodeURIComponent(bad)).trouble).toBeNull();
        expect(parse("situation=" + encodeURIComponent(bad)).situation).toBeNull();
      }
    });
    it("takes the first of repeated single-valued parameters", () => {
      expect(parse("category=food&category=drink").category).toBe("food");
    });
    it("keeps well-formed features once each, at most 20", () => {
      expect(parse("feature=organic&feature=bad%20slug&feature=organic&feature=gift-ready").features).toEqual(["organic", "gift-ready"]);
      const many = Array.from({ length: 50 }, (_, index) => `feature=f${index}`).join("&");
      const features = parse(many).features;
      expect(features).toHaveLength(MAX_FEATURES);
      expect(features[0]).toBe("f0");
      expect(features[19]).toBe("f19");
    });
  });

  describe("price range", () => {
    it("keeps whole yen within 100…100,000", () => {
      expect(parse("priceMin=1000&priceMax=3000")).toMatchObject({ priceMin: 1000, priceMax: 3000 });
    });
    it("clamps to the range", () => {
      expect(parse("priceMin=0&priceMax=250000")).toMatchObject({ priceMin: 100, priceMax: 100_000 });
      expect(parse("priceMin=99&priceMax=100001")).toMatchObject({ priceMin: 100, priceMax: 100_000 });
      expect(parse("priceMin=100&priceMax=100000")).toMatchObject({ priceMin: 100, priceMax: 100_000 });
      expect(parse("priceMin=200000")).toMatchObject({ priceMin: 100_000, priceMax: 100_000 });
    });
    it("swaps a minimum above the maximum", () => {
      expect(parse("priceMin=5000&priceMax=1000")).toMatchObject({ priceMin: 1000, priceMax: 5000 });
    });
    it("widens odd amounts to whole 100-yen steps so the number inputs accept them", () => {
      expect(parse("priceMin=1550&priceMax=2020")).toMatchObject({ priceMin: 1500, priceMax: 2100 });
      expect(parse("priceMin=5050&priceMax=3020")).toMatchObject({ priceMin: 3000, priceMax: 5100 });
    });
    it("accepts full-width digits and thousands separators", () => {
      expect(parse("priceMin=" + encodeURIComponent("１，０００"))).toMatchObject({ priceMin: 1000 });
    });
    it("uses the defaults for values that are not whole yen", () => {
      for (const bad of ["", "abc", "-100", "12.5", "1e3", "0x10", "Infinity", "NaN", "99999999999999999999", "1e309", "<script>"]) {
        expect(parse(`priceMin=${encodeURIComponent(bad)}&priceMax=${encodeURIComponent(bad)}`)).toMatchObject({
          priceMin: PRICE_FILTER_MIN,
          priceMax: PRICE_FILTER_MAX,
        });
      }
    });
  });

  describe("sort and page", () => {
    it("offers relevance only with a keyword, and makes it the keyword's default", () => {
      expect(parse("q=茶").sort).toBe("relevance");
      expect(parse("q=茶&sort=new").sort).toBe("new");
      expect(parse("sort=relevance").sort).toBe("new");
      expect(searchParamsFor(parse("q=茶")).toString()).toBe("q=%E8%8C%B6");
      expect(searchParamsFor(parse("q=茶&sort=new")).get("sort")).toBe("new");
      expect(searchParamsFor(parse("q=茶"), { q: "" }).toString()).toBe("");
    });
    it("accepts the four sort orders and falls back to newest first", () => {
      for (const sort of ["new", "price_asc", "price_desc", "reviews"]) expect(parse(`sort=${sort}`).sort).toBe(sort);
      for (const bad of ["", "PRICE_ASC", "price", "id; drop table products", "__proto__"]) expect(parse(`sort=${encodeURIComponent(bad)}`).sort).toBe("new");
    });
    it("accepts a 0-based page number and falls back to the first page", () => {
      expect(parse("page=0").page).toBe(0);
      expect(parse("page=3").page).toBe(3);
      expect(parse("page=" + encodeURIComponent("２")).page).toBe(2);
      for (const bad of ["", "-1", "1.5", "abc", "1e2", "99999999999", "<script>"]) expect(parse(`page=${encodeURIComponent(bad)}`).page).toBe(0);
    });
  });

  it("never throws on hostile input and gives the defaults", () => {
    const hostile = [
      "q[]=a&category[]=food&feature[]=organic&sort[]=reviews&page[]=2",
      "priceMin=-5&priceMax=-99999&page=-1",
      "priceMin=abc&priceMax=abc&page=abc&sort=abc&category=abc%20def",
      "priceMin=1e400&priceMax=123456789012345678901234567890&page=9999999999999",
      "category=%3Cscript%3Ealert(1)%3C%2Fscript%3E&trouble=%3Cimg%20onerror%3D1%3E&situation=%00&sort=%3Cscript%3E",
      "__proto__=x&constructor=y&toString=z",
    ];
    for (const query of hostile) {
      const filter = parse(query);
      expect(filter).toEqual({ ...DEFAULT_SEARCH_FILTER });
    }
  });
});

describe("priceLimits and isFiltered", () => {
  it("treats the ends of the range as no limit", () => {
    expect(priceLimits({ priceMin: 100, priceMax: 100_000 })).toEqual({ atLeast: null, atMost: null });
    expect(priceLimits({ priceMin: 200, priceMax: 99_900 })).toEqual({ atLeast: 200, atMost: 99_900 });
  });
  it("counts narrowing fields but not the sort or the page", () => {
    expect(isFiltered(parse(""))).toBe(false);
    expect(isFiltered(parse("sort=reviews&page=2"))).toBe(false);
    for (const query of ["q=茶", "category=food", "feature=organic", "priceMin=200", "priceMax=5000", "trouble=sleep", "situation=gift"]) {
      expect(isFiltered(parse(query))).toBe(true);
    }
  });
});

describe("keywords", () => {
  it("splits a query into at most 5 distinct words", () => {
    expect(keywordTerms("")).toEqual([]);
    expect(keywordTerms("泉州 タオル")).toEqual(["泉州", "タオル"]);
    expect(keywordTerms("a b a c d e f g")).toEqual(["a", "b", "c", "d", "e"]);
  });
});

describe("searchParamsFor", () => {
  const full = parse("q=煎茶&category=food&feature=organic&feature=gift-ready&priceMin=1000&priceMax=3000&trouble=sleep&situation=gift&sort=reviews&page=2");

  it("leaves defaults out", () => {
    expect(searchParamsFor(parse("")).toString()).toBe("");
    expect(searchParamsFor(parse("priceMin=100&priceMax=100000&sort=new&page=0&trouble=&situation=")).toString()).toBe("");
  });

  it("round-trips through parseSearchFilter", () => {
    expect(parseSearchFilter(searchParamsFor(full, { page: full.page }))).toEqual(full);
    const filters: SearchFilter[] = [parse("q=a%20b"), parse("feature=x"), parse("priceMax=500"), parse("sort=price_asc&page=1")];
    for (const filter of filters) expect(parseSearchFilter(searchParamsFor(filter, { page: filter.page }))).toEqual(filter);
  });

  it("starts again at the first page when the filter changes", () => {
    expect(searchParamsFor(full, { category: null }).get("page")).toBeNull();
    expect(searchParamsFor(full, { page: 3 }).get("page")).toBe("3");
  });

  it("removes one filter and keeps the others", () => {
    const params = searchParamsFor(full, { features: ["gift-ready"] });
    expect(params.getAll("feature")).toEqual(["gift-ready"]);
    expect(params.get("category")).toBe("food");
    expect(params.get("priceMin")).toBe("1000");
  });

  it("builds hrefs", () => {
    expect(searchHref("/search", parse(""))).toBe("/search");
    expect(searchHref("/search", parse("q=せんちゃ"), { page: 1 })).toBe("/search?q=%E3%81%9B%E3%82%93%E3%81%A1%E3%82%83&page=1");
    expect(searchHref("/category/food", full, { category: null, page: 0 })).not.toContain("category=");
  });
});

describe("listingCursor", () => {
  const cursor = (query: string) => listingCursor(new URLSearchParams(query));
  it("reads the SKU a 次へ link names", () => {
    expect(cursor("page=2&after=DEMO-SIMPLE")).toBe("DEMO-SIMPLE");
    expect(cursor("after=scale_000123")).toBe("scale_000123");
  });
  it("ignores a missing, empty or malformed value", () => {
    for (const query of ["", "after=", "after=%27%20or%201%3D1--", "after=-LEADING-DASH", `after=${"A".repeat(65)}`, "after=ＤＥＭＯ", "after=a%2Cb"]) {
      expect(cursor(query), query).toBeNull();
    }
  });
  it("is not part of the filter, so no link built from a filter carries it", () => {
    expect(searchHref("/search", parse("sort=price_asc&page=3&after=DEMO-SIMPLE"), { page: 4 })).toBe("/search?sort=price_asc&page=4");
  });
});

describe("isSlug", () => {
  it("accepts stored slugs only", () => {
    expect(isSlug("japanese-tea")).toBe(true);
    expect(isSlug("Food")).toBe(false);
    expect(isSlug("食品")).toBe(false);
    expect(isSlug("")).toBe(false);
    expect(isSlug(undefined)).toBe(false);
  });
});
