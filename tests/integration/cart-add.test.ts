/**
 * POST /api/cart-add on a real, migrated and seeded local D1: the per-row maximum and the stock held by
 * the write itself (also under concurrent adds), every spec §7 field (w, subscribe, ispreorder,
 * crowdfundings_id, shipping_day), and private (secret-link) products, which need the link's grant.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { CHECKOUT_MESSAGES } from "~/core/checkout/checkout";
import { addDaysToDate, jstDate } from "~/core/dates";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import { cartLines, carts } from "~/db/schema";
import { DEMO_PRIVATE_SECRET, productBySku } from "~/services/seed/catalogue";
import * as cartAdd from "~/routes/api.cart-add";
import * as cartApi from "~/routes/api.cart";
import * as privateLink from "~/routes/product.access.link.$sku.$secret";
import { loadCart as loadCartView } from "~/services/cart/cart-view.server";
import { placeOrder } from "~/services/checkout/checkout.server";
import { TEST_MAIL_FRAME, TOKYO_ADDRESS, tokyoGuest } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import {
  apiRequest,
  contextFor,
  guestCartCookie,
  jsonBody,
  pageRequest,
  responseOf,
  sessionCookie,
  type ApiRequestOptions,
  type RouteHandler,
} from "../support/requests";

const it = platformTest();

const id = (sku: string) => productBySku(sku).id;
const SIMPLE = id("DEMO-SIMPLE");
const LOWSTOCK = id("DEMO-LOWSTOCK");
const SUBSCRIBE = id("DEMO-SUBSCRIBE");
const MERCHANT = id("DEMO-MERCHANT");
const PREORDER = id("DEMO-PREORDER");
const DIGITAL = id("DEMO-DIGITAL");
const PRIVATE = id("DEMO-PRIVATE");

const STOCK_LIMIT =
  "在庫数、または1回のご注文でお求めいただける数（1商品50点・定期便は6点まで）を超えるため、カートに追加できません。カート内の数量をご確認ください。";

type AddAnswer = { ok: boolean; notice: string; error?: string; quantity?: number; cart_quantity?: number };

/** A fetch (JS on) to /api/cart-add (on the file's platform, or one with other settings). */
function addRequest(platform: TestPlatform, fields: Record<string, string>, options: ApiRequestOptions = {}) {
  return responseOf(platform, cartAdd.action as RouteHandler, apiRequest("/api/cart-add", { mode: "cors", fields, ...options }));
}

async function add(platform: TestPlatform, fields: Record<string, string>, options: ApiRequestOptions = {}) {
  const response = await addRequest(platform, fields, options);
  return { status: response.status, body: await jsonBody<AddAnswer>(response), cookie: sessionCookie(response) };
}

/** A guest with an (empty) cart of their own, so concurrent adds all go to the same cart. */
async function newGuest(platform: TestPlatform): Promise<{ cartId: string; cookie: string }> {
  const cartId = crypto.randomUUID();
  await platform.db.insert(carts).values({ id: cartId });
  return { cartId, cookie: await guestCartCookie(platform, cartId) };
}

async function rowsOf(platform: TestPlatform, cartId: string) {
  return platform.db.select().from(cartLines).where(eq(cartLines.cartId, cartId)).orderBy(cartLines.id).all();
}

describe("the per-row maximum", () => {
  it("answers the stock-limit message for 50 + 1 of DEMO-SIMPLE and keeps 50", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    const fifty = await add(platform, { p: String(SIMPLE), q: "50" }, { cookie });
    expect(fifty).toMatchObject({ status: 200, body: { ok: true, quantity: 50, cart_quantity: 50 } });
    const oneMore = await add(platform, { p: String(SIMPLE), q: "1" }, { cookie });
    expect(oneMore).toMatchObject({ status: 409, body: { ok: false, notice: "stock_limit", error: STOCK_LIMIT } });
    expect((await rowsOf(platform, cartId)).map((row) => row.quantity)).toEqual([50]);
  });

  it("keeps a subscription row at 6 (6 + 1 is refused)", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    expect((await add(platform, { p: String(SUBSCRIBE), subscribe: "1", q: "6" }, { cookie })).body).toMatchObject({ ok: true, quantity: 6 });
    const seventh = await add(platform, { p: String(SUBSCRIBE), subscribe: "1", q: "1" }, { cookie });
    expect(seventh).toMatchObject({ status: 409, body: { notice: "stock_limit", error: STOCK_LIMIT } });
    expect((await rowsOf(platform, cartId)).map((row) => [row.subscribe, row.quantity])).toEqual([[1, 6]]);
  });

  it("lets only as many concurrent adds through as the row can take", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    await add(platform, { p: String(SIMPLE), q: "5" }, { cookie });
    const answers = await Promise.all(Array.from({ length: 10 }, () => addRequest(platform, { p: String(SIMPLE), q: "10" }, { cookie })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(6);
    expect((await rowsOf(platform, cartId)).map((row) => row.quantity)).toEqual([45]);
  });

  it("lets concurrent adds share the stock: 3 of DEMO-LOWSTOCK, three adds of 2 at once, one succeeds", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    const answers = await Promise.all([1, 2, 3].map(() => addRequest(platform, { p: String(LOWSTOCK), q: "2" }, { cookie })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await rowsOf(platform, cartId)).map((row) => row.quantity)).toEqual([2]);
  });
});

