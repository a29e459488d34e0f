import { and, count, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect } from "vitest";
import { CHECKOUT_MESSAGES } from "~/core/checkout/checkout";
import * as v from "valibot";
import { AddressSchema } from "~/core/address/address-form";
import { ADDRESS_BOOK_LIMIT } from "~/core/limits";
import {
  addresses,
  cartLines,
  couponUses,
  coupons,
  notificationMails,
  orderLines,
  orders,
  orderShipments,
  pointLedger,
  products,
  subscriptions,
  users,
} from "~/db/schema";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import { changeAddressBook } from "~/services/address/addresses.server";
import { ensureCart, updateCart, type CartActor } from "~/services/cart/cart.server";
import { addLine } from "~/services/cart/cart-line-ops.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { placeOrder, type PlaceOrderInput } from "~/services/checkout/checkout.server";
import { loadOrder, loadReceipt } from "~/services/orders/orders.server";
import { MEMBER_ID } from "~/services/seed/people";
import { TEST_MAIL_FRAME, TOKYO_ADDRESS, tokyoGuest } from "../support/orders";
import { platformTest, type PlatformFixtures, type TestPlatform, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();

const line = (productId: number, quantity: number, extra: Partial<Parameters<typeof addLine>[2]> = {}) => ({
  productId,
  variationId: null,
  choiceSku: null,
  optionChoiceIds: [],
  quantity,
  isPreorder: false,
  subscribe: null,
  ...extra,
});

function actor(platform: TestPlatform, owner: CartActor["owner"]): CartActor {
  return { db: platform.db, owner, session: {}, now };
}

type OrderRequest = Omit<PlaceOrderInput, "shown"> & { shown?: string };

/** What the checkout page shows this shopper for this payment method (its form carries it). */
async function shownTo(shopper: CartActor, paymentMethod: PlaceOrderInput["paymentMethod"]): Promise<string> {
  const view = await loadCart(shopper.db, shopper.owner, shopper.session, shopper.now, { paymentMethod });
  return orderFingerprint(view.cart);
}

/** Places the order as confirmed on the page the shopper was just shown (unless `shown` says otherwise). */
async function place(shopper: CartActor, request: OrderRequest) {
  return placeOrder(shopper, { ...request, shown: request.shown ?? (await shownTo(shopper, request.paymentMethod)) });
}

/** Fills the demo member's address book to one short of ADDRESS_BOOK_LIMIT; answers a reader of the book. */
async function fillBookToOneShort(platform: TestPlatform) {
  const book = () => platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).all();
  const { id: _id, ...columns } = (await book())[0]!;
  const room = ADDRESS_BOOK_LIMIT - 1 - (await book()).length;
  for (let index = 0; index < room; index++) await platform.db.insert(addresses).values({ ...columns, isDefault: false, title: `予備${index}` });
  return book;
}

function input(overrides: Partial<PlaceOrderInput> = {}): OrderRequest {
  return {
    placementToken: crypto.randomUUID(),
    address: { address: TOKYO_ADDRESS, save: false },
    paymentMethod: "bank_transfer",
    deliveryDate: null,
    deliveryTimeSlot: null,
    mailFrame: TEST_MAIL_FRAME,
    ...overrides,
  };
}

async function productRow(platform: TestPlatform, sku: string) {
  return (await platform.db.select().from(products).where(eq(products.sku, sku)).get())!;
}

async function guestCartWith(platform: TestPlatform, ...lines: ReturnType<typeof line>[]) {
  const cartId = await ensureCart(platform.db, {});
  for (const item of lines) await addLine(platform.db, cartId, item);
  return cartId;
}

