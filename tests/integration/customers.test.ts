/**
 * Staff's customer records (issue 37 item 3, decision 0056) on real local D1: the search finds a member by
 * each key — name, reading in hiragana or katakana, e-mail, phone however written (theirs or an address's),
 * order number — lists only members, filters by state; a guest is found by e-mail or order number and has a
 * page with their orders and mailed tickets; a member's record shows what staff need; and every route
 * answers only staff (a visitor is sent to log in, a member or merchant refused, owner-only posts refused
 * to plain staff), any account that is not a member being no record (404).
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { orders, tickets, users } from "~/db/schema";
import * as addressRoute from "~/routes/crm.customers.$customerId_.addresses.$addressId";
import * as recordRoute from "~/routes/crm.customers.$customerId";
import * as searchRoute from "~/routes/crm.customers._index";
import * as guestRoute from "~/routes/crm.customers.guest";
import { GUEST_ORDER_EMAIL, MEMBER_EMAIL, MEMBER_ID, MEMBER_POINTS, MERCHANT_USER_ID, OTHER_ID, OWNER_ID, STAFF_ID } from "~/services/seed/people";
import type { CustomerRecord, CustomerRow, GuestMatch, GuestRecord } from "~/web/types/customers";
import { registeredMember } from "../support/members";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { memberCookie, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

interface SearchPage {
  page: { rows: CustomerRow[]; total: number };
  guests: GuestMatch[];
}

/** The list a search shows; a search typed in another form (full-width, half-width kana) is first sent to its plain URL. */
async function search(platform: TestPlatform, staff: string, query: Record<string, string>): Promise<SearchPage> {
  let outcome = await run(platform, searchRoute.loader as RouteHandler, pageRequest(`/crm/customers?${new URLSearchParams(query)}`, staff));
  if (outcome.status === 302) outcome = await run(platform, searchRoute.loader as RouteHandler, pageRequest(outcome.response!.headers.get("Location")!, staff));
  expect(outcome.status).toBe(200);
  return valueOf<SearchPage>(outcome);
}

const foundIds = (found: SearchPage) => found.page.rows.map((row) => row.id);

async function record(platform: TestPlatform, cookie: string, customerId: number | string) {
  return run(platform, recordRoute.loader as RouteHandler, pageRequest(`/crm/customers/${customerId}`, cookie), { customerId: String(customerId) });
}

async function memberOrderNumber(platform: TestPlatform, userId: number): Promise<string> {
  const order = await platform.db.select({ number: orders.number }).from(orders).where(eq(orders.userId, userId)).get();
  return order!.number;
}

