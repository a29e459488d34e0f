/**
 * Where the parcels are (issue 16 items 5 and 8) on a real local D1: each shipment's state, sender,
 * carrier, tracking number linked to the carrier's page, shipped date and expected delivery window (while
 * on its way) or delivered date — on the member's order page, the guest order lookup, /api/user/orders,
 * and beside the thread on the staff ticket page, which reads the customer's orders in its own round trip.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { OrderActor } from "~/core/orders/order-events";
import type { ShipmentTrackingFacts } from "~/core/orders/shipment-tracking";
import { orders } from "~/db/schema";
import { GUEST_ORDER_EMAIL, MEMBER_EMAIL, STAFF_ID } from "~/services/seed/people";
import * as ordersApi from "~/routes/api.user.orders";
import * as crmThread from "~/routes/crm.tickets.$ticketId";
import * as lookupPage from "~/routes/order-lookup";
import * as orderPage from "~/routes/user.orders.$id._index";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { shipShipment } from "~/services/orders/order-transitions.server";
import type { CustomerOrderSummary } from "~/web/types/orders";
import { TEST_MAIL_FRAME } from "../support/orders";
import { platformTest } from "../support/platform-test";
import { apiRequest, contextFor, expectRedirect, pageRequest, postRequest, run, sessionCookie, valueOf, type RouteHandler } from "../support/requests";

const NOW = new Date("2026-01-15T03:00:00Z");
const it = platformTest({ seedAt: NOW });
/** Seed: order 4 (member, placed 2026-01-08) has shipment 5 on its way by ヤマト運輸 since the next day; order 2's two parcels arrived. */
const SHIPPED_ORDER = 4;
const DELIVERED_ORDER = 2;
const GUEST_COD_ORDER = 7;
/** The seed's tracking number of shipment 5. */
const ORDER4_TRACKING_NUMBER = "491234567834";
const YAMATO_PAGE = "https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=";

type Shown = { shipments: { id: number; tracking: ShipmentTrackingFacts }[] };
const orderPageOf = async (platform: Parameters<typeof run>[0], id: number, cookie: string) =>
  valueOf<Shown>(await run(platform, orderPage.loader as RouteHandler, pageRequest(`/user/orders/${id}`, cookie), { id: String(id) }));

describe("the member's order page", () => {
  it("shows a parcel on its way: carrier, tracking number linked to the carrier, shipped date and the expected window", async ({ platform, member }) => {
    const page = await orderPageOf(platform, SHIPPED_ORDER, member);
    expect(page.shipments.map((shipment) => shipment.tracking)).toEqual([
      {
        status: "shipped",
        statusLabel: "発送済み",
        sender: "当社倉庫",
        carrierLabel: "ヤマト運輸",
        trackingNumber: ORDER4_TRACKING_NUMBER,
        trackingUrl: `${YAMATO_PAGE}${ORDER4_TRACKING_NUMBER}`,
        shippedOn: "2026-01-09",
        expectedDelivery: { earliest: "2026-01-10", latest: "2026-01-12" },
        deliveredOn: null,
      },
    ]);
  });

  it("shows delivered parcels with their sender and delivery date, and no window", async ({ platform, member }) => {
    const page = await orderPageOf(platform, DELIVERED_ORDER, member);
    expect(page.shipments.map(({ tracking }) => [tracking.statusLabel, tracking.sender, tracking.carrierLabel, tracking.expectedDelivery])).toEqual([
      ["お届け済み", "当社倉庫", "ヤマト運輸", null],
      ["お届け済み", "有田 青華窯", "佐川急便", null],
    ]);
    expect(page.shipments.every(({ tracking }) => tracking.deliveredOn && tracking.trackingUrl?.startsWith("https://"))).toBe(true);
  });
});

describe("/api/user/orders", () => {
  it("carries each order's parcels with the same facts, in snake_case", async ({ platform, member }) => {
    const body = await valueOf<{ data: { id: number; shipments: Record<string, unknown>[] }[] }>(
      await run(platform, ordersApi.loader as RouteHandler, apiRequest("/api/user/orders", { method: "GET", cookie: member, mode: "cors" })),
    );
    expect(body.data.find((order) => order.id === SHIPPED_ORDER)?.shipments).toEqual([
      {
        id: 5,
        status: "shipped",
        status_label: "発送済み",
        sender: "当社倉庫",
        carrier_label: "ヤマト運輸",
        tracking_number: ORDER4_TRACKING_NUMBER,
        tracking_url: `${YAMATO_PAGE}${ORDER4_TRACKING_NUMBER}`,
        shipped_on: "2026-01-09",
        expected_delivery: { earliest: "2026-01-10", latest: "2026-01-12" },
        delivered_on: null,
      },
    ]);
    expect(body.data.find((order) => order.id === DELIVERED_ORDER)?.shipments.map((shipment) => shipment.sender)).toEqual(["当社倉庫", "有田 青華窯"]);
  });
});

