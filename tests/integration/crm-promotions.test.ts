/**
 * Staff's coupon campaigns and point promotions (/crm/coupon-campaigns, /crm/point-promos) on a real local
 * D1: a campaign saved through the routes works through its /coupon-get link in a cart, a point promo saved
 * there is the cart's banner; bad input is refused per field; and who may use every promotion route — staff
 * only: members and merchants get 403, a guest the login page, and nothing changes.
 */
import { count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { couponCampaigns, couponPriceRanges, couponProductExclusions, couponProductPrices, coupons, pointPromos } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartApi from "~/routes/api.cart";
import * as couponGet from "~/routes/coupon-get.$code";
import * as campaignEdit from "~/routes/crm.coupon-campaigns.$campaignId";
import * as campaignList from "~/routes/crm.coupon-campaigns._index";
import * as campaignNew from "~/routes/crm.coupon-campaigns.new";
import * as couponEdit from "~/routes/crm.coupons.$couponId";
import * as couponList from "~/routes/crm.coupons._index";
import * as couponNew from "~/routes/crm.coupons.new";
import * as promoEdit from "~/routes/crm.point-promos.$promoId";
import * as promoList from "~/routes/crm.point-promos._index";
import * as promoNew from "~/routes/crm.point-promos.new";
import { loadCart } from "~/services/cart/cart-view.server";
import type { ApiCartPayload } from "~/services/cart/cart-payload.server";
import { platformTest, type PlatformFixtures, type TestPlatform } from "../support/platform-test";
import { apiRequest, jsonBody, pageRequest, postRequest, responseOf, run, sessionCookie, type RouteHandler } from "../support/requests";

const it = platformTest();

const SIMPLE = productBySku("DEMO-SIMPLE").id;

const post = (platform: TestPlatform, handler: RouteHandler, url: string, cookie: string, fields?: Record<string, string>) =>
  responseOf(platform, handler, apiRequest(url, { mode: "cors", cookie, fields }));

describe("coupon campaigns", () => {
  it("creates a campaign whose /coupon-get link takes its discount off a cart from its minimum amount", async ({ platform, staff }) => {
    const created = await run(
      platform,
      campaignNew.action as RouteHandler,
      postRequest(
        "/crm/coupon-campaigns/new",
        { code: "natsu2026", title: "夏の感謝祭 10%OFF", type: "rate", value: "10", minAmount: "3000", startsOn: "", endsOn: "" },
        { cookie: staff, mode: "navigate" },
      ),
    );
    expect(created.status).toBe(303);
    const campaign = (await platform.db.select().from(couponCampaigns).where(eq(couponCampaigns.code, "NATSU2026")).get())!;
    expect(campaign).toMatchObject({ title: "夏の感謝祭 10%OFF", type: "rate", value: 10, minAmount: 3000, freeShipping: false });
    const page = await run(platform, campaignEdit.loader as RouteHandler, pageRequest(`/crm/coupon-campaigns/${campaign.id}`, staff), {
      campaignId: String(campaign.id),
    });
    expect(page.value).toMatchObject({ link: "http://shop.test/coupon-get/NATSU2026", state: "running" });

    const added = await post(platform, cartAdd.action as RouteHandler, "/api/cart-add", "", { p: String(SIMPLE), q: "2" });
    const link = await responseOf(platform, couponGet.loader as RouteHandler, pageRequest("/coupon-get/natsu2026", sessionCookie(added)), {
      code: "natsu2026",
    });
    expect(link.headers.get("Location")).toBe("/cart?campaign=1");
    const body = await jsonBody<ApiCartPayload>(await post(platform, cartApi.action as RouteHandler, "/api/cart", sessionCookie(link)));
    // 3,960 yen reaches the 3,000 yen minimum: 10% = 396 yen.
    expect(body.cart.campaign).toMatchObject({ code: "NATSU2026", applied: true, discount: 396 });

    // Ended now, the same link answers that the campaign is over.
    const ended = await run(
      platform,
      campaignEdit.action as RouteHandler,
      postRequest(`/crm/coupon-campaigns/${campaign.id}`, { intent: "end" }, { cookie: staff, mode: "navigate" }),
      {
        campaignId: String(campaign.id),
      },
    );
    expect(ended.status).toBe(303);
    const after = await responseOf(platform, couponGet.loader as RouteHandler, pageRequest("/coupon-get/natsu2026"), { code: "natsu2026" });
    expect(after.headers.get("Location")).toMatch(/^\/cart\?cart_error=coupon/);
  });

  it("refuses a code in use, a bad value and an end before the start, writing nothing", async ({ platform, staff }) => {
    const before = await platform.db.select({ n: count() }).from(couponCampaigns).get();
    const outcome = await run(
      platform,
      campaignNew.action as RouteHandler,
      postRequest(
        "/crm/coupon-campaigns/new",
        { code: "SPRING10", title: "重複", type: "fix", value: "0", minAmount: "-5", startsOn: "2026-06-10", endsOn: "2026-06-01" },
        { cookie: staff, mode: "navigate" },
      ),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.value as { error: Record<string, string[]> }).error).toMatchObject({
      value: ["割引額は1円以上の整数で入力してください"],
      minAmount: ["金額は0以上の整数（半角数字）で入力してください"],
      endsOn: ["終了日は開始日以降の日付を入力してください"],
    });
    const taken = await run(
      platform,
      campaignNew.action as RouteHandler,
      postRequest("/crm/coupon-campaigns/new", { code: "spring10", title: "重複", type: "fix", value: "100" }, { cookie: staff, mode: "navigate" }),
    );
    expect((taken.value as { error: Record<string, string[]> }).error.code).toEqual(["このコードは別のクーポンまたはキャンペーンで使われています"]);
    expect(await platform.db.select({ n: count() }).from(couponCampaigns).get()).toEqual(before);
  });
});

