import { describe, expect, it } from "vitest";
import {
  clampPage,
  defaultListingQuery,
  isFilteredListing,
  listingHref,
  listingQueryJson,
  listingSearchParams,
  nextSort,
  type ListingDefinition,
} from "~/core/search/listing";
import { filterBadges, jstDayRange, parseDay, parseListingQuery, parseOperator } from "~/core/search/listing-query";
import { MAIL_LISTING } from "~/core/member/member-mail-listing";
import { ORDER_LISTING } from "~/core/member/member-order-listing";
import { POINT_LISTING } from "~/core/member/member-point-listing";

const fromUrl = (query: string) => parseListingQuery(MAIL_LISTING, new URLSearchParams(query));
const fromPairs = (pairs: [string, string][]) => parseListingQuery(MAIL_LISTING, pairs);

describe("parseListingQuery: query (page, orderby, ordersens)", () => {
  it("gives the listing's defaults for an empty query", () => {
    expect(fromUrl("")).toEqual({ page: 0, orderby: "date_created", ordersens: "DESC", inputs: {} });
    expect(fromUrl("")).toEqual(defaultListingQuery(MAIL_LISTING));
  });

  it("reads the short GET form and the bracketed §7 form alike", () => {
    const expected = { page: 2, orderby: "title", ordersens: "ASC", inputs: {} };
    expect(fromUrl("page=2&orderby=title&ordersens=ASC")).toEqual(expected);
    expect(
      fromPairs([
        ["query[page]", "2"],
        ["query[orderby]", "title"],
        ["query[ordersens]", "asc"],
      ]),
    ).toEqual(expected);
  });

  it("prefers the bracketed value when both are sent", () => {
    expect(
      fromPairs([
        ["page", "5"],
        ["query[page]", "1"],
      ]).page,
    ).toBe(1);
  });

  it("reads pages 0-based: 0, 1 and a six-digit page", () => {
    expect(fromUrl("page=0").page).toBe(0);
    expect(fromUrl("page=1").page).toBe(1);
    expect(fromUrl("page=999999").page).toBe(999999);
  });

  it("falls back to page 0 for hostile pages", () => {
    for (const page of ["-1", "1.5", "abc", "1e3", "9999999", "", " ", "0x10", "２"]) {
      expect(fromUrl(`page=${encodeURIComponent(page)}`).page, page).toBe(0);
    }
  });

  it("only sorts by the allow-listed columns", () => {
    expect(fromUrl("orderby=readed").orderby).toBe("readed");
    for (const column of ["content", "id;drop table users", "DATE_CREATED", "user_id", "1"]) {
      expect(fromUrl(`orderby=${encodeURIComponent(column)}`).orderby, column).toBe("date_created");
    }
  });

  it("accepts ASC or DESC in any case, nothing else", () => {
    expect(fromUrl("ordersens=asc").ordersens).toBe("ASC");
    expect(fromUrl("ordersens=Desc").ordersens).toBe("DESC");
    expect(fromUrl("ordersens=up").ordersens).toBe("DESC");
    expect(fromUrl("ordersens=").ordersens).toBe("DESC");
  });

  it("ignores files and keeps the first of repeated values", () => {
    const form = new FormData();
    form.append("title", new File(["x"], "x.txt"));
    form.append("title", "発送");
    form.append("title", "注文");
    expect(parseListingQuery(MAIL_LISTING, form).inputs).toEqual({ title: "発送" });
  });

  it("does not walk through a body of thousands of fields", () => {
    const pairs: [string, string][] = Array.from({ length: 5000 }, (_, index) => [`junk${index}`, "x"]);
    pairs.push(["title", "発送"]);
    expect(fromPairs(pairs).inputs).toEqual({});
  });
});

