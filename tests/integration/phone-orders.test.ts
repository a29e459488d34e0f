/**
 * 受注登録 (issue 38 item 3, decision 0065): staff build an order on a draft and place it through the checkout's
 * own engine and batch. Prices equal the checkout's for the same cart; stock, double submits and other staff
 * are guarded; bad input writes nothing.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import { orderConfirmationKey } from "~/core/mail/mail-outbox";
import { PHONE_ORDER_MESSAGES, type PhoneOrderDetails } from "~/core/orders/phone-orders";
import { NO_SELECTION } from "~/core/catalogue/product-selection";
import { carts, cartLines, mailOutbox, orderEvents, orders, products, users } from "~/db/schema";
import { addLine } from "~/services/cart/cart-line-ops.server";
import { ensureCart, updateCart } from "~/services/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { placeOrder } from "~/services/checkout/checkout.server";
import { findOrderableProducts, orderPlacedWithToken, phoneOrderConfirmation, placePhoneOrder } from "~/services/orders/phone-order-placement.server";
import {
  addPhoneOrderItem,
  changePhoneOrderLine,
  openPhoneOrder,
  savePhoneOrderDetails,
  startPhoneOrder,
  type OpenPhoneOrder,
  type PhoneOrderStaff,
} from "~/services/orders/phone-orders.server";
import { COLLEAGUE_ID, MEMBER_ID, OTHER_ID, STAFF_ID } from "~/services/seed/people";
import { TEST_MAIL_FRAME, TOKYO_ADDRESS, tokyoGuest } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";

const now = seedClock();
const it = platformTest();

const STAFF: PhoneOrderStaff = { kind: "staff", userId: STAFF_ID, name: "山田 スタッフ" };
const COLLEAGUE: PhoneOrderStaff = { kind: "staff", userId: COLLEAGUE_ID, name: "同僚" };
const GUEST = { ...tokyoGuest("phone-guest@example.jp"), phone: "0312345678" };

/** TOKYO_ADDRESS as the details form posts it under `shipping`. */
const TYPED_SHIPPING = {
  lastname: TOKYO_ADDRESS.lastname,
  firstname: TOKYO_ADDRESS.firstname,
  lastname_jp: TOKYO_ADDRESS.lastnameJp,
  firstname_jp: TOKYO_ADDRESS.firstnameJp,
  postal_code: TOKYO_ADDRESS.postalCode,
  prefecture: TOKYO_ADDRESS.prefecture,
  city: TOKYO_ADDRESS.city,
  district: TOKYO_ADDRESS.district,
  address1: TOKYO_ADDRESS.address1,
  address2: TOKYO_ADDRESS.address2,
  phone: TOKYO_ADDRESS.phone,
  title: "",
  default: false,
};

const details = (overrides: Partial<PhoneOrderDetails> = {}): PhoneOrderDetails => ({ channel: "phone", coupon: "", points: "", memo: "", ...overrides });

async function productId(platform: TestPlatform, sku: string) {
  return (await platform.db.select({ id: products.id }).from(products).where(eq(products.sku, sku)).get())!.id;
}

async function draftFor(platform: TestPlatform, customer: Parameters<typeof startPhoneOrder>[2], staff = STAFF): Promise<OpenPhoneOrder> {
  const started = await startPhoneOrder(platform.db, staff, customer, "phone", now);
  if (!started.ok) throw new Error(started.error);
  return (await openPhoneOrder(platform.db, staff, started.id, now))!;
}

/** Re-reads the draft (as each request of the page does). */
const reopen = async (platform: TestPlatform, open: OpenPhoneOrder, staff = STAFF) => (await openPhoneOrder(platform.db, staff, open.id, now))!;

async function add(open: OpenPhoneOrder, productIdValue: number, quantity: number, selection: Partial<typeof NO_SELECTION> = {}) {
  const added = await addPhoneOrderItem(open, { productId: productIdValue, selection: { ...NO_SELECTION, ...selection, quantity }, wrapping: false });
  expect(added).toEqual({ ok: true });
}

async function confirmAndPlace(platform: TestPlatform, open: OpenPhoneOrder, staff = STAFF) {
  const fresh = await reopen(platform, open, staff);
  const confirmation = await phoneOrderConfirmation(fresh);
  expect(confirmation.missing).toEqual([]);
  return placePhoneOrder(fresh, staff, confirmation.shown, TEST_MAIL_FRAME);
}