describe("placeOrder for a member", () => {
  let memberCart: string;
  beforeEach<PlatformFixtures>(async ({ platform }) => {
    memberCart = await ensureCart(platform.db, { userId: MEMBER_ID });
    await platform.db.delete(cartLines).where(eq(cartLines.cartId, memberCart));
  });

  it("writes the order, lines, shipment, stock, points, mail and empties the cart in one go", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    const food = await productRow(platform, "DEMO-FOOD");
    await addLine(platform.db, memberCart, line(simple.id, 2));
    await addLine(platform.db, memberCart, line(food.id, 1));
    await updateCart(platform.db, memberCart, { pointAmount: 500 });
    const before = (await platform.db.select().from(users).where(eq(users.id, MEMBER_ID)).get())!;
    const [mailsBefore] = await platform.db.select({ n: count() }).from(notificationMails).where(eq(notificationMails.userId, MEMBER_ID));

    const saved = (await platform.db.select().from(addresses).where(eq(addresses.userId, MEMBER_ID)).get())!;
    const result = await place(actor(platform, { userId: MEMBER_ID }), input({ address: { savedId: saved.id }, paymentMethod: "cod" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;

    const order = (await platform.db.select().from(orders).where(eq(orders.id, result.orderId)).get())!;
    const goods = 1980 * 2 + food.regularPrice;
    expect(order.subtotal).toBe(goods);
    expect(order.shippingFee).toBe(goods >= 5000 ? 0 : 660);
    expect(order.extraFee).toBe(330);
    expect(order.pointsUsed).toBe(500);
    expect(order.total).toBe(goods + order.shippingFee + 330 - 500);
    expect(order.taxable8 + order.taxable10).toBe(order.total);
    expect(order.tax8).toBe(Math.floor((order.taxable8 * 8) / 108));
    expect(order.tax10).toBe(Math.floor((order.taxable10 * 10) / 110));
    expect(order.shipCity).toBe(saved.city);
    expect(order.number).toMatch(/^\d{8}-\d{6}$/);

    const lines = await platform.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.sku, l.quantity, l.unitPrice]).sort()).toEqual([
      ["DEMO-FOOD", 1, food.regularPrice],
      ["DEMO-SIMPLE", 2, 1980],
    ]);
    const [shipment] = await platform.db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    expect(shipment?.shippingFrom).toBe("warehouse");
    expect(lines.every((l) => l.shipmentId === shipment?.id)).toBe(true);

    expect((await productRow(platform, "DEMO-SIMPLE")).inventory).toBe(simple.inventory - 2);
    expect((await productRow(platform, "DEMO-FOOD")).inventory).toBe(food.inventory - 1);

    const after = (await platform.db.select().from(users).where(eq(users.id, MEMBER_ID)).get())!;
    // The points used come off at once; the points earned are 付与予定 until the order is paid for (decision 0036).
    expect(after.points).toBe(before.points - 500);
    expect(order.pointsEarned).toBeGreaterThan(0);
    expect(order).toMatchObject({ pointsGrantedAt: null, pointsGranted: 0 });
    const ledger = await platform.db.select().from(pointLedger).where(eq(pointLedger.orderId, order.id));
    expect(ledger.map((row) => [row.kind, row.amount])).toEqual([["used", -500]]);

    const [mailsAfter] = await platform.db.select({ n: count() }).from(notificationMails).where(eq(notificationMails.userId, MEMBER_ID));
    expect(mailsAfter!.n).toBe(mailsBefore!.n + 1);
    // The confirmation tells every figure of the total, the payment method and where it ships.
    const mail = (await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, MEMBER_ID)).orderBy(desc(notificationMails.id)).get())!;
    expect(mail.title).toBe(`【ご注文確認】ご注文ありがとうございます（注文番号 ${order.number}）`);
    for (const fact of [
      `商品小計：${order.subtotal.toLocaleString("ja-JP")}円`,
      "手数料（代金引換）：330円",
      "ポイント利用：−500円",
      `お支払い合計：${order.total.toLocaleString("ja-JP")}円（税込）`,
      `${order.pointsEarned}ポイントを獲得予定です（商品の発送後にご利用いただけます）`,
      `${saved.city}`,
      "お届け希望日時：指定なし",
      ...lines.map((row) => row.title),
    ]) {
      expect(mail.content).toContain(fact);
    }
    expect(await platform.db.select().from(cartLines).where(eq(cartLines.cartId, memberCart))).toEqual([]);
  });

  it("keeps a product-limited coupon's discount on its products' rate: the order, its page and its receipt (TEAFAIR on 煎茶)", async ({ platform }) => {
    const sencha = await productRow(platform, "DRINK-SENCHA");
    const simple = await productRow(platform, "DEMO-SIMPLE");
    await addLine(platform.db, memberCart, line(sencha.id, 1));
    await addLine(platform.db, memberCart, line(simple.id, 1));
    await updateCart(platform.db, memberCart, { couponCode: "TEAFAIR" });
    const result = await place(actor(platform, { userId: MEMBER_ID }), input({ paymentMethod: "bank_transfer" }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 煎茶 1,296 (8%) − 194 (15%) = 1,102 at 8%; at 10% the towel 1,980 and both parcels' shipping (660 + 660):
    // 3,300 → 300 tax. Spread by goods share, 76 of the 194 would have come off the 10% part.
    const order = (await platform.db.select().from(orders).where(eq(orders.id, result.orderId)).get())!;
    expect(order).toMatchObject({ discountCoupon: 194, total: 4402, taxable8: 1102, tax8: 81, taxable10: 3300, tax10: 300 });
    const taxLines = [
      { rate: 10, taxable: 3300, tax: 300 },
      { rate: 8, taxable: 1102, tax: 81 },
    ];
    expect((await loadOrder(platform.db, MEMBER_ID, order.id))!.taxLines).toEqual(taxLines);
    expect((await loadReceipt(platform.db, MEMBER_ID, order.id))!.taxLines).toEqual(taxLines);
  });

  it("makes one order from a replayed checkout token", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    await addLine(platform.db, memberCart, line(simple.id, 1));
    const request = input({ paymentMethod: "bank_transfer" });
    const first = await place(actor(platform, { userId: MEMBER_ID }), request);
    await addLine(platform.db, memberCart, line(simple.id, 1));
    const second = await place(actor(platform, { userId: MEMBER_ID }), request);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(second.orderId).toBe(first.orderId);
    expect(second.replayed).toBe(true);
    const [{ n } = { n: 0 }] = await platform.db.select({ n: count() }).from(orders).where(eq(orders.placementToken, request.placementToken));
    expect(n).toBe(1);
    expect((await productRow(platform, "DEMO-SIMPLE")).inventory).toBe(simple.inventory - 1);
  });

  it("creates a subscription for a subscription row", async ({ platform }) => {
    const sub = await productRow(platform, "DEMO-SUBSCRIBE");
    await addLine(platform.db, memberCart, line(sub.id, 2, { subscribe: 1 }));
    const result = await place(actor(platform, { userId: MEMBER_ID }), input());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const created = await platform.db.select().from(subscriptions).where(eq(subscriptions.orderId, result.orderId));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ userId: MEMBER_ID, quantity: 2, periodMonths: 1, status: "active" });
    expect(created[0]!.nextShippingDate > created[0]!.createdAt.toISOString().slice(0, 10)).toBe(true);
  });

  it("saves a typed address only while the book has room (at most ADDRESS_BOOK_LIMIT); the order goes ahead either way", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    const book = await fillBookToOneShort(platform);
    const orderSaving = async () => {
      await addLine(platform.db, memberCart, line(simple.id, 1));
      return place(actor(platform, { userId: MEMBER_ID }), input({ address: { address: TOKYO_ADDRESS, save: true } }));
    };

    expect((await orderSaving()).ok).toBe(true);
    expect(await book()).toHaveLength(ADDRESS_BOOK_LIMIT);
    expect((await book()).filter((row) => row.address2 === TOKYO_ADDRESS.address2)).toHaveLength(1);
    // The book is full: the next order is placed, and the book keeps its 20.
    expect((await orderSaving()).ok).toBe(true);
    expect(await book()).toHaveLength(ADDRESS_BOOK_LIMIT);
  });

  it("a checkout saving its address and an add from another tab at once never pass ADDRESS_BOOK_LIMIT", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    const book = await fillBookToOneShort(platform);
    await addLine(platform.db, memberCart, line(simple.id, 1));
    const otherTab = v.parse(AddressSchema, {
      title: "",
      lastname: "別タブ",
      firstname: "花子",
      lastname_jp: "ベツタブ",
      firstname_jp: "ハナコ",
      postal_code: "1000001",
      prefecture: "13",
      city: "千代田区",
      district: "",
      address1: "2-2",
      address2: "",
      phone: "0312345678",
      default: "0",
    });
    const [order, added] = await Promise.all([
      place(actor(platform, { userId: MEMBER_ID }), input({ address: { address: TOKYO_ADDRESS, save: true } })),
      changeAddressBook(platform.db, MEMBER_ID, { intent: "add", address: otherTab }),
    ]);
    expect(order.ok).toBe(true);
    const saved = await book();
    expect(saved).toHaveLength(ADDRESS_BOOK_LIMIT);
    // The one place left went to exactly one of them.
    const fromCheckout = saved.filter((row) => row.address2 === TOKYO_ADDRESS.address2).length;
    const fromOtherTab = saved.filter((row) => row.lastname === "別タブ").length;
    expect(fromCheckout + fromOtherTab).toBe(1);
    expect(fromOtherTab).toBe(added.ok ? 1 : 0);
  });

  it("refuses another member's saved address", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    await addLine(platform.db, memberCart, line(simple.id, 1));
    const foreign = (await platform.db.select().from(addresses).where(eq(addresses.userId, 3)).get()) ?? { id: 999_999 };
    const result = await place(actor(platform, { userId: MEMBER_ID }), input({ address: { savedId: foreign.id } }));
    expect(result).toEqual({ ok: false, error: CHECKOUT_MESSAGES.addressNotFound, field: "address" });
  });
});