describe("point promotions", () => {
  it("creates a promo in the default colour that the cart shows while it runs", async ({ platform, staff }) => {
    const created = await run(
      platform,
      promoNew.action as RouteHandler,
      postRequest(
        "/crm/point-promos/new",
        { title: "ポイント5倍デー", color: "", link: "/category/living", minAmount: "0", rate: "5", startsOn: "", endsOn: "" },
        { cookie: staff, mode: "navigate" },
      ),
    );
    expect(created.status).toBe(303);
    expect((await platform.db.select().from(pointPromos).where(eq(pointPromos.title, "ポイント5倍デー")).get())!).toMatchObject({
      color: "#ee6d68",
      rate: 5,
      link: "/category/living",
    });
    const view = await loadCart(platform.db, { cartId: "no-cart" }, {}, new Date());
    expect(view.pointPromo).toMatchObject({ title: "ポイント5倍デー", color: "#ee6d68", rate: 5, link: "/category/living" });
  });

  it("refuses a script link, a colour that is not one and a multiplier out of range", async ({ platform, staff }) => {
    const before = await platform.db.select().from(pointPromos);
    const outcome = await run(
      platform,
      promoNew.action as RouteHandler,
      postRequest("/crm/point-promos/new", { title: "x", color: "red", link: "javascript:alert(1)", rate: "50" }, { cookie: staff, mode: "navigate" }),
    );
    expect(outcome.status).toBe(400);
    expect((outcome.value as { error: Record<string, string[]> }).error).toMatchObject({
      color: ["色は「#ee6d68」の形式（#と6桁の16進数）で入力してください"],
      link: ["リンクは「/」で始まるショップ内のパス、または https:// で始まるURLを入力してください"],
      rate: ["ポイント倍率は2〜10の整数で入力してください"],
    });
    expect(await platform.db.select().from(pointPromos)).toEqual(before);
  });
});

