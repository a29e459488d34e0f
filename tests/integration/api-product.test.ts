/**
 * The /api/product/* resource routes (spec §7) on a real, migrated and seeded local D1: each route's
 * action/loader called directly, and every route once more through Remix's own request handler.
 */
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect } from "vitest";
import { buyLater, cartLines, carts, favorites, products, relatedProducts, reviews, stockRequests, variationChoices } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, OTHER_ID } from "~/services/seed/people";
import * as calculate from "~/routes/api.product.calculate";
import * as couponDiscount from "~/routes/api.product.check.coupon-discount.$id";
import * as deliveryIcon from "~/routes/api.product.delivery-icon.$id";
import * as deliveryIconSmall from "~/routes/api.product.delivery-icon.small.$productId";
import * as favoriteToggle from "~/routes/api.product.favorite.toggle.$id";
import * as formData from "~/routes/api.product.form.data.$id";
import * as getProduct from "~/routes/api.product.get.$id";
import * as inventoryRequest from "~/routes/api.product.inventory-request.$id";
import * as relatedLoad from "~/routes/api.product.related.load.$id";
import * as reviewsCount from "~/routes/api.product.reviews.count.$id";
import * as reviewsLoad from "~/routes/api.product.reviews.load.$id";
import { platformTest, type TestPlatform } from "../support/platform-test";
import {
  apiRequest,
  contextFor,
  guestCartCookie,
  jsonBody as json,
  responseOf,
  TEST_ORIGIN,
  type ApiRequestOptions,
  type RouteHandler,
} from "../support/requests";
import { APP_ROUTES, remixHandlerFor } from "../support/remix";

const id = (sku: string) => productBySku(sku).id;
const SIMPLE = id("DEMO-SIMPLE");
const SOLDOUT = id("DEMO-SOLDOUT");
const PREORDER = id("DEMO-PREORDER");
const VARIATION = id("DEMO-VARIATION");
const OPTIONS = id("DEMO-OPTIONS");
const SUBSCRIBE = id("DEMO-SUBSCRIBE");
const NOCOUPON = id("DEMO-NOCOUPON");
const PRIVATE = id("DEMO-PRIVATE");
const ARCHIVED = id("DEMO-ARCHIVED");
const LOWSTOCK = id("DEMO-LOWSTOCK");
const DIGITAL = id("DEMO-DIGITAL");
const SHIPDAYS = id("DEMO-SHIPDAYS");
// Rows this file adds to the seed.
const DRAFT = 9001;
const NO_REQUEST = 9002;
const REVIEWED = 9003;
const UNKNOWN = 999_999;

/** The variations and choices of DEMO-VARIATION (app/services/seed/catalogue.ts). */
const NAVY = 1;
const BLACK = 3;

// Rows this file adds to the seed (a draft, a product without restock requests, hostile reviews), made once.
const it = platformTest().extend<{ addedRows: void }>({
  addedRows: [
    async ({ platform }, provide) => {
      const base = { regularPrice: 1000, primaryCategoryId: 7, taxRate: 10 } as const;
      await platform.db.insert(products).values([
        { ...base, id: DRAFT, sku: "TEST-DRAFT", title: "下書きの商品", status: "draft", inventory: 5 },
        { ...base, id: NO_REQUEST, sku: "TEST-NOREQUEST", title: "再入荷リクエスト不可の商品", inventory: 0, disableRequest: true },
        { ...base, id: REVIEWED, sku: "TEST-REVIEWED", title: "レビュー検証用の商品", inventory: 5 },
      ]);
      await platform.db.insert(reviews).values([
        {
          productId: REVIEWED,
          nickname: "いたずら",
          title: "<b>タイトル</b>",
          rate: 1,
          review: '<p onclick="steal()">本文<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">リンク</a></p>',
          comment: '<p>返信<iframe src="https://evil.example"></iframe></p>',
          createdAt: new Date(Date.now() - 1000),
        },
        { productId: REVIEWED, nickname: "未承認", title: "非公開", rate: 5, review: "<p>審査中</p>", status: "pending" },
        { productId: REVIEWED, nickname: "非表示", title: "非表示", rate: 5, review: "<p>非表示</p>", status: "hidden" },
      ]);
      await provide();
    },
    { scope: "file", auto: true },
  ],
});

const respond = (platform: TestPlatform, handler: RouteHandler, request: Request, params: Record<string, string> = {}, context?: AppLoadContext) =>
  responseOf(platform, handler, request, params, context);

const post = (platform: TestPlatform, handler: RouteHandler, url: string, params: Record<string, string>, options: ApiRequestOptions = {}) =>
  respond(platform, handler, apiRequest(url, options), params);

const calc = (platform: TestPlatform, fields: Record<string, string> | [string, string][], options: Omit<ApiRequestOptions, "fields"> = {}) =>
  post(platform, calculate.action as RouteHandler, "/api/product/calculate", {}, { fields, ...options });