describe("filter operators", () => {
  it("LIKE: title and content take trimmed, normalised text", () => {
    expect(fromUrl("title=%20%E7%99%BA%E9%80%81%20").inputs).toEqual({ title: "発送" });
    expect(fromPairs([["inputs[content]", "ＣＡＭＰＡＩＧＮ　２０２６"]]).inputs).toEqual({ content: "CAMPAIGN 2026" });
    expect(fromUrl("title=").inputs).toEqual({});
    expect(fromUrl("title=%E2%80%8B%0A").inputs).toEqual({});
  });

  it("BETWEEN: date_created from and to, both inclusive days", () => {
    expect(fromUrl("date_created_from=2026-01-01&date_created_to=2026-01-31").inputs).toEqual({
      date_created: { from: "2026-01-01", to: "2026-01-31" },
    });
    expect(
      fromPairs([
        ["inputs[date_created][from]", "2026/1/1"],
        ["inputs[date_created][to]", "2026-01-31"],
        ["operators[date_created]", "between"],
      ]).inputs,
    ).toEqual({ date_created: { from: "2026-01-01", to: "2026-01-31" } });
    expect(
      fromPairs([
        ["inputs[date_created][]", "2026-01-01"],
        ["inputs[date_created][]", "2026-01-02"],
      ]).inputs,
    ).toEqual({
      date_created: { from: "2026-01-01", to: "2026-01-02" },
    });
    expect(
      fromPairs([
        ["inputs[date_created][0]", "2026-01-01"],
        ["inputs[date_created][1]", "2026-01-02"],
      ]).inputs,
    ).toEqual({
      date_created: { from: "2026-01-01", to: "2026-01-02" },
    });
  });

  it("BETWEEN: one open end is allowed, reversed ends are swapped, invalid days are dropped", () => {
    expect(fromUrl("date_created_from=2026-01-01").inputs).toEqual({ date_created: { from: "2026-01-01", to: null } });
    expect(fromUrl("date_created_to=2026-01-01").inputs).toEqual({ date_created: { from: null, to: "2026-01-01" } });
    expect(fromUrl("date_created_from=2026-02-01&date_created_to=2026-01-01").inputs).toEqual({
      date_created: { from: "2026-01-01", to: "2026-02-01" },
    });
    expect(fromUrl("date_created_from=2026-02-30&date_created_to=garbage").inputs).toEqual({});
  });

  it("= : readed takes only its choices (0 unread, 1 read)", () => {
    expect(fromUrl("readed=0").inputs).toEqual({ readed: "0" });
    expect(
      fromPairs([
        ["inputs[readed]", "1"],
        ["operators[readed]", "equals"],
      ]).inputs,
    ).toEqual({ readed: "1" });
    for (const value of ["2", "", "null", "true", "0 or 1=1"]) {
      expect(fromUrl(`readed=${encodeURIComponent(value)}`).inputs, value).toEqual({});
    }
  });

  it("drops a filter sent with another operator than its own", () => {
    expect(
      fromPairs([
        ["inputs[title]", "発送"],
        ["operators[title]", "="],
      ]).inputs,
    ).toEqual({});
    expect(
      fromPairs([
        ["inputs[readed]", "0"],
        ["operators[readed]", "LIKE"],
      ]).inputs,
    ).toEqual({});
    expect(
      fromPairs([
        ["inputs[title]", "発送"],
        ["operators[title]", "like"],
      ]).inputs,
    ).toEqual({ title: "発送" });
    expect(
      fromPairs([
        ["inputs[title]", "発送"],
        ["operators[title]", ""],
      ]).inputs,
    ).toEqual({ title: "発送" });
  });

  it("ignores filters the listing does not have", () => {
    expect(fromUrl("user_id=3&status=paid").inputs).toEqual({});
    expect(parseListingQuery(ORDER_LISTING, new URLSearchParams("status=paid&readed=0")).inputs).toEqual({ status: "paid" });
  });

  it("names operators canonically", () => {
    expect(parseOperator("Between")).toBe("BETWEEN");
    expect(parseOperator("like")).toBe("LIKE");
    expect(["=", "==", "eq", "EQUALS"].map(parseOperator)).toEqual(["=", "=", "=", "="]);
    expect(parseOperator("<>")).toBeNull();
    expect(parseOperator(undefined)).toBeNull();
  });
});

describe("parseDay", () => {
  it("accepts real days between 2000 and 2099", () => {
    expect(parseDay("2026-01-05")).toBe("2026-01-05");
    expect(parseDay("２０２６／０１／０５")).toBe("2026-01-05");
    expect(parseDay("2024-02-29")).toBe("2024-02-29");
    expect(parseDay("2000-01-01")).toBe("2000-01-01");
    expect(parseDay("2099-12-31")).toBe("2099-12-31");
  });
  it("refuses impossible or out-of-range days", () => {
    for (const value of ["2025-02-29", "2026-13-01", "2026-00-10", "1999-12-31", "2100-01-01", "20260105", "", undefined]) {
      expect(parseDay(value), String(value)).toBeNull();
    }
  });
});

describe("jstDayRange", () => {
  it("covers whole Japanese days: from 00:00 JST of the first to 00:00 JST after the last", () => {
    const { start, end } = jstDayRange({ from: "2026-01-01", to: "2026-01-31" });
    expect(start?.toISOString()).toBe("2025-12-31T15:00:00.000Z");
    expect(end?.toISOString()).toBe("2026-01-31T15:00:00.000Z");
  });
  it("leaves open ends open", () => {
    expect(jstDayRange({ from: null, to: "2026-01-01" }).start).toBeNull();
    expect(jstDayRange({ from: "2026-01-01", to: null }).end).toBeNull();
  });
});

