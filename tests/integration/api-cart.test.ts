/**
 * The /api/cart* endpoints (spec §7), the campaign link /coupon-get/{code} and coupon product links
 * /category/product/{sku}, on a real, migrated and seeded local D1: each route's action/loader called
 * directly with guest and member sessions, then the routes once more through Remix's own request handler.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { buyLater, cartLines, carts, cartVendorNotices, categories, couponCampaigns, couponProductPrices, users } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID, MEMBER_POINTS } from "~/services/seed/people";
import * as buylater from "~/routes/api.buylater.$productId";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartCoupon from "~/routes/api.cart-coupon";
import * as cartEdit from "~/routes/api.cart-edit";
import * as cartPoints from "~/routes/api.cart-points";
import * as cartRemove from "~/routes/api.cart-remove";
import * as cartApi from "~/routes/api.cart";
import * as campaigns from "~/routes/api.cart.campaigns";
import * as saveNotice from "~/routes/api.cart.save-notice";
import * as saveVendorNotice from "~/routes/api.cart.save-vendor-notice";
import * as saveWarehouseNotice from "~/routes/api.cart.save-warehouse-notice";
import * as extraFee from "~/routes/api.extra-fee.update";
import * as removeCoupon from "~/routes/api.remove-coupon.$couponId";
import * as shippingCheck from "~/routes/api.shipping-fee.check";
import * as coldshipping from "~/routes/api.toogle-coldshipping";
import * as couponProductLink from "~/routes/category.product.$sku";
import * as couponGet from "~/routes/coupon-get.$code";
import type { ApiCartPayload } from "~/services/cart/cart-payload.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import {
  apiRequest,
  contextFor,
  jsonBody as json,
  memberCookie,
  pageRequest,
  responseOf,
  sessionCookie,
  TEST_ORIGIN,
  type ApiRequestOptions,
  type RouteHandler,
} from "../support/requests";
import { APP_ROUTES, remixHandlerFor } from "../support/remix";

const it = platformTest();

const id = (sku: string) => productBySku(sku).id;
const SIMPLE = id("DEMO-SIMPLE");
const OPTIONS = id("DEMO-OPTIONS");
const MERCHANT = id("DEMO-MERCHANT");
const COLDOPT = id("DEMO-COLDOPT");
const NOCOUPON = id("DEMO-NOCOUPON");
const DIGITAL = id("DEMO-DIGITAL");
const LOWSTOCK = id("DEMO-LOWSTOCK");
const PRIVATE = id("DEMO-PRIVATE");
const SENCHA = id("DRINK-SENCHA");
/** DEMO-OPTIONS option choices (app/services/seed/catalogue.ts): 化粧箱 +330, 桐箱 +770. */
const GIFT_BOX = 2;
const PAULOWNIA_BOX = 3;
/** DEMO-MERCHANT ships from merchant 2 (有田 青華窯). */
const ARITA = 2;

const MESSAGES = {
  adjustedTo50: "この商品は最大50点までご購入いただけます（在庫数・1回のご注文の上限による）。数量を50点に調整しました。",
  adjustedTo1: "数量は1以上の数字で入力してください。1点に調整しました。",
  wrappingUnavailable: "この商品はギフトラッピングをご利用いただけません。",
  lineNotFound: "指定された商品はカートにありません。",
  couponMemberOnly: "このクーポンは会員限定です。ログインしてご利用ください。",
  couponExpired: "このクーポンは有効期限が切れています。",
  couponNoProducts: "カート内にこのクーポンの対象商品がありません。",
  couponUnknown: "クーポンコードが見つかりません。入力内容をご確認ください。",
  couponEmpty: "クーポンコードを入力してください。",
  pointsMembersOnly: "ポイントのご利用にはログインが必要です。",
  pointsInvalid: "ポイントは0以上の整数で入力してください。",
  paymentInvalid: "お支払い方法を選択してください。",
  noticeTooLong: "備考は500文字以内で入力してください。",
  emptyCart: "カートは空です。",
  loginRequired: "この操作にはログインが必要です。",
  postalCode: "郵便番号は半角数字7桁で入力してください。",
  prefecture: "都道府県を選択してください。",
  campaignUnknown: "このキャンペーンは終了したか、存在しません。",
} as const;

const respond = (platform: TestPlatform, handler: RouteHandler, request: Request, params: Record<string, string> = {}) =>
  responseOf(platform, handler, request, params);

/** A fetch (JS on) unless the options say otherwise. */
const post = (platform: TestPlatform, handler: RouteHandler, url: string, options: ApiRequestOptions = {}, params: Record<string, string> = {}) =>
  respond(platform, handler, apiRequest(url, { mode: "cors", ...options }), params);

const edit = (platform: TestPlatform, cookie: string, fields: Record<string, string> | [string, string][], options: ApiRequestOptions = {}) =>
  post(platform, cartEdit.action as RouteHandler, "/api/cart-edit", { cookie, fields, ...options });
const remove = (platform: TestPlatform, cookie: string, fields: Record<string, string> | [string, string][], options: ApiRequestOptions = {}) =>
  post(platform, cartRemove.action as RouteHandler, "/api/cart-remove", { cookie, fields, ...options });
const coupon = (platform: TestPlatform, cookie: string, code: string, options: ApiRequestOptions = {}) =>
  post(platform, cartCoupon.action as RouteHandler, "/api/cart-coupon", { cookie, fields: { code }, ...options });
const points = (platform: TestPlatform, cookie: string, amount: string, options: ApiRequestOptions = {}) =>
  post(platform, cartPoints.action as RouteHandler, "/api/cart-points", { cookie, fields: { amount }, ...options });

async function loadCart(platform: TestPlatform, cookie: string): Promise<ApiCartPayload> {
  const response = await post(platform, cartApi.action as RouteHandler, "/api/cart", { cookie });
  expect(response.status).toBe(200);
  return json<ApiCartPayload>(response);
}

type Item = { p: number; q?: number; o?: number[] };

/** Adds items through POST /api/cart-add as a fetcher would; answers the session cookie (a guest's is created). */
async function add(platform: TestPlatform, cookie: string, ...items: Item[]): Promise<string> {
  let current = cookie;
  for (const item of items) {
    const fields: [string, string][] = [
      ["p", String(item.p)],
      ["q", String(item.q ?? 1)],
      ...(item.o ?? []).map((choice): [string, string] => ["o", String(choice)]),
    ];
    const response = await post(platform, cartAdd.action as RouteHandler, "/api/cart-add", { cookie: current, fields });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    current = sessionCookie(response) || current;
  }
  return current;
}

/** A new guest with these items in their cart. */
const guestWith = (platform: TestPlatform, ...items: Item[]) => add(platform, "", ...items);

let memberCount = 0;
/** A new member (own empty cart) holding `balance` points. */
async function newMember(platform: TestPlatform, balance = MEMBER_POINTS): Promise<{ userId: number; cookie: string }> {
  memberCount += 1;
  const [user] = await platform.db
    .insert(users)
    .values({
      email: `cart-member-${memberCount}@example.jp`,
      passwordHash: await hashPassword("password1234"),
      lastname: "田中",
      firstname: "次郎",
      lastnameJp: "タナカ",
      firstnameJp: "ジロウ",
      points: balance,
    })
    .returning({ id: users.id });
  return { userId: user!.id, cookie: await memberCookie(platform, user!.id) };
}

