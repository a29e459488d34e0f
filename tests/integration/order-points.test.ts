/**
 * The points an order earns (issue 34 item 5, decision 0036) on real local D1: they are 付与予定 until the
 * order is paid for — at 入金確認 for 銀行振込, once every parcel has shipped for 代金引換 — so a checkout
 * cannot spend them and a cancellation leaves no discount behind; once granted, a cancellation or a return
 * takes back what the goods earned, never below a zero balance, in the change's own guarded batch. The
 * races are sent at once with Promise.all.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { defaultListingQuery } from "~/core/search/listing";
import { POINT_LISTING } from "~/core/member/member-point-listing";
import type { OrderActor } from "~/core/orders/order-events";
import { orderFingerprint } from "~/core/checkout/order-confirmation";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import { pointsStillEarned } from "~/core/member/points";
import { cartLines, carts, orders, pointLedger, users } from "~/db/schema";
import { STAFF_ID } from "~/services/seed/people";
import { ensureCart } from "~/services/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { placeOrder } from "~/services/checkout/checkout.server";
import { loadPoints } from "~/services/member/member-points.server";
import { cancelOrder, cancelOrderLines } from "~/services/orders/order-cancellation.server";
import { loadOrderState } from "~/services/orders/order-changes.server";
import { loadOrder } from "~/services/orders/orders.server";
import { decideReturn } from "~/services/returns/return-decisions.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { confirmPayment, markShipmentDelivered, shipShipment } from "~/services/orders/order-transitions.server";
import { registeredMember } from "../support/members";
import { cartWith, TEST_MAIL_FRAME, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();
const STAFF: OrderActor = { kind: "staff", userId: STAFF_ID, name: "佐藤" };
const FIRST_PAGE = defaultListingQuery(POINT_LISTING);

type Db = TestPlatform["db"];

let members = 0;
/** A member of their own (no points, no orders), so each test reads its own balance and ledger. */
const freshMember = async (platform: TestPlatform) => (await registeredMember(platform, `points-${++members}@example.jp`)).id;

const balanceOf = async (db: Db, userId: number) => (await db.select({ points: users.points }).from(users).where(eq(users.id, userId)).get())!.points;
const ledgerOf = async (db: Db, userId: number) =>
  (
    await db
      .select({ kind: pointLedger.kind, amount: pointLedger.amount, orderId: pointLedger.orderId })
      .from(pointLedger)
      .where(eq(pointLedger.userId, userId))
  ).map((row) => [row.kind, row.amount, row.orderId]);
const ledgerSum = async (db: Db, userId: number) =>
  (await db
    .select({ n: sql<number>`coalesce(sum(${pointLedger.amount}), 0)` })
    .from(pointLedger)
    .where(eq(pointLedger.userId, userId))
    .get())!.n;
const pendingOf = async (db: Db, userId: number) => (await loadPoints(db, userId, FIRST_PAGE)).pending;

/** The member's order of these items (each sku × quantity), placed as the checkout places it; points used as asked. */
async function order(db: Db, userId: number, items: [sku: string, quantity: number][], paymentMethod: PaymentMethod, pointsUsed = 0) {
  const cartId = await ensureCart(db, { userId });
  await db.delete(cartLines).where(eq(cartLines.cartId, cartId));
  for (const [sku, quantity] of items) await cartWith(db, { userId }, sku, quantity);
  await db.update(carts).set({ pointAmount: pointsUsed }).where(eq(carts.id, cartId));
  const owner = { userId };
  return placeOrder(
    { db, owner, session: {}, now },
    {
      placementToken: crypto.randomUUID(),
      shown: orderFingerprint((await loadCart(db, owner, {}, now, { paymentMethod })).cart),
      address: { address: TOKYO_ADDRESS, save: false },
      paymentMethod,
      deliveryDate: null,
      deliveryTimeSlot: null,
      mailFrame: TEST_MAIL_FRAME,
    },
  );
}