describe("finding a member", () => {
  it("by the name in kanji, with or without the space between family and given name", async ({ platform, staff }) => {
    expect(foundIds(await search(platform, staff, { q: "山田 花子" }))).toContain(MEMBER_ID);
    expect(foundIds(await search(platform, staff, { q: "山田花子" }))).toContain(MEMBER_ID);
    expect(foundIds(await search(platform, staff, { q: "花子" }))).toContain(MEMBER_ID);
    expect(foundIds(await search(platform, staff, { q: "山田 一郎" }))).not.toContain(MEMBER_ID);
  });

  it("by the reading typed in hiragana, katakana or half-width kana", async ({ platform, staff }) => {
    for (const q of ["やまだ", "ヤマダ ハナコ", "ﾔﾏﾀﾞ", "はなこ"]) expect(foundIds(await search(platform, staff, { q })), q).toContain(MEMBER_ID);
    expect(foundIds(await search(platform, staff, { q: "すずき" }))).toEqual([OTHER_ID]);
  });

  it("by part of the e-mail, in any case", async ({ platform, staff }) => {
    expect(foundIds(await search(platform, staff, { q: "MEMBER@example" }))).toEqual([MEMBER_ID]);
  });

  it("by a phone number however it is written, the member's own or one of their addresses'", async ({ platform, staff }) => {
    for (const q of ["090-1234-5678", "０９０ １２３４ ５６７８", "(090)1234-5678", "09012345678"]) {
      expect(foundIds(await search(platform, staff, { q })), q).toEqual([MEMBER_ID]);
    }
    // 06-6123-4567 is only on the member's 実家 address.
    expect(foundIds(await search(platform, staff, { q: "06-6123-4567" }))).toEqual([MEMBER_ID]);
    // A number kept with hyphens is compared by its digits too.
    const kept = await registeredMember(platform, "hyphens@example.jp");
    await platform.db.update(users).set({ phone: "080-5555-0101" }).where(eq(users.id, kept.id));
    expect(foundIds(await search(platform, staff, { q: "08055550101" }))).toEqual([kept.id]);
  });

  it("by an order number (with or without its hyphen): the member who placed it", async ({ platform, staff }) => {
    const number = await memberOrderNumber(platform, OTHER_ID);
    expect(foundIds(await search(platform, staff, { q: number }))).toEqual([OTHER_ID]);
    expect(foundIds(await search(platform, staff, { q: number.replace("-", "") }))).toEqual([OTHER_ID]);
    expect((await search(platform, staff, { q: "20000101-000000" })).page.total).toBe(0);
  });

  it("lists members only (no staff, owner or merchant login), with what the list shows", async ({ platform, staff }) => {
    const all = await search(platform, staff, { q: "example.jp" });
    const ids = foundIds(all);
    expect(ids).toEqual(expect.arrayContaining([MEMBER_ID, OTHER_ID]));
    for (const other of [STAFF_ID, OWNER_ID, MERCHANT_USER_ID]) expect(ids).not.toContain(other);
    const member = all.page.rows.find((row) => row.id === MEMBER_ID)!;
    const placed = await platform.db.select({ status: orders.status }).from(orders).where(eq(orders.userId, MEMBER_ID));
    expect(member).toMatchObject({
      name: "山田 花子",
      kana: "ヤマダ ハナコ",
      email: MEMBER_EMAIL,
      phone: "09012345678",
      status: "active",
      orderCount: placed.filter((order) => order.status !== "cancelled").length,
    });
    expect(member.orderCount).toBeGreaterThan(0);
    expect(Date.parse(member.registeredAt)).not.toBeNaN();
  });

  it("filters by state: 停止中 lists the suspended only, 有効 leaves them out", async ({ platform, staff }) => {
    const paused = await registeredMember(platform, "paused-filter@example.jp");
    await platform.db.update(users).set({ suspendedAt: new Date(), suspensionReason: "テスト" }).where(eq(users.id, paused.id));
    expect(foundIds(await search(platform, staff, { status: "suspended" }))).toEqual([paused.id]);
    expect(foundIds(await search(platform, staff, { status: "active", q: "paused-filter" }))).toEqual([]);
    expect((await search(platform, staff, { q: "paused-filter" })).page.rows[0]?.status).toBe("suspended");
  });
});

