/**
 * Editing placed orders on real local D1 (issue 38 items 1–2): the delivery (address, recipient, date/slot)
 * and the lines (quantities, lines added and removed) change in one guarded batch with the stock moved by the
 * difference, the amounts priced again by the checkout's engine (coupons and points re-applied), the edit
 * recorded (order_edits, history) and mailed; a paid order keeps what is left to settle; two edits (or an edit
 * and a cancel) at once leave one winner; the shopper changes the delivery only within the owner's window.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { addDaysToDate, jstDate } from "~/core/dates";
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import type { OrderActor } from "~/core/orders/order-events";
import { ORDER_EDIT_MESSAGES } from "~/core/orders/order-edits";
import type { Database } from "~/db/client.server";
import {
  couponUses,
  mailOutbox,
  orderEdits,
  orderEvents,
  orderLines,
  orders,
  orderShipments,
  pointLedger,
  products,
  productVariations,
  users,
} from "~/db/schema";
import { MEMBER_ID, OTHER_ID, STAFF_ID } from "~/services/seed/people";
import { cancelOrder } from "~/services/orders/order-cancellation.server";
import { loadOrderState } from "~/services/orders/order-changes.server";
import { editOrderLines, type LineEdit } from "~/services/orders/order-edit-lines.server";
import { editOrderDelivery, type DeliveryEdit, type OrderEditor } from "~/services/orders/order-edits.server";
import { recordRefund } from "~/services/orders/order-refunds.server";
import { confirmPayment, shipShipment } from "~/services/orders/order-transitions.server";
import { placeMemberOrder, TEST_MAIL_FRAME, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, seedClock } from "../support/platform-test";

const now = seedClock();
const it = platformTest();
const STAFF_ACTOR: OrderActor = { kind: "staff", userId: STAFF_ID, name: "佐藤" };
const STAFF: OrderEditor = { kind: "staff", actor: STAFF_ACTOR };
const OSAKA: typeof TOKYO_ADDRESS = {
  ...TOKYO_ADDRESS,
  lastname: "山田",
  firstname: "花子",
  lastnameJp: "ヤマダ",
  firstnameJp: "ハナコ",
  postalCode: "5300001",
  prefecture: 27,
  city: "大阪市北区",
  district: "梅田",
  address1: "1-1-1",
  address2: "",
};

const orderRow = async (db: Database, id: number) => (await db.select().from(orders).where(eq(orders.id, id)).get())!;
const stockOf = async (db: Database, sku: string) =>
  (await db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, sku)).get())!.inventory;
const linesOf = (db: Database, id: number) => db.select().from(orderLines).where(eq(orderLines.orderId, id));
const versionOf = async (db: Database, id: number) => (await orderRow(db, id)).lifecycleVersion;
const noChange = ({
  address = TOKYO_ADDRESS,
  deliveryDate = null,
  deliveryTimeSlot = null,
}: Partial<{ address: typeof TOKYO_ADDRESS; deliveryDate: string | null; deliveryTimeSlot: string | null }> = {}): DeliveryEdit => ({
  address,
  wish: { deliveryDate, deliveryTimeSlot },
});
const quantities = (lineId: number, quantity: number): LineEdit => ({ quantities: [{ lineId, quantity }], added: [], todaysPrice: false });

describe("the delivery", () => {
  it("changes the address and recipient; records who and before → after; mails the customer in the same batch", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const before = await orderRow(db, order.id);
    const result = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: before.lifecycleVersion, editor: STAFF, delivery: noChange({ address: OSAKA }) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(result).toMatchObject({ ok: true, orderNumber: order.number });
    const after = await orderRow(db, order.id);
    expect(after).toMatchObject({ shipLastname: "山田", shipPrefecture: 27, shipCity: "大阪市北区", total: before.total, settlementDue: 0 });
    expect(after.lifecycleVersion).toBe(before.lifecycleVersion + 1);
    const [edit] = await db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id));
    expect(edit).toMatchObject({ actorKind: "staff", actorUserId: STAFF_ID, actorName: "佐藤", totalBefore: before.total, totalAfter: before.total });
    expect(JSON.parse(edit!.changes)).toEqual([
      { label: "お届け先のお名前", before: "佐藤 一郎（サトウ イチロウ）", after: "山田 花子（ヤマダ ハナコ）" },
      { label: "お届け先のご住所", before: "〒100-0001 東京都千代田区千代田 1-1 千代田ハイツ101", after: "〒530-0001 大阪府大阪市北区梅田 1-1-1" },
    ]);
    const events = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "order_edited")));
    expect(events).toHaveLength(1);
    expect(events[0]!.note).toBe("お届け先のお名前、お届け先のご住所");
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, result.ok ? result.mailKey : ""))
      .get();
    expect(mail?.subject).toContain("ご注文内容変更のお知らせ");
    expect(mail?.kind).toBe("order_changed");
    expect(mail?.textBody).toContain("お届け先のお名前：佐藤 一郎（サトウ イチロウ） → 山田 花子（ヤマダ ハナコ）");
  });

  it("changes the wished date and slot by the checkout's rules; refuses a date too soon and an unknown slot, changing nothing", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const version = await versionOf(db, order.id);
    const date = addDaysToDate(jstDate(now), 5);
    const tooSoon = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: version, editor: STAFF, delivery: noChange({ deliveryDate: addDaysToDate(jstDate(now), 1) }) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(tooSoon).toEqual({ ok: false, error: ORDER_EDIT_MESSAGES.deliveryDate, notFound: false });
    const badSlot = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: version, editor: STAFF, delivery: noChange({ deliveryTimeSlot: "深夜" }) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(badSlot).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.deliverySlot });
    const same = await editOrderDelivery(db, order.id, { expectedVersion: version, editor: STAFF, delivery: noChange() }, TEST_MAIL_FRAME, now);
    expect(same).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.nothingChanged });
    expect(await versionOf(db, order.id)).toBe(version);
    const done = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: version, editor: STAFF, delivery: noChange({ deliveryDate: date, deliveryTimeSlot: "午前中" }) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(done).toMatchObject({ ok: true });
    expect(await orderRow(db, order.id)).toMatchObject({ deliveryDate: date, deliveryTimeSlot: "午前中" });
  });

  it("is refused once a parcel left", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", now });
    const [shipment] = await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    await shipShipment(
      db,
      { orderId: order.id, shipmentId: shipment!.id, actor: STAFF_ACTOR, merchantId: null },
      { carrier: "yamato", trackingNumber: "123412341234" },
      TEST_MAIL_FRAME,
      now,
    );
    const result = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: STAFF, delivery: noChange({ address: OSAKA }) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(result).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.deliveryClosed });
    const [line] = await linesOf(db, order.id);
    const lines = await editOrderLines(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 2) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(lines).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.linesClosed });
  });
});

describe("the lines", () => {
  it("moves quantities up and down: stock by the difference, line and order amounts priced again", async ({ platform }) => {
    const { db } = platform;
    const stock = await stockOf(db, "DEMO-SIMPLE");
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 2, now });
    const [line] = await linesOf(db, order.id);
    expect(await orderRow(db, order.id)).toMatchObject({ subtotal: 3960, shippingFee: 660, total: 4620 });
    const up = await editOrderLines(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 3) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(up).toMatchObject({ ok: true });
    expect(await stockOf(db, "DEMO-SIMPLE")).toBe(stock - 3);
    // 5,940 reaches free shipping (5,000円以上).
    expect(await orderRow(db, order.id)).toMatchObject({ subtotal: 5940, shippingFee: 0, total: 5940, pointsEarned: 59, settlementDue: 0 });
    expect((await linesOf(db, order.id))[0]).toMatchObject({ quantity: 3, total: 5940 });
    const [shipment] = await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    expect(shipment!.shippingFee).toBe(0);
    const down = await editOrderLines(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 1) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(down).toMatchObject({ ok: true });
    expect(await stockOf(db, "DEMO-SIMPLE")).toBe(stock - 1);
    expect(await orderRow(db, order.id)).toMatchObject({ subtotal: 1980, shippingFee: 660, total: 2640 });
    const edits = await db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id));
    expect(edits.map((edit) => [edit.totalBefore, edit.totalAfter])).toEqual([
      [4620, 5940],
      [5940, 2640],
    ]);
    expect(JSON.parse(edits[1]!.changes)).toContainEqual({
      label: "商品「泉州タオル フェイスタオル 2枚組（ホワイト）」",
      before: "1,980円 × 3",
      after: "1,980円 × 1",
    });
  });

  it("refuses more than the stock left (nothing changes) and never takes stock below zero", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const [line] = await linesOf(db, order.id);
    await db.update(products).set({ inventory: 1 }).where(eq(products.sku, "DEMO-SIMPLE"));
    const refused = await editOrderLines(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 3) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(refused).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.stockShort("泉州タオル フェイスタオル 2枚組（ホワイト）", 1) });
    expect(await stockOf(db, "DEMO-SIMPLE")).toBe(1);
    expect((await linesOf(db, order.id))[0]!.quantity).toBe(1);
    await db.update(products).set({ inventory: 90 }).where(eq(products.sku, "DEMO-SIMPLE"));
  });

  it("adds a line by SKU (a merchant's makes its parcel) and removes it again, stock following", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const variationStock = async () =>
      (await db.select({ inventory: productVariations.inventory }).from(productVariations).where(eq(productVariations.sku, "DEMO-VARIATION-NATURAL")).get())!
        .inventory;
    const [natural, merchant] = [await variationStock(), await stockOf(db, "DEMO-MERCHANT")];
    const added = await editOrderLines(
      db,
      order.id,
      {
        expectedVersion: await versionOf(db, order.id),
        editor: STAFF,
        lines: {
          quantities: [],
          added: [
            { sku: "DEMO-VARIATION-NATURAL", quantity: 2 },
            { sku: "DEMO-MERCHANT", quantity: 1 },
          ],
          todaysPrice: false,
        },
      },
      TEST_MAIL_FRAME,
      now,
    );
    expect(added).toMatchObject({ ok: true });
    expect(await variationStock()).toBe(natural - 2);
    expect(await stockOf(db, "DEMO-MERCHANT")).toBe(merchant - 1);
    const lines = await linesOf(db, order.id);
    expect(lines).toHaveLength(3);
    const shipments = await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    expect(shipments).toHaveLength(2);
    const merchantLine = lines.find((line) => line.sku === "DEMO-MERCHANT")!;
    expect(shipments.find((shipment) => shipment.id === merchantLine.shipmentId)?.shippingFrom).toBe("merchant");
    const row = await orderRow(db, order.id);
    expect(row.subtotal).toBe(lines.reduce((sum, line) => sum + line.total, 0));
    expect(row.shippingFee).toBe(shipments.reduce((sum, shipment) => sum + shipment.shippingFee, 0));
    const removed = await editOrderLines(
      db,
      order.id,
      {
        expectedVersion: row.lifecycleVersion,
        editor: STAFF,
        lines: { quantities: [{ lineId: merchantLine.id, quantity: 0 }], added: [], todaysPrice: false },
      },
      TEST_MAIL_FRAME,
      now,
    );
    expect(removed).toMatchObject({ ok: true, changes: expect.arrayContaining([expect.objectContaining({ after: "（削除）" })]) });
    expect(await stockOf(db, "DEMO-MERCHANT")).toBe(merchant);
    expect(await linesOf(db, order.id)).toHaveLength(2);
    expect((await db.select().from(orderShipments).where(eq(orderShipments.id, merchantLine.shipmentId!)).get())?.status).toBe("cancelled");
    const allGone = await editOrderLines(
      db,
      order.id,
      {
        expectedVersion: await versionOf(db, order.id),
        editor: STAFF,
        lines: { quantities: (await linesOf(db, order.id)).map((line) => ({ lineId: line.id, quantity: 0 })), added: [], todaysPrice: false },
      },
      TEST_MAIL_FRAME,
      now,
    );
    expect(allGone).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.noLinesLeft });
  });

  it("re-applies the order's coupon by its rules: under its minimum it is released; points used stay", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 2, couponCode: "MATOMEGAI", pointsUsed: 100, now });
    const placed = await orderRow(db, order.id);
    expect(placed).toMatchObject({ discountCoupon: 300, pointsUsed: 100, couponCode: "MATOMEGAI" });
    const [line] = await linesOf(db, order.id);
    const result = await editOrderLines(
      db,
      order.id,
      { expectedVersion: placed.lifecycleVersion, editor: STAFF, lines: quantities(line!.id, 1) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(result).toMatchObject({ ok: true });
    expect(await orderRow(db, order.id)).toMatchObject({ subtotal: 1980, discountCoupon: 0, pointsUsed: 100, total: 1980 + 660 - 100 });
    expect(await db.select().from(couponUses).where(eq(couponUses.orderId, order.id))).toEqual([]);
    // Back over the minimum: a released coupon is not taken again by an edit (it is the customer's to use).
    const again = await editOrderLines(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 2) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(again).toMatchObject({ ok: true });
    expect((await orderRow(db, order.id)).discountCoupon).toBe(0);
  });

  it("keeps a coupon that still applies, with its new discount", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 2, couponCode: "MATOMEGAI", now });
    const [line] = await linesOf(db, order.id);
    // 3 × 1,980 = 5,940: MATOMEGAI's 5,000円 range takes 700.
    const result = await editOrderLines(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 3) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(result).toMatchObject({ ok: true });
    expect(await orderRow(db, order.id)).toMatchObject({ discountCoupon: 700, total: 5940 - 700 });
    expect((await db.select().from(couponUses).where(eq(couponUses.orderId, order.id)))[0]?.discount).toBe(700);
  });
});

describe("money already received", () => {
  it("records an amount due after a raise, a refund due after a cut, and a recorded refund settles it", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 2, now });
    await confirmPayment(db, order.id, STAFF_ACTOR, TEST_MAIL_FRAME, now);
    const points = async () => (await db.select({ points: users.points }).from(users).where(eq(users.id, MEMBER_ID)).get())!.points;
    const pointsPaid = await points();
    const [line] = await linesOf(db, order.id);
    await editOrderLines(db, order.id, { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 3) }, TEST_MAIL_FRAME, now);
    expect(await orderRow(db, order.id)).toMatchObject({ total: 5940, settlementDue: 5940 - 4620, pointsEarned: 59, pointsGranted: 59 });
    // The granted points follow the new amount at once.
    expect(await points()).toBe(pointsPaid + (59 - 39));
    await editOrderLines(db, order.id, { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 1) }, TEST_MAIL_FRAME, now);
    expect(await orderRow(db, order.id)).toMatchObject({ total: 2640, settlementDue: 2640 - 4620, pointsGranted: 19 });
    expect(await points()).toBe(pointsPaid - (39 - 19));
    const mail = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `order-changed:${order.number}:${await versionOf(db, order.id)}`))
      .get();
    expect(mail?.textBody).toContain("差額 3,300円 をご返金いたします");
    expect(await recordRefund(db, order.id, { amount: 1000, method: "bank_transfer", note: "" }, STAFF_ACTOR, now)).toMatchObject({ ok: true });
    expect((await orderRow(db, order.id)).settlementDue).toBe(-980);
    expect(await recordRefund(db, order.id, { amount: 980, method: "bank_transfer", note: "" }, STAFF_ACTOR, now)).toMatchObject({ ok: true });
    expect((await orderRow(db, order.id)).settlementDue).toBe(0);
    const ledger = await db.select().from(pointLedger).where(eq(pointLedger.orderId, order.id));
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(19);
  });
  it("refunds reach the money taken before a cut, not the new total: a refund of the 返金予定, then the cancellation's refund of the rest", async ({
    platform,
  }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 2, now });
    await confirmPayment(db, order.id, STAFF_ACTOR, TEST_MAIL_FRAME, now);
    const [line] = await linesOf(db, order.id);
    await editOrderLines(db, order.id, { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 1) }, TEST_MAIL_FRAME, now);
    expect(await orderRow(db, order.id)).toMatchObject({ total: 2640, settlementDue: -1980 });
    expect(await recordRefund(db, order.id, { amount: 1000, method: "bank_transfer", note: "" }, STAFF_ACTOR, now)).toMatchObject({ ok: true });
    expect(await orderRow(db, order.id)).toMatchObject({ settlementDue: -980, settledRefunds: 1000 });
    expect(await cancelOrder(db, order.id, STAFF_ACTOR, "staff", TEST_MAIL_FRAME, now)).toMatchObject({ ok: true });
    const cancelled = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, ORDER_MAIL_KEYS.cancelled(order.number)))
      .get();
    // 4,620円 paid, 1,000円 already back: the cancellation owes the other 3,620円 (not the new total, 2,640円).
    expect(cancelled?.textBody).toContain("お支払い済みの代金 3,620円 は");
    // Two staff record the rest at once: the money taken (4,620円) caps them together.
    const rest = await Promise.all([1, 2].map(() => recordRefund(db, order.id, { amount: 3620, method: "bank_transfer", note: "" }, STAFF_ACTOR, now)));
    expect(rest.filter((result) => result.ok)).toHaveLength(1);
    expect(await recordRefund(db, order.id, { amount: 1, method: "bank_transfer", note: "" }, STAFF_ACTOR, now)).toMatchObject({ ok: false });
    expect(await orderRow(db, order.id)).toMatchObject({ settlementDue: 0, settledRefunds: 1980 });
  });
});

describe("races", () => {
  it("two edits sent at once over the same version: one wins, the other is told", async ({ platform }) => {
    const { db } = platform;
    const stock = await stockOf(db, "DEMO-SIMPLE");
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const [line] = await linesOf(db, order.id);
    const version = await versionOf(db, order.id);
    const results = await Promise.all([
      editOrderLines(db, order.id, { expectedVersion: version, editor: STAFF, lines: quantities(line!.id, 2) }, TEST_MAIL_FRAME, now),
      editOrderLines(db, order.id, { expectedVersion: version, editor: STAFF, lines: quantities(line!.id, 4) }, TEST_MAIL_FRAME, now),
      editOrderDelivery(db, order.id, { expectedVersion: version, editor: STAFF, delivery: noChange({ address: OSAKA }) }, TEST_MAIL_FRAME, now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).map((result) => !result.ok && result.error)).toEqual([ORDER_EDIT_MESSAGES.stale, ORDER_EDIT_MESSAGES.stale]);
    const quantity = (await linesOf(db, order.id))[0]!.quantity;
    expect(await stockOf(db, "DEMO-SIMPLE")).toBe(stock - quantity);
    expect(await db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id))).toHaveLength(1);
  });

  it("an edit racing a cancellation: stock ends where it was before the order, whichever came first", async ({ platform }) => {
    const { db } = platform;
    const stock = await stockOf(db, "DEMO-SIMPLE");
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const [line] = await linesOf(db, order.id);
    const [edit, cancel] = await Promise.all([
      editOrderLines(db, order.id, { expectedVersion: await versionOf(db, order.id), editor: STAFF, lines: quantities(line!.id, 5) }, TEST_MAIL_FRAME, now),
      cancelOrder(db, order.id, STAFF_ACTOR, "staff", TEST_MAIL_FRAME, now),
    ]);
    expect(cancel.ok).toBe(true);
    if (!edit.ok) expect([ORDER_EDIT_MESSAGES.stale, ORDER_EDIT_MESSAGES.linesClosed]).toContain(edit.error);
    expect((await orderRow(db, order.id)).status).toBe("cancelled");
    expect(await stockOf(db, "DEMO-SIMPLE")).toBe(stock);
  });
});

describe("the shopper's own change", () => {
  const member = (userId: number): OrderEditor => ({
    kind: "shopper",
    owner: { kind: "member", userId, actor: { kind: "customer", userId, name: "会員" } },
    window: "received",
  });

  it("a member changes their own unpaid order's address within 入金待ち・新規受付まで; not after payment, not another's", async ({ platform }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const other = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: member(OTHER_ID), delivery: noChange({ address: OSAKA }) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(other).toMatchObject({ ok: false, notFound: true });
    const own = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: member(MEMBER_ID), delivery: noChange({ address: OSAKA }) },
      TEST_MAIL_FRAME,
      now,
    );
    expect(own).toMatchObject({ ok: true });
    expect((await db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id)))[0]).toMatchObject({ actorKind: "customer", actorUserId: MEMBER_ID });
    await confirmPayment(db, order.id, STAFF_ACTOR, TEST_MAIL_FRAME, now);
    const paid = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: member(MEMBER_ID), delivery: noChange() },
      TEST_MAIL_FRAME,
      now,
    );
    expect(paid).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.shopperClosed });
    const wider = await editOrderDelivery(
      db,
      order.id,
      { expectedVersion: await versionOf(db, order.id), editor: { ...member(MEMBER_ID), window: "preparing" } as OrderEditor, delivery: noChange() },
      TEST_MAIL_FRAME,
      now,
    );
    expect(wider).toMatchObject({ ok: true });
    const closed = await editOrderDelivery(
      db,
      order.id,
      {
        expectedVersion: await versionOf(db, order.id),
        editor: { ...member(MEMBER_ID), window: "none" } as OrderEditor,
        delivery: noChange({ address: OSAKA }),
      },
      TEST_MAIL_FRAME,
      now,
    );
    expect(closed).toMatchObject({ ok: false, error: ORDER_EDIT_MESSAGES.shopperClosed });
    expect(await loadOrderState(db, order.id)).toMatchObject({ status: "paid" });
  });
});
