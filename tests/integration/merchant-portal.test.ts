/**
 * The merchant portal on real local D1 (issue 16 item 4): who may open each /merchant route and action
 * (merchant / other merchant / staff / member / anonymous), what a merchant sees of a shipment (what the
 * label needs, nothing more), shipping and completing with JS on and off, and the indexed paging.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { LIFECYCLE_MESSAGES } from "~/core/orders/order-lifecycle";
import { MERCHANT_PAGE_SIZE, MERCHANT_TEXT } from "~/core/merchant/merchant-portal";
import { mailOutbox, orderEvents, orders, orderShipments } from "~/db/schema";
import { GUEST_ORDER_EMAIL, MERCHANT_EMAIL, MERCHANT_ID, MERCHANT_USER_ID } from "~/services/seed/people";
import { action as loginAction } from "~/routes/login";
import { loader as listLoader } from "~/routes/merchant._index";
import { action as shipmentAction, loader as shipmentLoader } from "~/routes/merchant.shipments.$shipmentId";
import type { MerchantShipment, MerchantShipmentPage } from "~/web/types/merchant";
import { placeMemberOrder } from "../support/orders";
import { platformTest, type PlatformFixtures, seedClock } from "../support/platform-test";
import { apiRequest, callHandler, expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();

/** The seed's 代金引換 order 7: warehouse shipment 9, this merchant's 10, the other merchant's 11; order 6 (unpaid) has this merchant's 8. */
const OWN = 10;
const OTHERS = 11;
const UNPAID_OWN = 8;

const shipmentStatus = async (db: PlatformFixtures["platform"]["db"], id: number) =>
  (await db.select({ status: orderShipments.status }).from(orderShipments).where(eq(orderShipments.id, id)).get())!.status;

describe("who may use the portal", () => {
  const routes: { name: string; handler: RouteHandler; request: (cookie?: string) => Request; params?: Record<string, string> }[] = [
    { name: "the listing", handler: listLoader, request: (cookie) => pageRequest("/merchant", cookie) },
    {
      name: "a shipment",
      handler: shipmentLoader,
      request: (cookie) => pageRequest(`/merchant/shipments/${OWN}`, cookie),
      params: { shipmentId: String(OWN) },
    },
    {
      name: "shipping it",
      handler: shipmentAction,
      request: (cookie) =>
        postRequest(`/merchant/shipments/${OWN}`, { intent: "ship", carrier: "sagawa", trackingNumber: "12345" }, { cookie, mode: "navigate" }),
      params: { shipmentId: String(OWN) },
    },
    {
      name: "completing it",
      handler: shipmentAction,
      request: (cookie) => postRequest(`/merchant/shipments/${OWN}`, { intent: "deliver" }, { cookie, mode: "navigate" }),
      params: { shipmentId: String(OWN) },
    },
  ];

  for (const route of routes) {
    it(`${route.name}: anonymous → login, member and staff → 403, the other merchant → 404 for this shipment`, async ({
      platform,
      member,
      staff,
      otherMerchant,
    }) => {
      expectRedirect(await run(platform, route.handler, route.request(), route.params), 302, /^\/login\?show=1&redirectTo=%2Fmerchant/);
      for (const cookie of [member, staff]) {
        expect((await run(platform, route.handler, route.request(cookie), route.params)).status).toBe(403);
      }
      const other = await run(platform, route.handler, route.request(otherMerchant), route.params);
      expect(other.status).toBe(route.params ? 404 : 200);
      if (other.response) expect(await other.response.text()).toBe(MERCHANT_TEXT.notFound);
      expect(await shipmentStatus(platform.db, OWN)).toBe("preparing");
    });
  }

  it("a merchant's login lands on /merchant after logging in; a member's on the page asked for", async ({ platform }) => {
    const login = (email: string) => callHandler(platform, loginAction, apiRequest("/login", { fields: { email, password: "password1234", redirectTo: "/" } }));
    expect(((await login(MERCHANT_EMAIL)).thrown as Response).headers.get("Location")).toBe("/merchant");
    expect(((await login("member@example.jp")).thrown as Response).headers.get("Location")).toBe("/");
  });
});

