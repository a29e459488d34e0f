/**
 * 受注登録's pages over HTTP as plain form posts (JS off; issue 38 item 3, decision 0065): staff only (a shopper,
 * a merchant and a guest are refused, nothing written); a whole order from the member search to the order's
 * page; a draft belongs to the staff member who started it; bad input is a Japanese message, never a 500.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { PHONE_ORDER_MESSAGES } from "~/core/orders/phone-orders";
import { carts, orders, products } from "~/db/schema";
import * as start from "~/routes/crm.orders.new";
import * as draftPage from "~/routes/crm.orders.new_.$draftId";
import * as confirmPage from "~/routes/crm.orders.new_.$draftId_.confirm";
import * as deskPage from "~/routes/crm.orders.$orderId";
import { COLLEAGUE_ID, MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import type { OrderDeskPageData } from "~/web/types/crm-orders";
import type { PhoneOrderActionData, PhoneOrderConfirmData, PhoneOrderPageData, PhoneOrderStartData } from "~/web/types/phone-orders";
import { platformTest } from "../support/platform-test";
import { location, memberCookie, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const post = (path: string, fields: Record<string, string>, cookie?: string) => postRequest(path, fields, { cookie, mode: "navigate" });
const draftIdOf = (href: string | null) => /\/crm\/orders\/new\/([0-9a-f-]{36})/.exec(href ?? "")?.[1] ?? "";

describe("who may take orders", () => {
  it("refuses a shopper, a merchant (403) and a guest (to the login), and writes no draft", async ({ platform, member, merchant }) => {
    const draftsBefore = (await platform.db.select().from(carts)).length;
    for (const cookie of [member, merchant]) {
      expect((await run(platform, start.loader as RouteHandler, pageRequest("/crm/orders/new?q=山田", cookie))).status).toBe(403);
      expect(
        (await run(platform, start.action as RouteHandler, post("/crm/orders/new", { intent: "member", member: String(MEMBER_ID), channel: "phone" }, cookie)))
          .status,
      ).toBe(403);
    }
    const guestPage = await run(platform, start.loader as RouteHandler, pageRequest("/crm/orders/new"));
    expect([302, 303]).toContain(guestPage.status);
    expect(location(guestPage)).toMatch(/^\/login/);
    const guestPost = await run(
      platform,
      start.action as RouteHandler,
      post("/crm/orders/new", { intent: "member", member: String(MEMBER_ID), channel: "phone" }),
    );
    expect([302, 303]).toContain(guestPost.status);
    expect((await platform.db.select().from(carts)).length).toBe(draftsBefore);
  });
});

describe("a phone order from the member search to the order page (JS off)", () => {
  it("finds the member, adds a product, ships to a saved address, pays 代引, confirms and places once", async ({ platform, staff }) => {
    const found = await valueOf<PhoneOrderStartData>(
      await run(platform, start.loader as RouteHandler, pageRequest("/crm/orders/new?q=member@example.jp", staff)),
    );
    expect(found.members.map((row) => row.id)).toEqual([MEMBER_ID]);
    const started = await run(
      platform,
      start.action as RouteHandler,
      post("/crm/orders/new", { intent: "member", member: String(MEMBER_ID), channel: "phone" }, staff),
    );
    expect(started.status).toBe(303);
    const id = draftIdOf(location(started));
    const path = `/crm/orders/new/${id}`;
    const pageOf = async (query = "") =>
      valueOf<PhoneOrderPageData>(await run(platform, draftPage.loader as RouteHandler, pageRequest(`${path}${query}`, staff), { draftId: id }));
    const act = (fields: Record<string, string>) => run(platform, draftPage.action as RouteHandler, post(path, fields, staff), { draftId: id });

    const searched = await pageOf("?q=DEMO-SIMPLE");
    const simple = searched.search.products.find((product) => product.sku === "DEMO-SIMPLE")!;
    expect((await act({ intent: "add", product: String(simple.id), q: "2" })).status).toBe(303);
    expect((await act({ intent: "saved_address", addressId: "1" })).status).toBe(303);
    // As the page posts it: 「指定なし」 is an empty choice.
    expect(
      (await act({ intent: "details", channel: "phone", payment: "cod", deliveryDate: "", deliveryTimeSlot: "", coupon: "", points: "", memo: "電話で受付" }))
        .status,
    ).toBe(303);
    const page = await pageOf();
    expect(page.missing).toEqual([]);
    expect(page.lines.map((line) => [line.title, line.quantity])).toEqual([[simple.title, 2]]);
    expect(page.paymentLabel).toBe("代金引換");

    const confirm = await valueOf<PhoneOrderConfirmData>(
      await run(platform, confirmPage.loader as RouteHandler, pageRequest(`${path}/confirm`, staff), { draftId: id }),
    );
    const place = () =>
      run(platform, confirmPage.action as RouteHandler, post(`${path}/confirm`, { token: confirm.token, shown: confirm.shown }, staff), { draftId: id });
    const placed = await place();
    expect(placed.status).toBe(303);
    const orderPath = location(placed)!;
    expect(orderPath).toMatch(/^\/crm\/orders\/\d+\?notice=phone_order_placed/);
    const orderId = Number(/\/crm\/orders\/(\d+)/.exec(orderPath)![1]);
    // A second submit of the same page finds the same order.
    const again = await place();
    expect(location(again)).toBe(`/crm/orders/${orderId}`);
    expect(await platform.db.select().from(orders).where(eq(orders.placementToken, confirm.token))).toHaveLength(1);

    const desk = await valueOf<OrderDeskPageData>(
      await run(platform, deskPage.loader as RouteHandler, pageRequest(orderPath, staff), { orderId: String(orderId) }),
    );
    expect(JSON.stringify(desk)).toContain("受注登録しました");
    const order = (await platform.db.select().from(orders).where(eq(orders.id, orderId)).get())!;
    expect(order).toMatchObject({ userId: MEMBER_ID, channel: "phone", placedBy: STAFF_ID, paymentMethod: "cod" });
  });
});

describe("drafts and bad input", () => {
  it("keeps a draft to its staff member: a colleague gets 404 and cannot place it", async ({ platform, staff }) => {
    const started = await run(
      platform,
      start.action as RouteHandler,
      post("/crm/orders/new", { intent: "member", member: String(MEMBER_ID), channel: "mail" }, staff),
    );
    const id = draftIdOf(location(started));
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    expect((await run(platform, draftPage.loader as RouteHandler, pageRequest(`/crm/orders/new/${id}`, colleague), { draftId: id })).status).toBe(404);
    const token = crypto.randomUUID();
    const placed = await run(
      platform,
      confirmPage.action as RouteHandler,
      post(`/crm/orders/new/${id}/confirm`, { token, shown: "|fee=0|total=0" }, colleague),
      { draftId: id },
    );
    expect(placed.status).toBe(409);
    expect((await valueOf<PhoneOrderActionData>(placed)).error).toBe(PHONE_ORDER_MESSAGES.draftNotFound);
    expect((await run(platform, draftPage.loader as RouteHandler, pageRequest("/crm/orders/new/not-a-draft", staff), { draftId: "not-a-draft" })).status).toBe(
      404,
    );
  });

  it("answers bad input with a Japanese message and writes nothing", async ({ platform, staff }) => {
    const guest = await run(
      platform,
      start.action as RouteHandler,
      post(
        "/crm/orders/new",
        { intent: "guest", lastname: "佐藤", firstname: "一郎", lastnameJp: "さとう", firstnameJp: "イチロウ", email: "x", phone: "1", channel: "phone" },
        staff,
      ),
    );
    expect(guest.status).toBe(400);
    expect((await valueOf<PhoneOrderActionData>(guest)).error).toMatch(/[ァ-ン]|メール|電話/);
    const started = await run(
      platform,
      start.action as RouteHandler,
      post("/crm/orders/new", { intent: "member", member: String(MEMBER_ID), channel: "phone" }, staff),
    );
    const id = draftIdOf(location(started));
    const path = `/crm/orders/new/${id}`;
    const act = (fields: Record<string, string>) => run(platform, draftPage.action as RouteHandler, post(path, fields, staff), { draftId: id });
    const before = await platform.db.select().from(carts).where(eq(carts.id, id)).get();
    const soldOut = (await platform.db.select({ id: products.id }).from(products).where(eq(products.sku, "DEMO-SOLDOUT")).get())!.id;
    for (const [fields, status] of [
      [{ intent: "add", product: "abc", q: "1" }, 400],
      [{ intent: "add", product: String(soldOut), q: "1" }, 409],
      [{ intent: "add", product: "1", q: "0" }, 400],
      [{ intent: "line", line: "999999", quantity: "2" }, 409],
      [{ intent: "saved_address", addressId: "3" }, 409],
      [{ intent: "details", channel: "fax", payment: "cod" }, 400],
      [{ intent: "details", channel: "phone", payment: "card" }, 400],
      [{ intent: "details", channel: "phone", payment: "cod", deliveryDate: "2000-01-01" }, 409],
    ] as const) {
      const outcome = await act(fields);
      expect(outcome.status, JSON.stringify(fields)).toBe(status);
      expect((await valueOf<PhoneOrderActionData>(outcome)).error).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
    expect((await act({ intent: "unknown" })).status).toBe(400);
    const after = await platform.db.select().from(carts).where(eq(carts.id, id)).get();
    expect({ ...after, updatedAt: null }).toEqual({ ...before, updatedAt: null });
    // Nothing to confirm yet: the confirmation page sends staff back to the draft.
    const confirm = await run(platform, confirmPage.loader as RouteHandler, pageRequest(`${path}/confirm`, staff), { draftId: id });
    expect(location(confirm)).toBe(path);
  });
});