/** Every promotion route: its loader (GET) and action (each POST it takes). */
const ROUTES: { name: string; module: { loader: unknown; action?: unknown }; path: string; params: Record<string, string>; posts: Record<string, string>[] }[] =
  [
    { name: "/crm/coupons", module: couponList, path: "/crm/coupons", params: {}, posts: [] },
    {
      name: "/crm/coupons/new",
      module: couponNew,
      path: "/crm/coupons/new",
      params: {},
      posts: [{ code: "HACK", title: "x", titleSimple: "x", type: "fix", value: "100" }],
    },
    {
      name: "/crm/coupons/1",
      module: couponEdit,
      path: "/crm/coupons/1",
      params: { couponId: "1" },
      posts: [{ intent: "save", code: "HACK", title: "x", titleSimple: "x", type: "fix", value: "100" }, { intent: "end" }, { intent: "delete" }],
    },
    { name: "/crm/coupon-campaigns", module: campaignList, path: "/crm/coupon-campaigns", params: {}, posts: [] },
    {
      name: "/crm/coupon-campaigns/new",
      module: campaignNew,
      path: "/crm/coupon-campaigns/new",
      params: {},
      posts: [{ code: "HACK", title: "x", type: "fix", value: "100" }],
    },
    {
      name: "/crm/coupon-campaigns/1",
      module: campaignEdit,
      path: "/crm/coupon-campaigns/1",
      params: { campaignId: "1" },
      posts: [{ intent: "save", code: "HACK", title: "x", type: "fix", value: "100" }, { intent: "end" }, { intent: "delete" }],
    },
    { name: "/crm/point-promos", module: promoList, path: "/crm/point-promos", params: {}, posts: [] },
    { name: "/crm/point-promos/new", module: promoNew, path: "/crm/point-promos/new", params: {}, posts: [{ title: "x", rate: "3" }] },
    {
      name: "/crm/point-promos/1",
      module: promoEdit,
      path: "/crm/point-promos/1",
      params: { promoId: "1" },
      posts: [{ intent: "save", title: "x", rate: "3" }, { intent: "end" }, { intent: "delete" }],
    },
  ];

async function snapshot(platform: TestPlatform) {
  const { db } = platform;
  return Promise.all(
    [coupons, couponProductPrices, couponProductExclusions, couponPriceRanges, couponCampaigns, pointPromos].map((table) => db.select().from(table).all()),
  );
}

type Who = keyof Pick<PlatformFixtures, "member" | "merchant" | "otherMerchant">;

describe("who may use the promotion pages", () => {
  it.for(["member", "merchant", "otherMerchant"] as Who[])(
    "%s gets 403 on every page and POST, and nothing changes",
    async (who, { platform, member, merchant, otherMerchant }) => {
      const cookie = { member, merchant, otherMerchant }[who];
      const before = await snapshot(platform);
      for (const route of ROUTES) {
        const page = await run(platform, route.module.loader as RouteHandler, pageRequest(route.path, cookie), route.params);
        expect(page.status, route.name).toBe(403);
        for (const fields of route.posts) {
          for (const mode of ["navigate", "cors"] as const) {
            const outcome = await run(platform, route.module.action as RouteHandler, postRequest(route.path, fields, { cookie, mode }), route.params);
            expect(outcome.status, `${route.name} ${fields.intent ?? "save"} (${mode})`).toBe(403);
          }
        }
      }
      expect(await snapshot(platform)).toEqual(before);
    },
  );

  it("sends a guest to the login page from every page and POST, changing nothing", async ({ platform }) => {
    const before = await snapshot(platform);
    for (const route of ROUTES) {
      const page = await run(platform, route.module.loader as RouteHandler, pageRequest(route.path), route.params);
      expect(page.status, route.name).toBe(302);
      expect(page.response?.headers.get("Location"), route.name).toMatch(/^\/login\?show=1/);
      for (const fields of route.posts) {
        const outcome = await run(platform, route.module.action as RouteHandler, postRequest(route.path, fields, { mode: "navigate" }), route.params);
        expect(outcome.status, route.name).toBe(302);
      }
    }
    expect(await snapshot(platform)).toEqual(before);
  });

  it("lets staff open every page", async ({ platform, staff }) => {
    for (const route of ROUTES)
      expect((await run(platform, route.module.loader as RouteHandler, pageRequest(route.path, staff), route.params)).status, route.name).toBe(200);
  });

  it("answers staff's malformed POSTs (not a form, unknown intent) with 400 in Japanese, changing nothing", async ({ platform, staff }) => {
    const before = await snapshot(platform);
    for (const route of ROUTES.filter((candidate) => candidate.posts.length > 0)) {
      const notForm = await run(
        platform,
        route.module.action as RouteHandler,
        apiRequest(route.path, { cookie: staff, body: "{]", contentType: "application/json", mode: "navigate" }),
        route.params,
      );
      expect(notForm.status, route.name).toBe(400);
      expect(await notForm.response!.text()).toMatch(/[ぁ-ん]/);
    }
    expect(await snapshot(platform)).toEqual(before);
  });
});