describe("POST /api/product/calculate", () => {
  it("prices DEMO-SIMPLE ×2 for a guest: 3,960 yen incl. 360 yen tax, best public coupon 20% off", async ({ platform }) => {
    const price = await json(await calc(platform, { p: String(SIMPLE), q: "2" }));
    expect(price).toMatchObject({
      selling_price: 1980,
      regular_price: 1980,
      original_price: 1980,
      subtotal: 3960,
      regular_tax: 360,
      discount: 0,
      diff_price: 0,
      save_cash: 0,
      save_percent: 0,
      set: false,
      inventory: 100,
      inventory_max: 100,
      inventory_preorder_max: 0,
      preorder_limit: 0,
      restock_message: null,
      quantity: 2,
      max_quantity: 50,
      state: "in_stock",
      coupon_disabled: false,
      tax_rate: 10,
      // ALONE20 (20% of 3,960) is the best coupon a guest may use; MEMBER1000 is members only.
      max_discount: 792,
      total: 3168,
    });
  });

  it("counts member-only coupons for a logged-in member", async ({ platform, member }) => {
    const price = await json(await calc(platform, { p: String(SIMPLE), q: "2" }, { cookie: member }));
    expect(price).toMatchObject({ subtotal: 3960, max_discount: 1000, total: 2960 });
  });

  it("adds a paid option of DEMO-OPTIONS (repeated o and o[optionId] alike)", async ({ platform }) => {
    // 2,750 + 桐箱 770 + 有田焼の箸置き 550 = 4,070
    for (const fields of [
      [
        ["p", String(OPTIONS)],
        ["o", "3"],
        ["o", "5"],
      ],
      [
        ["p", String(OPTIONS)],
        ["o[1]", "3"],
        ["o[2]", "5"],
      ],
    ] as [string, string][][]) {
      const price = await json(await calc(platform, fields));
      expect(price).toMatchObject({ selling_price: 4070, regular_price: 4070, subtotal: 4070, regular_tax: 370, quantity: 1 });
    }
    // An option choice of another product is ignored.
    expect(await json(await calc(platform, { p: String(OPTIONS), o: "999" }))).toMatchObject({ selling_price: 2750 });
  });

  it("adds the choice price difference of DEMO-VARIATION navy + L and limits by the choice's stock", async ({ platform }) => {
    const price = await json(await calc(platform, { p: String(VARIATION), v: String(NAVY), c: "DEMO-VARIATION-NAVY-L", q: "3" }));
    expect(price).toMatchObject({
      selling_price: 4400,
      regular_price: 4400,
      subtotal: 13200,
      regular_tax: 1200,
      inventory: 10,
      max_quantity: 10,
      needs_variation: false,
      needs_choice: false,
    });
    const unchosen = await json(await calc(platform, { p: String(VARIATION) }));
    expect(unchosen).toMatchObject({ needs_variation: true, selling_price: 4180 });
    expect(await json(await calc(platform, { p: String(VARIATION), v: String(NAVY) }))).toMatchObject({ needs_choice: true });
  });

  it("prices DEMO-SUBSCRIBE subscribe=1 q=6 at the 6-item tier (1,150 yen + 8% = 1,242 yen each)", async ({ platform }) => {
    const price = await json(await calc(platform, { p: String(SUBSCRIBE), q: "6", subscribe: "1" }));
    expect(price).toMatchObject({
      selling_price: 1242,
      regular_price: 1620,
      diff_price: 378,
      discount: 2268,
      subtotal: 7452,
      regular_tax: 552,
      quantity: 6,
      max_quantity: 6,
      tax_rate: 8,
    });
    // More than 6 is clamped to 6 for a subscription; without subscribe the one-off price applies.
    expect(await json(await calc(platform, { p: String(SUBSCRIBE), q: "9", subscribe: "1" }))).toMatchObject({ quantity: 6, subtotal: 7452 });
    expect(await json(await calc(platform, { p: String(SUBSCRIBE), q: "6" }))).toMatchObject({ selling_price: 1620, subtotal: 9720 });
  });

  it("reports DEMO-PREORDER as a pre-order of at most 20 and DEMO-SOLDOUT as sold out", async ({ platform }) => {
    expect(await json(await calc(platform, { p: String(PREORDER), q: "25" }))).toMatchObject({
      state: "preorder",
      inventory: 0,
      inventory_preorder_max: 20,
      preorder_limit: 30,
      max_quantity: 20,
      quantity: 20,
      subtotal: 105600,
    });
    const soldOut = await json(await calc(platform, { p: String(SOLDOUT) }));
    expect(soldOut).toMatchObject({ state: "sold_out", max_quantity: 0, inventory: 0 });
    expect(soldOut.restock_message).toContain("再入荷リクエスト");
  });

  it("counts what the guest's cart already holds", async ({ platform }) => {
    await platform.db.insert(carts).values({ id: "api-product-cart" });
    await platform.db.insert(cartLines).values({ cartId: "api-product-cart", productId: LOWSTOCK, quantity: 2, lineKey: "lowstock" });
    const cookie = await guestCartCookie(platform, "api-product-cart");
    expect(await json(await calc(platform, { p: String(LOWSTOCK), q: "3" }, { cookie }))).toMatchObject({
      inventory: 3,
      inventory_max: 1,
      max_quantity: 1,
      quantity: 1,
    });
    expect(await json(await calc(platform, { p: String(LOWSTOCK), q: "3" }))).toMatchObject({ inventory_max: 3, quantity: 3 });
  });

  it("says when the guest's cart already holds all the stock", async ({ platform }) => {
    await platform.db.insert(carts).values({ id: "api-product-full" });
    await platform.db.insert(cartLines).values({ cartId: "api-product-full", productId: LOWSTOCK, quantity: 3, lineKey: "lowstock-all" });
    const cookie = await guestCartCookie(platform, "api-product-full");
    expect(await json(await calc(platform, { p: String(LOWSTOCK), q: "1" }, { cookie }))).toMatchObject({
      state: "in_stock",
      in_cart: 3,
      cart_holds_all: true,
      inventory_max: 0,
      max_quantity: 0,
      low_stock: false,
      restock_message: "在庫の3点はすべてカートに入っています。",
    });
  });

  it("answers an archived product with its price, as unavailable", async ({ platform }) => {
    expect(await json(await calc(platform, { p: String(ARCHIVED) }))).toMatchObject({ state: "unavailable", max_quantity: 0, selling_price: 1080 });
  });

  it("answers 0 (status 200) for an unknown, private or draft product and for a malformed p", async ({ platform }) => {
    for (const p of [String(UNKNOWN), String(PRIVATE), String(DRAFT), "abc", "0", "-1", "1.5", "99999999999999999999", ""]) {
      const response = await calc(platform, { p, q: "1" });
      expect(response.status, p).toBe(200);
      expect(await json(response), p).toBe(0);
    }
    expect(await json(await calc(platform, { q: "1" }))).toBe(0);
    expect(await json(await respond(platform, calculate.action as RouteHandler, apiRequest("/api/product/calculate")))).toBe(0);
  });

  it("never fails on hostile selection fields", async ({ platform }) => {
    const price = await json(
      await calc(platform, [
        ["p", String(SIMPLE)],
        ["p", String(SOLDOUT)],
        ["q", "99999999999999999999"],
        ["v", "[1,2]"],
        ["c", "<script>"],
        ["subscribe", "yes"],
        ...Array.from({ length: 100 }, (_, index): [string, string] => ["o", String(index)]),
      ]),
    );
    expect(price).toMatchObject({ selling_price: 1980, quantity: 1 });
    expect(await json(await calc(platform, { p: String(SIMPLE), q: "1e3" }))).toMatchObject({ quantity: 1 });
  });

  it("answers a body that is not a form with 400 JSON in Japanese", async ({ platform }) => {
    const response = await post(
      platform,
      calculate.action as RouteHandler,
      "/api/product/calculate",
      {},
      {
        body: JSON.stringify({ p: SIMPLE, q: [1, 2] }),
        contentType: "application/json",
      },
    );
    expect(response.status).toBe(400);
    expect((await json<{ error: string }>(response)).error).toContain("送信内容を読み取れませんでした");
  });
});