const lineOf = (cart: ApiCartPayload, productId: number) => cart.cart.list.find((line) => line.products_id === productId)!;

function location(response: Response): URL {
  expect(response.status).toBe(303);
  return new URL(response.headers.get("Location") ?? "", TEST_ORIGIN);
}

describe("POST /api/cart", () => {
  it("shows DEMO-SIMPLE ×2 added through /api/cart-add: 3,960 + 660 shipping = 4,620 yen", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    const body = await loadCart(platform, guest);
    expect(body.cart).toMatchObject({
      subtotal: 3960,
      shipping_fee: 660,
      wrapping: 0,
      extra_fee: 0,
      discount: 0,
      points: 0,
      total: 4620,
      total_before_discount: 4620,
      quantity: 2,
      payment_eligible: true,
      // Guests earn no points.
      total_points: 0,
    });
    expect(body.cart.taxes).toEqual([
      { rate: 10, taxable: 4620, tax: 420 },
      { rate: 8, taxable: 0, tax: 0 },
    ]);
    const line = lineOf(body, SIMPLE);
    expect(line).toMatchObject({
      sku: "DEMO-SIMPLE",
      origin: { sku: "DEMO-SIMPLE" },
      title: "泉州タオル フェイスタオル 2枚組（ホワイト）",
      url: "/category/living/DEMO-SIMPLE",
      selling_price: 1980,
      quantity: 2,
      total: 3960,
      max_quantity: 50,
      available: true,
      wrapping_available: true,
      cart: { p: SIMPLE, v: null, o: [], c: null, w: 0, q: 2, ispreorder: 0 },
    });
    expect(line.picture?.thumbnail_s).toMatch(/demo-simple/i);
    expect(body).toMatchObject({ warehouse_notice: "", vendor_notice: {}, coupon_campaign: null, user_points: 0, address: null, coupon_code: null });
    expect(body.point_promo).toMatchObject({ color: "#ee6d68", rate: 2, min_amount: 5000 });
  });

  it("prices DEMO-OPTIONS with a paid option and ships free from 5,000 yen", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 }, { p: OPTIONS, o: [PAULOWNIA_BOX] });
    const body = await loadCart(platform, guest);
    // 2,750 + 桐箱 770 = 3,520; 3,960 + 3,520 = 7,480 ≥ 5,000: no shipping fee.
    expect(lineOf(body, OPTIONS)).toMatchObject({
      selling_price: 3520,
      total: 3520,
      options: [{ option: "箱", title: "桐箱" }],
      cart: { p: OPTIONS, o: [PAULOWNIA_BOX] },
    });
    expect(body.cart).toMatchObject({ subtotal: 7480, shipping_fee: 0, total: 7480, quantity: 3 });
  });

  it("gives a member their points, default address and points earned at the promo rate", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    await add(platform, cookie, { p: SIMPLE, q: 3 });
    const body = await loadCart(platform, cookie);
    expect(body.user_points).toBe(MEMBER_POINTS);
    expect(body.address).toMatchObject({ postal_code: "1500002", prefecture: 13, default: true });
    expect(body.address).toHaveProperty("lastname_jp");
    // 5,940 yen ≥ the promo's 5,000: 59 points × 2.
    expect(body.cart).toMatchObject({ subtotal: 5940, shipping_fee: 0, total: 5940, total_points_rate: 2, total_points: 118, point_eligible: true });
    await remove(platform, cookie, { p: String(SIMPLE) });
  });

  it("answers an empty cart for a visitor without one, and sends a plain form post to /cart", async ({ platform }) => {
    const body = await loadCart(platform, "");
    expect(body.cart).toMatchObject({ list: [], subtotal: 0, shipping_fee: 0, total: 0, quantity: 0 });
    const navigation = await post(platform, cartApi.action as RouteHandler, "/api/cart", { mode: "navigate", fields: {} });
    expect(location(navigation).pathname).toBe("/cart");
  });
});

