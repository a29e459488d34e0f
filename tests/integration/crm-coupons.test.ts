/**
 * Staff's coupon editor (/crm/coupons) on a real, migrated and seeded local D1: what staff save through the
 * routes is what the cart applies (per-product values, exclusions, ranges, minimum amount, member-only),
 * every field refused with its Japanese message and nothing written, a coupon ended now is refused by the
 * cart, a used coupon is never deleted, and a lowered limit is saved but said.
 */
import { count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { couponPriceRanges, couponProductExclusions, couponProductPrices, coupons, couponUses } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartCoupon from "~/routes/api.cart-coupon";
import * as cartApi from "~/routes/api.cart";
import * as editRoute from "~/routes/crm.coupons.$couponId";
import * as listRoute from "~/routes/crm.coupons._index";
import * as newRoute from "~/routes/crm.coupons.new";
import type { ApiCartPayload } from "~/services/cart/cart-payload.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, jsonBody, pageRequest, postRequest, responseOf, run, sessionCookie, type RouteHandler } from "../support/requests";

const it = platformTest();

const SIMPLE = productBySku("DEMO-SIMPLE").id;
const SENCHA = productBySku("DRINK-SENCHA").id;

/** A complete, valid coupon form; tests override fields. */
function couponFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    code: "staff300",
    title: "スタッフ作成 300円OFFクーポン",
    titleSimple: "300円OFF",
    type: "fix",
    value: "300",
    productsDefault: "on",
    minAmount: "0",
    maxUses: "",
    maxUsesPerUser: "",
    startsOn: "",
    endsOn: "",
    "prices[0].sku": "DEMO-SIMPLE",
    "prices[0].type": "rate",
    "prices[0].value": "10",
    "prices[0].titleSimple": "10%OFF",
    "prices[1].sku": "",
    "prices[1].type": "fix",
    "prices[1].value": "",
    excludedSkus: "DRINK-SENCHA",
    ...overrides,
  };
}

async function create(platform: TestPlatform, staff: string, fields: Record<string, string>, mode: "navigate" | "cors" = "navigate") {
  return run(platform, newRoute.action as RouteHandler, postRequest("/crm/coupons/new", fields, { cookie: staff, mode }));
}

async function couponCount(platform: TestPlatform) {
  return (await platform.db.select({ n: count() }).from(coupons).get())!.n;
}

async function couponByCode(platform: TestPlatform, code: string) {
  return platform.db.select().from(coupons).where(eq(coupons.code, code)).get();
}

const post = (platform: TestPlatform, handler: RouteHandler, url: string, cookie: string, fields?: Record<string, string> | [string, string][]) =>
  responseOf(platform, handler, apiRequest(url, { mode: "cors", cookie, fields }));

/** A new guest cart with these products (id, quantity); answers its cookie. */
async function guestCart(platform: TestPlatform, ...items: [number, number][]) {
  let cookie = "";
  for (const [p, q] of items) {
    const response = await post(platform, cartAdd.action as RouteHandler, "/api/cart-add", cookie, { p: String(p), q: String(q) });
    expect(response.status).toBe(200);
    cookie = sessionCookie(response) || cookie;
  }
  return cookie;
}

async function cartOf(platform: TestPlatform, cookie: string) {
  return jsonBody<ApiCartPayload>(await post(platform, cartApi.action as RouteHandler, "/api/cart", cookie));
}

async function applyCode(platform: TestPlatform, cookie: string, code: string) {
  return post(platform, cartCoupon.action as RouteHandler, "/api/cart-coupon", cookie, { code });
}

