/**
 * The checkout and registration forms as a browser posts them (the route actions on real local D1):
 * the spec's field names and 1/0 choices, nothing typed lost on a round trip, a typed address never
 * dropped silently, the 備考, 「ご注文者と同じ」, the bank details, and every registration message at once.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { addresses, carts, notificationMails, orders, orderShipments, users } from "~/db/schema";
import { action as checkoutAction } from "~/routes/checkout";
import { loader as thanksLoader } from "~/routes/checkout_.thanks.$number";
import { action as registerAction } from "~/routes/user.register";
import type { CheckoutActionData } from "~/web/types/checkout";
import { CHECKOUT_SUBMIT_MESSAGES } from "~/web/checkout/checkout.server";
import { ensureCart } from "~/services/cart/cart.server";
import { MEMBER_ID } from "~/services/seed/people";
import { cartWithSimple as cartWithSimpleFixture, shippingFields, shownFingerprint } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { guestCartCookie, location, memberCookie, pageRequest, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();

const cartWithSimple = (platform: TestPlatform, owner: { userId?: number }) => cartWithSimpleFixture(platform.db, owner);
const shown = (platform: TestPlatform, owner: { userId?: number; cartId?: string }) => shownFingerprint(platform.db, owner);

/** Where the order goes; the recipient's name is given apart (or is the orderer's). */
const recipient = shippingFields({ name: false });

async function guest(platform: TestPlatform) {
  const cartId = await cartWithSimple(platform, {});
  return { cartId, cookie: await guestCartCookie(platform, cartId), shown: await shown(platform, { cartId }) };
}

const post = (platform: TestPlatform, fields: Record<string, string>, cookie: string) =>
  run(platform, checkoutAction, postRequest("/checkout", fields, { cookie, mode: "navigate" }));