describe("POST /api/cart-edit", () => {
  it("changes the quantity up to 50 of a big-stock item and brings 51 down to 50, saying so (spec §5)", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const lineId = lineOf(await loadCart(platform, guest), SIMPLE).id;
    const fifty = await edit(platform, guest, { line: String(lineId), q: "50" });
    expect(fifty.status).toBe(200);
    expect(await json(fifty)).toEqual({ ok: true });
    expect(lineOf(await loadCart(platform, guest), SIMPLE).quantity).toBe(50);

    await edit(platform, guest, { line: String(lineId), q: "3" });
    const fiftyOne = await edit(platform, guest, { line: String(lineId), q: "51" });
    expect(fiftyOne.status).toBe(200);
    expect(await json(fiftyOne)).toEqual({ ok: true, adjusted: true, quantity: 50, message: MESSAGES.adjustedTo50 });
    expect(lineOf(await loadCart(platform, guest), SIMPLE).quantity).toBe(50);
  });

  it("finds the row by p/v/o/c when no line id is sent, and reads full-width digits", async ({ platform }) => {
    const guest = await guestWith(platform, { p: OPTIONS, o: [GIFT_BOX] }, { p: OPTIONS, o: [PAULOWNIA_BOX] });
    expect(
      (
        await edit(platform, guest, [
          ["p", String(OPTIONS)],
          ["o", String(PAULOWNIA_BOX)],
          ["q", "３"],
        ])
      ).status,
    ).toBe(200);
    const lines = (await loadCart(platform, guest)).cart.list;
    expect(lines.map((line) => [line.cart.o, line.quantity])).toEqual([
      [[GIFT_BOX], 1],
      [[PAULOWNIA_BOX], 3],
    ]);
    // The same product without that option is not in the cart.
    const missing = await edit(platform, guest, { p: String(OPTIONS), q: "2" });
    expect(missing.status).toBe(404);
    expect(await json(missing)).toEqual({ error: MESSAGES.lineNotFound, field: "line" });
  });

  it("forces quantities that are not a number of at least 1 to 1, and refuses a request naming nothing to change", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    for (const q of ["0", "-1", "abc", ""]) {
      await edit(platform, guest, { p: String(SIMPLE), q: "2" });
      const response = await edit(platform, guest, { p: String(SIMPLE), q });
      expect(response.status, q).toBe(200);
      expect(await json(response)).toEqual({ ok: true, adjusted: true, quantity: 1, message: MESSAGES.adjustedTo1 });
      expect(lineOf(await loadCart(platform, guest), SIMPLE).quantity, q).toBe(1);
    }
    expect(await json(await edit(platform, guest, { p: String(SIMPLE), q: "1.5" }))).toMatchObject({ adjusted: true, quantity: 1 });
    expect(await json(await edit(platform, guest, { p: String(SIMPLE), q: "1e3" }))).toMatchObject({ adjusted: true, quantity: 50 });
    await edit(platform, guest, { p: String(SIMPLE), q: "2" });
    expect((await edit(platform, guest, { p: String(SIMPLE) })).status).toBe(400);
    expect((await edit(platform, guest, { line: "abc", q: "1" })).status).toBe(400);
    expect((await edit(platform, guest, { p: String(SIMPLE), w: "maybe" })).status).toBe(400);
    expect(lineOf(await loadCart(platform, guest), SIMPLE).quantity).toBe(2);
  });

  it("wraps a warehouse item for 500 yen per item and refuses wrapping on DEMO-MERCHANT", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 }, { p: MERCHANT });
    const wrapped = await edit(platform, guest, { p: String(SIMPLE), w: "1" });
    expect(wrapped.status).toBe(200);
    let body = await loadCart(platform, guest);
    expect(lineOf(body, SIMPLE)).toMatchObject({ wrapping: true, wrapping_fee: 1000, cart: { w: 1 } });
    // 3,960 + 5,500 goods, 1,000 wrapping, 660 warehouse + 990 merchant shipping.
    expect(body.cart).toMatchObject({ subtotal: 9460, wrapping: 1000, shipping_fee: 1650, total: 12110 });

    const refused = await edit(platform, guest, { p: String(MERCHANT), w: "1" });
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ error: MESSAGES.wrappingUnavailable, field: "wrapping" });
    body = await loadCart(platform, guest);
    expect(lineOf(body, MERCHANT)).toMatchObject({ wrapping: false, wrapping_available: false });

    expect((await edit(platform, guest, { p: String(SIMPLE), w: "0" })).status).toBe(200);
    expect((await loadCart(platform, guest)).cart).toMatchObject({ wrapping: 0, total: 11110 });
  });

  it("changes nothing when the wrapping is refused, and both when wrapping is fine and the quantity is forced", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE }, { p: MERCHANT });
    const refused = await edit(platform, guest, { p: String(MERCHANT), w: "1", q: "3" });
    expect(refused.status).toBe(409);
    expect(lineOf(await loadCart(platform, guest), MERCHANT)).toMatchObject({ quantity: 1, wrapping: false });
    const forced = await edit(platform, guest, { p: String(SIMPLE), w: "1", q: "51" });
    expect(await json(forced)).toMatchObject({ ok: true, adjusted: true, quantity: 50 });
    expect(lineOf(await loadCart(platform, guest), SIMPLE)).toMatchObject({ quantity: 50, wrapping: true });
    // Both at once when both are fine.
    expect((await edit(platform, guest, { p: String(SIMPLE), w: "1", q: "4" })).status).toBe(200);
    expect(lineOf(await loadCart(platform, guest), SIMPLE)).toMatchObject({ quantity: 4, wrapping: true, wrapping_fee: 2000 });
  });

  it("answers a plain form post with a 303 back to a safe redirectTo, carrying the refusal in the query", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const ok = await edit(platform, guest, { p: String(SIMPLE), q: "2", redirectTo: "/cart?cart_error=quantity&message=old&x=1" }, { mode: "navigate" });
    const back = location(ok);
    expect(back.pathname).toBe("/cart");
    expect([...back.searchParams.entries()]).toEqual([["x", "1"]]);

    const refused = location(await edit(platform, guest, { p: String(OPTIONS), q: "2" }, { mode: "navigate" }));
    expect(refused.pathname).toBe("/cart");
    expect(refused.searchParams.get("cart_error")).toBe("line");
    expect(refused.searchParams.get("message")).toBe(MESSAGES.lineNotFound);

    const lineId = lineOf(await loadCart(platform, guest), SIMPLE).id;
    const forced = location(await edit(platform, guest, { p: String(SIMPLE), q: "51" }, { mode: "navigate" }));
    expect(forced.pathname).toBe("/cart");
    expect(Object.fromEntries(forced.searchParams)).toEqual({ cart_notice: "quantity", cart_line: String(lineId), message: MESSAGES.adjustedTo50 });

    const offSite = location(await edit(platform, guest, { p: String(SIMPLE), q: "1", redirectTo: "//evil.example/" }, { mode: "navigate" }));
    expect(offSite.host).toBe(new URL(TEST_ORIGIN).host);
    expect(offSite.pathname).toBe("/cart");
  });
});

describe("POST /api/cart-remove", () => {
  it("removes the row named by p/v/o/c or by line id, then answers 404", async ({ platform }) => {
    const guest = await guestWith(platform, { p: OPTIONS, o: [GIFT_BOX] }, { p: OPTIONS, o: [PAULOWNIA_BOX] }, { p: SIMPLE });
    expect(
      (
        await remove(platform, guest, [
          ["p", String(OPTIONS)],
          ["o[1]", String(PAULOWNIA_BOX)],
        ])
      ).status,
    ).toBe(200);
    let body = await loadCart(platform, guest);
    expect(body.cart.list.map((line) => line.cart.o)).toEqual([[GIFT_BOX], []]);

    const simpleLine = lineOf(body, SIMPLE).id;
    const removed = await remove(platform, guest, { line: String(simpleLine) });
    expect(await json(removed)).toEqual({ ok: true });
    body = await loadCart(platform, guest);
    expect(body.cart.list).toHaveLength(1);
    expect(body.cart.subtotal).toBe(2750 + 330);

    const again = await remove(platform, guest, { line: String(simpleLine) });
    expect(again.status).toBe(404);
    expect(await json(again)).toEqual({ error: MESSAGES.lineNotFound, field: "line" });
    expect((await remove(platform, guest, {})).status).toBe(400);
  });

  it("answers 404 for someone else's row and leaves it untouched", async ({ platform }) => {
    const owner = await guestWith(platform, { p: SIMPLE, q: 3 });
    const ownerLine = lineOf(await loadCart(platform, owner), SIMPLE).id;
    const stranger = await guestWith(platform, { p: OPTIONS });
    const { cookie: member } = await newMember(platform);
    for (const cookie of [stranger, member, ""]) {
      const removeResponse = await remove(platform, cookie, { line: String(ownerLine) });
      expect(removeResponse.status).toBe(404);
      const editResponse = await edit(platform, cookie, { line: String(ownerLine), q: "1", w: "1" });
      expect(editResponse.status).toBe(404);
    }
    const buyLaterResponse = await post(
      platform,
      buylater.action as RouteHandler,
      `/api/buylater/${SIMPLE}`,
      { cookie: member, fields: { line: String(ownerLine) } },
      { productId: String(SIMPLE) },
    );
    expect(buyLaterResponse.status).toBe(404);
    const row = await platform.db.select().from(cartLines).where(eq(cartLines.id, ownerLine)).get();
    expect(row).toMatchObject({ quantity: 3, wrapping: false });
  });
});

