/**
 * Returns and exchanges staff record for a customer (issue 38 item 6) on real local D1 and R2: a guest's
 * order recorded with staff's photo (recorded_by, the returns desk), the refund's method and wording by
 * the payment, earned points taken back once, an exchange's replacement (stock taken, shipped with
 * tracking, or refunded when out of stock) and the races between those steps.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { OrderActor } from "~/core/orders/order-events";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import type { ReplacementInput, ReturnRequestInput } from "~/core/returns/return-request-forms";
import { RETURN_REQUESTS_LISTING } from "~/core/returns/return-requests-listing";
import { REPLACEMENT_TEXT, STAFF_RETURN_TEXT } from "~/core/returns/staff-returns";
import { parseListingQuery } from "~/core/search/listing-query";
import { mailOutbox, orderEvents, orderRefunds, orders, pointLedger, products, returnReplacements, returnRequests, users } from "~/db/schema";
import { storeImage } from "~/services/media.server";
import { loadOrderState } from "~/services/orders/order-changes.server";
import { confirmPayment, markShipmentDelivered, shipShipment } from "~/services/orders/order-transitions.server";
import { decideReturn } from "~/services/returns/return-decisions.server";
import { listReturnRequests } from "~/services/returns/return-desk.server";
import { loadReturnFacts } from "~/services/returns/return-facts.server";
import { stepReplacement } from "~/services/returns/return-replacements.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { fileOf, pngBytes } from "../support/images";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { STAFF_ACTOR } from "../support/returns";

const now = seedClock();
const it = platformTest();
const STAFF = { id: STAFF_ID, actor: STAFF_ACTOR, recordedBy: STAFF_ID };
const NO_PHOTOS = { galleryIds: [], files: [] };
type Db = TestPlatform["db"];

let tokens = 0;
function input(lineId: number, quantity: number, overrides: Partial<ReturnRequestInput> = {}): ReturnRequestInput {
  tokens += 1;
  return {
    token: `staff-token-${String(tokens).padStart(8, "0")}`,
    kind: "return",
    reason: "damaged",
    lines: [{ id: lineId, quantity }],
    details: "",
    ...overrides,
  };
}

/** A member's order paid this way, its parcels shipped (and delivered unless `deliver` is false). */
async function shippedOrder(db: Db, paymentMethod: PaymentMethod, { quantity = 2, deliver = true, sku = "DEMO-SIMPLE" } = {}) {
  const placed = await placeMemberOrder(db, MEMBER_ID, { sku, quantity, paymentMethod, now });
  if (paymentMethod === "bank_transfer") {
    const paid = await confirmPayment(db, placed.id, STAFF_ACTOR, TEST_MAIL_FRAME, now);
    if (!paid.ok) throw new Error(paid.error);
  }
  const state = (await loadOrderState(db, placed.id))!;
  for (const shipment of state.shipments) {
    const access = { orderId: placed.id, shipmentId: shipment.id, actor: STAFF_ACTOR, merchantId: null };
    const shipped = await shipShipment(db, access, { carrier: "yamato", trackingNumber: "123456789012" }, TEST_MAIL_FRAME, now);
    if (!shipped.ok) throw new Error(shipped.error);
    if (deliver) await markShipmentDelivered(db, access, now);
  }
  return { ...placed, lines: (await loadOrderState(db, placed.id))!.lines };
}

const record = (platform: TestPlatform, orderId: number, body: ReturnRequestInput, attachments: { galleryIds: number[]; files: File[] } = NO_PHOTOS) =>
  createReturnRequest(platform.db, platform.env.ATTACHMENTS, STAFF, orderId, body, attachments, TEST_MAIL_FRAME, now);

/** Records, approves and receives a request; answers its id. */
async function received(platform: TestPlatform, orderId: number, body: ReturnRequestInput, method: "bank_transfer" | "billing_cancelled" = "bank_transfer") {
  const made = await record(platform, orderId, body);
  if (!made.ok) throw new Error(made.error);
  const approve = await decideReturn(platform.db, made.returnId, STAFF_ACTOR, { intent: "approve", message: "着払いでお送りください" }, TEST_MAIL_FRAME, now);
  if (!approve.ok) throw new Error(approve.error);
  const receive = await decideReturn(platform.db, made.returnId, STAFF_ACTOR, { intent: "receive", method, restock: "" }, TEST_MAIL_FRAME, now);
  if (!receive.ok) throw new Error(receive.error);
  return made.returnId;
}