describe("POST /api/product/delivery-icon/{id} and /small/{productId}", () => {
  const icon = (platform: TestPlatform, handler: RouteHandler, param: string, productId: string, cookie?: string) =>
    post(platform, handler, `/api/product/delivery-icon/${productId}`, { [param]: productId }, { cookie });

  it("answers the icon derived from the shipping days, and buylater from the member's buy_later rows", async ({ platform, member, other }) => {
    await platform.db.insert(buyLater).values({ userId: MEMBER_ID, productId: SIMPLE });
    for (const [handler, param] of [
      [deliveryIcon.action, "id"],
      [deliveryIconSmall.action, "productId"],
    ] as const) {
      expect(await json(await icon(platform, handler as RouteHandler, param, String(SIMPLE), member))).toEqual({
        icon_info: { icon: "express", icon_type: "other", show_text: "翌日発送" },
        buylater: true,
      });
      expect(await json(await icon(platform, handler as RouteHandler, param, String(SIMPLE), other))).toMatchObject({ buylater: false });
      expect(await json(await icon(platform, handler as RouteHandler, param, String(SIMPLE)))).toMatchObject({ buylater: false });
      expect(await json(await icon(platform, handler as RouteHandler, param, String(DIGITAL)))).toEqual({
        icon_info: { icon: "download", icon_type: "other", show_text: "ダウンロード商品" },
        buylater: false,
      });
      expect(await json(await icon(platform, handler as RouteHandler, param, String(SHIPDAYS)))).toMatchObject({
        icon_info: { icon: "truck", icon_type: "other", show_text: "10日以内に発送" },
      });
    }
  });

  it("follows the purchase state: a pre-order's ship date, no promise for sold-out or archived items", async ({ platform }) => {
    const preorder = await json<{ icon_info: { icon: string; show_text: string } }>(
      await icon(platform, deliveryIcon.action as RouteHandler, "id", String(PREORDER)),
    );
    expect(preorder.icon_info).toMatchObject({
      icon: "calendar",
      icon_type: "other",
      show_text: expect.stringMatching(/^\d{4}年\d{1,2}月\d{1,2}日頃発送予定$/),
    });
    for (const productId of [SOLDOUT, ARCHIVED]) {
      expect(await json(await icon(platform, deliveryIconSmall.action as RouteHandler, "productId", String(productId)))).toEqual({
        icon_info: { icon: "", icon_type: "other", show_text: "" },
        buylater: false,
      });
    }
  });

  it("answers an explicit catalogue icon as it is", async ({ platform }) => {
    await platform.db
      .update(products)
      .set({ deliveryIcon: "new-arrival", deliveryIconType: "new", deliveryIconText: "新入荷" })
      .where(eq(products.id, REVIEWED));
    expect(await json(await icon(platform, deliveryIcon.action as RouteHandler, "id", String(REVIEWED)))).toEqual({
      icon_info: { icon: "new-arrival", icon_type: "new", show_text: "新入荷" },
      buylater: false,
    });
  });

  it("answers 404 for unknown, private and draft ids and 400 for malformed ones", async ({ platform }) => {
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) {
      const response = await icon(platform, deliveryIconSmall.action as RouteHandler, "productId", String(productId));
      expect(response.status).toBe(404);
      expect((await json<{ error: string }>(response)).error).toBe("お探しの商品は見つかりませんでした。");
    }
    for (const bad of ["abc", "0", "-3", "1e3", "99999999999"]) {
      const response = await icon(platform, deliveryIcon.action as RouteHandler, "id", bad);
      expect(response.status, bad).toBe(400);
      expect((await json<{ error: string }>(response)).error).toBe("商品IDが正しくありません。");
    }
  });
});

describe("POST /api/product/favorite/toggle/{id}", () => {
  const toggle = (platform: TestPlatform, productId: number | string, options: ApiRequestOptions = {}) =>
    post(platform, favoriteToggle.action as RouteHandler, `/api/product/favorite/toggle/${productId}`, { id: String(productId) }, options);
  const isFavorite = async (platform: TestPlatform, userId: number, productId: number) =>
    (
      await platform.db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
        .all()
    ).length > 0;

  it("toggles the member's favorite on and off in D1 (fetch: JSON)", async ({ platform, member }) => {
    expect(await isFavorite(platform, MEMBER_ID, SIMPLE)).toBe(false);
    const on = await toggle(platform, SIMPLE, { cookie: member, mode: "cors", fields: { redirectTo: "/category/living/DEMO-SIMPLE" } });
    expect(on.status).toBe(200);
    expect(await json(on)).toEqual({ is_favorite: true });
    expect(await isFavorite(platform, MEMBER_ID, SIMPLE)).toBe(true);
    expect(await isFavorite(platform, OTHER_ID, SIMPLE)).toBe(false);

    const off = await toggle(platform, SIMPLE, { cookie: member, mode: "cors" });
    expect(await json(off)).toEqual({ is_favorite: false });
    expect(await isFavorite(platform, MEMBER_ID, SIMPLE)).toBe(false);
  });

  it("redirects a plain form post (JS off) back to redirectTo, or to the product page when it is off-site", async ({ platform, member }) => {
    const back = await toggle(platform, SOLDOUT, { cookie: member, mode: "navigate", fields: { redirectTo: "/category/tableware/DEMO-SOLDOUT?rpage=1" } });
    expect(back.status).toBe(303);
    expect(back.headers.get("Location")).toBe("/category/tableware/DEMO-SOLDOUT?rpage=1");
    expect(await isFavorite(platform, MEMBER_ID, SOLDOUT)).toBe(true);

    const offSite = await toggle(platform, SOLDOUT, { cookie: member, mode: "navigate", fields: { redirectTo: "//evil.example/" } });
    expect(offSite.headers.get("Location")).toBe("/category/tableware/DEMO-SOLDOUT");
    expect(await isFavorite(platform, MEMBER_ID, SOLDOUT)).toBe(false);
  });

  it("sends a guest to the login page (JS off) or answers 401 (fetch), changing nothing", async ({ platform }) => {
    const navigation = await toggle(platform, SIMPLE, { mode: "navigate", fields: { redirectTo: "/category/living/DEMO-SIMPLE?v=1" } });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("Location")).toBe(`/login?show=1&redirectTo=${encodeURIComponent("/category/living/DEMO-SIMPLE?v=1")}`);
    const fallback = await toggle(platform, SIMPLE, { mode: "navigate", fields: {} });
    expect(fallback.headers.get("Location")).toBe(`/login?show=1&redirectTo=${encodeURIComponent("/category/living/DEMO-SIMPLE")}`);

    const fetch = await toggle(platform, SIMPLE, { mode: "cors" });
    expect(fetch.status).toBe(401);
    expect(await json(fetch)).toEqual({ error: "この操作にはログインが必要です。", login_required: true });
    expect(await platform.db.select().from(favorites).where(eq(favorites.productId, SIMPLE)).all()).toEqual([]);
  });

  it("answers 404 for unknown, private and draft products and 400 for a malformed id or body", async ({ platform, member }) => {
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) {
      const response = await toggle(platform, productId, { cookie: member, mode: "cors" });
      expect(response.status).toBe(404);
      expect((await json<{ error: string }>(response)).error).toBe("お探しの商品は見つかりませんでした。");
    }
    expect(await isFavorite(platform, MEMBER_ID, PRIVATE)).toBe(false);
    const malformed = await toggle(platform, "abc", { cookie: member, mode: "cors" });
    expect(malformed.status).toBe(400);
    expect((await json<{ error: string }>(malformed)).error).toBe("商品IDが正しくありません。");
    const jsonBody = await toggle(platform, SIMPLE, { cookie: member, mode: "cors", body: '{"redirectTo":', contentType: "application/json" });
    expect(jsonBody.status).toBe(400);
    expect(await isFavorite(platform, MEMBER_ID, SIMPLE)).toBe(false);
  });

  it("lets a member favorite an archived product (it is still shown)", async ({ platform, other }) => {
    expect(await json(await toggle(platform, ARCHIVED, { cookie: other, mode: "cors" }))).toEqual({ is_favorite: true });
  });
});

