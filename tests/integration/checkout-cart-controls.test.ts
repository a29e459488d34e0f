/**
 * The checkout's coupon and points buttons and Enter without JS: they submit the whole order form with
 * their own intent (coupon, remove_coupon, points, remove_points, enter); the checkout action changes the
 * cart through the cart's own rules and answers the page with everything typed (the password held, never
 * sent back), the control's message beside it, and nothing ordered.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { carts, orders } from "~/db/schema";
import { action as checkoutAction } from "~/routes/checkout";
import { CART_ACTION_MESSAGES } from "~/services/cart/cart-actions.server";
import type { CheckoutActionData } from "~/web/types/checkout";
import { CART_MESSAGES } from "~/core/cart/cart";
import { MEMBER_ID } from "~/services/seed/people";
import { cartWithSimple as cartWithSimpleFixture, shippingFields, shownFingerprint, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { guestCartCookie, location, memberCookie, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();

const cartWithSimple = (platform: TestPlatform, owner: { userId?: number }) => cartWithSimpleFixture(platform.db, owner);
const shown = (platform: TestPlatform, owner: { userId?: number; cartId?: string }) => shownFingerprint(platform.db, owner);
const cartRow = async (platform: TestPlatform, cartId: string) => (await platform.db.select().from(carts).where(eq(carts.id, cartId)).get())!;
const ordersOf = async (platform: TestPlatform, cartId: string) => platform.db.select().from(orders).where(eq(orders.cartId, cartId));
const post = (platform: TestPlatform, fields: Record<string, string>, cookie: string) =>
  run(platform, checkoutAction, postRequest("/checkout", fields, { cookie, mode: "navigate" }));

/** The one-off address typed: someone other than the orderer. */
const typedAddress = shippingFields({ address: { ...TOKYO_ADDRESS, firstname: "花子", firstnameJp: "ハナコ" } });

/** Everything a guest typed on the page before pressing a coupon button. */
const typedByGuest = {
  email: "controls@example.jp",
  lastname: "鈴木",
  firstname: "一郎",
  lastnameJp: "スズキ",
  firstnameJp: "イチロウ",
  register: "on",
  password: "secret-pass-9",
  newsletter: "on",
  agreement: "on",
  ...typedAddress,
  deliveryTimeSlot: "14:00〜16:00",
  warehouse_notice: "のし：御祝",
  payment: "konbini_postpay",
};

async function guest(platform: TestPlatform) {
  const cartId = await cartWithSimple(platform, {});
  return { cartId, cookie: await guestCartCookie(platform, cartId), page: { token: crypto.randomUUID(), shown: await shown(platform, { cartId }) } };
}

/** The typed fields as Conform's reply holds them (shipping.* nested), the password left out. */
function typedAsReplied(): Record<string, unknown> {
  const { password: _password, ...typed } = typedByGuest;
  const shipping: Record<string, string> = {};
  const top: Record<string, unknown> = { shipping };
  for (const [name, value] of Object.entries(typed)) {
    if (name.startsWith("shipping.")) shipping[name.slice("shipping.".length)] = value;
    else top[name] = value;
  }
  return top;
}

/** The page's answer keeps every typed field but the password, which is held (its hold id comes back). */
function expectEverythingKept(reply: CheckoutActionData) {
  expect(JSON.stringify(reply)).not.toContain(typedByGuest.password);
  expect(reply.initialValue).toMatchObject(typedAsReplied());
  expect((reply.initialValue as Record<string, string>).passwordHold).toMatch(/^[0-9a-f-]{36}$/);
  expect(reply.error).toEqual({});
}

describe("the coupon buttons of the checkout without JS", () => {
  it("applies SPRING10 and answers the page with everything typed, the payment method and 備考 saved, nothing ordered", async ({ platform }) => {
    const { cartId, cookie, page } = await guest(platform);
    const outcome = await post(platform, { ...page, ...typedByGuest, intent: "coupon", code: "spring10" }, cookie);
    expect(outcome.status).toBe(200);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.cartControl).toEqual({ ok: true, intent: "coupon" });
    expectEverythingKept(reply);
    const cart = await cartRow(platform, cartId);
    expect([cart.couponCode, cart.paymentMethod, cart.warehouseNotice]).toEqual(["SPRING10", "konbini_postpay", "のし：御祝"]);
    expect(await ordersOf(platform, cartId)).toHaveLength(0);

    // The page shown next (new figures) places the order with the coupon and the held password.
    const hold = (reply.initialValue as Record<string, string>).passwordHold!;
    const { password: _password, ...withoutPassword } = typedByGuest;
    const placed = await post(
      platform,
      { token: crypto.randomUUID(), shown: await shown(platform, { cartId }), ...withoutPassword, passwordHold: hold },
      cookie,
    );
    expect(location(placed)).toMatch(/^\/checkout\/thanks\//);
    const [order] = await ordersOf(platform, cartId);
    expect([order?.couponCode, order?.discountCoupon, order?.total]).toEqual(["SPRING10", 198, 1980 - 198 + 660 + 220]);
  });

  it("refuses an unknown code by the field, keeps the code and everything typed, and changes nothing", async ({ platform }) => {
    const { cartId, cookie, page } = await guest(platform);
    const outcome = await post(platform, { ...page, ...typedByGuest, intent: "coupon", code: "NOSUCH99" }, cookie);
    expect(outcome.status).toBe(404);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.cartControl).toEqual({ ok: false, intent: "coupon", field: "coupon", error: CART_ACTION_MESSAGES.couponUnknown });
    expect((reply.initialValue as Record<string, string>).code).toBe("NOSUCH99");
    expectEverythingKept(reply);
    expect((await cartRow(platform, cartId)).couponCode).toBeNull();
    expect(await ordersOf(platform, cartId)).toHaveLength(0);
  });

  it("takes the coupon off with 取り消す, keeping everything typed", async ({ platform }) => {
    const { cartId, cookie, page } = await guest(platform);
    await post(platform, { ...page, intent: "coupon", code: "SPRING10" }, cookie);
    expect((await cartRow(platform, cartId)).couponCode).toBe("SPRING10");
    const outcome = await post(platform, { ...page, ...typedByGuest, intent: "remove_coupon" }, cookie);
    expect(outcome.status).toBe(200);
    expectEverythingKept(await valueOf<CheckoutActionData>(outcome));
    expect((await cartRow(platform, cartId)).couponCode).toBeNull();
  });

  it("answers a guest's points button as the cart does (members only), changing nothing", async ({ platform }) => {
    const { cartId, cookie, page } = await guest(platform);
    const outcome = await post(platform, { ...page, ...typedByGuest, intent: "points", amount: "100" }, cookie);
    expect(outcome.status).toBe(401);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.cartControl).toEqual({ ok: false, intent: "points", field: "points", error: CART_MESSAGES.pointsMembersOnly });
    expect((await cartRow(platform, cartId)).pointAmount).toBe(0);
  });
});