describe("POST /api/cart-coupon and /api/remove-coupon/{couponId}", () => {
  it("takes SPRING10 off as 10% rounded down (1,944 → 194)", async ({ platform }) => {
    const guest = await guestWith(platform, { p: COLDOPT });
    const applied = await coupon(platform, guest, " spring10 ");
    expect(applied.status).toBe(200);
    expect(await json(applied)).toEqual({ ok: true });
    const body = await loadCart(platform, guest);
    expect(body.coupon_code).toBe("SPRING10");
    expect(body.cart.coupons).toEqual([expect.objectContaining({ code: "SPRING10", type: "rate", value: 10, discount: 194 })]);
    expect(body.cart).toMatchObject({ subtotal: 1944, discount_coupon: 194, shipping_fee: 660, total: 2410 });
  });

  it("lets ALONE20 stand alone (the campaign steps aside) and a second coupon replace it", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    const withCampaign = sessionCookie(
      await respond(platform, couponGet.loader as RouteHandler, pageRequest("/coupon-get/CAMPAIGN2026", guest), { code: "CAMPAIGN2026" }),
    );
    expect((await loadCart(platform, withCampaign)).cart.campaign).toMatchObject({ applied: true, discount: 300 });

    expect((await coupon(platform, withCampaign, "ALONE20")).status).toBe(200);
    let body = await loadCart(platform, withCampaign);
    expect(body.cart.coupons).toEqual([expect.objectContaining({ code: "ALONE20", discount: 792 })]);
    expect(body.cart.campaign).toMatchObject({ applied: false, discount: 0 });
    expect(body.cart).toMatchObject({ discount_coupon: 792, total: 3960 + 660 - 792 });

    // One entered coupon at a time: SPRING10 replaces ALONE20, and the campaign applies again.
    expect((await coupon(platform, withCampaign, "SPRING10")).status).toBe(200);
    body = await loadCart(platform, withCampaign);
    expect(body.cart.coupons.map((applied) => applied.code)).toEqual(["SPRING10"]);
    expect(body.cart).toMatchObject({ discount_coupon: 396 + 300, total: 3960 + 660 - 696 });
  });

  it("refuses MEMBER1000 to a guest and applies it for a member", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    const refused = await coupon(platform, guest, "MEMBER1000");
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({ error: MESSAGES.couponMemberOnly, field: "coupon" });
    expect((await loadCart(platform, guest)).coupon_code).toBeNull();

    const { cookie } = await newMember(platform);
    await add(platform, cookie, { p: SIMPLE, q: 2 });
    expect((await coupon(platform, cookie, "MEMBER1000")).status).toBe(200);
    expect((await loadCart(platform, cookie)).cart).toMatchObject({ discount_coupon: 1000, total: 3960 + 660 - 1000 });
  });

  it("refuses EXPIRED100, unknown and empty codes, a cart without coupon-eligible products, and an empty cart", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const expired = await coupon(platform, guest, "EXPIRED100");
    expect(expired.status).toBe(409);
    expect(await json(expired)).toEqual({ error: MESSAGES.couponExpired, field: "coupon" });
    const unknown = await coupon(platform, guest, "NOSUCHCODE");
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ error: MESSAGES.couponUnknown, field: "coupon" });
    const empty = await coupon(platform, guest, "  ");
    expect(empty.status).toBe(400);
    expect(await json(empty)).toEqual({ error: MESSAGES.couponEmpty, field: "coupon" });

    const noCoupon = await guestWith(platform, { p: NOCOUPON });
    for (const code of ["SPRING10", "WELCOME500"]) {
      const response = await coupon(platform, noCoupon, code);
      expect(response.status, code).toBe(409);
      expect(await json(response)).toEqual({ error: MESSAGES.couponNoProducts, field: "coupon" });
    }
    expect((await loadCart(platform, noCoupon)).cart).toMatchObject({ coupons: [], discount_coupon: 0, total: 7700, coupon_eligible: false });

    const nobody = await coupon(platform, "", "SPRING10");
    expect(nobody.status).toBe(409);
    expect(await json(nobody)).toEqual({ error: MESSAGES.emptyCart, field: "coupon" });
  });

  it("sends a refused coupon of a plain form post back to the cart with cart_error=coupon", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const back = location(await coupon(platform, guest, "EXPIRED100", { mode: "navigate" }));
    expect(back.pathname).toBe("/cart");
    expect(back.searchParams.get("cart_error")).toBe("coupon");
    expect(back.searchParams.get("message")).toBe(MESSAGES.couponExpired);
  });

  it("removes only the coupon named: another id, an unknown one or an automatic one changes nothing and says so", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    await coupon(platform, guest, "SPRING10");
    const removeById = (couponId: string) =>
      post(platform, removeCoupon.action as RouteHandler, `/api/remove-coupon/${couponId}`, { cookie: guest }, { couponId });
    for (const couponId of ["1", "999999"]) {
      const response = await removeById(couponId);
      expect(response.status, couponId).toBe(404);
      expect(await json(response)).toEqual({ error: "このクーポンはカートに適用されていません。", field: "coupon" });
    }
    const automatic = await removeById("9");
    expect(automatic.status).toBe(409);
    expect(await json(automatic)).toEqual({ error: "自動で適用されるクーポンは取り消せません。", field: "coupon" });
    const body = await loadCart(platform, guest);
    expect(body.coupon_code).toBe("SPRING10");
    expect(body.cart.coupons.map((applied) => applied.code)).toEqual(["SPRING10"]);
    const back = location(
      await post(platform, removeCoupon.action as RouteHandler, "/api/remove-coupon/1", { cookie: guest, mode: "navigate", fields: {} }, { couponId: "1" }),
    );
    expect(back.searchParams.get("cart_error")).toBe("coupon");
    expect(back.searchParams.get("message")).toBe("このクーポンはカートに適用されていません。");
  });

  it("removes the entered coupon", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    await coupon(platform, guest, "SPRING10");
    const removed = await post(platform, removeCoupon.action as RouteHandler, "/api/remove-coupon/2", { cookie: guest }, { couponId: "2" });
    expect(await json(removed)).toEqual({ ok: true });
    const body = await loadCart(platform, guest);
    expect(body.coupon_code).toBeNull();
    expect(body.cart).toMatchObject({ coupons: [], discount_coupon: 0, total: 4620 });
    const malformed = await post(platform, removeCoupon.action as RouteHandler, "/api/remove-coupon/abc", { cookie: guest }, { couponId: "abc" });
    expect(malformed.status).toBe(400);
    const navigation = await post(
      platform,
      removeCoupon.action as RouteHandler,
      "/api/remove-coupon/2",
      { cookie: guest, mode: "navigate", fields: {} },
      { couponId: "2" },
    );
    expect(location(navigation).pathname).toBe("/cart");
  });
});

describe("POST /api/cart-points", () => {
  it("lets a member use 500 points, refuses 1,001 and keeps what was in use", async ({ platform }) => {
    const { cookie } = await newMember(platform);
    await add(platform, cookie, { p: SIMPLE, q: 2 });
    const used = await points(platform, cookie, "500");
    expect(used.status).toBe(200);
    expect(await json(used)).toEqual({ points: 500, max_points: 1000, total: 4120, form: { errors: {} } });
    expect((await loadCart(platform, cookie)).cart).toMatchObject({ points: 500, total: 4620 - 500 });

    const tooMany = await points(platform, cookie, "1001");
    expect(tooMany.status).toBe(409);
    expect(await json(tooMany)).toEqual({
      points: 500,
      form: { errors: { amount: ["ご利用いただけるポイントは最大1,000ポイントです。"] } },
      error: "ご利用いただけるポイントは最大1,000ポイントです。",
      field: "points",
    });
    expect((await points(platform, cookie, "1000")).status).toBe(200);
    expect((await loadCart(platform, cookie)).cart).toMatchObject({ points: 1000, total: 3620 });
    // 0 removes them.
    expect(await json(await points(platform, cookie, "0"))).toMatchObject({ points: 0 });
    expect((await loadCart(platform, cookie)).cart).toMatchObject({ points: 0, total: 4620 });
  });

  it("refuses more points than the cart total", async ({ platform }) => {
    const { cookie } = await newMember(platform);
    await add(platform, cookie, { p: DIGITAL });
    await coupon(platform, cookie, "MEMBER1000");
    // 1,100 yen digital item (no shipping) − 1,000 yen coupon = 100 yen.
    expect((await loadCart(platform, cookie)).cart).toMatchObject({ total: 100, max_points: 100 });
    const refused = await points(platform, cookie, "101");
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ points: 0, form: { errors: { amount: ["ご利用いただけるポイントは最大100ポイントです。"] } } });
    expect(await json(await points(platform, cookie, "100"))).toMatchObject({ points: 100, total: 0 });
  });

  it("answers a guest with 401 and a malformed amount with 400", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const response = await points(platform, guest, "500");
    expect(response.status).toBe(401);
    expect(await json(response)).toEqual({
      points: 0,
      form: { errors: { amount: [MESSAGES.pointsMembersOnly] } },
      error: MESSAGES.pointsMembersOnly,
      field: "points",
    });
    const { cookie } = await newMember(platform);
    await add(platform, cookie, { p: SIMPLE });
    for (const amount of ["-1", "abc", "1.5"]) {
      const malformed = await points(platform, cookie, amount);
      expect(malformed.status, amount).toBe(400);
      expect(await json(malformed)).toMatchObject({ form: { errors: { amount: [MESSAGES.pointsInvalid] } } });
    }
    const back = location(await points(platform, cookie, "5000", { mode: "navigate" }));
    expect(back.searchParams.get("cart_error")).toBe("points");
    expect(back.searchParams.get("message")).toMatch(/最大/);
  });
});