describe("POST /api/product/check/coupon-discount/{id}", () => {
  const check = (platform: TestPlatform, productId: number | string, fields: Record<string, string> = {}, cookie?: string) =>
    post(platform, couponDiscount.action as RouteHandler, `/api/product/check/coupon-discount/${productId}`, { id: String(productId) }, { fields, cookie });

  it("answers the best coupon for the viewer and subtotal", async ({ platform, member }) => {
    // 1 × 1,980: 500 yen off beats 20% (396); 2 × 1,980: 20% (792) beats 500 yen; members: 1,000 yen off.
    expect(await json(await check(platform, SIMPLE))).toMatchObject({ discount: 500, code: "WELCOME500" });
    expect(await json(await check(platform, SIMPLE, { q: "2" }))).toMatchObject({ discount: 792, code: "ALONE20" });
    expect(await json(await check(platform, SIMPLE, { q: "2" }, member))).toMatchObject({ discount: 1000, code: "MEMBER1000" });
    // 20% of 4,070 (paid options included)
    expect(await json(await check(platform, OPTIONS, { o: "3", "o[2]": "5" }))).toMatchObject({ discount: 814, code: "ALONE20" });
  });

  it("answers the coupon itself with every spec §3 Coupon field", async ({ platform }) => {
    const body = await json<{ coupon: Record<string, unknown> }>(await check(platform, SIMPLE, { q: "2" }));
    expect(body.coupon).toEqual({
      id: 5,
      code: "ALONE20",
      title: "【他クーポン併用不可】20%OFF特別クーポン",
      title_simple: "20%OFF",
      type: "rate",
      value: 20,
      coupon_worth: 792,
      discount: 792,
      free_shipping: false,
      alone: true,
      to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      registered: false,
      auto: false,
      min_amount: 0,
      products_prices: [],
      products_default: true,
      products_excluded: [],
      price_range: [],
      price_range_selected: null,
    });
  });

  it("answers 0 / null for DEMO-NOCOUPON, whose coupons are disabled", async ({ platform, member }) => {
    expect(await json(await check(platform, NOCOUPON))).toEqual({ discount: 0, code: null, coupon: null });
    expect(await json(await check(platform, NOCOUPON, { q: "3" }, member))).toEqual({ discount: 0, code: null, coupon: null });
  });

  it("needs no fields at all, and refuses bad ids and bodies", async ({ platform }) => {
    const bare = await respond(platform, couponDiscount.action as RouteHandler, apiRequest(`/api/product/check/coupon-discount/${SIMPLE}`), {
      id: String(SIMPLE),
    });
    expect(await json(bare)).toMatchObject({ discount: 500, code: "WELCOME500" });
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) expect((await check(platform, productId)).status).toBe(404);
    expect((await check(platform, "0")).status).toBe(400);
    const jsonBody = await post(
      platform,
      couponDiscount.action as RouteHandler,
      `/api/product/check/coupon-discount/${SIMPLE}`,
      { id: String(SIMPLE) },
      {
        body: "[1,2,3]",
        contentType: "application/json",
      },
    );
    expect(jsonBody.status).toBe(400);
  });
});

describe("POST /api/product/get/{id}", () => {
  const get = (platform: TestPlatform, productId: number | string) =>
    post(platform, getProduct.action as RouteHandler, `/api/product/get/${productId}`, { id: String(productId) });

  it("describes DEMO-SIMPLE with the spec's field names", async ({ platform }) => {
    expect(await json(await get(platform, SIMPLE))).toEqual({
      product: {
        id: SIMPLE,
        sku: "DEMO-SIMPLE",
        title: "泉州タオル フェイスタオル 2枚組（ホワイト）",
        catchcopy: "後晒し製法で、洗うほどにふんわり。",
        type: "simple",
        status: "published",
        tax: { rate: 10 },
        tax_rate: 10,
        price: 1980,
        regular_price: 1980,
        subscription_prices: [],
        preorder_limit: 0,
        inventory: 100,
        inventory_preorder_max: 0,
        disable_preorder: false,
        disable_request: false,
        subscribe: false,
        subscribe_only: false,
        shipping_from: "warehouse",
        shipping_days: 1,
        hide_shipping_info: false,
        coldshipping: "none",
        is_digital: false,
        expiry: null,
        period: 1,
        variations: [],
        state: "in_stock",
        category_slug: "living",
        url: "/category/living/DEMO-SIMPLE",
        image: "/images/products/demo-simple.svg",
      },
    });
  });

  it("lists a variation product's variations (spec §3), with their stock, pictures, choices and delivery icon", async ({ platform }) => {
    const { product } = await json<{ product: { variations: Record<string, unknown>[] } }>(await get(platform, VARIATION));
    expect(product.variations.map((variation) => variation.sku)).toEqual(["DEMO-VARIATION-NAVY", "DEMO-VARIATION-NATURAL", "DEMO-VARIATION-BLACK"]);
    const [navy, natural, black] = product.variations;
    expect(navy).toMatchObject({
      id: NAVY,
      title: "紺",
      type: "variable",
      v_title: "カラー",
      inventory: 40,
      requested: false,
      have_discount: false,
      media: [{ url: "/images/products/demo-variation-navy.svg" }],
      delivery_icon: { icon: "express", show_text: "翌日発送" },
      variables: [
        { sku: "DEMO-VARIATION-NAVY-S", group: "サイズ", title: "S", price_diff: 0, inventory: 12 },
        { sku: "DEMO-VARIATION-NAVY-M", group: "サイズ", title: "M", price_diff: 0, inventory: 18 },
        { sku: "DEMO-VARIATION-NAVY-L", group: "サイズ", title: "L", price_diff: 220, inventory: 10 },
      ],
    });
    expect(natural).toMatchObject({ title: "生成り", type: "normal", variables: [], media: [{ url: "/images/products/demo-variation-natural.svg" }] });
    // Sold out: no shipping promise.
    expect(black).toMatchObject({ inventory: 0, delivery_icon: { icon: "", show_text: "" } });
    const subscription = await json<{ product: { subscription_prices: unknown[] } }>(await get(platform, SUBSCRIBE));
    // 1,400 yen … 1,150 yen + 8%, rounded down.
    expect(subscription.product.subscription_prices).toEqual([
      { quantity: 1, price: 1512 },
      { quantity: 2, price: 1458 },
      { quantity: 3, price: 1404 },
      { quantity: 4, price: 1350 },
      { quantity: 5, price: 1296 },
      { quantity: 6, price: 1242 },
    ]);
  });

  it("answers the sale price, the stock states and the archived product", async ({ platform }) => {
    expect((await json<{ product: object }>(await get(platform, id("FOOD-RICE")))).product).toMatchObject({ price: 4580, regular_price: 4980, tax_rate: 8 });
    expect((await json<{ product: object }>(await get(platform, PREORDER))).product).toMatchObject({ state: "preorder", inventory: 0 });
    expect((await json<{ product: object }>(await get(platform, SOLDOUT))).product).toMatchObject({ state: "sold_out", inventory: 0 });
    // A variation product holds what its published variations hold: 40 + 25 + 0.
    expect((await json<{ product: object }>(await get(platform, VARIATION))).product).toMatchObject({ type: "variation", inventory: 65, state: "in_stock" });
    expect((await json<{ product: object }>(await get(platform, ARCHIVED))).product).toMatchObject({ status: "archived", state: "unavailable" });
  });

  it("answers 404 for unknown, private and draft ids and 400 for malformed ones", async ({ platform }) => {
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) expect((await get(platform, productId)).status).toBe(404);
    for (const bad of ["x", "0", "12345678901"]) {
      const response = await get(platform, bad);
      expect(response.status).toBe(400);
      expect((await json<{ error: string }>(response)).error).toBe("商品IDが正しくありません。");
    }
  });
});

