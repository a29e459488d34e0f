/**
 * The order edit pages over HTTP (issue 38 items 1–2), as plain form posts (JS off): staff's /crm/orders/{id}/edit
 * (staff only), the member's /user/orders/{id}/change (their own orders only), the guest's /order-lookup/change
 * (their lookup's order only); malformed or stale posts change nothing and get a Japanese message; outside the
 * owner's window the shopper's forms are not offered and a forged post is refused; the order page shows the
 * edits and what is left to settle.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { addressJson } from "~/core/address/address-records";
import { addDaysToDate, jstDate } from "~/core/dates";
import { ORDER_EDIT_MESSAGES } from "~/core/orders/order-edits";
import { orderEdits, orderLines, orders } from "~/db/schema";
import * as staffEdit from "~/routes/crm.orders.$orderId_.edit";
import * as deskPage from "~/routes/crm.orders.$orderId";
import * as lookupPage from "~/routes/order-lookup";
import * as guestChange from "~/routes/order-lookup_.change";
import * as memberChange from "~/routes/user.orders.$id.change";
import * as memberOrder from "~/routes/user.orders.$id._index";
import { GUEST_ORDER_EMAIL, MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { confirmPayment } from "~/services/orders/order-transitions.server";
import type { OrderDeskPageData } from "~/web/types/crm-orders";
import type { OrderEditPageData, ShopperChangePageData } from "~/web/types/order-edits";
import { placeMemberOrder, TEST_MAIL_FRAME, TOKYO_ADDRESS } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, sessionCookie, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();
/** The seed's guest 銀行振込 order (お支払い待ち) to GUEST_ORDER_EMAIL. */
const GUEST_TRANSFER_ORDER = 6;

/** The address form's fields as the page posts them, the order's version and intent beside them. */
function addressFields(version: number, changes: Partial<typeof TOKYO_ADDRESS> = {}): Record<string, string> {
  const {
    id: _id,
    title: _title,
    default: _default,
    version: _v,
    ...fields
  } = addressJson({ ...TOKYO_ADDRESS, ...changes, id: 0, title: "", isDefault: false });
  return { ...Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])), version: String(version), intent: "save_address" };
}

const orderOf = async (platform: TestPlatform, id: number) => (await platform.db.select().from(orders).where(eq(orders.id, id)).get())!;
const editPage = async (platform: TestPlatform, id: number, cookie: string) =>
  run(platform, staffEdit.loader as RouteHandler, pageRequest(`/crm/orders/${id}/edit`, cookie), { orderId: String(id) });
const staffPost = (platform: TestPlatform, id: number, cookie: string, fields: Record<string, string> | [string, string][]) =>
  run(platform, staffEdit.action as RouteHandler, postRequest(`/crm/orders/${id}/edit`, fields, { cookie, mode: "navigate" }), { orderId: String(id) });
const memberPost = (platform: TestPlatform, id: number, cookie: string, fields: Record<string, string>) =>
  run(platform, memberChange.action as RouteHandler, postRequest(`/user/orders/${id}/change`, fields, { cookie, mode: "navigate" }), { id: String(id) });

