/**
 * A shopper cancels their own unshipped order (issue 16 item 5) on a real local D1: the member through
 * /user/orders/{id}/cancel, the guest through /order-lookup/cancel with their lookup's grant. The stock,
 * used points and coupon use come back once; a second cancel changes nothing; an order shipped meanwhile
 * is refused with the reason; nobody else's order can be cancelled or even described.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { OrderActor } from "~/core/orders/order-events";
import { LIFECYCLE_MESSAGES } from "~/core/orders/order-lifecycle";
import { SHOPPER_CANCELLATION_MESSAGES } from "~/core/orders/shopper-cancellation";
import { couponUses, mailOutbox, orderEvents, orders, orderShipments, pointLedger, products, users } from "~/db/schema";
import { GUEST_ORDER_EMAIL, MEMBER_EMAIL, MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import * as lookupPage from "~/routes/order-lookup";
import * as guestCancel from "~/routes/order-lookup_.cancel";
import * as memberCancel from "~/routes/user.orders.$id.cancel";
import * as orderPage from "~/routes/user.orders.$id._index";
import { cancelOrder } from "~/services/orders/order-cancellation.server";
import { shipShipment } from "~/services/orders/order-transitions.server";
import type { CancelActionData, CancelPageData, CancellationOffer } from "~/web/types/orders";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, sessionCookie, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();
const STAFF: OrderActor = { kind: "staff", userId: STAFF_ID, name: "佐藤" };
/** The seed's guest 銀行振込 order (お支払い待ち) and 代金引換 order (発送準備中), both to GUEST_ORDER_EMAIL. */
const GUEST_TRANSFER_ORDER = 6;
const GUEST_COD_ORDER = 7;
const WELCOME_COUPON_ID = 1;

type Db = TestPlatform["db"];
const stockOf = async (db: Db) => (await db.select({ inventory: products.inventory }).from(products).where(eq(products.sku, "DEMO-SIMPLE")).get())!.inventory;
const pointsOf = async (db: Db) => (await db.select({ points: users.points }).from(users).where(eq(users.id, MEMBER_ID)).get())!.points;
const statusOf = async (db: Db, id: number) => (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).get())?.status;
const figures = async (db: Db, orderId: number) => ({
  stock: await stockOf(db),
  points: await pointsOf(db),
  couponUses: (await db.select().from(couponUses).where(eq(couponUses.orderId, orderId))).length,
  ledger: (await db.select().from(pointLedger).where(eq(pointLedger.userId, MEMBER_ID))).length,
  status: await statusOf(db, orderId),
});

const cancelPage = (platform: TestPlatform, orderId: number, cookie?: string) =>
  run(platform, memberCancel.loader as RouteHandler, pageRequest(`/user/orders/${orderId}/cancel`, cookie), { id: String(orderId) });
const cancelPost = (platform: TestPlatform, orderId: number, cookie?: string, fields: Record<string, string> = { intent: "cancel" }) =>
  run(platform, memberCancel.action as RouteHandler, postRequest(`/user/orders/${orderId}/cancel`, fields, { cookie, mode: "navigate" }), {
    id: String(orderId),
  });
const orderPageOf = async (platform: TestPlatform, orderId: number, cookie: string, search = "") =>
  valueOf<{ order: { status: string }; cancellation: CancellationOffer | null; notice: string | null }>(
    await run(platform, orderPage.loader as RouteHandler, pageRequest(`/user/orders/${orderId}${search}`, cookie), { id: String(orderId) }),
  );

/** A session cookie holding the lookup's grant for a seeded guest order. */
async function lookedUp(platform: TestPlatform, orderId: number, cookie?: string): Promise<string> {
  const { number } = (await platform.db.select({ number: orders.number }).from(orders).where(eq(orders.id, orderId)).get())!;
  const outcome = await run(
    platform,
    lookupPage.action as RouteHandler,
    postRequest("/order-lookup", { number, email: GUEST_ORDER_EMAIL }, { cookie, mode: "navigate" }),
  );
  expectRedirect(outcome, 303, "/order-lookup#result");
  return sessionCookie(outcome.response!);
}