describe("creating a coupon", () => {
  it("saves the coupon and its rows in one go, and the cart applies exactly that", async ({ platform, staff }) => {
    const outcome = await create(platform, staff, couponFields());
    expect(outcome.status).toBe(303);
    const saved = await couponByCode(platform, "STAFF300");
    expect(saved).toMatchObject({
      title: "スタッフ作成 300円OFFクーポン",
      type: "fix",
      value: 300,
      productsDefault: true,
      maxUses: null,
      startsAt: null,
      expiresAt: null,
    });
    expect(outcome.response!.headers.get("Location")).toBe(`/crm/coupons/${saved!.id}?notice=created#result`);
    expect(await platform.db.select().from(couponProductPrices).where(eq(couponProductPrices.couponId, saved!.id))).toEqual([
      { couponId: saved!.id, productId: SIMPLE, type: "rate", value: 10, titleSimple: "10%OFF" },
    ]);
    expect(await platform.db.select().from(couponProductExclusions).where(eq(couponProductExclusions.couponId, saved!.id))).toEqual([
      { couponId: saved!.id, productId: SENCHA },
    ]);

    // DEMO-SIMPLE ×2 (3,960 yen) gets its own 10% (396 yen); DRINK-SENCHA is excluded, so the coupon's
    // own 300 yen applies to nothing else.
    const cookie = await guestCart(platform, [SIMPLE, 2], [SENCHA, 1]);
    expect((await applyCode(platform, cookie, "staff300")).status).toBe(200);
    const body = await cartOf(platform, cookie);
    expect(body.cart.discount_coupon).toBe(396);
    expect(body.cart.coupons).toMatchObject([{ code: "STAFF300", discount: 396 }]);
  });

  it("applies price ranges as saved, from the highest range the amount reaches", async ({ platform, staff }) => {
    const fields = couponFields({
      code: "RANGED",
      "prices[0].sku": "",
      "prices[0].value": "",
      "prices[0].titleSimple": "",
      excludedSkus: "",
      value: "100",
      "ranges[0].minAmount": "3,000",
      "ranges[0].type": "fix",
      "ranges[0].value": "500",
      "ranges[1].minAmount": "５０００",
      "ranges[1].type": "rate",
      "ranges[1].value": "20",
    });
    expect((await create(platform, staff, fields)).status).toBe(303);
    const saved = await couponByCode(platform, "RANGED");
    expect(
      await platform.db
        .select({ minAmount: couponPriceRanges.minAmount, type: couponPriceRanges.type, value: couponPriceRanges.value })
        .from(couponPriceRanges)
        .where(eq(couponPriceRanges.couponId, saved!.id))
        .orderBy(couponPriceRanges.minAmount),
    ).toEqual([
      { minAmount: 3000, type: "fix", value: 500 },
      { minAmount: 5000, type: "rate", value: 20 },
    ]);
    const cookie = await guestCart(platform, [SIMPLE, 2]);
    expect((await applyCode(platform, cookie, "ranged")).status).toBe(200);
    expect((await cartOf(platform, cookie)).cart.discount_coupon).toBe(500);
  });

  it("refuses bad input with a message on each field, keeps what was typed, and writes nothing", async ({ platform, staff }) => {
    const before = await couponCount(platform);
    const outcome = await create(platform, staff, {
      ...couponFields({ code: "bad code!", title: "", type: "rate", value: "150", startsOn: "2026-05-10", endsOn: "2026-05-01", maxUses: "0" }),
      "prices[0].value": "",
      "ranges[0].minAmount": "5000",
      "ranges[0].value": "100",
      "ranges[1].minAmount": "3000",
      "ranges[1].value": "100",
    });
    expect(outcome.status).toBe(400);
    const reply = outcome.value as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(reply.error).toMatchObject({
      code: ["コードは半角英数字・ハイフン・アンダースコアで40文字以内で入力してください"],
      title: ["タイトルを入力してください"],
      value: ["割引率は1〜100の整数で入力してください"],
      endsOn: ["終了日は開始日以降の日付を入力してください"],
      maxUses: ["利用上限は1以上の整数で入力してください（空欄は無制限）"],
      "prices[0].value": ["割引額を入力してください"],
      "ranges[1].minAmount": ["金額は上の行より大きい金額を、小さい順に入力してください"],
    });
    expect(reply.initialValue).toMatchObject({ code: "bad code!", value: "150" });
    expect(await couponCount(platform)).toBe(before);
  });

  it("refuses a code another coupon or campaign has and SKUs that do not exist, writing nothing", async ({ platform, staff }) => {
    const before = await couponCount(platform);
    for (const code of ["welcome500", "CAMPAIGN2026"]) {
      const outcome = await create(platform, staff, couponFields({ code }));
      expect(outcome.status).toBe(400);
      expect((outcome.value as { error: Record<string, string[]> }).error.code).toEqual(["このコードは別のクーポンまたはキャンペーンで使われています"]);
    }
    const unknown = await create(platform, staff, couponFields({ code: "NOSKU", "prices[0].sku": "NO-SUCH-SKU", excludedSkus: "NOPE-1\nDEMO-SIMPLE2" }));
    expect(unknown.status).toBe(400);
    expect((unknown.value as { error: Record<string, string[]> }).error).toMatchObject({
      "prices[0].sku": ["存在しないSKUがあります：NO-SUCH-SKU"],
      excludedSkus: ["存在しないSKUがあります：NOPE-1、DEMO-SIMPLE2"],
    });
    // A product that takes no coupon at all cannot be excluded (the product editor refuses the same pair).
    const disabled = await create(platform, staff, couponFields({ code: "NOCOUPONX", excludedSkus: "DRINK-SENCHA\nDEMO-NOCOUPON" }));
    expect(disabled.status).toBe(400);
    expect((disabled.value as { error: Record<string, string[]> }).error.excludedSkus).toEqual([
      "クーポンを使えない商品は除外に指定できません（もともとどのクーポンも使えません）：DEMO-NOCOUPON",
    ]);
    expect(await couponCount(platform)).toBe(before);
  });

  it("creates one coupon when two staff save the same new code at once (the unique code decides)", async ({ platform, staff }) => {
    const outcomes = await Promise.all([create(platform, staff, couponFields({ code: "RACE" })), create(platform, staff, couponFields({ code: "race" }))]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 400]);
    const refused = outcomes.find((outcome) => outcome.status === 400)!;
    expect((refused.value as { error: Record<string, string[]> }).error.code).toEqual(["このコードは別のクーポンまたはキャンペーンで使われています"]);
    const race = (await couponByCode(platform, "RACE"))!;
    // The refused batch wrote none of its rows either.
    expect(await platform.db.select().from(couponProductPrices).where(eq(couponProductPrices.couponId, race.id))).toHaveLength(1);
  });

  it("duplicates a coupon: the new form holds its fields and rows, without its code", async ({ platform, staff }) => {
    const teafair = (await couponByCode(platform, "TEAFAIR"))!;
    const outcome = await run(platform, newRoute.loader as RouteHandler, pageRequest(`/crm/coupons/new?from=${teafair.id}`, staff));
    const { values } = outcome.value as { values: { code: string; productsDefault: boolean; prices: { sku: string }[] } };
    expect(values.code).toBe("");
    expect(values.productsDefault).toBe(false);
    expect(values.prices.map((row) => row.sku).sort()).toEqual(["DRINK-HOJICHA", "DRINK-MATCHA", "DRINK-SENCHA"]);
  });
});