describe("POST /api/product/related/load/{id}", () => {
  const related = (platform: TestPlatform, productId: number | string) =>
    post(platform, relatedLoad.action as RouteHandler, `/api/product/related/load/${productId}`, { id: String(productId) });

  it("answers the listed related products in order, with the title", async ({ platform }) => {
    const body = await json<{ related: Record<string, unknown>[]; related_title: string }>(await related(platform, SIMPLE));
    expect(body.related_title).toBe("この商品を見た方におすすめ");
    expect(body.related.map((item) => item.product)).toEqual(["LIVING-BATHTOWEL", "GIFT-TOWEL-BOX", "LIVING-CLOTH", "LIVING-GAUZE"]);
    expect(body.related[0]).toEqual({
      category: "living",
      product: "LIVING-BATHTOWEL",
      image: "/images/products/living-bathtowel.svg",
      title: "泉州タオル バスタオル（ガーゼ×パイル）",
      review_avg: 4.5,
      inventory: 90,
      product_price: 3850,
    });
  });

  it("leaves out related products that are not listed (private, draft, archived) and answers an archived product's", async ({ platform }) => {
    await platform.db.insert(relatedProducts).values([
      { productId: REVIEWED, relatedProductId: PRIVATE, position: 0 },
      { productId: REVIEWED, relatedProductId: DRAFT, position: 1 },
      { productId: REVIEWED, relatedProductId: ARCHIVED, position: 2 },
      { productId: REVIEWED, relatedProductId: id("FOOD-RICE"), position: 3 },
    ]);
    const body = await json<{ related: { product: string; product_price: number }[] }>(await related(platform, REVIEWED));
    expect(body.related).toMatchObject([{ product: "FOOD-RICE", product_price: 4580 }]);
    // DEMO-ARCHIVED is itself shown by id, with its listed related products.
    const archived = await json<{ related: { product: string }[] }>(await related(platform, ARCHIVED));
    expect(archived.related.map((item) => item.product)).toEqual(["DRINK-HOJICHA", "DRINK-GENMAI", "DEMO-SUBSCRIBE"]);
  });

  it("answers 404 for unknown, private and draft ids and 400 for malformed ones", async ({ platform }) => {
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) expect((await related(platform, productId)).status).toBe(404);
    expect((await related(platform, "1;drop")).status).toBe(400);
  });
});

describe("POST /api/product/reviews/count/{id} and /reviews/load/{id}", () => {
  const count = (platform: TestPlatform, productId: number | string) =>
    post(platform, reviewsCount.action as RouteHandler, `/api/product/reviews/count/${productId}`, { id: String(productId) });
  const load = (platform: TestPlatform, productId: number | string, options: ApiRequestOptions & { query?: string } = {}) =>
    post(platform, reviewsLoad.action as RouteHandler, `/api/product/reviews/load/${productId}${options.query ?? ""}`, { id: String(productId) }, options);
  type ReviewPage = { reviews: Record<string, unknown>[]; page: number; pages: number; counter: number };

  it("counts published reviews only: DEMO-SIMPLE 5 (avg 4.2), the pending one left out", async ({ platform }) => {
    expect(await json(await count(platform, SIMPLE))).toEqual({ avg: 4.2, counter: 5 });
    expect(await json(await count(platform, REVIEWED))).toEqual({ avg: 1, counter: 1 });
    expect(await json(await count(platform, LOWSTOCK))).toMatchObject({ counter: expect.any(Number) });
  });

  it("loads a page of reviews, newest first, with staff replies labelled", async ({ platform }) => {
    const first = await json<ReviewPage>(await load(platform, SIMPLE));
    expect(first).toMatchObject({ page: 0, pages: 1, counter: 5 });
    expect(first.reviews.map((review) => review.nickname)).toEqual(["ぽんた", "くまさん", "はなこ", "たろう", "ゆずママ"]);
    expect(first.reviews[0]).toEqual({
      id: expect.any(Number),
      nickname: "ぽんた",
      date_created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      title: "毎日使っています",
      rate: 4,
      review: "<p>2枚組なので交互に使えて便利です。乾きも早いです。</p>",
      gallery: [],
      comment: null,
      comment_user: null,
    });
    expect(first.reviews[1]).toMatchObject({ nickname: "くまさん", rate: 3, comment_user: "スタッフ" });
    expect(first.reviews[1]?.comment).toContain("くまさん様、ご意見をありがとうございます。");
  });

  it("pages with `page` from the body or the query (6 reviews of DEMO-SUBSCRIBE: 2 pages)", async ({ platform }) => {
    const second = await json<ReviewPage>(await load(platform, SUBSCRIBE, { fields: { page: "1" } }));
    expect(second).toMatchObject({ page: 1, pages: 2, counter: 6 });
    expect(second.reviews.map((review) => review.nickname)).toEqual(["お茶好き"]);
    expect(await json<ReviewPage>(await load(platform, SUBSCRIBE, { query: "?page=1" }))).toMatchObject({ page: 1, reviews: [{ nickname: "お茶好き" }] });
    expect(await json<ReviewPage>(await load(platform, SUBSCRIBE, { fields: { page: "7" } }))).toMatchObject({ page: 7, reviews: [] });
  });

  it("clamps bad page values to 0", async ({ platform }) => {
    for (const page of ["-1", "abc", "1.5", "99999999999999999999", "", "[1]"]) {
      const body = await json<ReviewPage>(await load(platform, SUBSCRIBE, { fields: { page } }));
      expect(body.page, page).toBe(0);
      expect(body.reviews).toHaveLength(5);
    }
  });

  it("sanitises review HTML and leaves out unpublished reviews", async ({ platform }) => {
    const body = await json<ReviewPage>(await load(platform, REVIEWED));
    expect(body.counter).toBe(1);
    const [review] = body.reviews;
    expect(review?.review).toContain("本文");
    expect(review?.review).not.toMatch(/script|onerror|onclick|javascript:|<img/i);
    expect(review?.comment).toContain("返信");
    expect(review?.comment).not.toMatch(/iframe|evil/);
    expect(review?.comment_user).toBe("スタッフ");
  });

  it("answers 404 for unknown, private and draft ids, 400 for malformed ids and non-form bodies", async ({ platform }) => {
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) {
      expect((await count(platform, productId)).status).toBe(404);
      expect((await load(platform, productId)).status).toBe(404);
    }
    expect((await count(platform, "abc")).status).toBe(400);
    expect((await load(platform, "abc")).status).toBe(400);
    expect((await load(platform, SIMPLE, { body: '{"page":1}', contentType: "application/json" })).status).toBe(400);
  });
});

