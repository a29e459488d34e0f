/**
 * Returns and exchanges on real local D1 and R2 (issue 16 item 5): a shopper's request with photos, its
 * guards (quantities, photos, a double submit, two requests at once), staff's approve / refuse / receive
 * with restock, refund and the order's state, each once when clicked twice at once, and the mails.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { OrderActor } from "~/core/orders/order-events";
import type { ReturnRequestInput } from "~/core/returns/return-request-forms";
import { RETURN_TEXT } from "~/core/returns/return-requests";
import { mailOutbox, media, notificationMails, orderEvents, orderRefunds, orders, products, returnRequests } from "~/db/schema";
import { MEMBER_ID, OTHER_ID } from "~/services/seed/people";
import { storeImage } from "~/services/media.server";
import { decideReturn } from "~/services/returns/return-decisions.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { loadReturnFacts } from "~/services/returns/return-facts.server";
import { fileOf, pngBytes } from "../support/images";
import { TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";
import { deliveredOrder, STAFF_ACTOR } from "../support/returns";

const now = seedClock();
const it = platformTest();
const MEMBER: { id: number; actor: OrderActor } = { id: MEMBER_ID, actor: { kind: "customer", userId: MEMBER_ID, name: "山田 花子" } };
const NO_PHOTOS = { galleryIds: [], files: [] };

let tokens = 0;
function input(lineId: number, quantity: number, overrides: Partial<ReturnRequestInput> = {}): ReturnRequestInput {
  tokens += 1;
  return {
    token: `test-token-${String(tokens).padStart(8, "0")}`,
    kind: "return",
    reason: "changed_mind",
    lines: [{ id: lineId, quantity }],
    details: "",
    ...overrides,
  };
}

const photoOf = async (platform: TestPlatform, ownerId: number) => {
  const stored = await storeImage(platform.db, platform.env.ATTACHMENTS, ownerId, fileOf(pngBytes(4, 4), "photo.png", "image/png"));
  if (!stored.ok) throw new Error(stored.error);
  return stored.item.id;
};
const stockOf = async (platform: TestPlatform, sku = "DEMO-SIMPLE") =>
  (await platform.db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, sku)).get())!.inventory;
const request = (platform: TestPlatform, orderId: number, body: ReturnRequestInput, attachments: { galleryIds: number[]; files: File[] } = NO_PHOTOS) =>
  createReturnRequest(platform.db, platform.env.ATTACHMENTS, MEMBER, orderId, body, attachments, TEST_MAIL_FRAME, now);

describe("the shopper's request", () => {
  it("opens a request with photos (uploaded and posted), a history line and the mails", async ({ platform }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const uploaded = await photoOf(platform, MEMBER_ID);
    const posted = fileOf(pngBytes(3, 3), "posted.png", "image/png");
    const result = await request(platform, order.id, input(order.lines[0]!.id, 1, { reason: "damaged", details: "角が欠けていました" }), {
      galleryIds: [uploaded],
      files: [posted],
    });
    expect(result).toMatchObject({ ok: true, replayed: false });
    if (!result.ok) return;
    const facts = (await loadReturnFacts(platform.db, order.id))!;
    expect(facts.requests).toHaveLength(1);
    expect(facts.requests[0]).toMatchObject({
      status: "requested",
      reason: "damaged",
      details: "角が欠けていました",
      lines: [{ orderLineId: order.lines[0]!.id, quantity: 1 }],
    });
    expect(facts.requests[0]!.photos.map((photo) => photo.thumbnail_m)).toHaveLength(2);
    expect(facts.lines[0]!.requested).toBe(1);
    const events = await platform.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "return_requested")));
    expect(events).toMatchObject([{ returnId: result.returnId, actorKind: "customer" }]);
    const mail = await platform.db.select().from(mailOutbox).where(eq(mailOutbox.key, result.mailKeys[0]!)).get();
    expect(mail).toMatchObject({ kind: "return_update", toAddress: "member@example.jp" });
    expect(mail?.subject).toContain("返品のお申し込みを受け付けました");
    const inApp = await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, MEMBER_ID));
    expect(inApp.some((row) => row.title.includes("返品のお申し込みを受け付けました"))).toBe(true);
  });

  it("refuses another member's photo, too many photos and too many items, and changes nothing", async ({ platform }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now });
    const theirs = await photoOf(platform, OTHER_ID);
    const lineId = order.lines[0]!.id;
    expect(await request(platform, order.id, input(lineId, 1), { galleryIds: [theirs], files: [] })).toEqual({
      ok: false,
      status: 400,
      field: "file",
      error: RETURN_TEXT.photoNotFound,
    });
    const mine = await Promise.all([1, 2, 3, 4].map(() => photoOf(platform, MEMBER_ID)));
    expect(await request(platform, order.id, input(lineId, 1), { galleryIds: mine, files: [] })).toMatchObject({ error: RETURN_TEXT.tooManyPhotos });
    expect(await request(platform, order.id, input(lineId, 3))).toMatchObject({
      ok: false,
      status: 409,
      error: `${order.lines[0]!.title}：${RETURN_TEXT.overQuantity}`,
    });
    expect((await loadReturnFacts(platform.db, order.id))!.requests).toEqual([]);
    const unsent = await platform.db
      .select()
      .from(media)
      .where(and(eq(media.ownerUserId, OTHER_ID), isNull(media.returnRequestId)));
    expect(unsent.map((row) => row.id)).toContain(theirs);
  });

  it("refuses another member's order as not found, and an order delivered too long ago", async ({ platform }) => {
    const result = await createReturnRequest(
      platform.db,
      platform.env.ATTACHMENTS,
      { id: OTHER_ID, actor: MEMBER.actor },
      1,
      input(1, 1),
      NO_PHOTOS,
      TEST_MAIL_FRAME,
      now,
    );
    expect(result).toMatchObject({ ok: false, status: 404 });
    // The seed's order 1 was delivered 74 days ago.
    expect(await request(platform, 1, input(1, 1))).toMatchObject({ ok: false, status: 409, error: expect.stringContaining(RETURN_TEXT.outOfPeriod) });
  });

  it("a double submit creates one request; two forms at once never ask for more than was delivered", async ({ platform }) => {
    const order = await deliveredOrder(platform.db, MEMBER_ID, { now, quantity: 2 });
    const lineId = order.lines[0]!.id;
    const same = input(lineId, 1);
    const [first, second] = await Promise.all([request(platform, order.id, same), request(platform, order.id, same)]);
    expect(first.ok && second.ok && first.returnId === second.returnId).toBe(true);
    expect([first, second].filter((result) => result.ok && result.replayed)).toHaveLength(1);
    const results = await Promise.all([request(platform, order.id, input(lineId, 1)), request(platform, order.id, input(lineId, 1))]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409 });
    const facts = (await loadReturnFacts(platform.db, order.id))!;
    expect(facts.requests).toHaveLength(2);
    expect(facts.lines[0]!.requested).toBe(2);
  });
});

describe("staff's decisions", () => {
  it("refuses with a message (the quantity can be asked for again), approves, and receives: restock, refund, 返品, mails", async ({ platform }) => {
    const { db } = platform;
    const order = await deliveredOrder(db, MEMBER_ID, { now, quantity: 2 });
    const line = order.lines[0]!;
    const refusedOne = await request(platform, order.id, input(line.id, 2));
    if (!refusedOne.ok) throw new Error(refusedOne.error);
    expect(await decideReturn(db, refusedOne.returnId, STAFF_ACTOR, { intent: "refuse", message: "開封済みのため" }, TEST_MAIL_FRAME, now)).toMatchObject({
      ok: true,
      notice: "refused",
    });
    expect(await decideReturn(db, refusedOne.returnId, STAFF_ACTOR, { intent: "approve", message: "x" }, TEST_MAIL_FRAME, now)).toEqual({
      ok: false,
      status: 409,
      error: RETURN_TEXT.notRequested,
    });
    const created = await request(platform, order.id, input(line.id, 2));
    if (!created.ok) throw new Error(created.error);
    const id = created.returnId;
    expect(await decideReturn(db, id, STAFF_ACTOR, { intent: "receive", method: "bank_transfer", restock: "1" }, TEST_MAIL_FRAME, now)).toMatchObject({
      error: RETURN_TEXT.notApproved,
    });
    expect(await decideReturn(db, id, STAFF_ACTOR, { intent: "approve", message: "着払いでお送りください" }, TEST_MAIL_FRAME, now)).toMatchObject({ ok: true });
    const stock = await stockOf(platform);
    const receive = () => decideReturn(db, id, STAFF_ACTOR, { intent: "receive", method: "bank_transfer", restock: "1" }, TEST_MAIL_FRAME, now);
    const both = await Promise.all([receive(), receive()]);
    expect(both.filter((result) => result.ok)).toHaveLength(1);
    expect(both.find((result) => !result.ok)).toMatchObject({ error: RETURN_TEXT.notApproved });
    expect(await stockOf(platform)).toBe(stock + 2);
    const refunds = await db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toMatchObject([{ returnId: id, amount: line.unitPrice * 2, method: "bank_transfer", actorUserId: STAFF_ACTOR.userId }]);
    expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get())!.status).toBe("returned");
    expect(await db.select().from(returnRequests).where(eq(returnRequests.id, id)).get()).toMatchObject({
      status: "received",
      staffMessage: "着払いでお送りください",
    });
    const keys = (await db.select({ key: mailOutbox.key }).from(mailOutbox)).map((row) => row.key);
    expect(keys).toEqual(expect.arrayContaining([`return-refused:${refusedOne.returnId}`, `return-approved:${id}`, `return-received:${id}`]));
    const received = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `return-received:${id}`))
      .get();
    expect(received?.textBody).toContain(`${(line.unitPrice * 2).toLocaleString("ja-JP")}円`);
    const kinds = (await db.select({ kind: orderEvents.kind }).from(orderEvents).where(eq(orderEvents.orderId, order.id))).map((row) => row.kind);
    expect(kinds).toEqual(expect.arrayContaining(["return_refused", "return_approved", "return_received", "refund_recorded", "status_changed"]));
  });

  it("a partial return refunds its part and leaves the order 配達完了; damaged goods need not go back in stock", async ({ platform }) => {
    const { db } = platform;
    const order = await deliveredOrder(db, MEMBER_ID, { now, quantity: 2 });
    const created = await request(platform, order.id, input(order.lines[0]!.id, 1, { reason: "damaged" }));
    if (!created.ok) throw new Error(created.error);
    await decideReturn(db, created.returnId, STAFF_ACTOR, { intent: "approve", message: "着払いで" }, TEST_MAIL_FRAME, now);
    const stock = await stockOf(platform);
    expect(await decideReturn(db, created.returnId, STAFF_ACTOR, { intent: "receive", method: "points", restock: "" }, TEST_MAIL_FRAME, now)).toMatchObject({
      ok: true,
    });
    expect(await stockOf(platform)).toBe(stock);
    expect(await db.select({ amount: orderRefunds.amount }).from(orderRefunds).where(eq(orderRefunds.returnId, created.returnId))).toEqual([
      { amount: order.lines[0]!.unitPrice },
    ]);
    expect((await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id)).get())!.status).toBe("completed");
  });

  it("an unknown request is not found", async ({ platform }) => {
    expect(await decideReturn(platform.db, 99_999, STAFF_ACTOR, { intent: "approve", message: "x" }, TEST_MAIL_FRAME, now)).toMatchObject({ status: 404 });
  });
});