describe("placeOrder for guests", () => {
  it("registers the guest, saves the address and writes the mail when asked", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    const cartId = await guestCartWith(platform, line(simple.id, 1));
    const email = `guest-${Date.now()}@example.jp`;
    const result = await place(
      actor(platform, { cartId }),
      input({ guest: tokyoGuest(email), registration: { password: "password1234", newsletter: true }, address: { address: TOKYO_ADDRESS, save: true } }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const user = (await platform.db.select().from(users).where(eq(users.email, email)).get())!;
    expect(result.newUserId).toBe(user.id);
    expect(user.newsletter).toBe(true);
    const order = (await platform.db.select().from(orders).where(eq(orders.id, result.orderId)).get())!;
    expect(order.userId).toBe(user.id);
    expect(await platform.db.select().from(addresses).where(eq(addresses.userId, user.id))).toHaveLength(1);
    expect(await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, user.id))).toHaveLength(1);
  });

  it("takes a plain guest order without an account", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    const cartId = await guestCartWith(platform, line(simple.id, 1));
    const result = await place(actor(platform, { cartId }), input({ guest: tokyoGuest("plain-guest@example.jp") }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const order = (await platform.db.select().from(orders).where(eq(orders.id, result.orderId)).get())!;
    expect(order.userId).toBeNull();
    expect(order.email).toBe("plain-guest@example.jp");
  });

  it("refuses a guest subscription, changing nothing", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    const sub = await productRow(platform, "DEMO-SUBSCRIBE");
    const subCart = await guestCartWith(platform, line(sub.id, 1, { subscribe: 1 }));
    const refused = await place(actor(platform, { cartId: subCart }), input({ guest: tokyoGuest("sub-guest@example.jp") }));
    expect(refused).toEqual({ ok: false, error: CHECKOUT_MESSAGES.subscriptionNeedsAccount, field: "email" });
    expect((await productRow(platform, "DEMO-SIMPLE")).inventory).toBe(simple.inventory);
  });

  it("refuses an empty cart and a cart with a sold-out row", async ({ platform }) => {
    expect(await place(actor(platform, { cartId: "none" }), input({ guest: tokyoGuest("x@example.jp") }))).toMatchObject({ ok: false, field: "cart" });
    const soldOut = await productRow(platform, "DEMO-SOLDOUT");
    const cartId = await guestCartWith(platform, line(soldOut.id, 1));
    const result = await place(actor(platform, { cartId }), input({ guest: tokyoGuest("y@example.jp") }));
    expect(result).toEqual({ ok: false, error: CHECKOUT_MESSAGES.unavailableItems, field: "cart" });
  });
});