const step = (platform: TestPlatform, returnId: number, body: ReplacementInput, actor: OrderActor = STAFF_ACTOR) =>
  stepReplacement(platform.db, returnId, actor, body, TEST_MAIL_FRAME, now);
const stockOf = async (db: Db) => (await db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, "DEMO-SIMPLE")).get())!.inventory;
const setStock = (db: Db, inventory: number) => db.update(products).set({ inventory }).where(eq(products.sku, "DEMO-SIMPLE"));
const mailText = async (db: Db, key: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.key, key)).get())?.textBody ?? "";
const pointsOf = async (db: Db) => (await db.select({ points: users.points }).from(users).where(eq(users.id, MEMBER_ID)).get())!.points;

describe("staff record a return for the customer", () => {
  it("records a guest's shipped order with staff's photo: recorded_by, on the desk, then the usual flow", async ({ platform }) => {
    const { db } = platform;
    const order = await shippedOrder(db, "cod", { deliver: false });
    await db.update(orders).set({ userId: null, email: "guest-caller@example.jp" }).where(eq(orders.id, order.id));
    const photo = await storeImage(db, platform.env.ATTACHMENTS, STAFF_ID, fileOf(pngBytes(4, 4), "box.png", "image/png"));
    if (!photo.ok) throw new Error(photo.error);
    const line = order.lines[0]!;
    expect(await record(platform, order.id, input(line.id, 3))).toMatchObject({ ok: false, status: 409, error: expect.stringContaining("超えています") });
    const made = await record(platform, order.id, input(line.id, 2, { details: "お電話：箱が潰れていた" }), { galleryIds: [photo.item.id], files: [] });
    expect(made).toMatchObject({ ok: true, replayed: false });
    if (!made.ok) return;
    expect(await db.select().from(returnRequests).where(eq(returnRequests.id, made.returnId)).get()).toMatchObject({
      userId: null,
      recordedBy: STAFF_ID,
      status: "requested",
    });
    const facts = (await loadReturnFacts(db, order.id))!;
    expect(facts.requests[0]!.photos).toHaveLength(1);
    const events = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "return_requested")));
    expect(events).toMatchObject([{ actorKind: "staff", actorUserId: STAFF_ID }]);
    expect((await db.select().from(mailOutbox).where(eq(mailOutbox.key, made.mailKeys[0]!)).get())?.toAddress).toBe("guest-caller@example.jp");
    const desk = await listReturnRequests(db, parseListingQuery(RETURN_REQUESTS_LISTING, new URLSearchParams()));
    expect(desk.rows.map((row) => row.id)).toContain(made.returnId);
    // Nothing more of the line is left to record.
    expect(await record(platform, order.id, input(line.id, 1))).toMatchObject({ ok: false, status: 409 });
  });

  it("refuses a line whose parcel has not left, and an order that is not there", async ({ platform }) => {
    const { db } = platform;
    const placed = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", now });
    const line = (await loadOrderState(db, placed.id))!.lines[0]!;
    expect(await record(platform, placed.id, input(line.id, 1))).toMatchObject({ ok: false, error: `${line.title}：${STAFF_RETURN_TEXT.notShipped}` });
    expect(await record(platform, 99_999, input(1, 1))).toMatchObject({ ok: false, status: 404 });
  });
});