describe("staff's 受注内容の編集", () => {
  it("is staff's only: members and merchants get 403 on the page and its posts, nothing changes", async ({ platform, member, merchant }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    const before = await orderOf(platform, order.id);
    for (const cookie of [member, merchant]) {
      expect((await editPage(platform, order.id, cookie)).status).toBe(403);
      expect((await staffPost(platform, order.id, cookie, addressFields(before.lifecycleVersion, { city: "港区" }))).status).toBe(403);
    }
    expect(await orderOf(platform, order.id)).toEqual(before);
  });

  it("changes the address by the shop's address form (JS off: 303 back with a notice); a stale version is told and changes nothing", async ({
    platform,
    staff,
  }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    const page = await valueOf<OrderEditPageData>(await editPage(platform, order.id, staff));
    expect(page.delivery).toMatchObject({ refusal: null, address: { lastname: "佐藤", postal_code: "1000001", prefecture: "13" } });
    expect(page.lines.rows).toHaveLength(1);
    const done = await staffPost(platform, order.id, staff, addressFields(page.delivery.version, { address1: "2-2", address2: "" }));
    expectRedirect(done, 303, `/crm/orders/${order.id}/edit?notice=delivery#result`);
    expect(await orderOf(platform, order.id)).toMatchObject({ shipAddress1: "2-2", shipAddress2: "" });
    const stale = await staffPost(platform, order.id, staff, addressFields(page.delivery.version, { address1: "3-3" }));
    expect(stale.status).toBe(409);
    expect(JSON.stringify(await valueOf(stale))).toContain(ORDER_EDIT_MESSAGES.stale);
    expect((await orderOf(platform, order.id)).shipAddress1).toBe("2-2");
  });

  it("answers a malformed address, date or quantity with its message (400) and changes nothing", async ({ platform, staff }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    const before = await orderOf(platform, order.id);
    const badPhone = await staffPost(platform, order.id, staff, addressFields(before.lifecycleVersion, { phone: "12345" }));
    expect(badPhone.status).toBe(400);
    expect(JSON.stringify(await valueOf(badPhone))).toContain("電話番号は半角数字10桁または11桁で入力してください");
    const badDate = await staffPost(platform, order.id, staff, { intent: "delivery_wish", version: String(before.lifecycleVersion), deliveryDate: "あした" });
    expect(badDate.status).toBe(400);
    expect(await valueOf(badDate)).toEqual({ form: "wish", error: ORDER_EDIT_MESSAGES.deliveryDate });
    const [line] = await platform.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const badQuantity = await staffPost(platform, order.id, staff, [
      ["intent", "lines"],
      ["version", String(before.lifecycleVersion)],
      ["line", String(line!.id)],
      ["quantity", "たくさん"],
    ]);
    expect(badQuantity.status).toBe(400);
    expect(await valueOf(badQuantity)).toEqual({ form: "lines", error: ORDER_EDIT_MESSAGES.quantity });
    const unknown = await staffPost(platform, order.id, staff, { intent: "drop_table" });
    expect(unknown.status).toBe(400);
    expect(await orderOf(platform, order.id)).toEqual(before);
  });

  it("changes the date and a quantity; the order page shows the edits, the amount due after payment, and records its payment", async ({ platform, staff }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    await confirmPayment(platform.db, order.id, { kind: "staff", userId: STAFF_ID, name: "佐藤" }, TEST_MAIL_FRAME, now);
    const version = (await orderOf(platform, order.id)).lifecycleVersion;
    const date = addDaysToDate(jstDate(new Date()), 4);
    expectRedirect(
      await staffPost(platform, order.id, staff, { intent: "delivery_wish", version: String(version), deliveryDate: date, deliveryTimeSlot: "午前中" }),
      303,
      /notice=delivery/,
    );
    const [line] = await platform.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const lines = await staffPost(platform, order.id, staff, [
      ["intent", "lines"],
      ["version", String(version + 1)],
      ["line", String(line!.id)],
      ["quantity", "２"],
    ]);
    expectRedirect(lines, 303, /notice=lines/);
    expect(await orderOf(platform, order.id)).toMatchObject({ deliveryDate: date, deliveryTimeSlot: "午前中", subtotal: 3960, settlementDue: 1980 });
    const desk = await valueOf<OrderDeskPageData>(
      await run(platform, deskPage.loader as RouteHandler, pageRequest(`/crm/orders/${order.id}`, staff), { orderId: String(order.id) }),
    );
    expect(desk.edits).toMatchObject({ editable: true, settlementDue: 1980 });
    expect(desk.edits.history).toHaveLength(2);
    expect(desk.edits.history[0]!.changes[0]).toEqual({
      label: "商品「泉州タオル フェイスタオル 2枚組（ホワイト）」",
      before: "1,980円 × 1",
      after: "1,980円 × 2",
    });
    expect(desk.edits.history[1]!.changes.map((change) => change.label)).toEqual(["お届け希望日", "お届け時間帯"]);
    expect(desk.history.some((line) => line.label === "ご注文内容の変更")).toBe(true);
    const settled = await run(
      platform,
      deskPage.action as RouteHandler,
      postRequest(`/crm/orders/${order.id}`, { intent: "settle_due" }, { cookie: staff, mode: "navigate" }),
      {
        orderId: String(order.id),
      },
    );
    expectRedirect(settled, 303, /notice=settlement_received/);
    expect((await orderOf(platform, order.id)).settlementDue).toBe(0);
    const again = await run(
      platform,
      deskPage.action as RouteHandler,
      postRequest(`/crm/orders/${order.id}`, { intent: "settle_due" }, { cookie: staff, mode: "navigate" }),
      {
        orderId: String(order.id),
      },
    );
    expect(again.status).toBe(409);
  });
});