describe("what a merchant sees", () => {
  it("lists only its own shipments, by tab, with the waiting counts", async ({ platform, merchant, otherMerchant }) => {
    const list = async (cookie: string, tab: string) =>
      valueOf<{ page: MerchantShipmentPage }>(await run(platform, listLoader, pageRequest(`/merchant?tab=${tab}`, cookie)));
    const toShip = await list(merchant, "to_ship");
    expect(toShip.page.rows.map((row) => row.id)).toEqual([OWN]);
    expect(toShip.page.rows[0]).toMatchObject({ deliveryTimeSlot: "14:00〜16:00", items: expect.stringContaining("ナチュラルチーズ") });
    expect(toShip.page.counts).toEqual({ to_ship: 1, awaiting_payment: 1 });
    expect((await list(merchant, "awaiting_payment")).page.rows.map((row) => row.id)).toEqual([UNPAID_OWN]);
    expect((await list(otherMerchant, "to_ship")).page.rows.map((row) => row.id)).toEqual([OTHERS]);
    // A tab typed into nonsense reads as 発送待ち.
    expect((await list(merchant, "everything")).page.rows.map((row) => row.id)).toEqual([OWN]);
  });

  it("shows what the parcel label needs — never the buyer's e-mail, prices or the other parcels", async ({ platform, merchant }) => {
    const outcome = await run(platform, shipmentLoader, pageRequest(`/merchant/shipments/${OWN}`, merchant), { shipmentId: String(OWN) });
    const { shipment } = await valueOf<{ shipment: MerchantShipment }>(outcome);
    expect(shipment.order.number).toMatch(/^\d{8}-0007$/);
    expect(shipment.order.deliveryTimeSlot).toBe("14:00〜16:00");
    expect(shipment.recipient.phone).toMatch(/\d/);
    expect(shipment.lines.map((line) => line.sku)).toEqual(["FOOD-CHEESE"]);
    // 代金引換: the warehouse parcel collects, this one goes 発払い.
    expect(shipment.cod).toEqual({ collects: false, amount: null });
    const json = JSON.stringify(shipment);
    expect(json).not.toContain(GUEST_ORDER_EMAIL);
    expect(json).not.toMatch(/"(total|unitPrice|pointsUsed|email|paymentMethod)"/);
    expect(json).not.toContain("KITCHEN-MUG");
  });
});

