/**
 * The checkout's buttons that lead to another page and back (`leaveTo`: カートに戻って変更する, and the address
 * chooser's 編集 / 削除 / 追加 without JS): the action keeps what was typed on the cart (never the password:
 * its hold) and goes there; the next checkout page starts from it; placing the order clears it; no other
 * destination is followed.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import { addresses, carts, orders, users } from "~/db/schema";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as newAddressAction } from "~/routes/user.profile.addresses_.new";
import type { CheckoutLoaderData } from "~/web/types/checkout";
import { MEMBER_ID } from "~/services/seed/people";
import { cartWithSimple, shippingFields, shownFingerprint } from "../support/orders";
import { platformTest } from "../support/platform-test";
import { guestCartCookie, location, memberCookie, pageRequest, postRequest, run, valueOf } from "../support/requests";
import type { TestPlatform } from "../support/platform";

const it = platformTest();

const post = (platform: TestPlatform, fields: Record<string, string>, cookie: string) =>
  run(platform, checkoutAction, postRequest("/checkout", fields, { cookie, mode: "navigate" }));
const checkoutPage = async (platform: TestPlatform, cookie: string) =>
  valueOf<CheckoutLoaderData>(await run(platform, checkoutLoader, pageRequest("/checkout", cookie)));
const draftOf = async (platform: TestPlatform, cartId: string) =>
  (await platform.db.select({ draft: carts.checkoutDraft }).from(carts).where(eq(carts.id, cartId)).get())?.draft ?? null;

const oneOffAddress = { useNewAddress: "on", ...shippingFields() };

/** An address as the plain add page posts it. */
const newAddressFields = Object.fromEntries(
  Object.entries(shippingFields()).map(([name, value]) => [name.replace("shipping.", ""), value === "佐藤" ? "新住所" : value]),
);

describe("a member leaving the checkout for an address page (no JS)", () => {
  it("keeps the one-off address, the delivery wish, the typed coupon code and the payment method for the way back", async ({ platform }) => {
    const cartId = await cartWithSimple(platform.db, { userId: MEMBER_ID });
    const cookie = await memberCookie(platform, MEMBER_ID);
    const saved = (await platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).all())[1]!;
    const page = { token: crypto.randomUUID(), shown: await shownFingerprint(platform.db, { userId: MEMBER_ID }) };
    const typed = {
      addressId: String(saved.id),
      ...oneOffAddress,
      deliveryTimeSlot: "午前中",
      code: "SPRING10",
      payment: "cod",
      warehouse_notice: "置き配希望",
    };

    const outcome = await post(platform, { ...page, ...typed, leaveTo: `/user/profile/addresses/${saved.id}/edit` }, cookie);
    expect(outcome.status).toBe(303);
    expect(location(outcome)).toBe(`/user/profile/addresses/${saved.id}/edit?redirectTo=%2Fcheckout`);
    const cart = (await platform.db.select().from(carts).where(eq(carts.id, cartId)).get())!;
    expect([cart.paymentMethod, cart.warehouseNotice]).toEqual(["cod", "置き配希望"]);
    expect(await platform.db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);

    // Back at the checkout: the form starts from what was typed, and the page data holds no raw draft.
    const back = await checkoutPage(platform, cookie);
    expect(back.draft?.initialValue).toMatchObject({
      addressId: String(saved.id),
      useNewAddress: "on",
      deliveryTimeSlot: "午前中",
      code: "SPRING10",
      shipping: { lastname: "佐藤", address2: "千代田ハイツ101", phone: "0312345678" },
    });
    expect(back.draft?.initialValue).not.toHaveProperty("leaveTo");
    expect(back.view).not.toHaveProperty("checkoutDraft");
    expect([back.view.paymentMethod, back.view.warehouseNotice]).toEqual(["cod", "置き配希望"]);

    // The order placed from that page clears the draft: the next checkout starts empty.
    const placed = await post(platform, { token: crypto.randomUUID(), shown: back.shown, payment: "cod", addressId: String(saved.id) }, cookie);
    expect(location(placed)).toMatch(/^\/checkout\/thanks\//);
    expect(await draftOf(platform, cartId)).toBeNull();
  });

  it("comes back from 「＋新しいお届け先を追加」 with the added address chosen, and the order ships to it (issue 34 item 11)", async ({ platform }) => {
    const cartId = await cartWithSimple(platform.db, { userId: MEMBER_ID });
    const cookie = await memberCookie(platform, MEMBER_ID);
    const first = (await platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).all())[0]!;
    const page = { token: crypto.randomUUID(), shown: await shownFingerprint(platform.db, { userId: MEMBER_ID }) };
    // The first saved address was chosen (and the one-off address's box ticked) when the shopper went to add one.
    const left = await post(
      platform,
      { ...page, addressId: String(first.id), useNewAddress: "on", payment: "cod", leaveTo: "/user/profile/addresses/new" },
      cookie,
    );
    expect(location(left)).toBe("/user/profile/addresses/new?redirectTo=%2Fcheckout");

    const added = await run(
      platform,
      newAddressAction,
      postRequest("/user/profile/addresses/new", { ...newAddressFields, redirectTo: "/checkout" }, { cookie, mode: "navigate" }),
    );
    const saved = (await platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).all()).at(-1)!;
    expect(saved.lastname).toBe("新住所");
    const back = location(added)!;
    expect(back).toBe(`/checkout?addressId=${saved.id}`);

    // Another member's address named in the link is ignored: the draft's choice stands.
    const foreign = await valueOf<CheckoutLoaderData>(await run(platform, checkoutLoader, pageRequest("/checkout?addressId=3", cookie)));
    expect(foreign.draft?.initialValue).toMatchObject({ addressId: String(first.id) });

    const checkout = await valueOf<CheckoutLoaderData>(await run(platform, checkoutLoader, pageRequest(back, cookie)));
    // The added address is chosen; what was typed stays (the one-off address's box included: the shopper decides).
    expect(checkout.draft?.initialValue).toMatchObject({ addressId: String(saved.id), useNewAddress: "on", payment: "cod" });
    const placed = await post(platform, { token: crypto.randomUUID(), shown: checkout.shown, payment: "cod", addressId: String(saved.id) }, cookie);
    expect(location(placed)).toMatch(/^\/checkout\/thanks\//);
    const order = (await platform.db.select().from(orders).where(eq(orders.cartId, cartId)).orderBy(desc(orders.id)).get())!;
    expect([order.shipLastname, order.shipCity]).toEqual(["新住所", "千代田区"]);
  });

  it("follows only the cart and the address book's own pages", async ({ platform }) => {
    const cartId = await cartWithSimple(platform.db, { userId: MEMBER_ID });
    const cookie = await memberCookie(platform, MEMBER_ID);
    const page = { token: crypto.randomUUID(), shown: await shownFingerprint(platform.db, { userId: MEMBER_ID }) };
    for (const leaveTo of [
      "https://evil.example/",
      "//evil.example/cart",
      "/user/profile/addresses/1/edit?redirectTo=https://evil.example",
      "/cart/../admin",
      "/user/profile/addresses/0/delete",
    ]) {
      const outcome = await post(platform, { ...page, leaveTo }, cookie);
      // Not a way out: the form is judged as an order (refused here: no payment method), nothing kept.
      expect(outcome.status).toBe(400);
      expect(location(outcome)).toBeNull();
    }
    expect(await draftOf(platform, cartId)).toBeNull();
  });
});