describe("the points buttons of the checkout without JS", () => {
  const oneOff = { useNewAddress: "on", ...typedAddress };

  it("uses points, refuses more than allowed by the field, and stops using them, keeping the one-off address", async ({ platform }) => {
    const cartId = await cartWithSimple(platform, { userId: MEMBER_ID });
    const cookie = await memberCookie(platform, MEMBER_ID);
    const page = { token: crypto.randomUUID(), shown: await shown(platform, { userId: MEMBER_ID }) };

    const used = await post(platform, { ...page, ...oneOff, intent: "points", amount: "３００" }, cookie);
    expect(used.status).toBe(200);
    const usedReply = await valueOf<CheckoutActionData>(used);
    expect(usedReply.cartControl).toEqual({ ok: true, intent: "points" });
    expect(usedReply.initialValue).toMatchObject({ useNewAddress: "on", shipping: { city: "千代田区", address2: "千代田ハイツ101" } });
    expect((await cartRow(platform, cartId)).pointAmount).toBe(300);

    const tooMany = await post(platform, { ...page, ...oneOff, intent: "points", amount: "99999" }, cookie);
    expect(tooMany.status).toBe(409);
    const refused = await valueOf<CheckoutActionData>(tooMany);
    expect(refused.cartControl).toMatchObject({ ok: false, intent: "points", field: "points" });
    expect((refused.initialValue as Record<string, string>).amount).toBe("99999");
    expect((await cartRow(platform, cartId)).pointAmount).toBe(300);

    const stopped = await post(platform, { ...page, ...oneOff, intent: "remove_points", amount: "300" }, cookie);
    expect(stopped.status).toBe(200);
    expect((await valueOf<CheckoutActionData>(stopped)).initialValue).toMatchObject({ useNewAddress: "on", shipping: { phone: "0312345678" } });
    expect((await cartRow(platform, cartId)).pointAmount).toBe(0);
    expect(await ordersOf(platform, cartId)).toHaveLength(0);
  });
});

describe("Enter in a field of the checkout without JS (the form's default button)", () => {
  it("applies the coupon code typed and fills only the empty parts of the address from the postal code", async ({ platform }) => {
    // The postal data of 〒100-0001 as the KV cache holds it.
    await platform.env.POSTAL_CACHE.put("postal:100", JSON.stringify({ "1000001": [13, "千代田区", "千代田", ""] }));
    const { cartId, cookie, page } = await guest(platform);
    const outcome = await post(
      platform,
      {
        ...page,
        ...typedByGuest,
        intent: "enter",
        code: "SPRING10",
        "shipping.prefecture": "",
        "shipping.city": "",
        "shipping.district": "千代田（自分で入力）",
      },
      cookie,
    );
    expect(outcome.status).toBe(200);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.cartControl).toEqual({ ok: true, intent: "coupon" });
    expect(reply.initialValue).toMatchObject({ shipping: { prefecture: "13", city: "千代田区", district: "千代田（自分で入力）", address1: "1-1" } });
    expect((await cartRow(platform, cartId)).couponCode).toBe("SPRING10");
    expect(await ordersOf(platform, cartId)).toHaveLength(0);
  });

  it("with nothing to apply shows the page again and orders nothing", async ({ platform }) => {
    const { cartId, cookie, page } = await guest(platform);
    const outcome = await post(platform, { ...page, ...typedByGuest, intent: "enter", code: "" }, cookie);
    expect(outcome.status).toBe(200);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.cartControl).toBeUndefined();
    expectEverythingKept(reply);
    expect((await cartRow(platform, cartId)).couponCode).toBeNull();
    expect(await ordersOf(platform, cartId)).toHaveLength(0);
  });

  it("shows a refused code by the coupon field", async ({ platform }) => {
    const { cartId, cookie, page } = await guest(platform);
    const outcome = await post(platform, { ...page, ...typedByGuest, intent: "enter", code: "NOSUCH99" }, cookie);
    expect(outcome.status).toBe(404);
    expect((await valueOf<CheckoutActionData>(outcome)).cartControl).toMatchObject({ ok: false, intent: "coupon", field: "coupon" });
    expect(await ordersOf(platform, cartId)).toHaveLength(0);
  });
});