describe("GET /api/product/form/data/{id}", () => {
  const formDataFor = (platform: TestPlatform, productId: number | string, options: { cookie?: string; ip?: string; env?: Partial<Env> } = {}) => {
    const context = contextFor({ ...platform, env: { ...platform.env, ...options.env } });
    const request = apiRequest(`/api/product/form/data/${productId}`, { method: "GET", cookie: options.cookie, ip: options.ip });
    return respond(platform, formData.loader as RouteHandler, request, { id: String(productId) }, context);
  };

  it("tells a guest about subscriptions and the product", async ({ platform }) => {
    const body = await json(await formDataFor(platform, SUBSCRIBE, { env: { PUBLIC_SUBSCRIPTION: "true", SUBSCRIPTION_ALLOWED_IPS: "" } }));
    expect(body).toMatchObject({ allowed_ip: false, public_subscription: true, is_favorite: false, logged: false });
    expect(body.product).toMatchObject({ id: SUBSCRIBE, sku: "DEMO-SUBSCRIBE", price: 1620, tax_rate: 8, state: "in_stock" });
  });

  it("allows the listed IPs when subscriptions are not public", async ({ platform }) => {
    const env = { PUBLIC_SUBSCRIPTION: "false", SUBSCRIPTION_ALLOWED_IPS: "198.51.100.7, 203.0.113.9" };
    expect(await json(await formDataFor(platform, SUBSCRIBE, { env, ip: "203.0.113.9" }))).toMatchObject({ allowed_ip: true, public_subscription: false });
    expect(await json(await formDataFor(platform, SUBSCRIBE, { env, ip: "203.0.113.10" }))).toMatchObject({ allowed_ip: false });
    expect(await json(await formDataFor(platform, SUBSCRIBE, { env }))).toMatchObject({ allowed_ip: false });
  });

  it("knows the member and their favorites", async ({ platform, member, other }) => {
    const chawan = id("KITCHEN-CHAWAN"); // a favorite of the demo member
    expect(await json(await formDataFor(platform, chawan, { cookie: member }))).toMatchObject({ logged: true, is_favorite: true });
    expect(await json(await formDataFor(platform, chawan, { cookie: other }))).toMatchObject({ logged: true, is_favorite: false });
  });

  it("answers 404 for unknown, private and draft ids and 400 for malformed ones", async ({ platform }) => {
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) expect((await formDataFor(platform, productId)).status).toBe(404);
    expect((await formDataFor(platform, "0")).status).toBe(400);
  });
});