describe("a member cancels an unshipped order", () => {
  it("offers the confirmation with the order's figures, then gives back the stock, the used points and the coupon, once", async ({ platform, member }) => {
    const { db } = platform;
    const before = await figures(db, 0);
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 2, pointsUsed: 300, now });
    await db.insert(couponUses).values({ couponId: WELCOME_COUPON_ID, userId: MEMBER_ID, orderId: order.id, email: MEMBER_EMAIL, discount: 500 });
    const placed = await figures(db, order.id);
    expect(placed).toMatchObject({ stock: before.stock - 2, couponUses: 1, status: "pending_payment" });
    expect(placed.points).toBeLessThan(before.points);

    const offered = (await orderPageOf(platform, order.id, member)).cancellation;
    expect(offered).toMatchObject({ confirmHref: `/user/orders/${order.id}/cancel`, action: `/user/orders/${order.id}/cancel` });
    const page = await valueOf<CancelPageData>(await cancelPage(platform, order.id, member));
    expect(page.refusal).toBeNull();
    expect(page.offer?.preview.items).toEqual([{ title: expect.any(String), quantity: 2 }]);
    expect(page.offer?.preview.consequences.join("")).toContain("ご利用の 300ポイントをお戻しします。");
    expect(page.offer?.preview.consequences.join("")).toContain("お振り込みは不要です");

    const cancelled = await cancelPost(platform, order.id, member);
    expectRedirect(cancelled, 303, `/user/orders/${order.id}?notice=cancelled#result`);
    const after = await figures(db, order.id);
    expect(after).toMatchObject({ stock: before.stock, points: before.points, couponUses: 0, status: "cancelled" });
    const history = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, "cancelled")));
    expect(history.map((event) => [event.actorKind, event.actorUserId])).toEqual([["customer", MEMBER_ID]]);
    expect(
      (
        await db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.key, `order-cancelled:${order.number}`))
          .get()
      )?.subject,
    ).toContain("キャンセル");

    const shown = await orderPageOf(platform, order.id, member, "?notice=cancelled");
    expect(shown).toMatchObject({ order: { status: "cancelled" }, cancellation: null, notice: SHOPPER_CANCELLATION_MESSAGES.done });

    // A second cancel (a double click, the back button) is refused and changes nothing.
    const again = await cancelPost(platform, order.id, member);
    expect(again.status).toBe(409);
    expect(await valueOf<CancelActionData>(again)).toEqual({ error: SHOPPER_CANCELLATION_MESSAGES.alreadyCancelled });
    expect(await figures(db, order.id)).toEqual(after);
  });

  it("two cancels sent at once restore everything once", async ({ platform, member }) => {
    const { db } = platform;
    const before = await figures(db, 0);
    const order = await placeMemberOrder(db, MEMBER_ID, { quantity: 1, pointsUsed: 100, now });
    const outcomes = await Promise.all([cancelPost(platform, order.id, member), cancelPost(platform, order.id, member)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 409]);
    // The ledger holds the points used and their return; the order's own points were only 付与予定, never granted.
    expect(await figures(db, order.id)).toMatchObject({ stock: before.stock, points: before.points, status: "cancelled", ledger: before.ledger + 2 });
  });

  it("refuses once a parcel has shipped, with the reason, and changes nothing", async ({ platform, member }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { paymentMethod: "cod", now });
    expect((await orderPageOf(platform, order.id, member)).cancellation).not.toBeNull();
    const [shipment] = await db.select().from(orderShipments).where(eq(orderShipments.orderId, order.id));
    const shipped = await shipShipment(
      db,
      { orderId: order.id, shipmentId: shipment!.id, actor: STAFF, merchantId: null },
      { carrier: "yamato", trackingNumber: "123412341234" },
      TEST_MAIL_FRAME,
      now,
    );
    expect(shipped.ok).toBe(true);
    const before = await figures(db, order.id);

    // The confirmation step opened before it shipped is posted after.
    const refused = await cancelPost(platform, order.id, member);
    expect(refused.status).toBe(409);
    expect(await valueOf<CancelActionData>(refused)).toEqual({ error: LIFECYCLE_MESSAGES.notCancellable });
    expect(await figures(db, order.id)).toEqual(before);
    expect(await valueOf<CancelPageData>(await cancelPage(platform, order.id, member))).toMatchObject({
      refusal: LIFECYCLE_MESSAGES.notCancellable,
      offer: null,
    });
    expect((await orderPageOf(platform, order.id, member)).cancellation).toBeNull();
  });
});

describe("a download", () => {
  it("is not taken back by the shopper once ordered (the terms); nothing changes, and staff still can", async ({ platform, member }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { sku: "DEMO-DIGITAL", now });
    expect((await orderPageOf(platform, order.id, member)).cancellation).toBeNull();
    const page = await valueOf<CancelPageData>(await cancelPage(platform, order.id, member));
    expect(page.refusal).toBe(SHOPPER_CANCELLATION_MESSAGES.digital);
    const refused = await cancelPost(platform, order.id, member);
    expect(refused.status).toBe(409);
    expect(await valueOf<CancelActionData>(refused)).toEqual({ error: SHOPPER_CANCELLATION_MESSAGES.digital });
    expect(await statusOf(db, order.id)).toBe("pending_payment");
    expect(await cancelOrder(db, order.id, STAFF, "staff", TEST_MAIL_FRAME, now)).toMatchObject({ ok: true });
  });
});