describe("URLs of a listing", () => {
  const query = fromUrl("title=%E7%99%BA%E9%80%81&readed=0&page=3&orderby=title&ordersens=ASC");

  it("leaves defaults out", () => {
    expect(listingHref("/user/mails", MAIL_LISTING, defaultListingQuery(MAIL_LISTING))).toBe("/user/mails");
  });

  it("round-trips a query through its URL", () => {
    const href = listingHref("/user/mails", MAIL_LISTING, query);
    expect(parseListingQuery(MAIL_LISTING, new URL(href, "http://x").searchParams)).toEqual(query);
    const range = fromUrl("date_created_from=2026-01-01&date_created_to=2026-01-31");
    expect(listingSearchParams(MAIL_LISTING, range).toString()).toBe("date_created_from=2026-01-01&date_created_to=2026-01-31");
  });

  it("goes back to page 0 when the filter or the order changes, not when the page does", () => {
    expect(listingSearchParams(MAIL_LISTING, query, { inputs: { title: null } }).get("page")).toBeNull();
    expect(listingSearchParams(MAIL_LISTING, query, { inputs: { title: null } }).get("title")).toBeNull();
    expect(listingSearchParams(MAIL_LISTING, query, { ordersens: "DESC" }).get("page")).toBeNull();
    expect(listingSearchParams(MAIL_LISTING, query, { page: 4 }).get("page")).toBe("4");
    expect(listingSearchParams(MAIL_LISTING, query).get("page")).toBe("3");
  });

  it("sorts a new column in its first direction and flips the current one", () => {
    expect(nextSort(query, "title")).toEqual({ orderby: "title", ordersens: "DESC" });
    expect(nextSort(query, "date_created", "DESC")).toEqual({ orderby: "date_created", ordersens: "DESC" });
    expect(nextSort(query, "readed")).toEqual({ orderby: "readed", ordersens: "ASC" });
  });
});

describe("filterBadges", () => {
  it("labels each filter in effect, in the definition's order", () => {
    const query = fromUrl("readed=0&title=%E7%99%BA%E9%80%81&date_created_from=2026-01-01&date_created_to=2026-01-31");
    expect(filterBadges(MAIL_LISTING, query)).toEqual([
      { name: "title", label: "件名：「発送」" },
      { name: "date_created", label: "受信日：2026年1月1日〜2026年1月31日" },
      { name: "readed", label: "既読状態：未読" },
    ]);
    expect(isFilteredListing(query)).toBe(true);
    expect(isFilteredListing(fromUrl("page=2"))).toBe(false);
  });

  it("reads open and one-day ranges", () => {
    const badge = (search: string) => filterBadges(POINT_LISTING, parseListingQuery(POINT_LISTING, new URLSearchParams(search)))[0]?.label;
    expect(badge("date_created_from=2026-01-01")).toBe("日付：2026年1月1日以降");
    expect(badge("date_created_to=2026-01-01")).toBe("日付：2026年1月1日まで");
    expect(badge("date_created_from=2026-01-01&date_created_to=2026-01-01")).toBe("日付：2026年1月1日");
  });
});

describe("listingQueryJson and clampPage", () => {
  it("echoes the query with the operator of each filter in effect", () => {
    const query = fromUrl("title=a&readed=1");
    expect(listingQueryJson(MAIL_LISTING, query)).toEqual({
      query: { page: 0, orderby: "date_created", ordersens: "DESC" },
      inputs: { title: "a", readed: "1" },
      operators: { title: "LIKE", readed: "=" },
    });
  });

  it("keeps a page inside the list", () => {
    expect(clampPage(0, 0)).toBe(0);
    expect(clampPage(3, 2)).toBe(1);
    expect(clampPage(1, 2)).toBe(1);
  });

  it("works for any definition, e.g. a staff list sorted by priority", () => {
    const tickets: ListingDefinition<"priority" | "updated"> = {
      orderby: ["priority", "updated"],
      defaultOrderby: "updated",
      defaultOrdersens: "DESC",
      pageSize: 30,
      filters: [{ name: "status", label: "状態", operator: "=", type: "choice", choices: [{ value: "doing", label: "対応中" }] }],
    };
    expect(parseListingQuery(tickets, new URLSearchParams("orderby=priority&status=doing"))).toEqual({
      page: 0,
      orderby: "priority",
      ordersens: "DESC",
      inputs: { status: "doing" },
    });
  });
});