describe("POST /api/product/inventory-request/{id}", () => {
  const request = (platform: TestPlatform, productId: number | string, options: ApiRequestOptions = {}) =>
    post(platform, inventoryRequest.action as RouteHandler, `/api/product/inventory-request/${productId}`, { id: String(productId) }, options);
  const requestsOf = (platform: TestPlatform, userId: number, productId: number) =>
    platform.db
      .select()
      .from(stockRequests)
      .where(and(eq(stockRequests.userId, userId), eq(stockRequests.productId, productId)))
      .all();

  it("records a member's request for a sold-out product once (fetch: JSON)", async ({ platform, member, other }) => {
    const fields = { sku: "DEMO-SOLDOUT", title: "備前焼 ビアマグ（窯変）" };
    const first = await request(platform, SOLDOUT, { cookie: member, mode: "cors", fields });
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ requested: true });
    expect(await json(await request(platform, SOLDOUT, { cookie: member, mode: "cors", fields }))).toEqual({ requested: true });
    const rows = await requestsOf(platform, MEMBER_ID, SOLDOUT);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ variationId: null, notifiedAt: null });
    // The price now says the member has asked.
    expect(await json(await calc(platform, { p: String(SOLDOUT) }, { cookie: member }))).toMatchObject({ state: "requested" });
    expect(await json(await calc(platform, { p: String(SOLDOUT) }, { cookie: other }))).toMatchObject({ state: "sold_out" });
  });

  it("records a request for a sold-out variation, and only for a variation of that product", async ({ platform, other }) => {
    expect(await json(await request(platform, VARIATION, { cookie: other, mode: "cors", fields: { v: String(BLACK) } }))).toEqual({ requested: true });
    expect(await requestsOf(platform, OTHER_ID, VARIATION)).toMatchObject([{ variationId: BLACK }]);

    for (const v of ["999", "abc", "-1", String(BLACK) + "0000000000"]) {
      const refused = await request(platform, VARIATION, { cookie: other, mode: "cors", fields: { v } });
      expect(refused.status, v).toBe(400);
      expect((await json<{ error: string }>(refused)).error).toBe("選択されたタイプが正しくありません。");
    }
    expect((await request(platform, SOLDOUT, { cookie: other, mode: "cors", fields: { v: String(BLACK) } })).status).toBe(400);
    expect(await requestsOf(platform, OTHER_ID, SOLDOUT)).toEqual([]);
  });

  it("registers the sold-out variation or choice named by the spec's sku (title is the client's label)", async ({ platform, member, other }) => {
    await platform.db.delete(stockRequests).where(eq(stockRequests.productId, VARIATION));
    const black = await request(platform, VARIATION, {
      cookie: member,
      mode: "cors",
      fields: { sku: "DEMO-VARIATION-BLACK", title: "綿麻 ワークエプロン（墨黒）" },
    });
    expect(black.status).toBe(200);
    expect(await json(black)).toEqual({ requested: true });
    expect(await requestsOf(platform, MEMBER_ID, VARIATION)).toMatchObject([{ variationId: BLACK, notifiedAt: null }]);

    // A sold-out size of the navy apron: the request is kept for the navy variation.
    await platform.db.update(variationChoices).set({ inventory: 0 }).where(eq(variationChoices.sku, "DEMO-VARIATION-NAVY-S"));
    try {
      expect(await json(await request(platform, VARIATION, { cookie: other, mode: "cors", fields: { sku: "DEMO-VARIATION-NAVY-S", title: "紺 S" } }))).toEqual({
        requested: true,
      });
      expect(await requestsOf(platform, OTHER_ID, VARIATION)).toContainEqual(expect.objectContaining({ variationId: NAVY }));
    } finally {
      await platform.db.update(variationChoices).set({ inventory: 12 }).where(eq(variationChoices.sku, "DEMO-VARIATION-NAVY-S"));
    }

    // Without JS too.
    await platform.db.delete(stockRequests).where(eq(stockRequests.productId, VARIATION));
    const plain = await request(platform, VARIATION, {
      cookie: member,
      mode: "navigate",
      fields: { sku: "DEMO-VARIATION-BLACK", redirectTo: "/category/living/DEMO-VARIATION" },
    });
    expect(plain.headers.get("Location")).toBe("/category/living/DEMO-VARIATION?notice=restock_requested#result");
    expect(await requestsOf(platform, MEMBER_ID, VARIATION)).toMatchObject([{ variationId: BLACK }]);
  });

  it("refuses a sku that is in stock (409) or not of this product (400), recording nothing", async ({ platform, member }) => {
    await platform.db.delete(stockRequests).where(eq(stockRequests.productId, VARIATION));
    const natural = await request(platform, VARIATION, { cookie: member, mode: "cors", fields: { sku: "DEMO-VARIATION-NATURAL", title: "生成り" } });
    expect(natural.status).toBe(409);
    expect(await json(natural)).toEqual({ error: "在庫があるため再入荷リクエストは不要です。" });
    for (const fields of [{ sku: "DEMO-SIMPLE" }, { sku: "<script>" }, { sku: "DEMO-VARIATION-BLACK", v: String(NAVY) }] as Record<string, string>[]) {
      const refused = await request(platform, VARIATION, { cookie: member, mode: "cors", fields });
      expect(refused.status, fields.sku).toBe(400);
      expect(await json(refused)).toEqual({ error: "指定された商品番号（SKU）はこの商品にありません。" });
    }
    expect(await requestsOf(platform, MEMBER_ID, VARIATION)).toEqual([]);
  });

  it("refuses a product or variation that can be bought with 409", async ({ platform, member }) => {
    for (const [productId, fields] of [
      [SIMPLE, {}],
      [VARIATION, { v: String(NAVY) }],
      [PREORDER, {}],
    ] as const) {
      const refused = await request(platform, productId, { cookie: member, mode: "cors", fields });
      expect(refused.status).toBe(409);
      expect(await json(refused)).toEqual({ error: "在庫があるため再入荷リクエストは不要です。" });
      expect(await requestsOf(platform, MEMBER_ID, productId)).toEqual([]);
    }
  });

  it("refuses an archived product and one that disables requests with 409", async ({ platform, member }) => {
    const archived = await request(platform, ARCHIVED, { cookie: member, mode: "cors" });
    expect(archived.status).toBe(409);
    expect(await json(archived)).toEqual({ error: "この商品は現在ご購入いただけません。" });
    const disabled = await request(platform, NO_REQUEST, { cookie: member, mode: "cors" });
    expect(disabled.status).toBe(409);
    expect(await json(disabled)).toEqual({ error: "この商品は再入荷リクエストを受け付けておりません。" });
    expect(await requestsOf(platform, MEMBER_ID, NO_REQUEST)).toEqual([]);
  });

  it("redirects a plain form post (JS off) back with a notice, keeping the query", async ({ platform, member, other }) => {
    const done = await request(platform, VARIATION, {
      cookie: member,
      mode: "navigate",
      fields: { v: String(BLACK), redirectTo: "/category/living/DEMO-VARIATION?v=3" },
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("Location")).toBe("/category/living/DEMO-VARIATION?v=3&notice=restock_requested#result");
    expect(await requestsOf(platform, MEMBER_ID, VARIATION)).toMatchObject([{ variationId: BLACK }]);

    const refused = await request(platform, SIMPLE, { cookie: member, mode: "navigate", fields: { redirectTo: "/category/living/DEMO-SIMPLE?notice=added" } });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe("/category/living/DEMO-SIMPLE?notice=restock_not_needed#result");

    const offSite = await request(platform, SOLDOUT, { cookie: other, mode: "navigate", fields: { redirectTo: "https://evil.example/" } });
    expect(offSite.headers.get("Location")).toBe("/category/tableware/DEMO-SOLDOUT?notice=restock_requested#result");
  });

  it("sends a guest to the login page (JS off) or answers 401 (fetch), recording nothing", async ({ platform }) => {
    const navigation = await request(platform, SOLDOUT, { mode: "navigate", fields: { redirectTo: "/category/tableware/DEMO-SOLDOUT" } });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("Location")).toBe(`/login?show=1&redirectTo=${encodeURIComponent("/category/tableware/DEMO-SOLDOUT")}`);
    const fetch = await request(platform, SOLDOUT, { mode: "cors" });
    expect(fetch.status).toBe(401);
    expect(await json(fetch)).toEqual({ error: "この操作にはログインが必要です。", login_required: true });
    expect(await platform.db.select().from(stockRequests).where(eq(stockRequests.productId, SOLDOUT)).all()).toHaveLength(2);
  });

  it("answers 404 for unknown, private and draft ids, 400 for malformed ids and bodies", async ({ platform, member }) => {
    for (const productId of [UNKNOWN, PRIVATE, DRAFT]) expect((await request(platform, productId, { cookie: member, mode: "cors" })).status).toBe(404);
    expect((await request(platform, "abc", { cookie: member, mode: "cors" })).status).toBe(400);
    expect((await request(platform, SOLDOUT, { cookie: member, mode: "cors", body: "{", contentType: "application/json" })).status).toBe(400);
  });
});