describe("the guest checkout", () => {
  it("reads the spec's names and 1/0 choices (lastname_jp, firstname_jp, save_address, register, newsletter, agreement)", async ({ platform }) => {
    const { cookie, shown: page } = await guest(platform);
    const email = `spec-${Date.now()}@example.jp`;
    const outcome = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: page,
        payment: "bank_transfer",
        email,
        lastname: "佐藤",
        firstname: "一郎",
        lastname_jp: "さとう",
        firstname_jp: "ｲﾁﾛｳ",
        register: "1",
        password: "password1234",
        newsletter: "0",
        agreement: "1",
        save_address: "1",
        "shipping.lastname": "佐藤",
        "shipping.firstname": "一郎",
        "shipping.lastname_jp": "サトウ",
        "shipping.firstname_jp": "イチロウ",
        ...recipient,
      },
      cookie,
    );
    expect(location(outcome)).toMatch(/^\/checkout\/thanks\//);
    const user = (await platform.db.select().from(users).where(eq(users.email, email)).get())!;
    expect([user.lastnameJp, user.firstnameJp, user.newsletter]).toEqual(["サトウ", "イチロウ", false]);
    expect(await platform.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(1);
  });

  it("answers a choice that is neither 1/0 nor a ticked box in Japanese", async ({ platform }) => {
    const { cookie, shown: page } = await guest(platform);
    const outcome = await post(
      platform,
      { token: crypto.randomUUID(), shown: page, payment: "cod", register: "1", agreement: "yes", newsletter: "maybe" },
      cookie,
    );
    expect(outcome.status).toBe(400);
    const reply = await valueOf<CheckoutActionData>(outcome);
    const messages = Object.values(reply.error ?? {}).flat() as string[];
    for (const message of messages) expect(message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(reply.error?.agreement).toEqual(["会員規約への同意が必要です"]);
  });

  it("ships to the orderer's name when 「ご注文者と同じ」 is ticked", async ({ platform }) => {
    const { cartId, cookie, shown: page } = await guest(platform);
    const outcome = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: page,
        payment: "bank_transfer",
        email: "same@example.jp",
        lastname: "鈴木",
        firstname: "花",
        lastnameJp: "スズキ",
        firstnameJp: "ハナ",
        sameAsOrderer: "on",
        ...recipient,
      },
      cookie,
    );
    expect(location(outcome)).toMatch(/^\/checkout\/thanks\//);
    const order = (await platform.db.select().from(orders).where(eq(orders.cartId, cartId)).get())!;
    expect([order.shipLastname, order.shipFirstname, order.shipLastnameJp, order.shipFirstnameJp]).toEqual(["鈴木", "花", "スズキ", "ハナ"]);
  });

  it("fills an empty prefecture, city and district from the postal code on 注文を確定する, as the address editor does (no JS)", async ({ platform }) => {
    // The postal data of 〒100-0001 as the KV cache holds it.
    await platform.env.POSTAL_CACHE.put("postal:100", JSON.stringify({ "1000001": [13, "千代田区", "千代田", ""] }));
    const { cartId, cookie, shown: page } = await guest(platform);
    const outcome = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: page,
        payment: "bank_transfer",
        email: "no-lookup@example.jp",
        lastname: "鈴木",
        firstname: "花",
        lastnameJp: "スズキ",
        firstnameJp: "ハナ",
        sameAsOrderer: "on",
        ...recipient,
        // Typed the code and the street number, never pressed 住所を検索.
        "shipping.postal_code": "１００－０００１",
        "shipping.prefecture": "",
        "shipping.city": "",
        "shipping.district": "",
      },
      cookie,
    );
    expect(location(outcome)).toMatch(/^\/checkout\/thanks\//);
    const order = (await platform.db.select().from(orders).where(eq(orders.cartId, cartId)).get())!;
    expect([order.shipPostalCode, order.shipPrefecture, order.shipCity, order.shipDistrict, order.shipAddress1]).toEqual([
      "1000001",
      13,
      "千代田区",
      "千代田",
      "1-1",
    ]);
  });

  it("keeps the registration password across 住所を検索 (held server-side, never sent back)", async ({ platform }) => {
    const { cartId, cookie, shown: page } = await guest(platform);
    const email = `hold-${Date.now()}@example.jp`;
    const base = {
      token: crypto.randomUUID(),
      shown: page,
      payment: "cod",
      email,
      lastname: "佐藤",
      firstname: "一郎",
      lastnameJp: "サトウ",
      firstnameJp: "イチロウ",
      register: "on",
      newsletter: "on",
      agreement: "on",
    };
    const lookup = await post(platform, { ...base, intent: "postal_lookup", password: "secret-pass-1", "shipping.postal_code": "1000001" }, cookie);
    const reply = await valueOf<CheckoutActionData>(lookup);
    expect(JSON.stringify(reply)).not.toContain("secret-pass-1");
    const hold = (reply.initialValue as Record<string, string>).passwordHold;
    expect(hold).toMatch(/^[0-9a-f-]{36}$/);

    // The payment method chosen on that page is the cart's now: the page shows the fee, then the order places.
    const cartPage = await shown(platform, { cartId });
    const placed = await post(platform, { ...base, shown: cartPage, passwordHold: hold ?? "", sameAsOrderer: "on", ...recipient }, cookie);
    expect(location(placed)).toMatch(/^\/checkout\/thanks\//);
    const user = (await platform.db.select().from(users).where(eq(users.email, email)).get())!;
    expect(await verifyPassword("secret-pass-1", user.passwordHash)).toBe(true);
  });

  it("says plainly to type the password again once its hold is gone, and no longer claims it is kept", async ({ platform }) => {
    const { cookie, shown: page } = await guest(platform);
    const outcome = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: page,
        payment: "cod",
        email: `lapsed-${Date.now()}@example.jp`,
        lastname: "佐藤",
        firstname: "一郎",
        lastnameJp: "サトウ",
        firstnameJp: "イチロウ",
        register: "on",
        agreement: "on",
        sameAsOrderer: "on",
        ...recipient,
        // A hold this cart never had (or one the hour took away).
        passwordHold: crypto.randomUUID(),
      },
      cookie,
    );
    expect(outcome.status).toBe(400);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.error?.password).toEqual([CHECKOUT_SUBMIT_MESSAGES.passwordHoldExpired]);
    expect((reply.initialValue as Record<string, unknown>).passwordHold).toBeUndefined();
  });

  it("keeps the typed address and saves the payment method on 手数料を反映して再計算", async ({ platform }) => {
    const { cartId, cookie, shown: page } = await guest(platform);
    const outcome = await post(
      platform,
      { token: crypto.randomUUID(), shown: page, intent: "payment", payment: "konbini_postpay", "shipping.city": "千代田区", "shipping.address1": "9-9" },
      cookie,
    );
    expect(outcome.status).toBe(200);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.initialValue).toMatchObject({ shipping: { city: "千代田区", address1: "9-9" } });
    expect((await platform.db.select().from(carts).where(eq(carts.id, cartId)).get())?.paymentMethod).toBe("konbini_postpay");
  });

  it("saves the 備考 with the order's shipment", async ({ platform }) => {
    const { cartId, cookie, shown: page } = await guest(platform);
    const outcome = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: page,
        payment: "bank_transfer",
        email: "notice@example.jp",
        lastname: "佐藤",
        firstname: "一郎",
        lastnameJp: "サトウ",
        firstnameJp: "イチロウ",
        sameAsOrderer: "on",
        warehouse_notice: "のし：御祝",
        ...recipient,
      },
      cookie,
    );
    expect(location(outcome)).toMatch(/^\/checkout\/thanks\//);
    const order = (await platform.db.select().from(orders).where(eq(orders.cartId, cartId)).get())!;
    expect((await platform.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id)).get())?.notice).toBe("のし：御祝");

    // The thank-you page tells where to transfer and by when; another guest's cart cannot open it.
    const thanks = await run(platform, thanksLoader, pageRequest(`/checkout/thanks/${order.number}`, cookie), { number: order.number });
    expect(thanks.status).toBe(200);
    const stranger = await guestCartCookie(platform, await ensureCart(platform.db, {}));
    expect((await run(platform, thanksLoader, pageRequest(`/checkout/thanks/${order.number}`, stranger), { number: order.number })).status).toBe(404);
  });
});

