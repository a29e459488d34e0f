/**
 * Placing an order when the database fails for a reason of its own (issue 14.5): only a guard or a
 * constraint that a racing request can break means "the cart changed meanwhile"; a D1 fault or a wrong
 * statement is thrown (and logged with the request), never worded to the shopper as a changed cart. D1
 * refusing the order's batch for load (issue 39) is answered with the form kept and a retry-later message.
 */
import { count, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, vi } from "vitest";
import { CHECKOUT_MESSAGES } from "~/core/checkout/checkout";
import { isD1Overloaded } from "~/db/client.server";
import { cartLines, merchants, orders, products } from "~/db/schema";
import { handleError } from "~/entry.server";
import { action as checkoutAction } from "~/routes/checkout";
import type { CartActor } from "~/services/cart/cart.server";
import { placeOrder, type PlaceOrderInput } from "~/services/checkout/checkout.server";
import { guard, isGuardFailure } from "~/services/orders/order-guards.server";
import { cartWithSimple, shippingFields, shownFingerprint, TEST_MAIL_FRAME, TOKYO_ADDRESS, tokyoGuest } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import type { CheckoutActionData } from "~/web/types/checkout";
import { contextFor, guestCartCookie, postRequest, run, valueOf } from "../support/requests";

// `breakShipments()` makes a fault inside the order's batch: writing a shipment reads a table that is not
// there (a broken deploy). The fault is removed after the test that made it.
const it = platformTest().extend<{ breakShipments: () => Promise<void> }>({
  breakShipments: async ({ platform }, provide) => {
    await provide(async () => {
      await platform.env.DB.prepare("create trigger simulated_fault before insert on order_shipments begin select * from table_gone_missing; end").run();
    });
    await platform.env.DB.prepare("drop trigger if exists simulated_fault").run();
  },
});
afterEach(() => {
  vi.restoreAllMocks();
});

const guestActor = (platform: TestPlatform, cartId: string): CartActor => ({ db: platform.db, owner: { cartId }, session: {}, now: new Date() });

async function order(platform: TestPlatform, cartId: string, email: string): Promise<PlaceOrderInput> {
  return {
    placementToken: crypto.randomUUID(),
    shown: await shownFingerprint(platform.db, { cartId }),
    guest: tokyoGuest(email),
    address: { address: TOKYO_ADDRESS, save: false },
    paymentMethod: "bank_transfer",
    deliveryDate: null,
    deliveryTimeSlot: null,
    mailFrame: TEST_MAIL_FRAME,
  };
}

const orderCount = async (platform: TestPlatform) => (await platform.db.select({ n: count() }).from(orders).get())?.n ?? 0;

describe("a fault while the order is written", () => {
  it("is thrown, not answered as a changed cart, and writes nothing", async ({ platform, breakShipments }) => {
    const cartId = await cartWithSimple(platform.db, {});
    const input = await order(platform, cartId, "fault@example.jp");
    const before = await orderCount(platform);
    await breakShipments();
    await expect(placeOrder(guestActor(platform, cartId), input)).rejects.toThrow(/table_gone_missing/);
    expect(await orderCount(platform)).toBe(before);
    expect(await platform.db.select().from(cartLines).where(eq(cartLines.cartId, cartId))).toHaveLength(1);
  });

  it("fails the checkout post itself (an error page, logged), with no cart message", async ({ platform, breakShipments }) => {
    const cartId = await cartWithSimple(platform.db, {});
    const cookie = await guestCartCookie(platform, cartId);
    const fields = {
      token: crypto.randomUUID(),
      shown: await shownFingerprint(platform.db, { cartId }),
      payment: "bank_transfer",
      email: "fault-post@example.jp",
      lastname: "佐藤",
      firstname: "一郎",
      lastname_jp: "サトウ",
      firstname_jp: "イチロウ",
      agreement: "1",
      ...shippingFields(),
    };
    await breakShipments();
    await expect(run(platform, checkoutAction, postRequest("/checkout", fields, { cookie, mode: "navigate" }))).rejects.toThrow(/table_gone_missing/);
    expect((await platform.db.select().from(orders).where(eq(orders.email, "fault-post@example.jp"))).length).toBe(0);
  });
});