describe("a guest going back to the cart (JS on or off)", () => {
  it("holds the registration password (never in the draft) and registers with it on the way back", async ({ platform }) => {
    const cartId = await cartWithSimple(platform.db, {});
    const cookie = await guestCartCookie(platform, cartId);
    const email = `leave-${Date.now()}@example.jp`;
    const guest = {
      email,
      lastname: "鈴木",
      firstname: "一郎",
      lastnameJp: "スズキ",
      firstnameJp: "イチロウ",
      register: "on",
      newsletter: "on",
      agreement: "on",
      sameAsOrderer: "on",
    };
    const outcome = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: await shownFingerprint(platform.db, { cartId }),
        ...guest,
        password: "leave-pass-7",
        payment: "bank_transfer",
        leaveTo: "/cart",
      },
      cookie,
    );
    expect(location(outcome)).toBe("/cart");
    expect(await draftOf(platform, cartId)).not.toContain("leave-pass-7");

    const back = await checkoutPage(platform, cookie);
    const values = back.draft?.initialValue as Record<string, string>;
    expect(values).toMatchObject({ email, lastname: "鈴木", register: "on", sameAsOrderer: "on" });
    expect(values.password).toBeUndefined();
    expect(values.passwordHold).toMatch(/^[0-9a-f-]{36}$/);

    const placed = await post(
      platform,
      {
        token: crypto.randomUUID(),
        shown: back.shown,
        ...guest,
        passwordHold: values.passwordHold!,
        payment: "bank_transfer",
        ...shippingFields({ name: false }),
      },
      cookie,
    );
    expect(location(placed)).toMatch(/^\/checkout\/thanks\//);
    const user = (await platform.db.select().from(users).where(eq(users.email, email)).get())!;
    expect(await verifyPassword("leave-pass-7", user.passwordHash)).toBe(true);
  });
});
