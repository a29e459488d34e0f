/**
 * The order lifecycle services on real local D1 (issue 16): payment, shipping and delivery move the order
 * with its shipments and write the history and the mails; cancelling restores stock, points and coupon
 * uses once — also when the same requests arrive at once — and a cancel racing a shipment leaves one winner.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { OrderActor } from "~/core/orders/order-events";
import { LIFECYCLE_MESSAGES } from "~/core/orders/order-lifecycle";
import { mailOutbox, orderEvents, orders, orderShipments, pointLedger, products, users } from "~/db/schema";
import { MEMBER_ID, MERCHANT_ID, STAFF_ID } from "~/services/seed/people";
import { cancelOrder, lapseUnpaidOrders } from "~/services/orders/order-cancellation.server";
import { loadOrderState } from "~/services/orders/order-changes.server";
import { confirmPayment, markShipmentDelivered, SHIPMENT_NOT_FOUND, shipShipment } from "~/services/orders/order-transitions.server";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();
const STAFF: OrderActor = { kind: "staff", userId: STAFF_ID, name: "佐藤" };
/** The seed's guest 代金引換 order: warehouse shipment 9, merchant 3's shipment 10, merchant 2's shipment 11. */
const COD_ORDER = 7;

const stockOf = async (db: Parameters<typeof loadOrderState>[0], sku: string) =>
  (await db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, sku)).get())!.inventory;
const pointsOf = async (db: Parameters<typeof loadOrderState>[0]) =>
  (await db.select({ points: users.points }).from(users).where(eq(users.id, MEMBER_ID)).get())!.points;

describe("shipping", () => {
  it("ships each parcel with its tracking number; the order follows; the buyer is mailed", async ({ platform }) => {
    const { db } = platform;
    const warehouse = await shipShipment(
      db,
      { orderId: COD_ORDER, shipmentId: 9, actor: STAFF, merchantId: null },
      { carrier: "yamato", trackingNumber: "1234-5678-9012" },
      TEST_MAIL_FRAME,
      now,
    );
    expect(warehouse).toMatchObject({ ok: true });
    const merchantActor: OrderActor = { kind: "merchant", userId: 4, name: "十勝しあわせ牧場" };
    expect(
      await shipShipment(
        db,
        { orderId: COD_ORDER, shipmentId: 11, actor: merchantActor, merchantId: MERCHANT_ID },
        { carrier: "sagawa", trackingNumber: "123456789012" },
        TEST_MAIL_FRAME,
        now,
      ),
    ).toEqual({
      ok: false,
      error: SHIPMENT_NOT_FOUND,
    });
    const state = (await loadOrderState(db, COD_ORDER))!;
    expect(state.status).toBe("partially_shipped");
    expect(state.shipments.find((s) => s.id === 9)).toMatchObject({ status: "shipped", carrier: "yamato", trackingNumber: "123456789012" });
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.key, "shipment-shipped:9")).get();
    expect(mail?.subject).toContain("出荷のお知らせ");
    expect(mail?.textBody).toContain("123456789012");
    expect(mail?.html).toContain("toi.kuronekoyamato.co.jp");
    const history = await db.select().from(orderEvents).where(eq(orderEvents.orderId, COD_ORDER));
    expect(history.map((event) => [event.kind, event.fromStatus, event.toStatus])).toEqual([
      ["shipped", "preparing", "shipped"],
      ["status_changed", "preparing", "partially_shipped"],
    ]);
  });

  it("refuses a malformed tracking number and changes nothing", async ({ platform }) => {
    const result = await shipShipment(
      platform.db,
      { orderId: COD_ORDER, shipmentId: 10, actor: STAFF, merchantId: null },
      { carrier: "yamato", trackingNumber: "12345" },
      TEST_MAIL_FRAME,
      now,
    );
    expect(result).toEqual({ ok: false, error: "ヤマト運輸のお問い合わせ番号は12桁の数字です。" });
    expect((await loadOrderState(platform.db, COD_ORDER))!.shipments.find((s) => s.id === 10)?.status).toBe("preparing");
  });

  it("two merchants shipping their parcels of one order at once both succeed; the order ends 発送済み, then 配達完了", async ({ platform }) => {
    const { db } = platform;
    const results = await Promise.all([
      shipShipment(
        db,
        { orderId: COD_ORDER, shipmentId: 10, actor: STAFF, merchantId: 3 },
        { carrier: "sagawa", trackingNumber: "111122223333" },
        TEST_MAIL_FRAME,
        now,
      ),
      shipShipment(
        db,
        { orderId: COD_ORDER, shipmentId: 11, actor: STAFF, merchantId: 2 },
        { carrier: "japanpost", trackingNumber: "11112222333" },
        TEST_MAIL_FRAME,
        now,
      ),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true]);
    expect((await loadOrderState(db, COD_ORDER))!.status).toBe("shipped");
    for (const shipmentId of [9, 10, 11])
      expect(await markShipmentDelivered(db, { orderId: COD_ORDER, shipmentId, actor: STAFF, merchantId: null }, now)).toMatchObject({ ok: true });
    expect((await loadOrderState(db, COD_ORDER))!.status).toBe("completed");
  });
});