describe("a member's phone order", () => {
  it("is priced as the checkout prices the same cart, recorded with channel and staff, mailed, and in the member's history", async ({ platform }) => {
    const simple = await productId(platform, "DEMO-SIMPLE");
    const chopsticks = await productId(platform, "DEMO-OPTIONS");
    const open = await draftFor(platform, { kind: "member", memberId: MEMBER_ID });
    await add(open, simple, 2);
    await add(open, chopsticks, 1, { optionChoiceIds: [2] });
    expect(await savePhoneOrderDetails(open, details({ addressChoice: 1, payment: "cod", points: "100", memo: "お電話で午前中希望" }))).toEqual({ ok: true });

    // The member's own cart, with the same rows, as the checkout would price it.
    const memberCart = await ensureCart(platform.db, { userId: MEMBER_ID });
    await platform.db.delete(cartLines).where(eq(cartLines.cartId, memberCart));
    await addLine(platform.db, memberCart, {
      productId: simple,
      variationId: null,
      choiceSku: null,
      optionChoiceIds: [],
      quantity: 2,
      isPreorder: false,
      subscribe: null,
    });
    await addLine(platform.db, memberCart, {
      productId: chopsticks,
      variationId: null,
      choiceSku: null,
      optionChoiceIds: [2],
      quantity: 1,
      isPreorder: false,
      subscribe: null,
    });
    await updateCart(platform.db, memberCart, { pointAmount: 100, couponCode: null });
    const checkout = (await loadCart(platform.db, { userId: MEMBER_ID }, {}, now, { paymentMethod: "cod" })).cart;

    const pointsBefore = (await platform.db.select({ points: users.points }).from(users).where(eq(users.id, MEMBER_ID)).get())!.points;
    const stockBefore = (await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, simple)).get())!.inventory;
    const placed = await confirmAndPlace(platform, open);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const order = (await platform.db.select().from(orders).where(eq(orders.id, placed.orderId)).get())!;
    expect(order).toMatchObject({
      userId: MEMBER_ID,
      channel: "phone",
      placedBy: STAFF_ID,
      paymentMethod: "cod",
      subtotal: checkout.subtotal,
      shippingFee: checkout.shipping_fee,
      extraFee: checkout.extra_fee,
      pointsUsed: 100,
      total: checkout.total,
      shipCity: "渋谷区",
    });
    expect(checkout.extra_fee).toBe(330);
    expect((await platform.db.select({ points: users.points }).from(users).where(eq(users.id, MEMBER_ID)).get())!.points).toBe(pointsBefore - 100);
    expect((await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, simple)).get())!.inventory).toBe(stockBefore - 2);

    const events = await platform.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => [event.kind, event.actorKind, event.actorUserId, event.note])).toEqual([
      ["taken_by_staff", "staff", STAFF_ID, "電話で受付"],
      ["note", "staff", STAFF_ID, "お電話で午前中希望"],
    ]);
    const mail = await platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, orderConfirmationKey(order.number)))
      .get();
    expect(mail).toMatchObject({ kind: "order_confirmation", toAddress: "member@example.jp", userId: MEMBER_ID });
    expect(mail!.textBody).toContain(order.number);
    expect(placed.mailKeys).toContain(orderConfirmationKey(order.number));
    // The member's own cart is not the draft's: untouched.
    expect(await platform.db.select().from(cartLines).where(eq(cartLines.cartId, memberCart))).toHaveLength(2);
  });

  it("finds products by SKU or name, refuses a variation not chosen, and changes quantities as the cart does", async ({ platform }) => {
    const open = await draftFor(platform, { kind: "member", memberId: MEMBER_ID });
    expect((await findOrderableProducts(open, "DEMO-VARIATION-NAVY-M")).map((found) => found.shaped.product.sku)).toEqual(["DEMO-VARIATION"]);
    expect((await findOrderableProducts(open, "泉州タオル")).map((found) => found.shaped.product.sku)).toContain("DEMO-SIMPLE");
    expect(await findOrderableProducts(open, "DEMO-PRIVATE")).toEqual([]);
    const variation = await productId(platform, "DEMO-VARIATION");
    expect(await addPhoneOrderItem(open, { productId: variation, selection: { ...NO_SELECTION }, wrapping: false })).toEqual({
      ok: false,
      error: "タイプを選択してください。",
    });
    await add(open, variation, 1, { variationId: 1, choiceSku: "DEMO-VARIATION-NAVY-L" });
    const view = await phoneOrderConfirmation(await reopen(platform, open));
    const [line] = view.view.cart.list;
    expect(line!.quantity).toBe(1);
    expect(await changePhoneOrderLine(open, line!.id, 3)).toEqual({ ok: true, message: undefined });
    expect((await phoneOrderConfirmation(open)).view.cart.list[0]!.quantity).toBe(3);
    expect(await changePhoneOrderLine(open, line!.id, 0)).toEqual({ ok: true, message: undefined });
    expect((await phoneOrderConfirmation(open)).missing).toContain(PHONE_ORDER_MESSAGES.noLines);
  });
});