describe("finding a guest", () => {
  it("by part of the e-mail of their orders: one entry per address, with their orders counted and no member listed", async ({ platform, staff }) => {
    const found = await search(platform, staff, { q: "guest-buyer" });
    expect(found.page.total).toBe(0);
    const guestOrders = await platform.db.select({ id: orders.id }).from(orders).where(eq(orders.email, GUEST_ORDER_EMAIL));
    expect(found.guests).toEqual([expect.objectContaining({ email: GUEST_ORDER_EMAIL, orderCount: guestOrders.length })]);
  });

  it("by the number of one of their orders", async ({ platform, staff }) => {
    const order = await platform.db.select({ number: orders.number }).from(orders).where(eq(orders.email, GUEST_ORDER_EMAIL)).get();
    expect((await search(platform, staff, { q: order!.number })).guests.map((guest) => guest.email)).toEqual([GUEST_ORDER_EMAIL]);
  });

  it("not by a name (a guest is known by the address they ordered with)", async ({ platform, staff }) => {
    expect((await search(platform, staff, { q: "山田" })).guests).toEqual([]);
  });

  it("has a page with their orders and the tickets their address opened by mail", async ({ platform, staff }) => {
    const [ticket] = await platform.db
      .insert(tickets)
      .values({
        userId: null,
        guestEmail: GUEST_ORDER_EMAIL,
        guestName: "ゲスト 購入者",
        priority: "medium",
        category: "ご注文について",
        trouble: "その他",
        description: "配送日を変えたいです。",
        formSession: "customers-test-guest-ticket",
      })
      .returning({ id: tickets.id });
    const outcome = await run(
      platform,
      guestRoute.loader as RouteHandler,
      pageRequest(`/crm/customers/guest?${new URLSearchParams({ email: "Guest-Buyer@Example.jp" })}`, staff),
    );
    expect(outcome.status).toBe(200);
    const { record: guest } = await valueOf<{ record: GuestRecord }>(outcome);
    const placed = await platform.db.select({ id: orders.id }).from(orders).where(eq(orders.email, GUEST_ORDER_EMAIL));
    expect(guest.email).toBe(GUEST_ORDER_EMAIL);
    expect(guest.orders.total).toBe(placed.length);
    expect(guest.orders.rows.map((order) => order.id).sort()).toEqual(placed.map((order) => order.id).sort());
    expect(guest.tickets.rows.map((row) => row.id)).toEqual([ticket!.id]);
    expect(guest.memberId).toBeNull();
  });

  it("answers an address with no guest order or ticket with 404, and one that is no address with 400", async ({ platform, staff }) => {
    const page = (email: string) =>
      run(platform, guestRoute.loader as RouteHandler, pageRequest(`/crm/customers/guest?${new URLSearchParams({ email })}`, staff));
    // A member's address: their orders are a member's, not a guest's.
    expect((await page(MEMBER_EMAIL)).status).toBe(404);
    expect((await page("nobody@example.jp")).status).toBe(404);
    const malformed = await page("not-an-address");
    expect(malformed.status).toBe(400);
    expect(await malformed.response!.text()).toContain("メールアドレスの形式が正しくありません");
  });
});

describe("a member's record", () => {
  it("shows the profile, login state, newsletter, addresses, orders, tickets, returns and points", async ({ platform, staff, member }) => {
    expect(member).toBeTruthy(); // one signed-in session of the member
    const outcome = await record(platform, staff, MEMBER_ID);
    expect(outcome.status).toBe(200);
    const { record: shown, isOwner } = await valueOf<{ record: CustomerRecord; isOwner: boolean }>(outcome);
    expect(isOwner).toBe(false);
    expect(shown.profile).toMatchObject({ id: MEMBER_ID, name: "山田 花子", kana: "ヤマダ ハナコ", email: MEMBER_EMAIL, newsletter: true, status: "active" });
    expect(shown.login.activeSessions).toBeGreaterThanOrEqual(1);
    expect(shown.login.lastSignInAt).not.toBeNull();
    expect(shown.addresses.map((address) => address.title)).toEqual(["自宅", "実家"]);
    const placed = await platform.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, MEMBER_ID));
    expect(shown.orders.total).toBe(placed.length);
    const memberTickets = await platform.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.userId, MEMBER_ID));
    expect(shown.tickets.rows.map((ticket) => ticket.id).sort()).toEqual(memberTickets.map((ticket) => ticket.id).sort());
    expect(shown.points.balance).toBe(MEMBER_POINTS);
    expect(shown.points.ledger.reduce((sum, line) => sum + line.amount, 0)).toBe(MEMBER_POINTS);
    expect(shown.pointAdjustLimit).toBe(5000);
    expect(shown.changes).toEqual([]);
  });

  it("is no record for staff, the owner, a merchant login, an unknown or a malformed id (404)", async ({ platform, staff }) => {
    for (const id of [STAFF_ID, OWNER_ID, MERCHANT_USER_ID, 999_999, "abc"]) expect((await record(platform, staff, id)).status, String(id)).toBe(404);
  });
});