describe("shipping from the portal", () => {
  it("refuses a malformed number and an unpaid order's parcel with the rule's message; nothing changes", async ({ platform, merchant }) => {
    const post = (id: number, fields: Record<string, string>) =>
      run(platform, shipmentAction, postRequest(`/merchant/shipments/${id}`, fields, { cookie: merchant, mode: "navigate" }), { shipmentId: String(id) });
    const malformed = await post(OWN, { intent: "ship", carrier: "sagawa", trackingNumber: "12-34" });
    expect(malformed.status).toBe(409);
    expect(await valueOf(malformed)).toMatchObject({ ok: false, error: "佐川急便のお問い合わせ番号は12桁の数字です。" });
    const noCarrier = await post(OWN, { intent: "ship", carrier: "seino", trackingNumber: "123456789012" });
    expect(await valueOf(noCarrier)).toMatchObject({ ok: false, error: MERCHANT_TEXT.carrierRequired });
    const unpaid = await post(UNPAID_OWN, { intent: "ship", carrier: "yamato", trackingNumber: "123456789012" });
    expect(await valueOf(unpaid)).toMatchObject({ ok: false, error: LIFECYCLE_MESSAGES.notShippable });
    expect(await shipmentStatus(platform.db, OWN)).toBe("preparing");
    expect(await shipmentStatus(platform.db, UNPAID_OWN)).toBe("preparing");
  });

  it("ships (JS off: 303 back with a notice), mails the buyer, records the merchant; then completes it", async ({ platform, merchant }) => {
    const post = (fields: Record<string, string>) =>
      run(platform, shipmentAction, postRequest(`/merchant/shipments/${OWN}`, fields, { cookie: merchant, mode: "navigate" }), { shipmentId: String(OWN) });
    expectRedirect(
      await post({ intent: "ship", carrier: "sagawa", trackingNumber: "1234-5678-9012" }),
      303,
      `/merchant/shipments/${OWN}?notice=shipped#result`,
    );
    const shipped = await platform.db.select().from(orderShipments).where(eq(orderShipments.id, OWN)).get();
    expect(shipped).toMatchObject({ status: "shipped", carrier: "sagawa", trackingNumber: "123456789012" });
    const event = await platform.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.shipmentId, OWN), eq(orderEvents.kind, "shipped")))
      .get();
    expect(event).toMatchObject({ actorKind: "merchant", actorUserId: MERCHANT_USER_ID });
    expect(
      await platform.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.key, `shipment-shipped:${OWN}`))
        .get(),
    ).toMatchObject({ toAddress: GUEST_ORDER_EMAIL });
    const again = await post({ intent: "ship", carrier: "sagawa", trackingNumber: "123456789012" });
    expect(await valueOf(again)).toMatchObject({ ok: false, error: LIFECYCLE_MESSAGES.shipmentNotPreparing });
    expectRedirect(await post({ intent: "deliver" }), 303, `/merchant/shipments/${OWN}?notice=delivered#result`);
    expect(await shipmentStatus(platform.db, OWN)).toBe("delivered");
    const page = await run(platform, shipmentLoader, pageRequest(`/merchant/shipments/${OWN}?notice=delivered`, merchant), { shipmentId: String(OWN) });
    expect(await valueOf(page)).toMatchObject({ notice: MERCHANT_TEXT.delivered });
  });

  it("ships with JS on (a fetch) the same way", async ({ platform, merchant }) => {
    const order = await placeMemberOrder(platform.db, 1, { sku: "FOOD-CHEESE", paymentMethod: "cod", now });
    const shipment = (await platform.db
      .select({ id: orderShipments.id })
      .from(orderShipments)
      .where(and(eq(orderShipments.orderId, order.id), eq(orderShipments.merchantId, MERCHANT_ID)))
      .get())!;
    const outcome = await run(
      platform,
      shipmentAction,
      postRequest(`/merchant/shipments/${shipment.id}`, { intent: "ship", carrier: "yamato", trackingNumber: "987654321098" }, { cookie: merchant }),
      { shipmentId: String(shipment.id) },
    );
    expectRedirect(outcome, 303, `/merchant/shipments/${shipment.id}?notice=shipped#result`);
    expect(await shipmentStatus(platform.db, shipment.id)).toBe("shipped");
  });
});

describe("paging", () => {
  it("walks a tab newest first through the index, older and back newer, without gaps or repeats", async ({ platform, merchant }) => {
    const template = (await platform.db.select().from(orders).where(eq(orders.id, 7)).get())!;
    const extra = MERCHANT_PAGE_SIZE + 5;
    for (let i = 0; i < extra; i++) {
      const { id: _id, ...row } = template;
      const [inserted] = await platform.db
        .insert(orders)
        .values({ ...row, number: `20200101-${String(9000 + i)}`, placementToken: `paging-${i}`, status: "shipped" })
        .returning({ id: orders.id });
      await platform.db.insert(orderShipments).values({ orderId: inserted!.id, shippingFrom: "merchant", merchantId: MERCHANT_ID, status: "shipped" });
    }
    const page = async (query: string) =>
      (await valueOf<{ page: MerchantShipmentPage }>(await run(platform, listLoader, pageRequest(`/merchant?tab=shipped${query}`, merchant)))).page;
    const first = await page("");
    expect(first.rows).toHaveLength(MERCHANT_PAGE_SIZE);
    expect(first.newerCursor).toBeNull();
    const second = await page(`&before=${first.olderCursor}`);
    const seen = [...first.rows, ...second.rows].map((row) => row.orderId);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(second.rows.length).toBeGreaterThanOrEqual(5);
    expect(second.olderCursor).toBeNull();
    const back = await page(`&after=${second.newerCursor}`);
    expect(back.rows.map((row) => row.id)).toEqual(first.rows.map((row) => row.id));
  });
});
