/**
 * Spec §7 "Cart": every call at the spec's URL, posting the spec's fields and checking the spec's answer
 * field names and values (spec §3 Cart, Cart line and displayed row, Coupon, Coupon campaign, Point
 * promo). A change that renames or drops a field, or answers in camelCase, fails here.
 */
import { describe, expect } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { addDaysToDate, addMonthsToDate, jstDate } from "~/core/dates";
import { users } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import type { TestPlatform } from "../../support/platform-test";
import { memberCookie } from "../../support/requests";
import { contractTest, expectFields, expectNoCamelCase, json, nextCookie, type Serve } from "./support";

const it = contractTest(
  import.meta.glob(
    [
      "../../../app/routes/api.cart*.ts",
      "../../../app/routes/api.remove-coupon.*.ts",
      "../../../app/routes/api.toogle-coldshipping.ts",
      "../../../app/routes/api.shipping-fee.*.ts",
      "../../../app/routes/api.extra-fee.*.ts",
      "../../../app/routes/api.buylater.*.ts",
      "../../../app/routes/coupon-get.*.ts",
    ],
    { eager: true },
  ),
);

const id = (sku: string) => productBySku(sku).id;
const VARIATION = id("DEMO-VARIATION");
const OPTIONS = id("DEMO-OPTIONS");
const SUBSCRIBE = id("DEMO-SUBSCRIBE");
const MERCHANT = id("DEMO-MERCHANT");
const COLDOPT = id("DEMO-COLDOPT");
const GIFT_SET = id("GIFT-TEA-SET");
/** DEMO-VARIATION's 紺 (variable: sizes S/M/L); DEMO-OPTIONS' 桐箱 and 有田焼の箸置き; DEMO-MERCHANT's merchant. */
const NAVY = 1;
const PAULOWNIA_BOX = 3;
const CHOPSTICK_REST = 5;
const ARITA = 2;

/** The spec's field names (spec §3). */
const CART_FIELDS = [
  "list",
  "subtotal",
  "taxes",
  "total",
  "total_before_discount",
  "total_before_discount_without_shippingfee",
  "total_without_extra_fee",
  "shipping_fee",
  "coldshipping_total",
  "extra_fee",
  "wrapping",
  "discount",
  "discount_coupon",
  "points",
  "total_points",
  "total_points_rate",
  "coupons",
  "autocoupons",
  "campaign",
  "coldshipping",
  "payment_eligible",
  "coupon_eligible",
  "point_eligible",
] as const;
const LINE_FIELDS = [
  "cart",
  "origin",
  "inventory",
  "inventory_max",
  "inventory_preorder_max",
  "preorder_limit",
  "crowdfundings_id",
  "quantity",
  "points",
  "total",
  "discount",
  "discount_rate",
  "sku",
  "title",
  "choice",
  "options",
  "picture",
  "subscribe",
  "subscription_date",
  "cancel_date",
  "total_subscribe",
  "regular_price",
  "regular_tax",
  "shipping_from",
  "shipping_fee",
  "cold_shipping",
  "products_id",
  "merchant",
  "product",
] as const;
const ORIGIN_FIELDS = [
  "sku",
  "status",
  "is_private",
  "categories",
  "preorder_limit",
  "coldshipping",
  "coupon_disabled",
  "coupons_exluded",
  "disable_wrapping",
] as const;
const COUPON_FIELDS = [
  "id",
  "code",
  "title",
  "title_simple",
  "type",
  "value",
  "coupon_worth",
  "free_shipping",
  "alone",
  "to",
  "registered",
  "products_prices",
  "products_default",
  "products_excluded",
  "price_range",
  "price_range_selected",
] as const;

type Row = Record<string, unknown> & { products_id: number; cart: Record<string, unknown> };
type CartAnswer = { cart: Record<string, unknown> & { list: Row[]; coupons: Record<string, unknown>[]; autocoupons: Record<string, unknown>[] } } & Record<
  string,
  unknown
>;

async function loadCart(serve: Serve, cookie: string): Promise<CartAnswer> {
  const body = await json<CartAnswer>(await serve("/api/cart", { cookie }));
  expectNoCamelCase(body);
  return body;
}