describe("the guest order lookup", () => {
  it("shows which parcels left and how to follow them, and which are still being prepared", async ({ platform }) => {
    const staff: OrderActor = { kind: "staff", userId: STAFF_ID, name: "佐藤" };
    const shipped = await shipShipment(
      platform.db,
      { orderId: GUEST_COD_ORDER, shipmentId: 9, actor: staff, merchantId: null },
      { carrier: "japanpost", trackingNumber: "1234-5678-901" },
      TEST_MAIL_FRAME,
      NOW,
    );
    expect(shipped.ok).toBe(true);
    const { number } = (await platform.db.select({ number: orders.number }).from(orders).where(eq(orders.id, GUEST_COD_ORDER)).get())!;
    const found = await run(
      platform,
      lookupPage.action as RouteHandler,
      postRequest("/order-lookup", { number, email: GUEST_ORDER_EMAIL }, { mode: "navigate" }),
    );
    expectRedirect(found, 303, "/order-lookup#result");
    const page = await valueOf<{ found: { detail: Shown } }>(
      await run(platform, lookupPage.loader as RouteHandler, pageRequest("/order-lookup", sessionCookie(found.response!))),
    );
    const facts = page.found.detail.shipments.map(({ tracking }) => tracking);
    expect(facts[0]).toMatchObject({
      status: "shipped",
      carrierLabel: "日本郵便",
      trackingNumber: "12345678901",
      trackingUrl: expect.stringContaining("trackings.post.japanpost.jp"),
      shippedOn: "2026-01-15",
      expectedDelivery: { earliest: "2026-01-16", latest: "2026-01-18" },
    });
    expect(facts.slice(1).map((fact) => [fact.status, fact.sender, fact.trackingUrl])).toEqual([
      ["preparing", "十勝しあわせ牧場", null],
      ["preparing", "有田 青華窯", null],
    ]);
  });
});

describe("the staff ticket page /crm/tickets/{id}", () => {
  type Page = { customerOrders: CustomerOrderSummary[]; thread: { ticket: { id: number } } };
  const ticketPage = async (platform: Parameters<typeof run>[0], cookie: string) => {
    const context = contextFor(platform);
    const outcome = await run(platform, crmThread.loader as RouteHandler, pageRequest("/crm/tickets/1", cookie), { ticketId: "1" }, context);
    return { outcome, roundTrips: context.d1Usage.roundTrips };
  };

  it("shows the customer's orders beside the thread — the ticket's order first, with its parcel's tracking — within the page's round trips", async ({
    platform,
    staff,
  }) => {
    // A guest order placed with the member's address belongs to the same customer.
    await platform.db.update(orders).set({ email: MEMBER_EMAIL }).where(eq(orders.id, 6));
    await ticketPage(platform, staff); // marks the customer's messages read, so the next load only reads
    const { outcome, roundTrips } = await ticketPage(platform, staff);
    const page = await valueOf<Page>(outcome);
    expect(page.customerOrders.map((order) => order.id)).toEqual([SHIPPED_ORDER, 6, 3, 2, 1]);
    expect(page.customerOrders[0]).toMatchObject({ aboutThis: true, guest: false, statusLabel: "発送済み" });
    expect(page.customerOrders[0]?.shipments).toEqual([
      expect.objectContaining({
        id: 5,
        carrierLabel: "ヤマト運輸",
        trackingUrl: `${YAMATO_PAGE}${ORDER4_TRACKING_NUMBER}`,
        expectedDelivery: expect.any(Object),
      }),
    ]);
    expect(page.customerOrders[1]).toMatchObject({ aboutThis: false, guest: true, statusLabel: "お支払い待ち" });
    expect(page.customerOrders.find((order) => order.id === 5)).toBeUndefined();
    // As many round trips as the page made before it showed orders (the thread's batch, which now reads the
    // orders too and carries the session check, decision 0069): the panel adds none.
    expect(roundTrips).toBe(2);
  });

  it("is staff only, and the customer's own thread carries no order panel", async ({ platform, member }) => {
    const { outcome } = await ticketPage(platform, member);
    expect(outcome.status).toBe(403);
    const own = await run(platform, customerThread.loader as RouteHandler, pageRequest("/user/support/1", member), { ticketId: "1" });
    expect((await valueOf<Page>(own)).customerOrders).toEqual([]);
  });
});