describe("payment and cancellation", () => {
  it("confirms a transfer once, even when two staff click at once", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const results = await Promise.all([confirmPayment(db, order.id, STAFF, TEST_MAIL_FRAME, now), confirmPayment(db, order.id, STAFF, TEST_MAIL_FRAME, now)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, error: LIFECYCLE_MESSAGES.notAwaitingPayment });
    expect((await db.select().from(orders).where(eq(orders.id, order.id)).get())?.status).toBe("paid");
    expect(
      await db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "payment_confirmed"))),
    ).toHaveLength(1);
  });

  it("two cancels at once restore stock and points once", async ({ platform }) => {
    const { db } = platform;
    const stockBefore = await stockOf(db, "DEMO-SIMPLE");
    const pointsBefore = await pointsOf(db);
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 2, pointsUsed: 100, now });
    expect(await stockOf(db, "DEMO-SIMPLE")).toBe(stockBefore - 2);
    expect((await loadOrderState(db, order.id))!.pointsUsed).toBe(100);
    const results = await Promise.all([
      cancelOrder(db, order.id, STAFF, "staff", TEST_MAIL_FRAME, now),
      cancelOrder(db, order.id, STAFF, "staff", TEST_MAIL_FRAME, now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await stockOf(db, "DEMO-SIMPLE")).toBe(stockBefore);
    expect(await pointsOf(db)).toBe(pointsBefore);
    const ledger = await db.select().from(pointLedger).where(eq(pointLedger.orderId, order.id));
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.key, `order-cancelled:${order.number}`)),
    ).toHaveLength(1);
  });

  it("a cancel racing a shipment: one wins, the other is told why", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", now });
    const [shipment] = await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    const [shipped, cancelled] = await Promise.all([
      shipShipment(
        db,
        { orderId: order.id, shipmentId: shipment!.id, actor: STAFF, merchantId: null },
        { carrier: "yamato", trackingNumber: "123412341234" },
        TEST_MAIL_FRAME,
        now,
      ),
      cancelOrder(db, order.id, STAFF, "staff", TEST_MAIL_FRAME, now),
    ]);
    expect([shipped!.ok, cancelled!.ok].filter(Boolean)).toHaveLength(1);
    const status = (await loadOrderState(db, order.id))!.status;
    expect(status).toBe(shipped!.ok ? "shipped" : "cancelled");
    const loser = shipped!.ok ? cancelled : shipped;
    expect(loser).toMatchObject({ ok: false, error: shipped!.ok ? LIFECYCLE_MESSAGES.notCancellable : LIFECYCLE_MESSAGES.notShippable });
  });

  it("the scheduled job cancels transfers unpaid after their deadline, once", async ({ platform }) => {
    const { db } = platform;
    const old = await placeMemberOrder(db, MEMBER_ID, { now: new Date(now.getTime() - 9 * 86_400_000) });
    const fresh = await placeMemberOrder(db, MEMBER_ID, { now });
    const lapsed = await lapseUnpaidOrders(db, TEST_MAIL_FRAME, now);
    expect(lapsed).toContain(old.number);
    expect(lapsed).not.toContain(fresh.number);
    expect(await lapseUnpaidOrders(db, TEST_MAIL_FRAME, now)).not.toContain(old.number);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, old.id));
    expect(events).toMatchObject([{ kind: "lapsed", actorKind: "system", toStatus: "cancelled" }]);
  });
});