async function placed(db: Db, userId: number, items: [string, number][], paymentMethod: PaymentMethod, pointsUsed = 0) {
  const result = await order(db, userId, items, paymentMethod, pointsUsed);
  if (!result.ok) throw new Error(`order refused: ${result.error}`);
  return (await loadOrderState(db, result.orderId))!;
}

async function shipEvery(db: Db, orderId: number, deliver = false) {
  for (const shipment of (await loadOrderState(db, orderId))!.shipments) {
    const access = { orderId, shipmentId: shipment.id, actor: STAFF, merchantId: null };
    expect(await shipShipment(db, access, { carrier: "yamato", trackingNumber: "123456789012" }, TEST_MAIL_FRAME, now)).toMatchObject({ ok: true });
    if (deliver) expect(await markShipmentDelivered(db, access, now)).toMatchObject({ ok: true });
  }
}

describe("points an order earns are 付与予定 until it is paid for", () => {
  it("cannot be spent by the next checkout, and a cancellation leaves no discount behind (not +E, −E, +14, −14)", async ({ platform }) => {
    const { db } = platform;
    const member = await freshMember(platform);
    const first = await placed(db, member, [["DEMO-SIMPLE", 3]], "bank_transfer");
    expect(first.pointsEarned).toBeGreaterThan(0);
    expect(await balanceOf(db, member)).toBe(0);
    expect(await pendingOf(db, member)).toBe(first.pointsEarned);

    // Spending them on another order is refused before anything is written: the balance does not hold them.
    const spend = await order(db, member, [["DEMO-SIMPLE", 1]], "bank_transfer", first.pointsEarned);
    expect(spend).toMatchObject({ ok: false });
    expect(await db.select().from(orders).where(eq(orders.userId, member))).toHaveLength(1);

    // Cancelling the first order: its points were never granted, so nothing is taken back and nothing is lost.
    expect(await cancelOrder(db, first.id, STAFF, "staff", TEST_MAIL_FRAME, now)).toMatchObject({ ok: true });
    expect(await balanceOf(db, member)).toBe(0);
    expect(await pendingOf(db, member)).toBe(0);
    expect(await ledgerOf(db, member)).toEqual([]);
  });

  it("shows the member the pending points on the points page and the order page, with when they become usable", async ({ platform }) => {
    const { db } = platform;
    const member = await freshMember(platform);
    const cod = await placed(db, member, [["DEMO-SIMPLE", 1]], "cod");
    const transfer = await placed(db, member, [["DEMO-SIMPLE", 2]], "bank_transfer");
    const points = await loadPoints(db, member, FIRST_PAGE);
    expect(points).toMatchObject({ balance: 0, pending: cod.pointsEarned + transfer.pointsEarned });
    expect(points.pendingOrders).toEqual([
      { orderId: transfer.id, orderNumber: transfer.number, points: transfer.pointsEarned, condition: "ご入金の確認後にご利用いただけます" },
      { orderId: cod.id, orderNumber: cod.number, points: cod.pointsEarned, condition: "商品の発送後にご利用いただけます" },
    ]);
    expect((await loadOrder(db, member, cod.id))!.order.points).toEqual({
      state: "pending",
      points: cod.pointsEarned,
      condition: "商品の発送後にご利用いただけます",
    });
    const view = await loadCart(db, { userId: member }, {}, now);
    expect(view).toMatchObject({ userPoints: 0, pendingPoints: cod.pointsEarned + transfer.pointsEarned });
  });
});