describe("once-per-customer coupons", () => {
  it("are refused when applied again, and at checkout, after one use", async ({ platform }) => {
    const { applyCoupon } = await import("~/services/cart/cart-actions.server");
    await platform.db.update(coupons).set({ maxUsesPerUser: 1, maxUses: null }).where(eq(coupons.code, "SPRING10"));
    const memberCart = await ensureCart(platform.db, { userId: MEMBER_ID });
    await platform.db.delete(cartLines).where(eq(cartLines.cartId, memberCart));
    const simple = await productRow(platform, "DEMO-SIMPLE");
    await addLine(platform.db, memberCart, line(simple.id, 1));
    expect(await applyCoupon(actor(platform, { userId: MEMBER_ID }), "SPRING10")).toEqual({ ok: true });
    expect((await place(actor(platform, { userId: MEMBER_ID }), input())).ok).toBe(true);

    await addLine(platform.db, memberCart, line(simple.id, 1));
    expect(await applyCoupon(actor(platform, { userId: MEMBER_ID }), "SPRING10")).toMatchObject({
      ok: false,
      field: "coupon",
      error: "このクーポンはご利用済みです。",
    });
    await updateCart(platform.db, memberCart, { couponCode: "SPRING10" });
    expect(await place(actor(platform, { userId: MEMBER_ID }), input())).toEqual({
      ok: false,
      error: CHECKOUT_MESSAGES.couponUsedUp("SPRING10"),
      field: "cart",
    });
    await updateCart(platform.db, memberCart, { couponCode: null });
  });
});