describe("POST /api/toogle-coldshipping, /api/extra-fee/update, /api/shipping-fee/check", () => {
  it("adds 330 yen for cold delivery of DEMO-COLDOPT and takes it off again", async ({ platform }) => {
    const guest = await guestWith(platform, { p: COLDOPT });
    expect((await loadCart(platform, guest)).cart).toMatchObject({ coldshipping_total: 0, total: 2604 });
    const on = await post(platform, coldshipping.action as RouteHandler, "/api/toogle-coldshipping", { cookie: guest });
    expect(await json(on)).toEqual({ ok: true, coldshipping: { required: false, optional: true, chosen: true }, coldshipping_total: 330, total: 2934 });
    expect((await loadCart(platform, guest)).cart).toMatchObject({ coldshipping_total: 330, total: 2934 });
    const off = await post(platform, coldshipping.action as RouteHandler, "/api/toogle-coldshipping", { cookie: guest });
    expect(await json(off)).toMatchObject({ coldshipping_total: 0, total: 2604 });
    const empty = await post(platform, coldshipping.action as RouteHandler, "/api/toogle-coldshipping", {});
    expect(empty.status).toBe(409);
  });

  it("adds the 330 yen cash-on-delivery fee and refuses an unknown method", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    const cod = await post(platform, extraFee.action as RouteHandler, "/api/extra-fee/update", { cookie: guest, fields: { fee: "cod" } });
    expect(await json(cod)).toEqual({ extra_fee: 330, total: 4950, payment_method: "cod" });
    expect(await loadCart(platform, guest)).toMatchObject({ payment_method: "cod", cart: { extra_fee: 330, total: 4950 } });
    const bank = await post(platform, extraFee.action as RouteHandler, "/api/extra-fee/update", { cookie: guest, fields: { fee: "bank_transfer" } });
    expect(await json(bank)).toEqual({ extra_fee: 0, total: 4620, payment_method: "bank_transfer" });
    for (const fee of ["card", "", "__proto__"]) {
      const refused = await post(platform, extraFee.action as RouteHandler, "/api/extra-fee/update", { cookie: guest, fields: { fee } });
      expect(refused.status, fee).toBe(400);
      expect(await json(refused)).toEqual({ error: MESSAGES.paymentInvalid, field: "payment" });
    }
    expect((await loadCart(platform, guest)).payment_method).toBe("bank_transfer");
  });

  it("checks the address and answers the cart's shipping figures (one nationwide fee per shipment)", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE }, { p: MERCHANT });
    const addresses: Record<string, string>[] = [
      { postal_code: "150-0002", prefecture: "13", city: "渋谷区", address1: "渋谷2-1-1" },
      { postal_code: "９００－０００１", prefecture: "47" },
      { postal_code: "0600001", prefecture: "1" },
    ];
    for (const fields of addresses) {
      const response = await post(platform, shippingCheck.action as RouteHandler, "/api/shipping-fee/check", { cookie: guest, fields });
      expect(response.status).toBe(200);
      const body = await json<{ shipping_fee: number; shipments: { merchant_id: number | null; shipping_fee: number }[] }>(response);
      expect(body).toMatchObject({ shipping_fee: 660 + 990, coldshipping_total: 0, split_shipping_fee: 0, total: 1980 + 5500 + 1650 });
      expect(body.shipments.map((shipment) => [shipment.merchant_id, shipment.shipping_fee])).toEqual([
        [null, 660],
        [ARITA, 990],
      ]);
    }
  });

  it("answers bad postal codes and prefectures with 400 and Japanese messages", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ postal_code: "12345", prefecture: "13" }, { postal_code: [MESSAGES.postalCode] }],
      [{ postal_code: "12345678", prefecture: "13" }, { postal_code: [MESSAGES.postalCode] }],
      [{ postal_code: "1500002", prefecture: "0" }, { prefecture: [MESSAGES.prefecture] }],
      [{ postal_code: "1500002", prefecture: "48" }, { prefecture: [MESSAGES.prefecture] }],
      [{ postal_code: "1500002", prefecture: "東京都" }, { prefecture: [MESSAGES.prefecture] }],
      [{}, { postal_code: [MESSAGES.postalCode], prefecture: [MESSAGES.prefecture] }],
    ];
    for (const [fields, errors] of cases) {
      const response = await post(platform, shippingCheck.action as RouteHandler, "/api/shipping-fee/check", { cookie: guest, fields });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = await json<{ error: string; form: { errors: Record<string, string[]> } }>(response);
      expect(body.form.errors).toEqual(errors);
      expect(body.error).toBe(Object.values(errors)[0]![0]);
    }
    const back = location(
      await post(platform, shippingCheck.action as RouteHandler, "/api/shipping-fee/check", {
        cookie: guest,
        mode: "navigate",
        fields: { postal_code: "1", prefecture: "13", redirectTo: "/checkout" },
      }),
    );
    expect(back.pathname).toBe("/checkout");
    expect(back.searchParams.get("cart_error")).toBe("address");
    expect(back.searchParams.get("message")).toBe(MESSAGES.postalCode);
  });
});