describe("isGuardFailure, on the errors local D1 really raises", () => {
  async function errorOf(statement: () => Promise<unknown>): Promise<unknown> {
    try {
      await statement();
    } catch (error) {
      return error;
    }
    throw new Error("the statement did not fail");
  }
  it("counts a failed guard and the constraints a racing request breaks", async ({ platform }) => {
    const { db } = platform;
    expect(isGuardFailure(await errorOf(() => db.batch([guard(db, sql`1 = 0`), db.select().from(merchants)])))).toBe(true);
    const merchant = (await db.select().from(merchants).get())!;
    expect(isGuardFailure(await errorOf(() => db.insert(merchants).values({ ...merchant })))).toBe(true);
    expect(isGuardFailure(await errorOf(() => db.update(products).set({ inventory: -1 }).where(eq(products.sku, "DEMO-SIMPLE"))))).toBe(true);
  });

  it("does not count a missing table, a NOT NULL violation or anything that is not an error", async ({ platform }) => {
    const { db } = platform;
    expect(isGuardFailure(await errorOf(() => db.run(sql`select * from table_gone_missing`)))).toBe(false);
    expect(isGuardFailure(await errorOf(() => db.run(sql`insert into merchants (slug, name, shipping_fee) values (null, 'x', 1)`)))).toBe(false);
    expect(isGuardFailure(new Error("D1_ERROR: Network connection lost."))).toBe(false);
    expect(isGuardFailure("integer overflow")).toBe(false);
  });
});

describe("handleError", () => {
  it("logs an unexpected error with the request it failed", ({ platform }) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = new Error("D1_ERROR: Network connection lost.");
    handleError(error, { request: new Request("http://shop.test/checkout", { method: "POST" }), params: {}, context: contextFor(platform) });
    expect(log).toHaveBeenCalledWith("POST /checkout failed:", error);
  });

  it("stays quiet about a request the visitor abandoned", ({ platform }) => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const controller = new AbortController();
    controller.abort();
    handleError(new Error("aborted"), { request: new Request("http://shop.test/", { signal: controller.signal }), params: {}, context: contextFor(platform) });
    expect(log).not.toHaveBeenCalled();
  });
});

/** D1's answer to a batch when the database has more queued than it can run (Cloudflare's D1 error list). */
const OVERLOADED = "D1_ERROR: D1 DB is overloaded. Too many requests queued.";

/** The platform with a D1 whose batches (the order's) are refused as overloaded; single statements still run. */
function overloadedBatches(platform: TestPlatform): TestPlatform {
  const d1 = platform.env.DB;
  const refuse = async () => {
    throw new Error(OVERLOADED);
  };
  const DB = { ...d1, batch: refuse, withSession: (start?: string) => ({ ...d1.withSession(start), batch: refuse }) } as unknown as D1Database;
  return { ...platform, env: { ...platform.env, DB } };
}

describe("D1 overloaded when the order's batch is sent", () => {
  it("tells D1's overload apart from guards and other faults, through Drizzle's cause", () => {
    expect(isD1Overloaded(new Error(OVERLOADED))).toBe(true);
    expect(isD1Overloaded(new Error("Failed query", { cause: new Error("D1_ERROR: D1 DB is overloaded. Requests queued for too long.") }))).toBe(true);
    expect(isD1Overloaded(new Error("D1_ERROR: Network connection lost."))).toBe(false);
    expect(isGuardFailure(new Error(OVERLOADED))).toBe(false);
  });

  for (const mode of ["navigate", "cors"] as const) {
    it(`answers the form again with what was typed and a retry-later message, 503, nothing written (JS ${mode === "cors" ? "on" : "off"})`, async ({
      platform,
    }) => {
      const cartId = await cartWithSimple(platform.db, {});
      const cookie = await guestCartCookie(platform, cartId);
      const email = `busy-${mode}@example.jp`;
      const fields = {
        token: crypto.randomUUID(),
        shown: await shownFingerprint(platform.db, { cartId }),
        payment: "bank_transfer",
        email,
        lastname: "佐藤",
        firstname: "一郎",
        lastname_jp: "サトウ",
        firstname_jp: "イチロウ",
        agreement: "1",
        ...shippingFields(),
      };
      const stockBefore = (await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, "DEMO-SIMPLE")).get())?.inventory;
      const busy = overloadedBatches(platform);
      const outcome = await run(busy, checkoutAction, postRequest("/checkout", fields, { cookie, mode }));
      expect(outcome.status).toBe(503);
      const answer = await valueOf<CheckoutActionData>(outcome);
      expect(answer.error?.[""]).toEqual([CHECKOUT_MESSAGES.busy]);
      expect(answer.initialValue).toMatchObject({
        email,
        lastname: "佐藤",
        firstnameJp: "イチロウ",
        payment: "bank_transfer",
        shipping: { postal_code: "1000001", city: "千代田区", address2: "千代田ハイツ101" },
      });
      expect(await platform.db.select().from(orders).where(eq(orders.email, email))).toHaveLength(0);
      expect(await platform.db.select().from(cartLines).where(eq(cartLines.cartId, cartId))).toHaveLength(1);
      expect((await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, "DEMO-SIMPLE")).get())?.inventory).toBe(
        stockBefore,
      );

      // A moment later D1 takes it: the same form (same token) places the order once.
      const placed = await run(platform, checkoutAction, postRequest("/checkout", fields, { cookie, mode }));
      expect(placed.status).toBe(303);
      expect(await platform.db.select().from(orders).where(eq(orders.email, email))).toHaveLength(1);
    });
  }
});