describe("through Remix's request handler", () => {
  // The routes as the Vite plugin finds them (flat routes in app/routes), served by Remix itself.
  const modules = import.meta.glob("../../app/routes/api.product.*.ts", { eager: true });
  const { handle, manifest } = remixHandlerFor(modules);
  const serve = (platform: TestPlatform, url: string, options: ApiRequestOptions = {}) => handle(apiRequest(url, options), contextFor(platform));

  it("finds all eleven routes at the spec's URLs", () => {
    expect(manifest.map((route) => `/${route.path}`).sort()).toEqual([
      "/api/product/calculate",
      "/api/product/check/coupon-discount/:id",
      "/api/product/delivery-icon/:id",
      "/api/product/delivery-icon/small/:productId",
      "/api/product/favorite/toggle/:id",
      "/api/product/form/data/:id",
      "/api/product/get/:id",
      "/api/product/inventory-request/:id",
      "/api/product/related/load/:id",
      "/api/product/reviews/count/:id",
      "/api/product/reviews/load/:id",
    ]);
    // Every /api/product route the app has is among them (none without its module).
    const productRoutes = Object.values(APP_ROUTES).filter((route) => route.id.startsWith("routes/api.product."));
    expect(manifest.map((route) => route.id).sort()).toEqual(productRoutes.map((route) => route.id).sort());
  });

  it("serves each route with its method", async ({ platform }) => {
    const ok: [string, ApiRequestOptions][] = [
      ["/api/product/calculate", { fields: { p: String(SIMPLE), q: "2" } }],
      [`/api/product/delivery-icon/${SIMPLE}`, {}],
      [`/api/product/delivery-icon/small/${SIMPLE}`, {}],
      [`/api/product/check/coupon-discount/${SIMPLE}`, {}],
      [`/api/product/get/${SIMPLE}`, {}],
      [`/api/product/related/load/${SIMPLE}`, {}],
      [`/api/product/reviews/count/${SIMPLE}`, {}],
      [`/api/product/reviews/load/${SIMPLE}?page=0`, {}],
      [`/api/product/form/data/${SIMPLE}`, { method: "GET" }],
    ];
    for (const [url, options] of ok) {
      const response = await serve(platform, url, options);
      expect(response.status, url).toBe(200);
      expect(response.headers.get("Content-Type"), url).toMatch(/application\/json/);
    }
    expect(await (await serve(platform, "/api/product/calculate", { fields: { p: String(SIMPLE), q: "2" } })).json()).toMatchObject({ subtotal: 3960 });
    expect(await (await serve(platform, "/api/product/calculate", { fields: { p: "nope" } })).json()).toBe(0);
  });

  it("answers the wrong method with 405 and Allow", async ({ platform, member }) => {
    for (const url of [
      "/api/product/calculate",
      `/api/product/delivery-icon/${SIMPLE}`,
      `/api/product/delivery-icon/small/${SIMPLE}`,
      `/api/product/favorite/toggle/${SIMPLE}`,
      `/api/product/check/coupon-discount/${SIMPLE}`,
      `/api/product/get/${SIMPLE}`,
      `/api/product/related/load/${SIMPLE}`,
      `/api/product/reviews/count/${SIMPLE}`,
      `/api/product/reviews/load/${SIMPLE}`,
      `/api/product/inventory-request/${SIMPLE}`,
    ]) {
      const response = await serve(platform, url, { method: "GET" });
      expect(response.status, url).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
      expect(await response.json()).toEqual({ error: "このURLはこのリクエスト方法に対応していません。" });
    }
    const post = await serve(platform, `/api/product/form/data/${SIMPLE}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
    // Remix hands every non-GET method to the action: the POST-only ones refuse the others.
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      for (const url of [`/api/product/get/${SIMPLE}`, `/api/product/favorite/toggle/${SIMPLE}`, `/api/product/form/data/${SIMPLE}`]) {
        const response = await serve(platform, url, { method, cookie: member });
        expect(response.status, `${method} ${url}`).toBe(405);
      }
    }
    expect(await platform.db.select().from(favorites).where(eq(favorites.productId, SIMPLE)).all()).toEqual([]);
  });

  it("passes the routes' 4xx answers through unchanged", async ({ platform }) => {
    const guest = await serve(platform, `/api/product/favorite/toggle/${SIMPLE}`, { mode: "cors" });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: "この操作にはログインが必要です。", login_required: true });
    const login = await serve(platform, `/api/product/inventory-request/${SOLDOUT}`, { mode: "navigate", fields: {} });
    expect(login.status).toBe(303);
    expect(login.headers.get("Location")).toBe(`/login?show=1&redirectTo=${encodeURIComponent("/category/tableware/DEMO-SOLDOUT")}`);
    expect((await serve(platform, `/api/product/get/${PRIVATE}`)).status).toBe(404);
    expect((await serve(platform, "/api/product/get/abc")).status).toBe(400);
    expect((await serve(platform, "/api/product/delivery-icon/small")).status).toBe(400);
    const hostile = await serve(platform, "/api/product/calculate", { body: "\u0000\uffff{{{", contentType: "multipart/form-data; boundary=x" });
    expect(hostile.status).toBe(400);
  });

  it("answers fetchers too (single fetch: useFetcher posts to the URL + .data)", async ({ platform }) => {
    // Remix's own CSRF check of .data actions compares Origin with the (forwarded) host a browser always sends.
    const viaFetcher = (url: string, options: ApiRequestOptions) => {
      const request = apiRequest(url, { ...options, mode: "cors" });
      request.headers.set("X-Forwarded-Host", new URL(TEST_ORIGIN).host);
      return handle(request, contextFor(platform));
    };
    const price = await viaFetcher("/api/product/calculate.data", { fields: { p: String(SIMPLE), q: "2" } });
    expect(price.status).toBe(200);
    expect(await price.text()).toContain('"subtotal",3960');
    const failed = await viaFetcher("/api/product/calculate.data", { fields: { p: "nope" } });
    expect(await failed.text()).toContain('"data",0]');
    // A returned 401 reaches the fetcher as data (fetcher.data.error), not as an error boundary.
    const guest = await viaFetcher(`/api/product/favorite/toggle/${SIMPLE}.data`, { fields: {} });
    expect(guest.status).toBe(401);
    expect(await guest.text()).toContain("この操作にはログインが必要です。");
  });

  it("never answers 500 to malformed input", async ({ platform, member }) => {
    const bodies: ApiRequestOptions[] = [
      { body: '{"p":1}', contentType: "application/json" },
      { body: "not a form", contentType: "text/plain" },
      { body: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" },
      {
        fields: [
          ["page", "1"],
          ["page", "2"],
          ["v", "1"],
          ["v", "2"],
          ["q", "1e999"],
          ["p", "Infinity"],
        ],
      },
      { body: "%E0%A4%A=bad&p=%", contentType: "application/x-www-form-urlencoded" },
    ];
    const urls = [
      "/api/product/calculate",
      `/api/product/check/coupon-discount/${SIMPLE}`,
      `/api/product/reviews/load/${SIMPLE}`,
      `/api/product/inventory-request/${SOLDOUT}`,
      `/api/product/favorite/toggle/${SIMPLE}`,
      `/api/product/get/${"9".repeat(40)}`,
    ];
    for (const url of urls) {
      for (const options of bodies) {
        const response = await serve(platform, url, { ...options, cookie: member, mode: "cors" });
        expect(response.status, `${url} ${JSON.stringify(options)}`).toBeLessThan(500);
      }
    }
    // Tidy up what the loop above may legitimately have done.
    await platform.db.delete(favorites).where(and(eq(favorites.userId, MEMBER_ID), eq(favorites.productId, SIMPLE)));
  });
});