describe("POST /api/cart/campaigns and the campaign link /coupon-get/{code}", () => {
  it("answers the point promo, and the coupon campaign once a link stored it", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const before = await json(await post(platform, campaigns.action as RouteHandler, "/api/cart/campaigns", { cookie: guest }));
    expect(before).toMatchObject({
      point_promo: { title: "ポイント2倍キャンペーン（5,000円以上のお買い物が対象）", color: "#ee6d68", link: "", rate: 2, min_amount: 5000 },
      coupon_campaign: null,
      total_points_rate: 1,
    });
    const link = await respond(platform, couponGet.loader as RouteHandler, pageRequest("/coupon-get/CAMPAIGN2026", guest), { code: "CAMPAIGN2026" });
    const after = await json(await post(platform, campaigns.action as RouteHandler, "/api/cart/campaigns", { cookie: sessionCookie(link) }));
    expect(after.coupon_campaign).toEqual({
      code: "CAMPAIGN2026",
      title: "2026年 新春キャンペーン 300円OFF",
      type: "fix",
      value: 300,
      min_amount: 3000,
      free_shipping: false,
    });
  });

  it("stores the campaign in the session, lands on /cart?campaign=1 and takes 300 yen off from 3,000 yen", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const link = await respond(platform, couponGet.loader as RouteHandler, pageRequest("/coupon-get/campaign2026", guest), { code: "campaign2026" });
    expect(link.status).toBe(303);
    expect(link.headers.get("Location")).toBe("/cart?campaign=1");
    const cookie = sessionCookie(link);
    expect(cookie).toMatch(/^__session=/);

    // The guest keeps their cart: 1,980 yen is below the campaign's 3,000.
    let body = await loadCart(platform, cookie);
    expect(body.coupon_campaign).toMatchObject({ code: "CAMPAIGN2026" });
    expect(body.cart.campaign).toMatchObject({ applied: false, discount: 0 });
    expect(body.cart.total).toBe(1980 + 660);

    expect((await edit(platform, cookie, { p: String(SIMPLE), q: "2" })).status).toBe(200);
    body = await loadCart(platform, cookie);
    expect(body.cart.campaign).toMatchObject({ code: "CAMPAIGN2026", applied: true, discount: 300 });
    expect(body.cart).toMatchObject({ subtotal: 3960, discount_coupon: 300, total: 3960 + 660 - 300 });
  });

  it("sends an unknown or ended campaign to the cart with the Japanese message, storing nothing", async ({ platform }) => {
    await platform.db.insert(couponCampaigns).values({
      code: "ENDED2025",
      title: "終了したキャンペーン",
      type: "fix",
      value: 500,
      startsAt: new Date(Date.now() - 60 * 86_400_000),
      endsAt: new Date(Date.now() - 86_400_000),
    });
    for (const code of ["NOSUCHCAMPAIGN", "ENDED2025", "bad code!"]) {
      const response = await respond(platform, couponGet.loader as RouteHandler, pageRequest(`/coupon-get/${encodeURIComponent(code)}`), { code });
      const back = location(response);
      expect(back.pathname).toBe("/cart");
      expect(back.searchParams.get("cart_error")).toBe("coupon");
      expect(back.searchParams.get("message")).toBe(MESSAGES.campaignUnknown);
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });
});

describe("the campaign link /coupon-get/{code} with an ordinary coupon code", () => {
  const follow = (platform: TestPlatform, code: string, cookie = "") =>
    respond(platform, couponGet.loader as RouteHandler, pageRequest(`/coupon-get/${encodeURIComponent(code)}`, cookie), { code });

  it("applies SPRING10 to a cart with items and says so", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    const back = location(await follow(platform, "spring10", guest));
    expect(back.pathname).toBe("/cart");
    expect(Object.fromEntries(back.searchParams)).toEqual({ cart_notice: "coupon", message: "クーポン「10%OFF」をカートに適用しました。" });
    const body = await loadCart(platform, guest);
    expect(body.coupon_code).toBe("SPRING10");
    expect(body.cart).toMatchObject({ discount_coupon: 396, total: 3960 + 660 - 396 });
  });

  it("keeps SPRING10 for a new visitor's empty cart, and applies it once items are added", async ({ platform }) => {
    const response = await follow(platform, "SPRING10");
    const back = location(response);
    expect(back.searchParams.get("message")).toBe("クーポン「10%OFF」を受け取りました。対象の商品をカートに入れると適用されます。");
    const visitor = sessionCookie(response);
    expect(visitor).toMatch(/^__session=/);
    const cookie = await add(platform, visitor, { p: SIMPLE, q: 2 });
    expect((await loadCart(platform, cookie)).cart.coupons.map((applied) => [applied.code, applied.discount])).toEqual([["SPRING10", 396]]);
  });

  it("says precisely why a coupon cannot be used, storing nothing", async ({ platform }) => {
    const guest = await guestWith(platform, { p: NOCOUPON });
    const cases: [string, string][] = [
      ["EXPIRED100", MESSAGES.couponExpired],
      ["MEMBER1000", MESSAGES.couponMemberOnly],
      ["SPRING10", MESSAGES.couponNoProducts],
      ["GIFTAUTO", MESSAGES.campaignUnknown],
    ];
    for (const [code, message] of cases) {
      const response = await follow(platform, code, guest);
      const back = location(response);
      expect(back.searchParams.get("cart_error"), code).toBe("coupon");
      expect(back.searchParams.get("message"), code).toBe(message);
      expect(response.headers.get("Set-Cookie"), code).toBeNull();
    }
    expect((await loadCart(platform, guest)).coupon_code).toBeNull();
  });
});

