/**
 * The order is placed exactly as the checkout page showed it (特定商取引法's final confirmation), one
 * cart never becomes two orders, a guest's order is shown only to the cart that placed it, and the
 * payment method decides the first status. Real local D1; the races are sent at once with Promise.all.
 */
import { and, count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { CHECKOUT_MESSAGES } from "~/core/checkout/checkout";
import { CONFIRMATION_MESSAGES, orderFingerprint } from "~/core/checkout/order-confirmation";
import { cartLines, orders, products } from "~/db/schema";
import type { CartActor } from "~/services/cart/cart.server";
import { addLine } from "~/services/cart/cart-line-ops.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { findPlacedOrder, placeOrder, type PlaceOrderInput } from "~/services/checkout/checkout.server";
import { cartWith, TEST_MAIL_FRAME, TOKYO_ADDRESS, tokyoGuest } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();

const guestActor = (platform: TestPlatform, cartId: string): CartActor => ({ db: platform.db, owner: { cartId }, session: {}, now });

async function product(platform: TestPlatform, sku: string) {
  return (await platform.db.select().from(products).where(eq(products.sku, sku)).get())!;
}

async function shownTo(shopper: CartActor, paymentMethod: PlaceOrderInput["paymentMethod"] = "bank_transfer") {
  return orderFingerprint((await loadCart(shopper.db, shopper.owner, shopper.session, shopper.now, { paymentMethod })).cart);
}

function order(email: string, shown: string, overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    placementToken: crypto.randomUUID(),
    shown,
    guest: tokyoGuest(email),
    address: { address: TOKYO_ADDRESS, save: false },
    paymentMethod: "bank_transfer",
    deliveryDate: null,
    deliveryTimeSlot: null,
    mailFrame: TEST_MAIL_FRAME,
    ...overrides,
  };
}

/** One more of `sku` in this cart: answers the id of its row. */
async function addedTo(platform: TestPlatform, cartId: string, sku: string): Promise<number> {
  const item = await product(platform, sku);
  await addLine(platform.db, cartId, {
    productId: item.id,
    variationId: null,
    choiceSku: null,
    optionChoiceIds: [],
    quantity: 1,
    isPreorder: false,
    subscribe: null,
  });
  return (await platform.db
    .select({ id: cartLines.id })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, item.id)))
    .get())!.id;
}

const ordersOfCart = async (platform: TestPlatform, cartId: string) =>
  (await platform.db.select({ n: count() }).from(orders).where(eq(orders.cartId, cartId)))[0]?.n ?? 0;

describe("the final confirmation", () => {
  it("places nothing when another shopper took stock after the page was shown, and says what changed", async ({ platform }) => {
    const item = await product(platform, "DEMO-LOWSTOCK");
    await platform.db.update(products).set({ inventory: 2 }).where(eq(products.id, item.id));
    const mine = await cartWith(platform.db, {}, "DEMO-LOWSTOCK", 2);
    const myPage = await shownTo(guestActor(platform, mine));
    const theirs = await cartWith(platform.db, {}, "DEMO-LOWSTOCK", 1);
    expect((await placeOrder(guestActor(platform, theirs), order("theirs@example.jp", await shownTo(guestActor(platform, theirs))))).ok).toBe(true);

    // One unit is left: the order I confirmed (2 units) is not silently placed for 1.
    const result = await placeOrder(guestActor(platform, mine), order("mine@example.jp", myPage));
    expect(result).toMatchObject({ ok: false, error: CONFIRMATION_MESSAGES.changed, field: "cart" });
    if (!result.ok) {
      expect(result.changes).toEqual([
        `「${item.title}」の数量が2点から1点に変わりました（在庫・ご購入上限による）。`,
        expect.stringMatching(/^お支払い合計が.+から.+に変わりました/),
      ]);
    }
    expect(await ordersOfCart(platform, mine)).toBe(0);
    // Confirming the changed cart, as the page now shows it, places it.
    expect((await placeOrder(guestActor(platform, mine), order("mine@example.jp", await shownTo(guestActor(platform, mine))))).ok).toBe(true);
  });

  it("under a rush, every order placed has exactly the quantity its page showed", async ({ platform }) => {
    const item = await product(platform, "DEMO-LOWSTOCK");
    await platform.db.update(products).set({ inventory: 3 }).where(eq(products.id, item.id));
    const carts = await Promise.all(Array.from({ length: 6 }, () => cartWith(platform.db, {}, "DEMO-LOWSTOCK", 2)));
    const pages = await Promise.all(carts.map((cartId) => shownTo(guestActor(platform, cartId))));
    const results = await Promise.all(carts.map((cartId, index) => placeOrder(guestActor(platform, cartId), order(`rush-${index}@example.jp`, pages[index]!))));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const [index, cartId] of carts.entries()) {
      const placed = await platform.db.select().from(orders).where(eq(orders.cartId, cartId));
      expect(placed).toHaveLength(results[index]!.ok ? 1 : 0);
      if (placed[0]) expect(placed[0].cartState).toMatch(/x2$/);
    }
    expect((await product(platform, "DEMO-LOWSTOCK")).inventory).toBe(1);
  });

  it("charges the payment method's fee only when the page showed it", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const shownWithoutFee = await shownTo(guestActor(platform, cartId), "bank_transfer");
    const refused = await placeOrder(guestActor(platform, cartId), order("fee@example.jp", shownWithoutFee, { paymentMethod: "cod" }));
    // Said as what it is: the fee of the method chosen, added to the total (the order itself did not change).
    expect(refused).toMatchObject({ ok: false, error: CONFIRMATION_MESSAGES.feeApplied });
    if (!refused.ok) {
      expect(refused.changes).toEqual([
        "お支払い方法「代金引換」の手数料330円が加わりました。",
        "お支払い合計が2,640円から2,970円に変わりました（送料・手数料・割引を含む）。",
      ]);
    }
    expect(await ordersOfCart(platform, cartId)).toBe(0);
    const placed = await placeOrder(
      guestActor(platform, cartId),
      order("fee@example.jp", await shownTo(guestActor(platform, cartId), "cod"), { paymentMethod: "cod" }),
    );
    expect(placed.ok).toBe(true);
  });

  it("refuses a fingerprint it cannot read", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    expect(await placeOrder(guestActor(platform, cartId), order("bad@example.jp", "garbage"))).toMatchObject({
      ok: false,
      error: CONFIRMATION_MESSAGES.unreadable,
    });
    expect(await ordersOfCart(platform, cartId)).toBe(0);
  });
});