describe("the points become usable", () => {
  it("at 入金確認 for a 銀行振込 order, once, even when two staff confirm at once", async ({ platform }) => {
    const { db } = platform;
    const member = await freshMember(platform);
    const transfer = await placed(db, member, [["DEMO-SIMPLE", 2]], "bank_transfer");
    const outcomes = await Promise.all([
      confirmPayment(db, transfer.id, STAFF, TEST_MAIL_FRAME, now),
      confirmPayment(db, transfer.id, STAFF, TEST_MAIL_FRAME, now),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await balanceOf(db, member)).toBe(transfer.pointsEarned);
    expect(await ledgerOf(db, member)).toEqual([["earned", transfer.pointsEarned, transfer.id]]);
    expect(await pendingOf(db, member)).toBe(0);
    expect((await loadOrder(db, member, transfer.id))!.order.points).toEqual({ state: "granted", points: transfer.pointsEarned, withdrawn: 0 });
  });

  it("for a 代金引換 order when its last parcel ships, not before", async ({ platform }) => {
    const { db } = platform;
    const member = await freshMember(platform);
    const cod = await placed(
      db,
      member,
      [
        ["DEMO-SIMPLE", 1],
        ["DEMO-MERCHANT", 1],
      ],
      "cod",
    );
    expect(cod.shipments).toHaveLength(2);
    const [warehouse, merchant] = cod.shipments;
    const ship = (shipmentId: number) =>
      shipShipment(
        db,
        { orderId: cod.id, shipmentId, actor: STAFF, merchantId: null },
        { carrier: "yamato", trackingNumber: "123456789012" },
        TEST_MAIL_FRAME,
        now,
      );
    expect(await ship(warehouse!.id)).toMatchObject({ ok: true });
    expect(await balanceOf(db, member)).toBe(0);
    expect(await ship(merchant!.id)).toMatchObject({ ok: true });
    expect(await balanceOf(db, member)).toBe(cod.pointsEarned);
    expect(await ledgerSum(db, member)).toBe(cod.pointsEarned);
  });
});

describe("goods that come back take back their points", () => {
  it("cancelling a paid order takes back the points it granted, after returning the points it used", async ({ platform }) => {
    const { db } = platform;
    const member = await freshMember(platform);
    const earner = await placed(db, member, [["DEMO-SIMPLE", 3]], "bank_transfer");
    await confirmPayment(db, earner.id, STAFF, TEST_MAIL_FRAME, now);
    const granted = earner.pointsEarned;
    // A second order spends some of them, and is paid for too; then it is cancelled.
    const spender = await placed(db, member, [["DEMO-SIMPLE", 2]], "bank_transfer", 30);
    await confirmPayment(db, spender.id, STAFF, TEST_MAIL_FRAME, now);
    expect(await balanceOf(db, member)).toBe(granted - 30 + spender.pointsEarned);
    expect(await cancelOrder(db, spender.id, STAFF, "staff", TEST_MAIL_FRAME, now)).toMatchObject({ ok: true });
    expect(await balanceOf(db, member)).toBe(granted);
    expect((await ledgerOf(db, member)).filter(([, , orderId]) => orderId === spender.id)).toEqual([
      ["used", -30, spender.id],
      ["earned", spender.pointsEarned, spender.id],
      ["refunded", 30, spender.id],
      ["adjusted", -spender.pointsEarned, spender.id],
    ]);
    expect((await loadOrder(db, member, spender.id))!.order.points).toEqual({ state: "granted", points: 0, withdrawn: spender.pointsEarned });
  });

  it("goods cancelled before shipping give up their points: a 代金引換 order then grants only the rest", async ({ platform }) => {
    const { db } = platform;
    const member = await freshMember(platform);
    const cod = await placed(
      db,
      member,
      [
        ["DEMO-SIMPLE", 2],
        ["DEMO-FOOD", 1],
      ],
      "cod",
    );
    const food = cod.lines.find((line) => line.sku === "DEMO-FOOD")!;
    expect(await cancelOrderLines(db, cod.id, [food.id], STAFF, TEST_MAIL_FRAME, now)).toMatchObject({ ok: true });
    const kept = pointsStillEarned(
      cod.pointsEarned,
      cod.lines.map((line) => ({ ...line, cancelled: line.id === food.id })),
    );
    expect(kept).toBeLessThan(cod.pointsEarned);
    expect(await pendingOf(db, member)).toBe(kept);
    await shipEvery(db, cod.id);
    expect(await balanceOf(db, member)).toBe(kept);
    expect(await ledgerOf(db, member)).toEqual([["earned", kept, cod.id]]);
  });

  it("a partial return takes back what the returned goods earned, the rest of the return the rest", async ({ platform }) => {
    const { db } = platform;
    const member = await freshMember(platform);
    const cod = await placed(
      db,
      member,
      [
        ["DEMO-SIMPLE", 2],
        ["DEMO-FOOD", 1],
      ],
      "cod",
    );
    await shipEvery(db, cod.id, true);
    expect(await balanceOf(db, member)).toBe(cod.pointsEarned);
    const simple = cod.lines.find((line) => line.sku === "DEMO-SIMPLE")!;
    const customer: { id: number; actor: OrderActor } = { id: member, actor: { kind: "customer", userId: member, name: "森本 結衣" } };
    const returnOf = async (quantity: number, token: string) => {
      const request = { token, kind: "return" as const, reason: "wrong_item" as const, lines: [{ id: simple.id, quantity }], details: "" };
      const created = await createReturnRequest(db, platform.env.ATTACHMENTS, customer, cod.id, request, { galleryIds: [], files: [] }, TEST_MAIL_FRAME, now);
      if (!created.ok) throw new Error(created.error);
      await decideReturn(db, created.returnId, STAFF, { intent: "approve", message: "着払いでお送りください" }, TEST_MAIL_FRAME, now);
      expect(
        await decideReturn(db, created.returnId, STAFF, { intent: "receive", method: "billing_cancelled", restock: "1" }, TEST_MAIL_FRAME, now),
      ).toMatchObject({
        ok: true,
      });
    };
    const lines = cod.lines.map((line) => ({ ...line, cancelled: false }));
    await returnOf(1, "points-return-000000001");
    const afterOne = pointsStillEarned(cod.pointsEarned, lines, new Map([[simple.id, 1]]));
    expect(afterOne).toBeLessThan(cod.pointsEarned);
    expect(await balanceOf(db, member)).toBe(afterOne);
    await returnOf(1, "points-return-000000002");
    const afterBoth = pointsStillEarned(cod.pointsEarned, lines, new Map([[simple.id, 2]]));
    expect(await balanceOf(db, member)).toBe(afterBoth);
    expect(await ledgerSum(db, member)).toBe(afterBoth);
    const row = (await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, cod.id)))
      .get())!;
    expect(row).toMatchObject({ pointsGranted: afterBoth, pointsForfeited: cod.pointsEarned - afterBoth });
  });
});