describe("coupon product links /category/product/{sku}", () => {
  it("keeps a products_prices coupon for that sku in the session and goes on to the canonical page", async ({ platform }) => {
    const response = await respond(
      platform,
      couponProductLink.loader as RouteHandler,
      pageRequest("/category/product/DRINK-SENCHA?coupon=teafair&utm_source=mail"),
      { sku: "DRINK-SENCHA" },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/category/japanese-tea/DRINK-SENCHA?utm_source=mail");
    const cookie = await add(platform, sessionCookie(response), { p: SENCHA, q: 2 });
    const body = await loadCart(platform, cookie);
    // TEAFAIR: 15% off DRINK-SENCHA's 1,296 yen = 194 yen off each (rounded down): 1,102 × 2.
    expect(lineOf(body, SENCHA)).toMatchObject({ selling_price: 1296, total: 2204, discount: 388 });
    // Merchant 1 (丸山製茶) ships for 660 yen below 5,400.
    expect(body.cart).toMatchObject({ subtotal: 2204, discount: 388, shipping_fee: 660, total: 2864 });
  });

  it("redirects permanently without a coupon, or when the coupon does not apply, storing nothing", async ({ platform }) => {
    await platform.db.insert(couponProductPrices).values({ couponId: 6, productId: SIMPLE, type: "fix", value: 100, titleSimple: "100円OFF" });
    for (const query of ["", "?coupon=TEAFAIR", "?coupon=EXPIRED100", "?coupon=NOSUCH", "?coupon=%00%ff"]) {
      const response = await respond(platform, couponProductLink.loader as RouteHandler, pageRequest(`/category/product/DEMO-SIMPLE${query}`), {
        sku: "DEMO-SIMPLE",
      });
      expect(response.status, query).toBe(301);
      expect(response.headers.get("Location")).toBe("/category/living/DEMO-SIMPLE");
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("answers 404 for unknown and private products", async ({ platform }) => {
    for (const sku of ["NO-SUCH-SKU", "DEMO-PRIVATE"]) {
      const response = await respond(platform, couponProductLink.loader as RouteHandler, pageRequest(`/category/product/${sku}?coupon=TEAFAIR`), { sku });
      expect(response.status, sku).toBe(404);
    }
  });

  it("cannot be shadowed: no category uses the slug 'product'", async ({ platform }) => {
    expect(await platform.db.select().from(categories).where(eq(categories.slug, "product")).all()).toEqual([]);
  });
});

describe("POST /api/buylater/{productId}", () => {
  const buyLaterCall = (platform: TestPlatform, productId: number | string, options: ApiRequestOptions = {}) =>
    post(platform, buylater.action as RouteHandler, `/api/buylater/${productId}`, options, { productId: String(productId) });

  it("answers a guest with 401, or sends a plain form post to the login page", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const fetch = await buyLaterCall(platform, SIMPLE, { cookie: guest });
    expect(fetch.status).toBe(401);
    expect(await json(fetch)).toMatchObject({ error: MESSAGES.loginRequired });
    const navigation = await buyLaterCall(platform, SIMPLE, { cookie: guest, mode: "navigate", fields: {} });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("Location")).toBe("/login?show=1&redirectTo=%2Fcart");
    expect((await loadCart(platform, guest)).cart.list).toHaveLength(1);
  });

  it("moves a member's rows of the product to buy later and answers 1", async ({ platform }) => {
    const { userId, cookie } = await newMember(platform);
    await add(platform, cookie, { p: SIMPLE, q: 2 }, { p: OPTIONS });
    const response = await buyLaterCall(platform, SIMPLE, { cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toBe(1);
    const body = await loadCart(platform, cookie);
    expect(body.cart.list.map((line) => line.products_id)).toEqual([OPTIONS]);
    expect(body.buy_later).toEqual([expect.objectContaining({ products_id: SIMPLE, sku: "DEMO-SIMPLE", quantity: 2 })]);
    const saved = await platform.db.select().from(buyLater).where(eq(buyLater.userId, userId)).all();
    expect(saved).toEqual([expect.objectContaining({ productId: SIMPLE, quantity: 2 })]);
  });

  it("saves a product that is not in the cart, and answers 404 for unknown or private products", async ({ platform }) => {
    const { userId, cookie } = await newMember(platform);
    expect(await json(await buyLaterCall(platform, LOWSTOCK, { cookie }))).toBe(1);
    expect(
      await platform.db
        .select()
        .from(buyLater)
        .where(and(eq(buyLater.userId, userId), eq(buyLater.productId, LOWSTOCK)))
        .all(),
    ).toHaveLength(1);
    expect((await buyLaterCall(platform, 999_999, { cookie })).status).toBe(404);
    expect((await buyLaterCall(platform, PRIVATE, { cookie })).status).toBe(404);
    expect((await buyLaterCall(platform, "abc", { cookie })).status).toBe(400);
    const navigation = await buyLaterCall(platform, LOWSTOCK, { cookie, mode: "navigate", fields: {} });
    expect(location(navigation).pathname).toBe("/cart");
  });
});

describe("notices", () => {
  const cartOf = async (platform: TestPlatform, cookie: string) => (await loadCart(platform, cookie)).cart;

  it("saves the warehouse notice and a merchant's notice in D1", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE }, { p: MERCHANT });
    const warehouse = await post(platform, saveWarehouseNotice.action as RouteHandler, "/api/cart/save-warehouse-notice", {
      cookie: guest,
      fields: { notice: " 置き配を希望します。 " },
    });
    expect(await json(warehouse)).toEqual({ ok: true });
    const vendor = await post(platform, saveVendorNotice.action as RouteHandler, "/api/cart/save-vendor-notice", {
      cookie: guest,
      fields: { merchants_id: String(ARITA), notice: "箱は簡易包装でお願いします。" },
    });
    expect(await json(vendor)).toEqual({ ok: true });

    const body = await loadCart(platform, guest);
    expect(body.warehouse_notice).toBe("置き配を希望します。");
    expect(body.vendor_notice).toEqual({ [ARITA]: "箱は簡易包装でお願いします。" });
    const stored = await platform.db.select().from(cartVendorNotices).where(eq(cartVendorNotices.merchantId, ARITA)).all();
    expect(stored.map((row) => row.notice)).toContain("箱は簡易包装でお願いします。");
    expect((await cartOf(platform, guest)).shipments).toHaveLength(2);
  });

  it("refuses a notice over 500 characters and a malformed merchant id with 400", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE });
    const tooLong = await post(platform, saveWarehouseNotice.action as RouteHandler, "/api/cart/save-warehouse-notice", {
      cookie: guest,
      fields: { notice: "あ".repeat(501) },
    });
    expect(tooLong.status).toBe(400);
    expect(await json(tooLong)).toEqual({ error: MESSAGES.noticeTooLong, field: "notice" });
    const badMerchant = await post(platform, saveVendorNotice.action as RouteHandler, "/api/cart/save-vendor-notice", {
      cookie: guest,
      fields: { merchants_id: "abc", notice: "x" },
    });
    expect(badMerchant.status).toBe(400);
    expect((await loadCart(platform, guest)).warehouse_notice).toBe("");
  });

  it("saves all notices with save-notice, then goes to /checkout", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE }, { p: MERCHANT });
    const fields: [string, string][] = [
      ["warehouse_notice", "午前中に届けてください。"],
      [`vendor_notice[${ARITA}]`, "のし不要です。"],
      ["vendor_notice[abc]", "ignored"],
    ];
    const fetch = await post(platform, saveNotice.action as RouteHandler, "/api/cart/save-notice", { cookie: guest, fields });
    expect(await json(fetch)).toEqual({ redirect: "/checkout" });
    const body = await loadCart(platform, guest);
    expect(body.warehouse_notice).toBe("午前中に届けてください。");
    expect(body.vendor_notice).toEqual({ [ARITA]: "のし不要です。" });
    const cartRow = await platform.db.select().from(carts).where(eq(carts.warehouseNotice, "午前中に届けてください。")).get();
    expect(cartRow).toBeDefined();

    const navigation = await post(platform, saveNotice.action as RouteHandler, "/api/cart/save-notice", { cookie: guest, mode: "navigate", fields });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("Location")).toBe("/checkout");

    const refused = location(
      await post(platform, saveNotice.action as RouteHandler, "/api/cart/save-notice", {
        cookie: guest,
        mode: "navigate",
        fields: { warehouse_notice: "x".repeat(501) },
      }),
    );
    expect(refused.pathname).toBe("/cart");
    expect(refused.searchParams.get("cart_error")).toBe("notice");
    expect(refused.searchParams.get("message")).toBe(MESSAGES.noticeTooLong);
    expect((await loadCart(platform, guest)).warehouse_notice).toBe("午前中に届けてください。");
  });
});