describe("one cart, two checkout tabs", () => {
  it("makes one order when both tabs submit at once, and the other tab is told with a link", async ({ platform }) => {
    const simple = await product(platform, "DEMO-SIMPLE");
    for (let trial = 0; trial < 5; trial += 1) {
      const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
      const shown = await shownTo(guestActor(platform, cartId));
      const results = await Promise.all([
        placeOrder(guestActor(platform, cartId), order(`tab-a-${trial}@example.jp`, shown)),
        placeOrder(guestActor(platform, cartId), order(`tab-b-${trial}@example.jp`, shown)),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(await ordersOfCart(platform, cartId)).toBe(1);
      const placed = (await platform.db.select().from(orders).where(eq(orders.cartId, cartId)).get())!;
      const refused = results.find((result) => !result.ok);
      expect(refused).toEqual({
        ok: false,
        error: CONFIRMATION_MESSAGES.alreadyPlaced(placed.number),
        field: "cart",
        placedOrder: { number: placed.number, href: `/checkout/thanks/${placed.number}?already=1` },
      });
    }
    expect((await product(platform, "DEMO-SIMPLE")).inventory).toBe(simple.inventory - 5);
  });

  it("tells a tab submitted after the other one finished that the cart was already ordered", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const shown = await shownTo(guestActor(platform, cartId));
    const first = await placeOrder(guestActor(platform, cartId), order("first@example.jp", shown));
    expect(first.ok).toBe(true);
    const second = await placeOrder(guestActor(platform, cartId), order("second@example.jp", shown));
    expect(second).toMatchObject({ ok: false, placedOrder: { href: expect.stringMatching(/^\/checkout\/thanks\//) } });
    expect(await ordersOfCart(platform, cartId)).toBe(1);
  });
});

describe("a cart row's id is never used again", () => {
  it("gives a row added after an order a new id, so a later changed cart is told it changed, not that it was ordered", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const first = await placeOrder(guestActor(platform, cartId), order("again@example.jp", await shownTo(guestActor(platform, cartId))));
    expect(first.ok).toBe(true);
    const consumed = (await platform.db.select().from(orders).where(eq(orders.cartId, cartId)).get())!.cartState;

    // The same item again (the cart's newest row was the one the order took): a new row, with an id of its own.
    const again = await addedTo(platform, cartId, "DEMO-SIMPLE");
    expect(consumed).not.toBe(`${again}x1`);

    // The page showed that cart; then it changed (another item): the shopper is told what changed.
    const shown = await shownTo(guestActor(platform, cartId));
    await addedTo(platform, cartId, "DEMO-LOWSTOCK");
    const result = await placeOrder(guestActor(platform, cartId), order("again@example.jp", shown));
    expect(result).toMatchObject({ ok: false, error: CONFIRMATION_MESSAGES.changed });
    expect(await ordersOfCart(platform, cartId)).toBe(1);
  });
});

describe("a guest's order belongs to the cart that placed it", () => {
  it("is not shown to another guest replaying its placement token or opening its number", async ({ platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const request = order("owner@example.jp", await shownTo(guestActor(platform, cartId)));
    const placed = await placeOrder(guestActor(platform, cartId), request);
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;

    const stranger = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const replay = await placeOrder(guestActor(platform, stranger), { ...request, shown: await shownTo(guestActor(platform, stranger)) });
    expect(replay).toEqual({ ok: false, error: CHECKOUT_MESSAGES.formExpired, field: "cart" });
    expect(await findPlacedOrder(platform.db, placed.orderNumber, { cartId: stranger })).toBeNull();

    // The owner's own double submit finds the order, and the owner's cart may open its thank-you page.
    expect(await placeOrder(guestActor(platform, cartId), request)).toMatchObject({ ok: true, orderNumber: placed.orderNumber, replayed: true });
    expect(await findPlacedOrder(platform.db, placed.orderNumber, { cartId })).toMatchObject({ number: placed.orderNumber });
  });
});

describe("the first status follows the payment method", () => {
  it.for([
    ["bank_transfer", "pending_payment"],
    ["cod", "preparing"],
    ["konbini_postpay", "preparing"],
  ] as const)("%s → %s", async ([paymentMethod, status], { platform }) => {
    const cartId = await cartWith(platform.db, {}, "DEMO-SIMPLE", 1);
    const result = await placeOrder(
      guestActor(platform, cartId),
      order(`${paymentMethod}@example.jp`, await shownTo(guestActor(platform, cartId), paymentMethod), { paymentMethod }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((await platform.db.select().from(orders).where(eq(orders.id, result.orderId)).get())?.status).toBe(status);
  });
});