describe("the spec's fields", () => {
  it("wraps with w=1 when the item may be wrapped, refuses DEMO-MERCHANT and a malformed w", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    expect((await add(platform, { p: String(SIMPLE), q: "2", w: "1" }, { cookie })).status).toBe(200);
    const merchant = await add(platform, { p: String(MERCHANT), w: "1" }, { cookie });
    expect(merchant).toMatchObject({ status: 409, body: { notice: "wrapping_unavailable", error: "この商品はギフトラッピングをご利用いただけません。" } });
    expect((await add(platform, { p: String(SIMPLE), w: "maybe" }, { cookie })).status).toBe(400);
    expect((await rowsOf(platform, cartId)).map((row) => [row.productId, row.quantity, row.wrapping])).toEqual([[SIMPLE, 2, true]]);
    // Adding more without w keeps the wrapping.
    await add(platform, { p: String(SIMPLE) }, { cookie });
    expect((await rowsOf(platform, cartId)).map((row) => [row.quantity, row.wrapping])).toEqual([[3, true]]);
  });

  it("makes a subscription row with subscribe=1 or the product's months, keeps intent=subscribe, and refuses others", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    expect((await add(platform, { p: String(SUBSCRIBE), subscribe: "1" }, { cookie })).status).toBe(200);
    expect((await add(platform, { p: String(SUBSCRIBE), intent: "subscribe", sq: "2" }, { cookie })).body).toMatchObject({ ok: true, quantity: 3 });
    expect((await rowsOf(platform, cartId)).map((row) => [row.subscribe, row.quantity])).toEqual([[1, 3]]);

    const notOffered = await add(platform, { p: String(SIMPLE), subscribe: "1" }, { cookie });
    expect(notOffered).toMatchObject({ status: 409, body: { notice: "subscribe_not_offered", error: "この商品は定期便でのお申し込みを承っておりません。" } });
    const interval = await add(platform, { p: String(SUBSCRIBE), subscribe: "3" }, { cookie });
    expect(interval).toMatchObject({ status: 400, body: { notice: "subscribe_interval" } });
    expect((await add(platform, { p: String(SUBSCRIBE), subscribe: "yes" }, { cookie })).status).toBe(400);
    expect(await rowsOf(platform, cartId)).toHaveLength(1);
  });

  it("refuses a subscription to a visitor the shop does not offer subscriptions to, in Japanese", async ({ platform }) => {
    const closed = { ...platform, env: { ...platform.env, PUBLIC_SUBSCRIPTION: "false", SUBSCRIPTION_ALLOWED_IPS: "203.0.113.5" } };
    const { cartId, cookie } = await newGuest(platform);
    const refused = await add(closed, { p: String(SUBSCRIBE), subscribe: "1" }, { cookie, ip: "198.51.100.7" });
    expect(refused).toMatchObject({
      status: 409,
      body: { notice: "subscribe_unavailable", error: "定期便は現在お申し込みいただけません。通常のご購入をご利用ください。" },
    });
    expect(await rowsOf(platform, cartId)).toHaveLength(0);
    expect((await add(closed, { p: String(SUBSCRIBE), subscribe: "1" }, { cookie, ip: "203.0.113.5" })).status).toBe(200);
    expect((await rowsOf(platform, cartId)).map((row) => row.subscribe)).toEqual([1]);
  });

  it("accepts ispreorder for a pre-order item, and refuses ispreorder=0 when the item ships only once restocked", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    const refused = await add(platform, { p: String(PREORDER), ispreorder: "0" }, { cookie });
    expect(refused).toMatchObject({ status: 409, body: { notice: "preorder_only" } });
    expect((await add(platform, { p: String(PREORDER), ispreorder: "x" }, { cookie })).status).toBe(400);
    expect((await add(platform, { p: String(PREORDER), ispreorder: "1", q: "2" }, { cookie })).status).toBe(200);
    expect((await add(platform, { p: String(SIMPLE), ispreorder: "0" }, { cookie })).status).toBe(200);
    expect((await rowsOf(platform, cartId)).map((row) => [row.productId, row.isPreorder, row.quantity])).toEqual([
      [PREORDER, true, 2],
      [SIMPLE, false, 1],
    ]);
  });

  it("refuses crowdfundings_id (the shop runs no crowdfunding) and reads an empty one as none", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    const refused = await add(platform, { p: String(SIMPLE), crowdfundings_id: "12" }, { cookie });
    expect(refused).toMatchObject({
      status: 409,
      body: { notice: "crowdfunding_unavailable", error: "ご指定のクラウドファンディングは現在受け付けておりません。" },
    });
    expect((await add(platform, { p: String(SIMPLE), crowdfundings_id: "abc" }, { cookie })).status).toBe(400);
    expect(await rowsOf(platform, cartId)).toHaveLength(0);
    expect((await add(platform, { p: String(SIMPLE), crowdfundings_id: "" }, { cookie })).status).toBe(200);
  });

  it("stores a shipping_day inside the item's window and refuses others with the window in the message", async ({ platform }) => {
    const today = jstDate(new Date());
    const { cartId, cookie } = await newGuest(platform);
    const tooSoon = await add(platform, { p: String(SIMPLE), shipping_day: today }, { cookie });
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body).toMatchObject({ notice: "shipping_day_invalid" });
    expect(tooSoon.body.error).toMatch(/^発送希望日は\d{4}年\d{1,2}月\d{1,2}日から\d{4}年\d{1,2}月\d{1,2}日までの日付を指定してください。$/);
    for (const day of ["2026-02-30", "tomorrow", addDaysToDate(today, 40)]) {
      expect((await add(platform, { p: String(SIMPLE), shipping_day: day }, { cookie })).status, day).toBe(400);
    }
    const digital = await add(platform, { p: String(DIGITAL), shipping_day: addDaysToDate(today, 3) }, { cookie });
    expect(digital).toMatchObject({ status: 400, body: { error: "この商品は発送希望日を指定できません（ダウンロード商品・定期便）。" } });
    expect(await rowsOf(platform, cartId)).toHaveLength(0);

    const day = addDaysToDate(today, 3);
    expect((await add(platform, { p: String(SIMPLE), shipping_day: day }, { cookie })).status).toBe(200);
    expect((await rowsOf(platform, cartId)).map((row) => row.shippingDay)).toEqual([day]);
  });
});