describe("placeOrder under contention", () => {
  it("sells exactly the 5 units in stock to 20 simultaneous shoppers", async ({ platform }) => {
    const item = await productRow(platform, "DEMO-LOWSTOCK");
    await platform.db.update(products).set({ inventory: 5 }).where(eq(products.id, item.id));
    const carts = await Promise.all(Array.from({ length: 20 }, () => guestCartWith(platform, line(item.id, 1))));
    // Every shopper was shown the page before the rush.
    const shown = await Promise.all(carts.map((cartId) => shownTo(actor(platform, { cartId }), "bank_transfer")));
    const results = await Promise.all(
      carts.map((cartId, index) => place(actor(platform, { cartId }), input({ guest: tokyoGuest(`rush-${index}@example.jp`), shown: shown[index] }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === CHECKOUT_MESSAGES.changedMeanwhile)).toBe(true);
    expect((await productRow(platform, "DEMO-LOWSTOCK")).inventory).toBe(0);
    const sold = await platform.db.select({ n: count() }).from(orderLines).where(eq(orderLines.productId, item.id));
    expect(sold[0]?.n).toBe(5);
  });

  it("keeps a coupon's total use limit even when two orders race for the last use", async ({ platform }) => {
    const simple = await productRow(platform, "DEMO-SIMPLE");
    await platform.db.update(coupons).set({ maxUses: 1 }).where(eq(coupons.code, "WELCOME500"));
    const carts = await Promise.all([0, 1].map(() => guestCartWith(platform, line(simple.id, 1))));
    const { carts: cartsTable } = await import("~/db/schema");
    for (const cartId of carts) await platform.db.update(cartsTable).set({ couponCode: "WELCOME500" }).where(eq(cartsTable.id, cartId));
    const shown = await Promise.all(carts.map((cartId) => shownTo(actor(platform, { cartId }), "bank_transfer")));
    const results = await Promise.all(
      carts.map((cartId, index) => place(actor(platform, { cartId }), input({ guest: tokyoGuest(`coupon-${index}@example.jp`), shown: shown[index] }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const welcome = (await platform.db.select().from(coupons).where(eq(coupons.code, "WELCOME500")).get())!;
    const uses = await platform.db
      .select()
      .from(couponUses)
      .where(and(eq(couponUses.couponId, welcome.id)));
    expect(uses).toHaveLength(1);
  });
});