describe("editing, ending and deleting a coupon", () => {
  it("replaces the rows on save, and 今すぐ終了 makes the cart refuse the coupon", async ({ platform, staff }) => {
    expect((await create(platform, staff, couponFields({ code: "EDITME" }))).status).toBe(303);
    const coupon = (await couponByCode(platform, "EDITME"))!;
    const path = `/crm/coupons/${coupon.id}`;
    const params = { couponId: String(coupon.id) };
    const saved = await run(
      platform,
      editRoute.action as RouteHandler,
      postRequest(
        path,
        couponFields({
          code: "EDITME",
          value: "200",
          "prices[0].sku": "",
          "prices[0].value": "",
          "prices[0].titleSimple": "",
          excludedSkus: "",
          revision: String(coupon.revision),
        }),
        { cookie: staff, mode: "navigate" },
      ),
      params,
    );
    expect(saved.status).toBe(303);
    expect(saved.response!.headers.get("Location")).toBe(`${path}?notice=saved#result`);
    expect((await couponByCode(platform, "EDITME"))!.value).toBe(200);
    expect(await platform.db.select().from(couponProductPrices).where(eq(couponProductPrices.couponId, coupon.id))).toEqual([]);
    expect(await platform.db.select().from(couponProductExclusions).where(eq(couponProductExclusions.couponId, coupon.id))).toEqual([]);

    const cookie = await guestCart(platform, [SIMPLE, 1]);
    expect((await applyCode(platform, cookie, "EDITME")).status).toBe(200);
    expect((await cartOf(platform, cookie)).cart.discount_coupon).toBe(200);

    const ended = await run(platform, editRoute.action as RouteHandler, postRequest(path, { intent: "end" }, { cookie: staff, mode: "navigate" }), params);
    expect(ended.status).toBe(303);
    expect((await couponByCode(platform, "EDITME"))!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now());
    // The cart already holding it no longer applies it, and entering it again is refused.
    expect((await cartOf(platform, cookie)).cart.discount_coupon).toBe(0);
    const refused = await applyCode(platform, await guestCart(platform, [SIMPLE, 1]), "EDITME");
    expect(refused.status).toBe(409);
    expect(await jsonBody(refused)).toMatchObject({ error: "このクーポンは有効期限が切れています。" });
    // Ending it twice says so and changes nothing.
    const again = await run(platform, editRoute.action as RouteHandler, postRequest(path, { intent: "end" }, { cookie: staff }), params);
    expect(again).toMatchObject({ status: 409, value: { refusal: "このクーポンはすでに終了しています。" } });
  });

  it("deletes an unused coupon with its rows; a used one is refused and stays", async ({ platform, staff }) => {
    expect((await create(platform, staff, couponFields({ code: "GONE" }))).status).toBe(303);
    const gone = (await couponByCode(platform, "GONE"))!;
    const deleted = await run(
      platform,
      editRoute.action as RouteHandler,
      postRequest(`/crm/coupons/${gone.id}`, { intent: "delete" }, { cookie: staff, mode: "navigate" }),
      { couponId: String(gone.id) },
    );
    expect(deleted.status).toBe(303);
    expect(await couponByCode(platform, "GONE")).toBeUndefined();
    expect(await platform.db.select().from(couponProductPrices).where(eq(couponProductPrices.couponId, gone.id))).toEqual([]);

    const used = (await couponByCode(platform, "SPRING10"))!;
    await platform.db.insert(couponUses).values({ couponId: used.id, orderId: 6, email: "guest-buyer@example.jp", discount: 100 });
    const refused = await run(platform, editRoute.action as RouteHandler, postRequest(`/crm/coupons/${used.id}`, { intent: "delete" }, { cookie: staff }), {
      couponId: String(used.id),
    });
    expect(refused).toMatchObject({ status: 409, value: { refusal: "利用されたクーポンは削除できません。終了させてください。" } });
    expect(await couponByCode(platform, "SPRING10")).toBeDefined();
  });

  it("saves a usage limit below the uses, and the coupon page says the coupon is used up", async ({ platform, staff }) => {
    const alone = (await couponByCode(platform, "ALONE20"))!;
    await platform.db.insert(couponUses).values([
      { couponId: alone.id, orderId: 6, email: "a@example.jp", discount: 100 },
      { couponId: alone.id, orderId: 7, email: "b@example.jp", discount: 100 },
    ]);
    const path = `/crm/coupons/${alone.id}`;
    const params = { couponId: String(alone.id) };
    const page = await run(platform, editRoute.loader as RouteHandler, pageRequest(path, staff), params);
    const { values, revision } = page.value as { values: Record<string, unknown>; revision: number };
    const fields: [string, string][] = Object.entries({ ...values, revision, maxUses: "1", prices: undefined, ranges: undefined } as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]): [string, string] => [name, value === true ? "on" : value === false ? "" : String(value)]);
    const saved = await run(platform, editRoute.action as RouteHandler, postRequest(path, fields, { cookie: staff, mode: "navigate" }), params);
    expect(saved.status).toBe(303);
    expect((await couponByCode(platform, "ALONE20"))!.maxUses).toBe(1);
    const after = await run(platform, editRoute.loader as RouteHandler, pageRequest(path, staff), params);
    expect(after.value).toMatchObject({
      usage: { used: 2, customers: 2 },
      limitWarning: "利用上限（1回）に対して、すでに2回利用されています。このクーポンはこれ以上使えません。",
    });
    // And the cart says so when a shopper enters it, before checkout.
    const refused = await applyCode(platform, await guestCart(platform, [SIMPLE, 1]), "ALONE20");
    expect(refused.status).toBe(409);
    expect(await jsonBody(refused)).toMatchObject({ error: "このクーポンは利用できる回数の上限に達しました。" });
    // A used coupon keeps its code: it is in the orders' history and mails.
    const renamed = await run(
      platform,
      editRoute.action as RouteHandler,
      postRequest(
        path,
        fields.map(([name, value]): [string, string] => [
          name,
          name === "code" ? "ALONE21" : name === "revision" ? String((after.value as { revision: number }).revision) : value,
        ]),
        { cookie: staff },
      ),
      params,
    );
    expect(renamed.status).toBe(400);
    expect((renamed.value as { error: Record<string, string[]> }).error.code).toEqual([
      "利用されたクーポンのコードは変更できません（注文履歴とメールに記載されています）",
    ]);
  });

  it("answers an unknown coupon with 404 and an unknown intent with 400, changing nothing", async ({ platform, staff }) => {
    const before = await platform.db.select().from(coupons);
    expect((await run(platform, editRoute.loader as RouteHandler, pageRequest("/crm/coupons/99999", staff), { couponId: "99999" })).status).toBe(404);
    expect((await run(platform, editRoute.loader as RouteHandler, pageRequest("/crm/coupons/abc", staff), { couponId: "abc" })).status).toBe(404);
    const bogus = await run(platform, editRoute.action as RouteHandler, postRequest("/crm/coupons/1", { intent: "drop" }, { cookie: staff }), {
      couponId: "1",
    });
    expect(bogus).toMatchObject({ status: 400, value: { refusal: "操作が正しくありません。" } });
    expect(
      (await run(platform, editRoute.action as RouteHandler, postRequest("/crm/coupons/99999", { intent: "end" }, { cookie: staff }), { couponId: "99999" }))
        .status,
    ).toBe(404);
    expect(await platform.db.select().from(coupons)).toEqual(before);
  });
});

describe("the coupon listing", () => {
  it("filters by code or title, kind, state and member-only, with each coupon's uses", async ({ platform, staff }) => {
    const list = async (query: string) => {
      const outcome = await run(platform, listRoute.loader as RouteHandler, pageRequest(`/crm/coupons${query}`, staff));
      expect(outcome.status).toBe(200);
      const { rows } = (outcome.value as { page: { rows: { code: string; uses: string; state: string }[] } }).page;
      // The uses are written out by the loader: 「3回」, or 「3回 / 100回」 with a limit.
      for (const row of rows) expect(row.uses, row.code).toMatch(/^[\d,]+回( \/ [\d,]+回)?$/);
      return rows.map((row) => row.code);
    };
    expect(await list("?q=member")).toEqual(["MEMBER1000"]);
    expect(await list("?kind=auto")).toEqual(["GIFTAUTO"]);
    expect(await list("?state=ended")).toContain("EXPIRED100");
    expect(await list("?state=ended")).not.toContain("WELCOME500");
    expect(await list("?member=1")).toEqual(["MEMBER1000"]);
    expect(await list("?q=10&orderby=code&ordersens=ASC")).toEqual(["EXPIRED100", "MEMBER1000", "SPRING10"]);
  });
});