describe("the refund follows the payment", () => {
  it("後払い and an unpaid 代金引換 cancel the bill (no 10-day transfer); a transfer order is paid back by transfer", async ({ platform }) => {
    const { db } = platform;
    const postpay = await shippedOrder(db, "konbini_postpay");
    const postpayId = await received(platform, postpay.id, input(postpay.lines[0]!.id, 1), "billing_cancelled");
    const postpayMail = await mailText(db, `return-received:${postpayId}`);
    expect(postpayMail).toContain("分のご請求を取り消しました");
    expect(postpayMail).not.toContain("10日以内");
    expect(postpayMail).not.toContain("振り込");

    const transfer = await shippedOrder(db, "bank_transfer");
    const transferId = await received(platform, transfer.id, input(transfer.lines[0]!.id, 1), "bank_transfer");
    expect(await mailText(db, `return-received:${transferId}`)).toContain("10日以内");
    expect(await db.select({ method: orderRefunds.method }).from(orderRefunds).where(eq(orderRefunds.returnId, transferId))).toEqual([
      { method: "bank_transfer" },
    ]);
  });
});

describe("earned points of returned goods", () => {
  it("are taken back once when the return is received twice at once", async ({ platform }) => {
    const { db } = platform;
    const order = await shippedOrder(db, "cod");
    const earned = (await db.select({ granted: orders.pointsGranted }).from(orders).where(eq(orders.id, order.id)).get())!.granted;
    expect(earned).toBeGreaterThan(0);
    const made = await record(platform, order.id, input(order.lines[0]!.id, 2));
    if (!made.ok) throw new Error(made.error);
    await decideReturn(db, made.returnId, STAFF_ACTOR, { intent: "approve", message: "着払いで" }, TEST_MAIL_FRAME, now);
    const before = await pointsOf(db);
    const receive = () => decideReturn(db, made.returnId, STAFF_ACTOR, { intent: "receive", method: "bank_transfer", restock: "1" }, TEST_MAIL_FRAME, now);
    const both = await Promise.all([receive(), receive()]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(await pointsOf(db)).toBe(before - earned);
    const ledger = await db
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.orderId, order.id), eq(pointLedger.kind, "adjusted")));
    expect(ledger).toMatchObject([{ amount: -earned }]);
    expect(await db.select({ forfeited: orders.pointsForfeited, status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()).toEqual({
      forfeited: earned,
      status: "returned",
    });
    expect(await mailText(db, `return-received:${made.returnId}`)).toContain(`${earned.toLocaleString("ja-JP")}pt を取り消しました`);
  });
});