describe("the member's own change", () => {
  it("offers the change on their order page within the window, changes the address, and is told when the window closed", async ({ platform, member }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    const shown = await valueOf<{ changeHref: string | null }>(
      await run(platform, memberOrder.loader as RouteHandler, pageRequest(`/user/orders/${order.id}`, member), { id: String(order.id) }),
    );
    expect(shown.changeHref).toBe(`/user/orders/${order.id}/change`);
    const page = await valueOf<ShopperChangePageData>(
      await run(platform, memberChange.loader as RouteHandler, pageRequest(`/user/orders/${order.id}/change`, member), { id: String(order.id) }),
    );
    expect(page.delivery.refusal).toBeNull();
    const done = await memberPost(platform, order.id, member, addressFields(page.delivery.version, { city: "千代田区", address1: "9-9" }));
    expectRedirect(done, 303, `/user/orders/${order.id}/change?notice=changed#result`);
    expect((await platform.db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id)))[0]).toMatchObject({
      actorKind: "customer",
      actorUserId: MEMBER_ID,
    });

    await confirmPayment(platform.db, order.id, { kind: "staff", userId: STAFF_ID, name: "佐藤" }, TEST_MAIL_FRAME, now);
    const closed = await valueOf<ShopperChangePageData>(
      await run(platform, memberChange.loader as RouteHandler, pageRequest(`/user/orders/${order.id}/change`, member), { id: String(order.id) }),
    );
    expect(closed.delivery.refusal).toBe(ORDER_EDIT_MESSAGES.shopperClosed);
    const forged = await memberPost(platform, order.id, member, addressFields(closed.delivery.version, { address1: "1-1" }));
    expect(forged.status).toBe(409);
    expect(JSON.stringify(await valueOf(forged))).toContain(ORDER_EDIT_MESSAGES.shopperClosed);
    expect((await orderOf(platform, order.id)).shipAddress1).toBe("9-9");
  });

  it("another member's order is not found (404); staff and merchant accounts are refused (403); nothing changes", async ({
    platform,
    other,
    staff,
    merchant,
  }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    const before = await orderOf(platform, order.id);
    const fields = addressFields(before.lifecycleVersion, { address1: "5-5" });
    expect(
      (await run(platform, memberChange.loader as RouteHandler, pageRequest(`/user/orders/${order.id}/change`, other), { id: String(order.id) })).status,
    ).toBe(404);
    expect((await memberPost(platform, order.id, other, fields)).status).toBe(404);
    for (const cookie of [staff, merchant]) {
      expect(
        (await run(platform, memberChange.loader as RouteHandler, pageRequest(`/user/orders/${order.id}/change`, cookie), { id: String(order.id) })).status,
      ).toBe(403);
      expect((await memberPost(platform, order.id, cookie, fields)).status).toBe(403);
    }
    expect(await orderOf(platform, order.id)).toEqual(before);
  });
});

describe("the guest's own change", () => {
  it("changes the order their lookup opened (typing the phone again); without a lookup they are sent to it", async ({ platform }) => {
    const withoutGrant = await run(platform, guestChange.loader as RouteHandler, pageRequest("/order-lookup/change"));
    expectRedirect(withoutGrant, 303, "/order-lookup");
    const { number } = await orderOf(platform, GUEST_TRANSFER_ORDER);
    const lookup = await run(
      platform,
      lookupPage.action as RouteHandler,
      postRequest("/order-lookup", { number, email: GUEST_ORDER_EMAIL }, { mode: "navigate" }),
    );
    const cookie = sessionCookie(lookup.response!);
    const page = await valueOf<ShopperChangePageData>(await run(platform, guestChange.loader as RouteHandler, pageRequest("/order-lookup/change", cookie)));
    expect(page.delivery.refusal).toBeNull();
    expect(page.delivery.address.phone).toBe("");
    const done = await run(
      platform,
      guestChange.action as RouteHandler,
      postRequest("/order-lookup/change", addressFields(page.delivery.version, { address2: "別館2階" }), { cookie, mode: "navigate" }),
    );
    expectRedirect(done, 303, "/order-lookup/change?notice=changed#result");
    expect((await orderOf(platform, GUEST_TRANSFER_ORDER)).shipAddress2).toBe("別館2階");
    const [edit] = await platform.db.select().from(orderEdits).where(eq(orderEdits.orderId, GUEST_TRANSFER_ORDER));
    expect(edit).toMatchObject({ actorKind: "customer", actorUserId: null });
  });
});