describe("malformed requests", () => {
  const endpoints: [RouteHandler, string, Record<string, string>][] = [
    [cartApi.action as RouteHandler, "/api/cart", {}],
    [cartEdit.action as RouteHandler, "/api/cart-edit", {}],
    [cartRemove.action as RouteHandler, "/api/cart-remove", {}],
    [cartCoupon.action as RouteHandler, "/api/cart-coupon", {}],
    [removeCoupon.action as RouteHandler, "/api/remove-coupon/1", { couponId: "1" }],
    [cartPoints.action as RouteHandler, "/api/cart-points", {}],
    [coldshipping.action as RouteHandler, "/api/toogle-coldshipping", {}],
    [shippingCheck.action as RouteHandler, "/api/shipping-fee/check", {}],
    [extraFee.action as RouteHandler, "/api/extra-fee/update", {}],
    [campaigns.action as RouteHandler, "/api/cart/campaigns", {}],
    [buylater.action as RouteHandler, `/api/buylater/${SIMPLE}`, { productId: String(SIMPLE) }],
    [saveVendorNotice.action as RouteHandler, "/api/cart/save-vendor-notice", {}],
    [saveWarehouseNotice.action as RouteHandler, "/api/cart/save-warehouse-notice", {}],
    [saveNotice.action as RouteHandler, "/api/cart/save-notice", {}],
  ];

  it("answers bodies that are not forms with 400 JSON", async ({ platform }) => {
    const { cookie } = await newMember(platform);
    await add(platform, cookie, { p: SIMPLE });
    for (const [handler, url, params] of endpoints) {
      for (const options of [
        { body: '{"q":2}', contentType: "application/json" },
        { body: "--x\r\nbroken", contentType: "multipart/form-data; boundary=x" },
        { body: "not a form", contentType: "text/plain" },
      ]) {
        const response = await post(platform, handler, url, { cookie, ...options }, params);
        expect(response.status, `${url} ${options.contentType}`).toBe(400);
        expect(await json(response)).toHaveProperty("error");
      }
    }
    expect((await loadCart(platform, cookie)).cart.quantity).toBe(1);
  });

  it("never answers 500 to hostile fields", async ({ platform }) => {
    const { cookie } = await newMember(platform);
    await add(platform, cookie, { p: SIMPLE }, { p: MERCHANT });
    const hostile: [string, string][] = [
      ["p", "Infinity"],
      ["p", "1"],
      ["line", "-1"],
      ["q", "1e999"],
      ["w", "1"],
      ["o", "999999999999"],
      ["v", "0"],
      ["c", "'; drop table carts; --"],
      ["code", "%%%"],
      ["amount", "99999999999999999999"],
      ["fee", "constructor"],
      ["postal_code", "１".repeat(5000)],
      ["prefecture", "1e1"],
      ["merchants_id", "2"],
      ["notice", "\u0000"],
      ["vendor_notice[99999999999]", "x"],
      ["vendor_notice[2]", "y"],
      ["redirectTo", "javascript:alert(1)"],
    ];
    for (const [handler, url, params] of endpoints) {
      for (const mode of ["cors", "navigate"] as const) {
        const response = await post(platform, handler, url, { cookie, fields: hostile, mode }, params);
        expect(response.status, `${url} ${mode}`).toBeLessThan(500);
        if (mode === "navigate" && response.status === 303) expect(response.headers.get("Location")).toMatch(/^\/(?!\/)/);
      }
    }
    expect(await platform.db.select().from(carts).all()).not.toHaveLength(0);
  });
});

describe("through Remix's request handler", () => {
  // The routes as the Vite plugin finds them (flat routes in app/routes), served by Remix itself.
  const modules: Record<string, unknown> = {
    ...import.meta.glob(
      [
        "../../app/routes/api.cart*.ts",
        "../../app/routes/api.remove-coupon.*.ts",
        "../../app/routes/api.toogle-coldshipping.ts",
        "../../app/routes/api.shipping-fee.*.ts",
        "../../app/routes/api.extra-fee.*.ts",
        "../../app/routes/api.buylater.*.ts",
        "../../app/routes/coupon-get.*.ts",
        "../../app/routes/category.product.*.ts",
      ],
      { eager: true },
    ),
    // The product page itself (a React page) is stood in for: only which route answers matters here.
    "../../app/routes/category.$categorySlug.$sku.tsx": { loader: () => new Response("product page") },
  };
  const { handle, manifest } = remixHandlerFor(modules);
  const fullPath = (routeId: string): string => {
    const route = APP_ROUTES[routeId];
    if (!route) return "";
    const parent = route.parentId && route.parentId !== "root" ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  const serve = (platform: TestPlatform, url: string, options: ApiRequestOptions = {}) => handle(apiRequest(url, options), contextFor(platform));

  const CART_PATHS = [
    "/api/buylater/:productId",
    "/api/cart",
    "/api/cart-add",
    "/api/cart-coupon",
    "/api/cart-edit",
    "/api/cart-points",
    "/api/cart-remove",
    "/api/cart/campaigns",
    "/api/cart/save-notice",
    "/api/cart/save-vendor-notice",
    "/api/cart/save-warehouse-notice",
    "/api/extra-fee/update",
    "/api/remove-coupon/:couponId",
    "/api/shipping-fee/check",
    "/api/toogle-coldshipping",
  ];

  it("finds every /api/cart* route at the spec's URL", () => {
    const paths = manifest.map((route) => `/${fullPath(route.id)}`).filter((url) => url.startsWith("/api/"));
    expect(paths.sort()).toEqual(CART_PATHS);
  });

  it("serves each route, nested ones included, and answers GET with 405", async ({ platform }) => {
    const guest = await guestWith(platform, { p: SIMPLE, q: 2 });
    const cart = await serve(platform, "/api/cart", { cookie: guest, mode: "cors" });
    expect(cart.status).toBe(200);
    expect(((await cart.json()) as ApiCartPayload).cart.total).toBe(4620);
    const promo = await serve(platform, "/api/cart/campaigns", { cookie: guest, mode: "cors" });
    expect(await promo.json()).toMatchObject({ point_promo: { rate: 2 } });
    const notice = await serve(platform, "/api/cart/save-notice", { cookie: guest, mode: "cors", fields: { warehouse_notice: "a" } });
    expect(await notice.json()).toEqual({ redirect: "/checkout" });
    const fee = await serve(platform, "/api/extra-fee/update", { cookie: guest, mode: "cors", fields: { fee: "cod" } });
    expect(await fee.json()).toMatchObject({ extra_fee: 330 });
    const check = await serve(platform, "/api/shipping-fee/check", { cookie: guest, mode: "cors", fields: { postal_code: "1", prefecture: "1" } });
    expect(check.status).toBe(400);
    const login = await serve(platform, `/api/buylater/${SIMPLE}`, { cookie: guest, mode: "navigate", fields: {} });
    expect(login.status).toBe(303);
    expect(login.headers.get("Location")).toBe("/login?show=1&redirectTo=%2Fcart");

    for (const url of CART_PATHS.filter((route) => route !== "/api/cart-add")) {
      const response = await serve(platform, url.replace(":productId", String(SIMPLE)).replace(":couponId", "1"), { method: "GET" });
      expect(response.status, url).toBe(405);
      expect(response.headers.get("Allow")).toBe("POST");
    }
    const put = await serve(platform, "/api/cart-edit", { method: "PUT", cookie: guest, fields: { p: String(SIMPLE), q: "1" } });
    expect(put.status).toBe(405);
    expect((await loadCart(platform, guest)).cart.quantity).toBe(2);
  });

  it("routes /category/product/{sku} to the coupon link, not to the product page", async ({ platform }) => {
    const link = await serve(platform, "/category/product/DEMO-SIMPLE", { method: "GET" });
    expect(link.status).toBe(301);
    expect(link.headers.get("Location")).toBe("/category/living/DEMO-SIMPLE");
    const page = await serve(platform, "/category/living/DEMO-SIMPLE", { method: "GET" });
    expect(await page.text()).toBe("product page");
    const campaign = await serve(platform, "/coupon-get/CAMPAIGN2026", { method: "GET" });
    expect(campaign.status).toBe(303);
    expect(campaign.headers.get("Location")).toBe("/cart?campaign=1");
  });
});