describe("private (secret-link) products", () => {
  const loadCart = async (platform: TestPlatform, cookie: string) =>
    jsonBody<{ cart: { payment_eligible: boolean; list: { products_id: number; available: boolean; unavailable_reason: string | null }[] } }>(
      await responseOf(platform, cartApi.action as RouteHandler, apiRequest("/api/cart", { mode: "cors", cookie })),
    );

  it("cannot be added by its id without the link's grant", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    const refused = await add(platform, { p: String(PRIVATE) }, { cookie });
    expect(refused).toMatchObject({ status: 404, body: { notice: "unavailable" } });
    expect((await add(platform, { p: String(PRIVATE), secret: "0".repeat(32) }, { cookie })).status).toBe(404);
    expect(await rowsOf(platform, cartId)).toHaveLength(0);
  });

  it("is added with the secret posted, or after opening the link (a session grant)", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    expect((await add(platform, { p: String(PRIVATE), secret: DEMO_PRIVATE_SECRET }, { cookie })).status).toBe(200);

    const page = (await privateLink.loader({
      request: pageRequest(`/product/access/link/DEMO-PRIVATE/${DEMO_PRIVATE_SECRET}`),
      params: { sku: "DEMO-PRIVATE", secret: DEMO_PRIVATE_SECRET },
      context: contextFor(platform),
    })) as unknown as { init: { headers: Record<string, string> } };
    const granted = page.init.headers["Set-Cookie"]!.split(";")[0]!;
    const visitor = await add(platform, { p: String(PRIVATE), q: "2" }, { cookie: granted });
    expect(visitor.status).toBe(200);

    const body = await loadCart(platform, visitor.cookie || granted);
    expect(body.cart.list.find((line) => line.products_id === PRIVATE)).toMatchObject({ available: true, unavailable_reason: null });
    expect((await rowsOf(platform, cartId)).map((row) => row.quantity)).toEqual([1]);
  });

  it("is unavailable in the cart and at checkout when the row holds no grant", async ({ platform }) => {
    const { cartId, cookie } = await newGuest(platform);
    await add(platform, { p: String(SIMPLE) }, { cookie });
    // A row added before grants were required (or by any other way around the link).
    await platform.db.insert(cartLines).values({ cartId, productId: PRIVATE, quantity: 1, lineKey: `${PRIVATE}:0::::0:0` });
    const body = await loadCart(platform, cookie);
    expect(body.cart.list.find((line) => line.products_id === PRIVATE)).toMatchObject({ available: false, unavailable_reason: "private_link" });
    expect(body.cart.payment_eligible).toBe(false);

    const shopper = { db: platform.db, owner: { cartId }, session: {}, now: new Date() };
    const shown = orderFingerprint((await loadCartView(platform.db, shopper.owner, shopper.session, shopper.now)).cart);
    const order = await placeOrder(shopper, {
      placementToken: crypto.randomUUID(),
      shown,
      guest: tokyoGuest("private@example.jp"),
      address: { address: TOKYO_ADDRESS, save: false },
      paymentMethod: "bank_transfer",
      deliveryDate: null,
      deliveryTimeSlot: null,
      mailFrame: TEST_MAIL_FRAME,
    });
    expect(order).toMatchObject({ ok: false, field: "cart", error: CHECKOUT_MESSAGES.unavailableItems });
    const stillThere = await platform.db
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, PRIVATE)))
      .all();
    expect(stillThere).toHaveLength(1);
  });
});
