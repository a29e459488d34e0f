/**
 * The guest order lookup (/order-lookup) on a real local D1: the right number and e-mail show that order
 * (status, every amount, lines, address, payment with the 振込先) through a grant in the signed session
 * cookie, never the URL; a wrong e-mail, a wrong number, malformed input and a member's order all get the
 * same message; attempts are limited per network and per order number.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { ORDER_LOOKUP_GRANT_MS, ORDER_LOOKUP_MESSAGES, ORDER_LOOKUP_THROTTLE } from "~/core/orders/order-lookup";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { MEMBER_EMAIL } from "~/services/seed/people";
import { orders } from "~/db/schema";
import * as lookupPage from "~/routes/order-lookup";
import { placeOrder } from "~/services/checkout/checkout.server";
import type { OrderDetailShown } from "~/web/types/orders";
import { cartWithSimple, shownFingerprint, TEST_MAIL_FRAME, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, expectRedirect, pageRequest, postRequest, run, sessionCookie, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

type Page = { found: { detail: OrderDetailShown; bankTransfer: { total: number } | null; shownUntil: Date } | null; isMember: boolean };
type Reply = { error?: Record<string, string[] | null>; initialValue?: Record<string, string> };

/** A guest's 銀行振込 order, placed through the checkout; answers its number and id. */
async function guestOrder(platform: TestPlatform, email: string) {
  const cartId = await cartWithSimple(platform.db, {});
  const owner = { cartId };
  const placed = await placeOrder(
    { db: platform.db, owner, session: {}, now: new Date() },
    {
      placementToken: crypto.randomUUID(),
      shown: await shownFingerprint(platform.db, owner),
      guest: { email, lastname: "佐藤", firstname: "一郎", lastnameJp: "サトウ", firstnameJp: "イチロウ" },
      address: { address: TOKYO_ADDRESS, save: false },
      mailFrame: TEST_MAIL_FRAME,
      paymentMethod: "bank_transfer",
      deliveryDate: null,
      deliveryTimeSlot: null,
    },
  );
  if (!placed.ok) throw new Error("the guest order was refused");
  return { number: placed.orderNumber, id: placed.orderId };
}

const lookUp = (platform: TestPlatform, fields: Record<string, string>, options: { ip?: string; cookie?: string } = {}) =>
  run(platform, lookupPage.action as RouteHandler, postRequest("/order-lookup", fields, { mode: "navigate", ...options }));

const pageWith = async (platform: TestPlatform, cookie?: string) =>
  valueOf<Page>(await run(platform, lookupPage.loader as RouteHandler, pageRequest("/order-lookup", cookie)));

const formError = async (outcome: Awaited<ReturnType<typeof lookUp>>) => (await valueOf<Reply>(outcome)).error?.[""];