describe("a guest's phone order", () => {
  it("ships to the typed address, paid by bank transfer, mailed to the guest, channel mail", async ({ platform }) => {
    const open = await draftFor(platform, { kind: "guest", ...GUEST });
    await add(open, await productId(platform, "DEMO-SIMPLE"), 1);
    expect(await savePhoneOrderDetails(open, details({ channel: "mail", addressChoice: "typed", shipping: TYPED_SHIPPING, payment: "bank_transfer" }))).toEqual(
      { ok: true },
    );
    const placed = await confirmAndPlace(platform, open);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const order = (await platform.db.select().from(orders).where(eq(orders.id, placed.orderId)).get())!;
    expect(order).toMatchObject({
      userId: null,
      email: GUEST.email,
      channel: "mail",
      placedBy: STAFF_ID,
      paymentMethod: "bank_transfer",
      shipCity: "千代田区",
    });
    expect(order.paymentDueOn).not.toBeNull();
    const mail = await platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, orderConfirmationKey(order.number)))
      .get();
    expect(mail).toMatchObject({ toAddress: GUEST.email, userId: null });
  });
});

describe("placing guards", () => {
  it("makes one order when the same draft is placed twice at once, and the used draft is gone", async ({ platform }) => {
    const open = await draftFor(platform, { kind: "member", memberId: MEMBER_ID });
    await add(open, await productId(platform, "DEMO-SIMPLE"), 1);
    await savePhoneOrderDetails(open, details({ addressChoice: 1, payment: "cod" }));
    const fresh = await reopen(platform, open);
    const { shown } = await phoneOrderConfirmation(fresh);
    const results = await Promise.all([placePhoneOrder(fresh, STAFF, shown, TEST_MAIL_FRAME), placePhoneOrder(fresh, STAFF, shown, TEST_MAIL_FRAME)]);
    expect(results.every((result) => result.ok)).toBe(true);
    const ids = new Set(results.map((result) => (result.ok ? result.orderId : 0)));
    expect(ids.size).toBe(1);
    expect(await platform.db.select().from(orders).where(eq(orders.placementToken, fresh.draft.token))).toHaveLength(1);
    expect(await openPhoneOrder(platform.db, STAFF, open.id, now)).toBeNull();
    expect(await orderPlacedWithToken(platform.db, STAFF, fresh.draft.token)).toBe([...ids][0]);
    expect(await orderPlacedWithToken(platform.db, COLLEAGUE, fresh.draft.token)).toBeNull();
  });

  it("sells the last unit once when a shopper checks out at the same time; the loser is told in Japanese", async ({ platform }) => {
    const lowstock = await productId(platform, "DEMO-LOWSTOCK");
    await platform.db.update(products).set({ inventory: 1 }).where(eq(products.id, lowstock));
    const open = await draftFor(platform, { kind: "guest", ...GUEST });
    await add(open, lowstock, 1);
    expect(await savePhoneOrderDetails(open, details({ addressChoice: "typed", shipping: TYPED_SHIPPING, payment: "cod" }))).toEqual({ ok: true });
    const fresh = await reopen(platform, open);
    const { shown } = await phoneOrderConfirmation(fresh);

    const shopperCart = await ensureCart(platform.db, { userId: OTHER_ID });
    await platform.db.delete(cartLines).where(eq(cartLines.cartId, shopperCart));
    await addLine(platform.db, shopperCart, {
      productId: lowstock,
      variationId: null,
      choiceSku: null,
      optionChoiceIds: [],
      quantity: 1,
      isPreorder: false,
      subscribe: null,
    });
    const shopper = { db: platform.db, owner: { userId: OTHER_ID }, session: {}, now };
    const shopperShown = orderFingerprint((await loadCart(platform.db, shopper.owner, {}, now, { paymentMethod: "cod" })).cart);
    const results = await Promise.all([
      placePhoneOrder(fresh, STAFF, shown, TEST_MAIL_FRAME),
      placeOrder(shopper, {
        placementToken: crypto.randomUUID(),
        shown: shopperShown,
        address: { savedId: 3 },
        paymentMethod: "cod",
        deliveryDate: null,
        deliveryTimeSlot: null,
        mailFrame: TEST_MAIL_FRAME,
      }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const loser = results.find((result) => !result.ok);
    expect(loser && !loser.ok && loser.error).toMatch(/[ぁ-んァ-ン]/);
    expect((await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.id, lowstock)).get())!.inventory).toBe(0);
  });

  it("refuses an order whose prices changed after the confirmation page", async ({ platform }) => {
    const simple = await productId(platform, "DEMO-SIMPLE");
    const open = await draftFor(platform, { kind: "member", memberId: MEMBER_ID });
    await add(open, simple, 1);
    await savePhoneOrderDetails(open, details({ addressChoice: 1, payment: "cod" }));
    const fresh = await reopen(platform, open);
    const { shown } = await phoneOrderConfirmation(fresh);
    await platform.db.update(products).set({ regularPrice: 2500 }).where(eq(products.id, simple));
    const placed = await placePhoneOrder(fresh, STAFF, shown, TEST_MAIL_FRAME);
    expect(placed.ok).toBe(false);
    expect(await platform.db.select().from(orders).where(eq(orders.placementToken, fresh.draft.token))).toHaveLength(0);
  });
});

describe("validation", () => {
  it("keeps a draft to the staff member who started it", async ({ platform }) => {
    const open = await draftFor(platform, { kind: "member", memberId: MEMBER_ID });
    expect(await openPhoneOrder(platform.db, COLLEAGUE, open.id, now)).toBeNull();
    expect(await openPhoneOrder(platform.db, STAFF, crypto.randomUUID(), now)).toBeNull();
    // A shopper's cart is never a draft.
    const shopperCart = await ensureCart(platform.db, { userId: MEMBER_ID });
    expect(await openPhoneOrder(platform.db, STAFF, shopperCart, now)).toBeNull();
  });

  it("refuses a suspended member, an unknown one, and a staff account", async ({ platform }) => {
    await platform.db.update(users).set({ suspendedAt: now }).where(eq(users.id, OTHER_ID));
    expect(await startPhoneOrder(platform.db, STAFF, { kind: "member", memberId: OTHER_ID }, "phone", now)).toEqual({
      ok: false,
      error: PHONE_ORDER_MESSAGES.memberUnavailable,
    });
    expect(await startPhoneOrder(platform.db, STAFF, { kind: "member", memberId: 999_999 }, "phone", now)).toEqual({
      ok: false,
      error: PHONE_ORDER_MESSAGES.memberNotFound,
    });
    expect(await startPhoneOrder(platform.db, STAFF, { kind: "member", memberId: STAFF_ID }, "phone", now)).toEqual({
      ok: false,
      error: PHONE_ORDER_MESSAGES.memberNotFound,
    });
  });

  it("writes nothing when any detail is refused", async ({ platform }) => {
    const open = await draftFor(platform, { kind: "member", memberId: MEMBER_ID });
    await add(open, await productId(platform, "DEMO-SIMPLE"), 1);
    const stored = async () => platform.db.select().from(carts).where(eq(carts.id, open.id)).get();
    const before = await stored();
    const refusals: [Partial<PhoneOrderDetails>, RegExp][] = [
      [{ addressChoice: 3, payment: "cod" }, /お届け先が見つかりません/],
      [{ addressChoice: "typed", payment: "cod" }, /お届け先を選択するか入力してください/],
      [{ addressChoice: 1, deliveryDate: "2000-01-01", payment: "cod" }, /お届け希望日/],
      [{ addressChoice: 1, payment: "cod", coupon: "NO-SUCH-COUPON" }, /クーポン/],
      [{ addressChoice: 1, payment: "cod", points: "abc" }, /ポイント/],
      [{ addressChoice: 1, payment: "cod", points: "99999999" }, /ポイント/],
    ];
    for (const [overrides, message] of refusals) {
      const result = await savePhoneOrderDetails(await reopen(platform, open), details(overrides));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(message);
    }
    const after = await stored();
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it("refuses points for a guest and an order without an address or payment", async ({ platform }) => {
    const open = await draftFor(platform, { kind: "guest", ...GUEST });
    await add(open, await productId(platform, "DEMO-SIMPLE"), 1);
    const points = await savePhoneOrderDetails(open, details({ points: "100" }));
    expect(points).toEqual({ ok: false, error: "ポイントのご利用にはログインが必要です。" });
    const fresh = await reopen(platform, open);
    const confirmation = await phoneOrderConfirmation(fresh);
    expect(confirmation.missing).toEqual([PHONE_ORDER_MESSAGES.addressRequired, PHONE_ORDER_MESSAGES.paymentRequired]);
    expect(await placePhoneOrder(fresh, STAFF, confirmation.shown, TEST_MAIL_FRAME)).toMatchObject({ ok: false, error: PHONE_ORDER_MESSAGES.addressRequired });
    expect(await platform.db.select().from(orders).where(eq(orders.placementToken, fresh.draft.token))).toHaveLength(0);
  });
});
