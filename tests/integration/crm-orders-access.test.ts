/**
 * Who may use staff's order desk: staff only. Every /crm/orders route and every action of the order page,
 * asked by a guest (sent to the login page), a member, another member, a merchant and another merchant
 * (403, with nothing of the order in the answer and nothing changed); staff get the pages.
 */
import { describe, expect } from "vitest";
import { mailOutbox, orderEvents, orderLines, orderRefunds, orders, orderShipments } from "~/db/schema";
import * as csvRoute from "~/routes/crm.orders[.]csv";
import * as listRoute from "~/routes/crm.orders._index";
import * as page from "~/routes/crm.orders.$orderId";
import { platformTest, type PlatformFixtures, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, type RouteHandler } from "../support/requests";

const it = platformTest();

/** Every row an action of the desk writes. */
async function snapshot(platform: TestPlatform) {
  const { db } = platform;
  return Promise.all([orders, orderShipments, orderLines, orderEvents, orderRefunds, mailOutbox].map((table) => db.select().from(table).all()));
}

const ACTIONS: Record<string, string>[] = [
  { intent: "confirm_payment" },
  { intent: "ship", shipment: "7", carrier: "yamato", tracking_number: "123456789012" },
  { intent: "deliver", shipment: "7" },
  { intent: "cancel", confirm: "1" },
  { intent: "cancel_lines", line: "9" },
  { intent: "refund", amount: "100", method: "bank_transfer" },
  { intent: "resend_confirmation" },
  { intent: "note", note: "メモ" },
];

const PAGES: { name: string; handler: RouteHandler; path: string; params: Record<string, string> }[] = [
  { name: "/crm/orders", handler: listRoute.loader as RouteHandler, path: "/crm/orders?status=pending_payment", params: {} },
  { name: "/crm/orders.csv", handler: csvRoute.loader as RouteHandler, path: "/crm/orders.csv", params: {} },
  { name: "/crm/orders/6", handler: page.loader as RouteHandler, path: "/crm/orders/6", params: { orderId: "6" } },
];

type Who = keyof Pick<PlatformFixtures, "member" | "other" | "merchant" | "otherMerchant">;

describe("the order desk's access", () => {
  it.for(["member", "other", "merchant", "otherMerchant"] as Who[])(
    "%s gets 403 on every page and action, and nothing changes",
    async (who, { platform, member, other, merchant, otherMerchant }) => {
      const cookie = { member, other, merchant, otherMerchant }[who];
      const before = await snapshot(platform);
      for (const target of PAGES) {
        const outcome = await run(platform, target.handler, pageRequest(target.path, cookie), target.params);
        expect(outcome.status, target.name).toBe(403);
        const body = await outcome.response!.text();
        expect(body).not.toContain("guest-buyer@example.jp");
      }
      for (const fields of ACTIONS) {
        for (const mode of ["navigate", "cors"] as const) {
          const outcome = await run(platform, page.action as RouteHandler, postRequest("/crm/orders/6", fields, { cookie, mode }), { orderId: "6" });
          expect(outcome.status, `${fields.intent} (${mode})`).toBe(403);
        }
      }
      expect(await snapshot(platform)).toEqual(before);
    },
  );

  it("sends a guest to the login page from every page and action, changing nothing", async ({ platform }) => {
    const before = await snapshot(platform);
    for (const target of PAGES) {
      const outcome = await run(platform, target.handler, pageRequest(target.path), target.params);
      expect(outcome.status, target.name).toBe(302);
      expect(outcome.response?.headers.get("Location"), target.name).toBe(`/login?${new URLSearchParams({ show: "1", redirectTo: target.path })}`);
    }
    for (const fields of ACTIONS) {
      const outcome = await run(platform, page.action as RouteHandler, postRequest("/crm/orders/6", fields, { mode: "navigate" }), { orderId: "6" });
      expect(outcome.status, fields.intent).toBe(302);
      expect(outcome.response?.headers.get("Location")).toMatch(/^\/login\?show=1/);
    }
    expect(await snapshot(platform)).toEqual(before);
  });

  it("lets staff in", async ({ platform, staff }) => {
    for (const target of PAGES) expect((await run(platform, target.handler, pageRequest(target.path, staff), target.params)).status, target.name).toBe(200);
  });
});