describe("who may cancel", () => {
  it("only the member whose order it is: another member 404, staff and merchants 403, a visitor the login page, a malformed post 400", async ({
    platform,
    member,
    other,
    staff,
    merchant,
  }) => {
    const { db } = platform;
    const order = await placeMemberOrder(db, MEMBER_ID, { now });
    const before = await figures(db, order.id);
    for (const handler of [cancelPage, cancelPost] as const) {
      expect((await handler(platform, order.id, other)).status).toBe(404);
      expect((await handler(platform, order.id, staff)).status).toBe(403);
      expect((await handler(platform, order.id, merchant)).status).toBe(403);
      expectRedirect(await handler(platform, order.id), 302, /^\/login\?/);
      expect((await handler(platform, 99999, member)).status).toBe(404);
    }
    expect((await cancelPost(platform, order.id, member, { intent: "delete" })).status).toBe(400);
    expect((await cancelPost(platform, order.id, member, {})).status).toBe(400);
    expect(await figures(db, order.id)).toEqual(before);
    // None of it touched the order: its owner may still cancel it.
    expect((await orderPageOf(platform, order.id, member)).cancellation).not.toBeNull();
  });
});

describe("a guest cancels the order their lookup opened", () => {
  const guestPage = (platform: TestPlatform, cookie?: string) => run(platform, guestCancel.loader as RouteHandler, pageRequest("/order-lookup/cancel", cookie));
  const guestPost = (platform: TestPlatform, orderId: number, cookie?: string) =>
    run(
      platform,
      guestCancel.action as RouteHandler,
      postRequest("/order-lookup/cancel", { intent: "cancel", order: String(orderId) }, { cookie, mode: "navigate" }),
    );

  it("needs the lookup's grant, for that order only; staff holding one are refused", async ({ platform, staff }) => {
    expectRedirect(await guestPage(platform), 303, "/order-lookup");
    expectRedirect(await guestPost(platform, GUEST_TRANSFER_ORDER), 303, "/order-lookup");
    const cookie = await lookedUp(platform, GUEST_TRANSFER_ORDER);
    // A form naming another order (the lookup has moved on) cancels nothing.
    expect((await guestPost(platform, GUEST_COD_ORDER, cookie)).status).toBe(404);
    expect((await guestPost(platform, 1, cookie)).status).toBe(404);
    const staffWithGrant = await lookedUp(platform, GUEST_COD_ORDER, staff);
    expect((await guestPost(platform, GUEST_COD_ORDER, staffWithGrant)).status).toBe(403);
    expect(await statusOf(platform.db, GUEST_TRANSFER_ORDER)).toBe("pending_payment");
    expect(await statusOf(platform.db, GUEST_COD_ORDER)).toBe("preparing");
    expect(await statusOf(platform.db, 1)).toBe("completed");
  });

  it("confirms, cancels, and shows the cancelled order with the notice", async ({ platform }) => {
    const cookie = await lookedUp(platform, GUEST_TRANSFER_ORDER);
    const shown = await valueOf<{ found: { cancellation: CancellationOffer | null } }>(
      await run(platform, lookupPage.loader as RouteHandler, pageRequest("/order-lookup", cookie)),
    );
    expect(shown.found.cancellation).toMatchObject({ action: "/order-lookup/cancel", fields: { order: String(GUEST_TRANSFER_ORDER) } });
    const page = await valueOf<CancelPageData>(await guestPage(platform, cookie));
    expect(page).toMatchObject({ refusal: null, backHref: "/order-lookup" });
    expect(page.offer?.preview.consequences.join("")).not.toContain("ポイント");

    expectRedirect(await guestPost(platform, GUEST_TRANSFER_ORDER, cookie), 303, "/order-lookup?notice=cancelled#result");
    expect(await statusOf(platform.db, GUEST_TRANSFER_ORDER)).toBe("cancelled");
    const [event] = await platform.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, GUEST_TRANSFER_ORDER), eq(orderEvents.kind, "cancelled")));
    expect(event).toMatchObject({ actorKind: "customer", actorUserId: null });
    const after = await valueOf<{ found: { detail: { order: { status: string } }; cancellation: unknown; notice: string | null } }>(
      await run(platform, lookupPage.loader as RouteHandler, pageRequest("/order-lookup?notice=cancelled", cookie)),
    );
    expect(after.found).toMatchObject({ detail: { order: { status: "cancelled" } }, cancellation: null, notice: SHOPPER_CANCELLATION_MESSAGES.done });
    expect((await guestPost(platform, GUEST_TRANSFER_ORDER, cookie)).status).toBe(409);
  });
});