describe("/order-lookup", () => {
  it("shows the order for its number and e-mail — status, amounts, lines, address, 振込先 — kept by a grant in the cookie, not the URL", async ({
    platform,
  }) => {
    const order = await guestOrder(platform, "guest-buyer@example.jp");
    // Typed as a Japanese keyboard may: full-width digits and dash, a capitalised address with spaces.
    const typed = order.number.replace(/\d/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + 0xfee0)).replace("-", "－");
    const outcome = await lookUp(platform, { number: typed, email: "  Guest-Buyer@Example.jp " }, { ip: "198.51.100.1" });
    expectRedirect(outcome, 303, "/order-lookup#result");
    const cookie = sessionCookie(outcome.response!);

    const { found } = await pageWith(platform, cookie);
    const stored = (await platform.db.select().from(orders).where(eq(orders.id, order.id)).get())!;
    expect(found?.detail.order).toMatchObject({
      number: order.number,
      status: "pending_payment",
      statusLabel: "お支払い待ち",
      paymentLabel: PAYMENT_METHODS.bank_transfer.label,
      total: stored.total,
      subtotal: stored.subtotal,
      shippingFee: stored.shippingFee,
    });
    expect(found?.detail.order.shipTo).toEqual({ name: "佐藤 一郎", postal: "〒100-0001", street: expect.stringContaining("千代田区") });
    expect(found?.detail.order.shipTo).not.toHaveProperty("phone");
    expect([...found!.detail.unshippedLines, ...found!.detail.shipments.flatMap((shipment) => shipment.lines)].map((line) => line.sku)).toEqual([
      "DEMO-SIMPLE",
    ]);
    expect(found?.bankTransfer?.total).toBe(stored.total);
    expect(found!.shownUntil.getTime() - Date.now()).toBeLessThanOrEqual(ORDER_LOOKUP_GRANT_MS);

    // A reload shows it again; without the cookie, or after 「表示を終える」, only the form.
    expect((await pageWith(platform, cookie)).found?.detail.order.number).toBe(order.number);
    expect((await pageWith(platform)).found).toBeNull();
    const unknownIntent = await run(
      platform,
      lookupPage.action as RouteHandler,
      postRequest("/order-lookup", { intent: "drop" }, { cookie, mode: "navigate" }),
    );
    expect(unknownIntent.status).toBe(400);
    expect(await unknownIntent.response?.text()).toContain(MALFORMED_INPUT_MESSAGE);
    expect((await pageWith(platform, cookie)).found?.detail.order.number).toBe(order.number);
    const forgotten = await run(platform, lookupPage.action as RouteHandler, postRequest("/order-lookup", { intent: "forget" }, { cookie, mode: "navigate" }));
    expectRedirect(forgotten, 303, "/order-lookup");
    expect((await pageWith(platform, sessionCookie(forgotten.response!))).found).toBeNull();
  });

  it("answers a wrong e-mail, a wrong number, malformed input and a member's order with the same message", async ({ platform }) => {
    const order = await guestOrder(platform, "same-message@example.jp");
    const member = (await platform.db.select().from(orders).where(eq(orders.email, MEMBER_EMAIL)).get())!;
    const attempts = [
      { number: order.number, email: "someone-else@example.jp" },
      { number: order.number.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10)), email: "same-message@example.jp" },
      { number: "abc", email: "same-message@example.jp" },
      { number: "' or 1=1 --", email: "x" },
      { number: order.number, email: "same-message@example.jp".repeat(20) },
      { number: member.number, email: MEMBER_EMAIL },
    ];
    for (const [index, fields] of attempts.entries()) {
      const outcome = await lookUp(platform, fields, { ip: `203.0.113.${index + 1}` });
      expect(outcome.status, JSON.stringify(fields)).toBe(400);
      expect(await formError(outcome), JSON.stringify(fields)).toEqual([ORDER_LOOKUP_MESSAGES.notFound]);
    }
    const empty = await lookUp(platform, { number: " ", email: "" });
    expect((await valueOf<Reply>(empty)).error).toMatchObject({ number: ["注文番号を入力してください"], email: ["メールアドレスを入力してください"] });
  });

  it("limits guesses at one order number from one network, without locking out its buyer elsewhere", async ({ platform }) => {
    const order = await guestOrder(platform, "guessed-order@example.jp");
    for (let attempt = 0; attempt < ORDER_LOOKUP_THROTTLE.orderAndIp.maxAttempts; attempt++) {
      expect(await formError(await lookUp(platform, { number: order.number, email: `guess-${attempt}@example.jp` }, { ip: "192.0.2.10" }))).toEqual([
        ORDER_LOOKUP_MESSAGES.notFound,
      ]);
    }
    const locked = await lookUp(platform, { number: order.number, email: "guessed-order@example.jp" }, { ip: "192.0.2.10" });
    expect((await formError(locked))?.[0]).toMatch(/一時的に照会を制限しています。\d+分後/);
    expectRedirect(await lookUp(platform, { number: order.number, email: "guessed-order@example.jp" }, { ip: "192.0.2.99" }), 303, "/order-lookup#result");
  });

  it("limits one network trying many order numbers", async ({ platform }) => {
    for (let attempt = 0; attempt < ORDER_LOOKUP_THROTTLE.ip.maxAttempts; attempt++) {
      await lookUp(platform, { number: `20260101-${String(attempt).padStart(6, "0")}`, email: "prober@example.jp" }, { ip: "192.0.2.20" });
    }
    const locked = await lookUp(platform, { number: "20260101-999999", email: "prober@example.jp" }, { ip: "192.0.2.20" });
    expect((await formError(locked))?.[0]).toMatch(/一時的に照会を制限しています/);
  });

  it("shows nothing for a grant that ran out, or whose order has joined an account", async ({ platform }) => {
    const order = await guestOrder(platform, "grant@example.jp");
    const { sessionStorage } = contextFor(platform);
    const withGrant = async (expiresAt: number) => {
      const session = await sessionStorage.getSession();
      session.set("orderLookup", { orderId: order.id, expiresAt });
      return (await sessionStorage.commitSession(session)).split(";")[0]!;
    };
    expect((await pageWith(platform, await withGrant(Date.now() - 1))).found).toBeNull();

    const live = await withGrant(Date.now() + 60_000);
    expect((await pageWith(platform, live)).found?.detail.order.id).toBe(order.id);
    await platform.db.update(orders).set({ userId: 3 }).where(eq(orders.id, order.id));
    expect((await pageWith(platform, live)).found).toBeNull();
  });
});