const rowOf = (body: CartAnswer, productId: number) => body.cart.list.find((row) => row.products_id === productId)!;

async function add(serve: Serve, cookie: string, fields: [string, string][]): Promise<string> {
  const response = await serve("/api/cart-add", { cookie, fields });
  const body = await json(response.clone());
  expectFields(body, ["ok", "notice", "redirect", "cart_quantity"], "cart-add");
  return nextCookie(response, cookie);
}

let members = 0;
async function newMember(platform: TestPlatform, points = 2400): Promise<string> {
  members += 1;
  const [user] = await platform.db
    .insert(users)
    .values({
      email: `contract-${members}@example.jp`,
      passwordHash: await hashPassword("password1234"),
      lastname: "田中",
      firstname: "次郎",
      lastnameJp: "タナカ",
      firstnameJp: "ジロウ",
      points,
    })
    .returning({ id: users.id });
  return memberCookie(platform, user!.id);
}

describe("POST /api/cart-add (p, v, q, o, c, w, ispreorder, subscribe, crowdfundings_id, shipping_day) and POST /api/cart", () => {
  it("stores what the spec's fields say and answers every cart, line and row field", async ({ serve }) => {
    const now = new Date();
    const shippingDay = addDaysToDate(jstDate(now), 3);
    let guest = await add(serve, "", [
      ["p", String(VARIATION)],
      ["v", String(NAVY)],
      ["c", "DEMO-VARIATION-NAVY-M"],
      ["q", "2"],
      ["w", "1"],
      ["ispreorder", "0"],
      ["subscribe", "0"],
      ["crowdfundings_id", ""],
      ["shipping_day", shippingDay],
    ]);
    guest = await add(serve, guest, [
      ["p", String(OPTIONS)],
      ["o", String(PAULOWNIA_BOX)],
      ["o", String(CHOPSTICK_REST)],
    ]);
    guest = await add(serve, guest, [
      ["p", String(SUBSCRIBE)],
      ["subscribe", "1"],
      ["q", "2"],
    ]);
    guest = await add(serve, guest, [["p", String(MERCHANT)]]);

    const body = await loadCart(serve, guest);
    expectFields(body, ["cart", "warehouse_notice", "vendor_notice", "coupon_campaign", "user_points", "address"]);
    expectFields(body.cart, CART_FIELDS, "cart");
    for (const row of body.cart.list) {
      expectFields(row, LINE_FIELDS, `row ${row.products_id}`);
      expectFields(row.cart, ["p", "v", "o", "c", "w", "q", "ispreorder"], `row ${row.products_id}.cart`);
      expectFields(row.origin, ORIGIN_FIELDS, `row ${row.products_id}.origin`);
    }

    // 紺 M × 2 at 4,180, wrapped: the choice, the stock of the choice itself, the requested shipping day.
    expect(rowOf(body, VARIATION)).toMatchObject({
      cart: { p: VARIATION, v: NAVY, o: [], c: "DEMO-VARIATION-NAVY-M", w: 1, q: 2, ispreorder: 0 },
      sku: "DEMO-VARIATION-NAVY",
      choice: { group: "サイズ", title: "M" },
      options: [],
      quantity: 2,
      total: 8360,
      regular_price: 4180,
      regular_tax: 760,
      discount: 0,
      discount_rate: 0,
      inventory: 18,
      inventory_max: 18,
      preorder_limit: 0,
      crowdfundings_id: null,
      subscribe: null,
      subscription_date: null,
      cancel_date: null,
      total_subscribe: null,
      shipping_from: "warehouse",
      shipping_fee: 0,
      cold_shipping: false,
      merchant: null,
      product: { status: "published" },
      origin: {
        sku: "DEMO-VARIATION",
        status: "published",
        is_private: false,
        coldshipping: "none",
        coupon_disabled: false,
        coupons_exluded: [],
        disable_wrapping: false,
      },
      shipping_day: shippingDay,
      points: 0,
    });
    expect(rowOf(body, VARIATION).origin).not.toHaveProperty("secret");
    expect((rowOf(body, VARIATION).origin as { categories: { slug: string }[] }).categories).toContainEqual(expect.objectContaining({ slug: "living" }));
    expect((rowOf(body, VARIATION).picture as { thumbnail_s: string }).thumbnail_s).toMatch(/\.(svg|png|jpe?g|webp)$/);

    expect(rowOf(body, OPTIONS)).toMatchObject({
      cart: { p: OPTIONS, o: [PAULOWNIA_BOX, CHOPSTICK_REST], w: 0, q: 1 },
      options: [{ title: "桐箱" }, { title: "有田焼の箸置きを付ける" }],
      choice: null,
      total: 2750 + 770 + 550,
    });

    // The subscription: 2 a delivery at the 2-item tier (1,350 + 8% = 1,458 each), next delivery a period later.
    const next = addMonthsToDate(jstDate(now), 1);
    expect(rowOf(body, SUBSCRIBE)).toMatchObject({
      subscribe: 1,
      quantity: 2,
      total: 2916,
      total_subscribe: 2916,
      subscription_date: next,
      cancel_date: next,
      regular_tax: 216,
    });

    expect(rowOf(body, MERCHANT)).toMatchObject({
      merchant: { id: ARITA },
      shipping_from: "other",
      shipping_fee: 990,
      total: 5500,
      origin: { disable_wrapping: true },
    });
    expect(body.vendor_notice).toEqual({ [ARITA]: "" });
    expect(body.cart).toMatchObject({ subtotal: 8360 + 4070 + 2916 + 5500, wrapping: 1000, shipping_fee: 990 });
  });

  it("refuses what it cannot honour with a Japanese `error`, storing nothing", async ({ serve }) => {
    const guest = await add(serve, "", [["p", String(COLDOPT)]]);
    const refusals: [string, string, number][] = [
      ["w", "1", 409],
      ["subscribe", "1", 409],
      ["crowdfundings_id", "3", 409],
      ["shipping_day", "2001-01-01", 400],
      ["ispreorder", "perhaps", 400],
    ];
    for (const [field, value, status] of refusals) {
      const product = field === "w" ? MERCHANT : COLDOPT;
      const body = await json<{ ok: boolean; error: string }>(
        await serve("/api/cart-add", {
          cookie: guest,
          fields: [
            ["p", String(product)],
            [field, value],
          ],
        }),
        status,
      );
      expect(body.ok, field).toBe(false);
      expect(body.error, field).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
    expect((await loadCart(serve, guest)).cart.list.map((row) => [row.products_id, row.quantity])).toEqual([[COLDOPT, 1]]);
  });
});

describe("POST /api/cart-edit (p, v, o, c, w, q) and POST /api/cart-remove (p, v, o, c)", () => {
  it("names the row by p, v, o, c", async ({ serve }) => {
    let guest = await add(serve, "", [
      ["p", String(VARIATION)],
      ["v", String(NAVY)],
      ["c", "DEMO-VARIATION-NAVY-S"],
    ]);
    guest = await add(serve, guest, [
      ["p", String(OPTIONS)],
      ["o", String(PAULOWNIA_BOX)],
    ]);
    const identity: [string, string][] = [
      ["p", String(VARIATION)],
      ["v", String(NAVY)],
      ["o", ""],
      ["c", "DEMO-VARIATION-NAVY-S"],
    ];
    expect(await json(await serve("/api/cart-edit", { cookie: guest, fields: [...identity, ["w", "1"], ["q", "3"]] }))).toEqual({ ok: true });
    expect(rowOf(await loadCart(serve, guest), VARIATION)).toMatchObject({ quantity: 3, wrapping: true, cart: { w: 1, q: 3 } });
    // Above the row's maximum (the size's own stock, 12): brought down, and said so.
    expect(await json(await serve("/api/cart-edit", { cookie: guest, fields: [...identity, ["q", "99"]] }))).toMatchObject({
      ok: true,
      adjusted: true,
      quantity: 12,
    });

    expect(
      await json(
        await serve("/api/cart-remove", {
          cookie: guest,
          fields: [
            ["p", String(OPTIONS)],
            ["o", String(PAULOWNIA_BOX)],
          ],
        }),
      ),
    ).toEqual({ ok: true });
    expect((await loadCart(serve, guest)).cart.list.map((row) => row.products_id)).toEqual([VARIATION]);
    const missing = await json<{ error: string }>(await serve("/api/cart-remove", { cookie: guest, fields: [["p", String(OPTIONS)]] }), 404);
    expect(missing.error).toBe("指定された商品はカートにありません。");
  });
});

describe("coupons: POST /api/cart-coupon (code), POST /api/remove-coupon/{couponId}, the campaign link", () => {
  it("answers applied coupons with every spec §3 Coupon field", async ({ serve }) => {
    let guest = await add(serve, "", [
      ["p", String(COLDOPT)],
      ["q", "3"],
    ]);
    guest = await add(serve, guest, [["p", String(GIFT_SET)]]);
    expect(await json(await serve("/api/cart-coupon", { cookie: guest, fields: { code: "SPRING10" } }))).toEqual({ ok: true });
    const body = await loadCart(serve, guest);
    const [spring] = body.cart.coupons;
    expectFields(spring, COUPON_FIELDS, "coupons[0]");
    expect(spring).toMatchObject({
      id: 2,
      code: "SPRING10",
      title: "春の感謝祭 全品10%OFFクーポン",
      title_simple: "10%OFF",
      type: "rate",
      value: 10,
      free_shipping: false,
      alone: false,
      registered: false,
      products_prices: [],
      products_default: true,
      products_excluded: ["LIVING-IGUSA"],
      price_range: [],
      price_range_selected: null,
    });
    expect(spring!.coupon_worth).toBe(spring!.discount);
    expect(Date.parse(spring!.to as string)).toBeGreaterThan(Date.now());

    const [gift] = body.cart.autocoupons;
    expectFields(gift, COUPON_FIELDS, "autocoupons[0]");
    expect(gift).toMatchObject({
      code: "GIFTAUTO",
      coupon_worth: 200,
      products_default: false,
      products_prices: expect.arrayContaining([{ sku: "GIFT-TEA-SET", type: "fix", value: 200, title_simple: "200円OFF" }]),
    });

    const refused = await json<{ error: string; field: string }>(await serve("/api/cart-coupon", { cookie: guest, fields: { code: "EXPIRED100" } }), 409);
    expect(refused).toEqual({ error: "このクーポンは有効期限が切れています。", field: "coupon" });

    expect((await serve("/api/remove-coupon/1", { cookie: guest })).status).toBe(404);
    expect((await loadCart(serve, guest)).coupon_code).toBe("SPRING10");
    expect(await json(await serve("/api/remove-coupon/2", { cookie: guest }))).toEqual({ ok: true });
    expect((await loadCart(serve, guest)).coupon_code).toBeNull();
  });

  it("answers a price-range coupon's selected range, and the campaign in snake_case", async ({ serve }) => {
    let guest = await add(serve, "", [
      ["p", String(COLDOPT)],
      ["q", "3"],
    ]);
    await serve("/api/cart-coupon", { cookie: guest, fields: { code: "MATOMEGAI" } });
    const [matome] = (await loadCart(serve, guest)).cart.coupons;
    expect(matome).toMatchObject({
      price_range: [
        { min_amount: 3000, type: "fix", value: 300 },
        { min_amount: 5000, type: "fix", value: 700 },
        { min_amount: 10000, type: "rate", value: 10 },
      ],
      // 1,944 × 3 = 5,832
      price_range_selected: { min_amount: 5000, type: "fix", value: 700 },
      coupon_worth: 700,
    });

    guest = nextCookie(await serve("/coupon-get/CAMPAIGN2026", { method: "GET", cookie: guest, mode: "navigate" }), guest);
    const body = await loadCart(serve, guest);
    expect(body.coupon_campaign).toEqual({
      code: "CAMPAIGN2026",
      title: "2026年 新春キャンペーン 300円OFF",
      type: "fix",
      value: 300,
      min_amount: 3000,
      free_shipping: false,
    });
    expect(body.cart.campaign).toEqual({ ...(body.coupon_campaign as object), discount: 300, applied: true });
  });
});

describe("the other cart calls", () => {
  it("POST /api/cart-points (amount) answers points and form.errors", async ({ platform, serve }) => {
    const member = await newMember(platform);
    await add(serve, member, [
      ["p", String(COLDOPT)],
      ["q", "2"],
    ]);
    expect(await json(await serve("/api/cart-points", { cookie: member, fields: { amount: "300" } }))).toMatchObject({ points: 300, form: { errors: {} } });
    const refused = await json<{ points: number; form: { errors: Record<string, string[]> } }>(
      await serve("/api/cart-points", { cookie: member, fields: { amount: "1001" } }),
      409,
    );
    expect(refused).toMatchObject({ points: 300, form: { errors: { amount: ["ご利用いただけるポイントは最大1,000ポイントです。"] } } });
  });

  it("POST /api/toogle-coldshipping, /api/shipping-fee/check (address fields), /api/extra-fee/update (fee)", async ({ serve }) => {
    const guest = await add(serve, "", [["p", String(COLDOPT)]]);
    expect(await json(await serve("/api/toogle-coldshipping", { cookie: guest }))).toMatchObject({ coldshipping: { chosen: true }, coldshipping_total: 330 });
    const address = { postal_code: "150-0002", prefecture: "13", city: "渋谷区", address1: "渋谷2-1-1", address2: "", firstname: "花子", lastname: "山田" };
    const fees = await json(await serve("/api/shipping-fee/check", { cookie: guest, fields: address }));
    expectNoCamelCase(fees);
    expect(fees).toMatchObject({ shipping_fee: 660, coldshipping_total: 330, shipments: [{ from: "warehouse", merchant_id: null, shipping_fee: 660 }] });
    expect(await json(await serve("/api/extra-fee/update", { cookie: guest, fields: { fee: "cod" } }))).toMatchObject({
      extra_fee: 330,
      payment_method: "cod",
    });
  });

  it("POST /api/cart/campaigns returns point_promo", async ({ serve }) => {
    const body = await json(await serve("/api/cart/campaigns"));
    expect(body.point_promo).toEqual({
      title: "ポイント2倍キャンペーン（5,000円以上のお買い物が対象）",
      color: "#ee6d68",
      link: "",
      rate: 2,
      min_amount: 5000,
    });
  });

  it("POST /api/buylater/{productId} returns 1 when logged in; a guest is told to log in", async ({ platform, serve }) => {
    const member = await newMember(platform);
    await add(serve, member, [["p", String(COLDOPT)]]);
    expect(await json(await serve(`/api/buylater/${COLDOPT}`, { cookie: member }))).toBe(1);
    expect((await loadCart(serve, member)).buy_later).toEqual([expect.objectContaining({ products_id: COLDOPT, sku: "DEMO-COLDOPT" })]);
    expect(await json(await serve(`/api/buylater/${COLDOPT}`), 401)).toMatchObject({ login_required: true });
  });

  it("POST /api/cart/save-vendor-notice (merchants_id, notice), save-warehouse-notice (notice), save-notice then /checkout", async ({ serve }) => {
    let guest = await add(serve, "", [["p", String(COLDOPT)]]);
    guest = await add(serve, guest, [["p", String(MERCHANT)]]);
    expect(await json(await serve("/api/cart/save-vendor-notice", { cookie: guest, fields: { merchants_id: String(ARITA), notice: "簡易包装で" } }))).toEqual({
      ok: true,
    });
    expect(await json(await serve("/api/cart/save-warehouse-notice", { cookie: guest, fields: { notice: "置き配" } }))).toEqual({ ok: true });
    expect(await loadCart(serve, guest)).toMatchObject({ warehouse_notice: "置き配", vendor_notice: { [ARITA]: "簡易包装で" } });
    const fields: [string, string][] = [
      ["warehouse_notice", "午前中に"],
      [`vendor_notice[${ARITA}]`, "のし不要"],
    ];
    expect(await json(await serve("/api/cart/save-notice", { cookie: guest, fields }))).toEqual({ redirect: "/checkout" });
    const navigation = await serve("/api/cart/save-notice", { cookie: guest, fields, mode: "navigate" });
    expect(navigation.status).toBe(303);
    expect(navigation.headers.get("Location")).toBe("/checkout");
    expect(await loadCart(serve, guest)).toMatchObject({ warehouse_notice: "午前中に", vendor_notice: { [ARITA]: "のし不要" } });
  });
});