describe("who may open the customer pages", () => {
  const pages: { name: string; handler: RouteHandler; path: string; params: Record<string, string> }[] = [
    { name: "search", handler: searchRoute.loader as RouteHandler, path: "/crm/customers", params: {} },
    { name: "record", handler: recordRoute.loader as RouteHandler, path: `/crm/customers/${MEMBER_ID}`, params: { customerId: String(MEMBER_ID) } },
    {
      name: "guest",
      handler: guestRoute.loader as RouteHandler,
      path: `/crm/customers/guest?email=${encodeURIComponent(GUEST_ORDER_EMAIL)}`,
      params: {},
    },
    {
      name: "address",
      handler: addressRoute.loader as RouteHandler,
      path: `/crm/customers/${MEMBER_ID}/addresses/1`,
      params: { customerId: String(MEMBER_ID), addressId: "1" },
    },
  ];

  it("sends a visitor to log in, refuses a member and a merchant, opens for staff and the owner", async ({ platform, staff, member, merchant }) => {
    const owner = await memberCookie(platform, OWNER_ID);
    for (const page of pages) {
      const visitor = await run(platform, page.handler, pageRequest(page.path), page.params);
      expect(visitor.response?.headers.get("Location"), page.name).toMatch(/^\/login\?show=1/);
      for (const cookie of [member, merchant])
        expect((await run(platform, page.handler, pageRequest(page.path, cookie), page.params)).status, page.name).toBe(403);
      for (const cookie of [staff, owner]) expect((await run(platform, page.handler, pageRequest(page.path, cookie), page.params)).status, page.name).toBe(200);
    }
  });

  it("refuses every form post of a visitor, a member and a merchant, changing nothing", async ({ platform, member, merchant }) => {
    const posts: { handler: RouteHandler; path: string; fields: Record<string, string> }[] = [
      {
        handler: recordRoute.action as RouteHandler,
        path: `/crm/customers/${MEMBER_ID}`,
        fields: { intent: "adjust_points", direction: "add", points: "10", reason: "テスト" },
      },
      { handler: recordRoute.action as RouteHandler, path: `/crm/customers/${MEMBER_ID}`, fields: { intent: "suspend", reason: "テスト" } },
      { handler: addressRoute.action as RouteHandler, path: `/crm/customers/${MEMBER_ID}/addresses/1`, fields: { intent: "save" } },
    ];
    for (const post of posts) {
      const params = { customerId: String(MEMBER_ID), addressId: "1" };
      const visitor = await run(platform, post.handler, postRequest(post.path, post.fields, { mode: "navigate" }), params);
      expect(visitor.response?.headers.get("Location")).toMatch(/^\/login/);
      for (const cookie of [member, merchant])
        expect((await run(platform, post.handler, postRequest(post.path, post.fields, { cookie }), params)).status).toBe(403);
    }
    const after = await platform.db.select({ points: users.points, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, MEMBER_ID)).get();
    expect(after).toEqual({ points: MEMBER_POINTS, suspendedAt: null });
  });

  it("refuses plain staff the owner's suspend and resume (403), and shows them no such form", async ({ platform, staff }) => {
    const target = await registeredMember(platform, "staff-cannot-suspend@example.jp");
    const params = { customerId: String(target.id) };
    for (const intent of ["suspend", "resume"]) {
      const outcome = await run(
        platform,
        recordRoute.action as RouteHandler,
        postRequest(`/crm/customers/${target.id}`, { intent, reason: "テスト" }, { cookie: staff }),
        params,
      );
      expect(outcome.status).toBe(403);
      expect(await outcome.response!.text()).toBe("この操作はショップのオーナーだけが行えます。");
    }
    expect((await platform.db.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, target.id)).get())?.suspendedAt).toBeNull();
    const { isOwner } = await valueOf<{ isOwner: boolean }>(await record(platform, staff, target.id));
    expect(isOwner).toBe(false);
  });
});