describe("an exchange's replacement", () => {
  it("is arranged once (stock taken), shipped with tracking and mailed; the page facts show it", async ({ platform }) => {
    const { db } = platform;
    const order = await shippedOrder(db, "cod");
    const returnId = await received(platform, order.id, input(order.lines[0]!.id, 2, { kind: "exchange" }));
    expect(await step(platform, returnId, { intent: "ship_replacement", carrier: "yamato", tracking_number: "123456789012" })).toMatchObject({
      ok: false,
      error: REPLACEMENT_TEXT.notPrepared,
    });
    const stock = await stockOf(db);
    const both = await Promise.all([step(platform, returnId, { intent: "prepare_replacement" }), step(platform, returnId, { intent: "prepare_replacement" })]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.find((result) => !result.ok)).toMatchObject({ error: REPLACEMENT_TEXT.alreadyPrepared });
    expect(await stockOf(db)).toBe(stock - 2);
    expect(await step(platform, returnId, { intent: "ship_replacement", carrier: "yamato", tracking_number: "12" })).toMatchObject({
      ok: false,
      status: 400,
      field: "tracking_number",
    });
    const ship = () => step(platform, returnId, { intent: "ship_replacement", carrier: "yamato", tracking_number: "1234-5678-9012" });
    const shipped = await Promise.all([ship(), ship()]);
    expect(shipped.filter((result) => result.ok)).toHaveLength(1);
    expect(await db.select().from(returnReplacements).where(eq(returnReplacements.returnId, returnId)).get()).toMatchObject({
      status: "shipped",
      carrier: "yamato",
      trackingNumber: "123456789012",
    });
    const mail = await mailText(db, `replacement-ship:${returnId}`);
    expect(mail).toContain("交換品を");
    expect(mail).toContain("123456789012");
    expect(await step(platform, returnId, { intent: "refund_replacement", method: "bank_transfer" })).toMatchObject({ error: REPLACEMENT_TEXT.alreadyShipped });
    expect((await loadReturnFacts(db, order.id))!.requests[0]!.replacement).toMatchObject({ status: "shipped", trackingNumber: "123456789012" });
    // An exchange takes no points back and leaves the order 配達完了.
    expect(await db.select({ forfeited: orders.pointsForfeited, status: orders.status }).from(orders).where(eq(orders.id, order.id)).get()).toEqual({
      forfeited: 0,
      status: "completed",
    });
  });

  it("out of stock falls back to a refund: the refund by the payment's method, points back once, 返品", async ({ platform }) => {
    const { db } = platform;
    await setStock(db, 100);
    const order = await shippedOrder(db, "konbini_postpay", { quantity: 1 });
    const returnId = await received(platform, order.id, input(order.lines[0]!.id, 1, { kind: "exchange" }));
    await setStock(db, 0);
    expect(await step(platform, returnId, { intent: "prepare_replacement" })).toMatchObject({ ok: false, error: REPLACEMENT_TEXT.outOfStock });
    const granted = (await db.select({ granted: orders.pointsGranted }).from(orders).where(eq(orders.id, order.id)).get())!.granted;
    const before = await pointsOf(db);
    const refund = () => step(platform, returnId, { intent: "refund_replacement", method: "billing_cancelled" });
    const results = await Promise.all([refund(), refund()]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.returnId, returnId))).toMatchObject([
      { amount: order.lines[0]!.unitPrice, method: "billing_cancelled" },
    ]);
    expect(await pointsOf(db)).toBe(before - granted);
    expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get())!.status).toBe("returned");
    expect(await stockOf(db)).toBe(0);
    const mail = await mailText(db, `replacement-refund:${returnId}`);
    expect(mail).toContain("分のご請求を取り消しました");
    expect(mail).not.toContain("10日以内");
  });

  it("a refund racing the arrangement applies one of them; a refund after it gives the stock back; stock never goes below zero", async ({ platform }) => {
    const { db } = platform;
    await setStock(db, 100);
    const order = await shippedOrder(db, "cod", { quantity: 2 });
    const first = await received(platform, order.id, input(order.lines[0]!.id, 1, { kind: "exchange" }));
    const second = await received(platform, order.id, input(order.lines[0]!.id, 1, { kind: "exchange" }));
    await setStock(db, 1);
    const prepared = await Promise.all([step(platform, first, { intent: "prepare_replacement" }), step(platform, second, { intent: "prepare_replacement" })]);
    expect(prepared.filter((result) => result.ok)).toHaveLength(1);
    expect(prepared.find((result) => !result.ok)).toMatchObject({ error: REPLACEMENT_TEXT.outOfStock });
    expect(await stockOf(db)).toBe(0);
    const done = prepared[0]!.ok ? first : second;
    const race = await Promise.all([
      step(platform, done, { intent: "refund_replacement", method: "bank_transfer" }),
      step(platform, done, { intent: "ship_replacement", carrier: "yamato", tracking_number: "123456789012" }),
    ]);
    expect(race.filter((result) => result.ok)).toHaveLength(1);
    const row = (await db.select().from(returnReplacements).where(eq(returnReplacements.returnId, done)).get())!;
    expect(await stockOf(db)).toBe(row.status === "refunded" ? 1 : 0);
    expect(await db.select().from(orderRefunds).where(eq(orderRefunds.returnId, done))).toHaveLength(row.status === "refunded" ? 1 : 0);
  });

  it("is not for a return, nor before the goods are received", async ({ platform }) => {
    const { db } = platform;
    await setStock(db, 100);
    const order = await shippedOrder(db, "cod");
    const made = await record(platform, order.id, input(order.lines[0]!.id, 1, { kind: "exchange" }));
    if (!made.ok) throw new Error(made.error);
    expect(await step(platform, made.returnId, { intent: "prepare_replacement" })).toMatchObject({ error: REPLACEMENT_TEXT.notReceived });
    const returned = await received(platform, order.id, input(order.lines[0]!.id, 1));
    expect(await step(platform, returned, { intent: "prepare_replacement" })).toMatchObject({ error: REPLACEMENT_TEXT.notExchange });
    expect(await step(platform, 99_999, { intent: "prepare_replacement" })).toMatchObject({ status: 404 });
  });
});
