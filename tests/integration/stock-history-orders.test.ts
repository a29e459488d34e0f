/**
 * The stock history shows what orders did to the stock (issue 34 item 20), read from the orders on real
 * local D1: an order placed takes its quantity (−n), a line cancelled alone and a whole order cancelled give
 * it back (+n), a return put back in stock gives back what came back (a return kept out of stock does not);
 * each line names and links its order — the order desk for staff, the merchant's own parcel for a merchant
 * — and the lines add up to the stock as it is.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { OrderActor } from "~/core/orders/order-events";
import { orderLines, products } from "~/db/schema";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_ID } from "~/services/seed/people";
import * as crmPage from "~/routes/crm.products.$productId.stock";
import * as merchantPage from "~/routes/merchant.products.$productId.stock";
import { cancelOrder, cancelOrderLines } from "~/services/orders/order-cancellation.server";
import { decideReturn } from "~/services/returns/return-decisions.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import type { ProductStockPageData } from "~/web/types/catalogue-stock";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { deliveredOrder, STAFF_ACTOR } from "../support/returns";
import { pageRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

/** 有田 青華窯's (the other merchant fixture's) boxed cups: returnable, shipped by the merchant. */
const CUPS = productBySku("GIFT-YUNOMI");
const MEMBER = { id: MEMBER_ID, actor: { kind: "customer", userId: MEMBER_ID, name: "山田 花子" } satisfies OrderActor };

const stockOf = async (platform: TestPlatform) => (await platform.db.select().from(products).where(eq(products.id, CUPS.id)).get())!.inventory;

async function historyOf(platform: TestPlatform, side: "crm" | "merchant", cookie: string) {
  const route = side === "crm" ? crmPage : merchantPage;
  const outcome = await run(platform, route.loader as RouteHandler, pageRequest(`/${side}/products/${CUPS.id}/stock`, cookie), { productId: String(CUPS.id) });
  expect(outcome.status).toBe(200);
  return (await valueOf<ProductStockPageData>(outcome)).stockHistory;
}

/** A return of `quantity` of the order's first line, approved and received with or without putting it back in stock. */
async function returned(platform: TestPlatform, order: Awaited<ReturnType<typeof deliveredOrder>>, quantity: number, restock: boolean, now: Date) {
  const token = `stock-history-${order.id}-${restock ? 1 : 0}`.padEnd(24, "0");
  const body = { token, kind: "return" as const, reason: "changed_mind" as const, lines: [{ id: order.lines[0]!.id, quantity }], details: "" };
  const created = await createReturnRequest(platform.db, platform.env.ATTACHMENTS, MEMBER, order.id, body, { galleryIds: [], files: [] }, TEST_MAIL_FRAME, now);
  if (!created.ok) throw new Error(JSON.stringify(created));
  for (const decision of [
    { intent: "approve" as const, message: "お送りください" },
    { intent: "receive" as const, method: "bank_transfer" as const, restock: restock ? "1" : "" },
  ]) {
    const result = await decideReturn(platform.db, created.returnId, STAFF_ACTOR, decision, TEST_MAIL_FRAME, now);
    if (!result.ok) throw new Error(result.error);
  }
}

describe("order movements in the stock history", () => {
  it("lists placed −n, cancelled +n (a line, a whole order) and a return put back +n, linked to each order", async ({ platform, staff, otherMerchant }) => {
    const start = await stockOf(platform);
    const at = (minutes: number) => new Date(Date.now() - 60 * 60_000 + minutes * 60_000);
    const kept = await placeMemberOrder(platform.db, MEMBER_ID, { sku: CUPS.sku, quantity: 2, now: at(0) });
    const withdrawn = await placeMemberOrder(platform.db, MEMBER_ID, { sku: CUPS.sku, quantity: 1, now: at(1) });
    const mixed = await placeMemberOrder(platform.db, MEMBER_ID, { sku: CUPS.sku, quantity: 3, more: [{ sku: "DEMO-SIMPLE", quantity: 1 }], now: at(2) });
    const whole = await cancelOrder(platform.db, withdrawn.id, STAFF_ACTOR, "staff", TEST_MAIL_FRAME, at(3));
    expect(whole.ok).toBe(true);
    const mixedCups = (await platform.db.select().from(orderLines).where(eq(orderLines.orderId, mixed.id)).all()).find((line) => line.productId === CUPS.id)!;
    const partial = await cancelOrderLines(platform.db, mixed.id, [mixedCups.id], STAFF_ACTOR, TEST_MAIL_FRAME, at(4));
    expect(partial.ok).toBe(true);
    const delivered = await deliveredOrder(platform.db, MEMBER_ID, { sku: CUPS.sku, quantity: 2, now: at(5) });
    await returned(platform, delivered, 1, true, at(6));
    const damaged = await deliveredOrder(platform.db, MEMBER_ID, { sku: CUPS.sku, quantity: 1, now: at(7) });
    await returned(platform, damaged, 1, false, at(8));

    const history = await historyOf(platform, "crm", staff);
    // The seed records no movement of the cups: the history is these orders' lines.
    expect(history.total).toBe(8);
    const fresh = history.rows;
    expect(fresh.map((row) => [row.kind, row.change, row.order?.number, row.actorName])).toEqual([
      ["order", -1, damaged.number, "お客様"],
      ["return", 1, delivered.number, `スタッフ ${STAFF_ACTOR.name}`],
      ["order", -2, delivered.number, "お客様"],
      ["cancel", 3, mixed.number, `スタッフ ${STAFF_ACTOR.name}`],
      ["cancel", 1, withdrawn.number, `スタッフ ${STAFF_ACTOR.name}`],
      ["order", -3, mixed.number, "お客様"],
      ["order", -1, withdrawn.number, "お客様"],
      ["order", -2, kept.number, "お客様"],
    ]);
    expect(fresh[0]).toMatchObject({ pool: "stock", before: null, after: null, order: { href: `/crm/orders/${damaged.id}` } });
    // What the lines moved is what the stock moved.
    expect(fresh.reduce((sum, row) => sum + row.change, 0)).toBe((await stockOf(platform)) - start);

    // The merchant sees the same lines, each linked to its own parcel of the order.
    const merchantRows = (await historyOf(platform, "merchant", otherMerchant)).rows;
    expect(merchantRows.map((row) => [row.kind, row.change])).toEqual(fresh.map((row) => [row.kind, row.change]));
    expect(merchantRows.every((row) => /^\/merchant\/shipments\/\d+$/.test(row.order?.href ?? ""))).toBe(true);
  });
});