describe("the member checkout", () => {
  it("stops and asks when new-address fields were typed but the saved address was left chosen (no JS)", async ({ platform }) => {
    await cartWithSimple(platform, { userId: MEMBER_ID });
    const cookie = await memberCookie(platform, MEMBER_ID);
    const saved = (await platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).get())!;
    const before = await platform.db.select().from(orders).where(eq(orders.userId, MEMBER_ID));
    const outcome = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: await shown(platform, { userId: MEMBER_ID }),
        payment: "bank_transfer",
        addressId: String(saved.id),
        "shipping.lastname": "別",
        "shipping.firstname": "住所",
        ...recipient,
      },
      cookie,
    );
    expect(outcome.status).toBe(400);
    const reply = await valueOf<CheckoutActionData>(outcome);
    expect(reply.error?.useNewAddress).toEqual([CHECKOUT_SUBMIT_MESSAGES.newAddressNotChosen]);
    expect(reply.initialValue).toMatchObject({ shipping: { city: "千代田区" } });
    expect(await platform.db.select().from(orders).where(eq(orders.userId, MEMBER_ID))).toHaveLength(before.length);
  });

  it("sends the 振込先 and deadline in the confirmation mail of a 銀行振込 order", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    const saved = (await platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).get())!;
    const outcome = await post(
      platform,
      { token: crypto.randomUUID(), shown: await shown(platform, { userId: MEMBER_ID }), payment: "bank_transfer", addressId: String(saved.id) },
      cookie,
    );
    expect(location(outcome)).toMatch(/^\/checkout\/thanks\//);
    const mail = (await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, MEMBER_ID)).orderBy(desc(notificationMails.id)).get())!;
    const { bank } = DEFAULT_SHOP_SETTINGS;
    for (const fact of [bank.bank, bank.accountNumber, bank.holder, "お振込期限"]) expect(mail.content).toContain(fact);
  });
});

describe("registration", () => {
  const fields = { email: "", password: "short", lastname: "", firstname: "", lastnameJp: "", firstnameJp: "" };
  const register = (platform: TestPlatform, body: Record<string, string> | [string, string][]) =>
    run(platform, registerAction, postRequest("/user/register", body, { mode: "navigate" }));

  it("shows every message of one submit at once, the agreement included, and never whether the address is registered", async ({ platform }) => {
    const outcome = await register(platform, { ...fields, email: "member@example.jp" });
    expect(outcome.status).toBe(400);
    const error = (await valueOf<CheckoutActionData>(outcome)).error ?? {};
    expect(error.email).toBeUndefined();
    expect(error.agreement).toEqual(["会員規約への同意が必要です"]);
    expect(Object.keys(error)).toEqual(expect.arrayContaining(["password", "lastname", "firstname", "lastnameJp", "firstnameJp"]));
  });

  it("takes agreement=1 and newsletter=0 and the spec's reading names", async ({ platform }) => {
    const email = `reg-${Date.now()}@example.jp`;
    const outcome = await register(platform, {
      email,
      password: "password1234",
      lastname: "山田",
      firstname: "花子",
      lastname_jp: "やまだ",
      firstname_jp: "ﾊﾅｺ",
      agreement: "1",
      newsletter: "0",
    });
    expect(outcome.status).toBe(303);
    const user = (await platform.db.select().from(users).where(eq(users.email, email)).get())!;
    expect([user.lastnameJp, user.firstnameJp, user.newsletter]).toEqual(["ヤマダ", "ハナコ", false]);
  });

  it("never answers Valibot's English (a field sent twice)", async ({ platform }) => {
    const outcome = await register(platform, [
      ["email", "a@example.jp"],
      ["email", "b@example.jp"],
      ["agreement", "1"],
    ]);
    const error = (await valueOf<CheckoutActionData>(outcome)).error ?? {};
    expect(error.email?.length).toBe(1);
    for (const message of Object.values(error).flat() as string[]) {
      expect(message).toMatch(/[ぁ-んァ-ン一-龥]/);
      expect(message).not.toMatch(/[A-Za-z]{4,}/);
    }
  });
});