describe("spending and taking back at once", () => {
  it("a checkout spending the points and the cancellation taking them back never leave the balance below zero or apart from its ledger", async ({
    platform,
  }) => {
    const { db } = platform;
    for (let trial = 0; trial < 3; trial += 1) {
      const member = await freshMember(platform);
      const earner = await placed(db, member, [["DEMO-SIMPLE", 3]], "bank_transfer");
      await confirmPayment(db, earner.id, STAFF, TEST_MAIL_FRAME, now);
      const granted = earner.pointsEarned;
      const [spent, cancelled] = await Promise.all([
        order(db, member, [["DEMO-SIMPLE", 1]], "bank_transfer", granted),
        cancelOrder(db, earner.id, STAFF, "staff", TEST_MAIL_FRAME, now),
      ]);
      expect(cancelled).toMatchObject({ ok: true });
      const balance = await balanceOf(db, member);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(db, member)).toBe(balance);
      // Either the spend came first (the cancellation finds nothing left to take) or the cancellation did
      // (the spend is refused): never both the discount and the points.
      expect(balance).toBe(0);
      if (spent.ok) {
        // The spend's own points are still its own (付与予定), not taken to make up for the cancelled order's.
        const spender = (await loadOrderState(db, spent.orderId))!;
        expect(spender.pointsUsed).toBe(granted);
        expect(await pendingOf(db, member)).toBe(spender.pointsEarned);
      }
    }
  });
});
