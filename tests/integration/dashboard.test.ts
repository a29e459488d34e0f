/**
 * The owner's dashboard at /crm (issue 37 item 1) on real local D1: each sales figure moves by exactly what an
 * order adds as placed — a bank transfer, a COD order with points, a cancelled order (nothing), a return's
 * refund and a line cancelled on its own (taken off) — tax excluded as the order's own share; the to-do
 * counts follow the orders, returns and tickets they count and link to lists that show the same; staff only.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { orderLines, orders } from "~/db/schema";
import * as dashboardRoute from "~/routes/crm._index";
import * as orderList from "~/routes/crm.orders._index";
import { cancelOrder, cancelOrderLines } from "~/services/orders/order-cancellation.server";
import type { Dashboard } from "~/core/reports/dashboard";
import { loadDashboard } from "~/services/reports/dashboard.server";
import { MEMBER_ID } from "~/services/seed/people";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { pageRequest, run, valueOf } from "../support/requests";
import { deliveredOrder, receiveReturn, requestMemberReturn, STAFF_ACTOR } from "../support/returns";

const now = seedClock();
/** The dashboard read a moment after the orders (its periods run up to the instant it is read, exclusive). */
const shortlyAfter = new Date(now.getTime() + 1000);
const it = platformTest();

const todayCard = (dashboard: Dashboard) => dashboard.cards[0]!.current;
const todo = (dashboard: Dashboard, label: string) => dashboard.todo.find((item) => item.label === label)!;
const orderRow = async (platform: TestPlatform, id: number) => (await platform.db.select().from(orders).where(eq(orders.id, id)))[0]!;
/** The order's own tax-exclusive share of `net`, as the dashboard rounds it. */
const exTax = (order: { total: number; tax10: number; tax8: number }, net: number) =>
  Math.round((net * (order.total - order.tax10 - order.tax8)) / order.total);

describe("sales as placed", () => {
  it("adds each order's total today, this week and this month, and nothing for a cancelled one", async ({ platform }) => {
    const before = await loadDashboard(platform.db, shortlyAfter);
    const transfer = await placeMemberOrder(platform.db, MEMBER_ID, { quantity: 2, now });
    const cod = await placeMemberOrder(platform.db, MEMBER_ID, { paymentMethod: "cod", pointsUsed: 100, now });
    const cancelled = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    expect((await cancelOrder(platform.db, cancelled.id, STAFF_ACTOR, "staff", TEST_MAIL_FRAME, now)).ok).toBe(true);
    const placed = [await orderRow(platform, transfer.id), await orderRow(platform, cod.id)];
    const after = await loadDashboard(platform.db, shortlyAfter);
    for (const index of [0, 1, 2]) {
      expect(after.cards[index]!.current.sales - before.cards[index]!.current.sales).toBe(placed[0]!.total + placed[1]!.total);
      expect(after.cards[index]!.current.orders - before.cards[index]!.current.orders).toBe(2);
      expect(after.cards[index]!.current.salesExTax - before.cards[index]!.current.salesExTax).toBe(
        exTax(placed[0]!, placed[0]!.total) + exTax(placed[1]!, placed[1]!.total),
      );
    }
    expect(todayCard(after).average).toBe(Math.round(todayCard(after).sales / todayCard(after).orders));
    // The chart's last day is today and holds the same figures as today's card.
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1)).toEqual({ day: after.today, sales: todayCard(after).sales, orders: todayCard(after).orders });
    // The best sellers count the product's lines of orders that count.
    const top = after.topProducts.find((product) => product.sku === "DEMO-SIMPLE")!;
    const topBefore = before.topProducts.find((product) => product.sku === "DEMO-SIMPLE")?.quantity ?? 0;
    expect(top.quantity - topBefore).toBe(3);
  });

  it("takes off a return's refund and a line cancelled on its own", async ({ platform }) => {
    const delivered = await deliveredOrder(platform.db, MEMBER_ID, { quantity: 2, now });
    const line = delivered.lines[0]!;
    const returnId = await requestMemberReturn(platform, delivered.id, line.id, { token: "dashboard-return-0001", reason: "changed_mind", now });
    const before = await loadDashboard(platform.db, shortlyAfter);
    expect(todo(before, "返品・交換の判断待ち").count).toBeGreaterThan(0);
    await receiveReturn(platform.db, returnId, now);
    const afterReturn = await loadDashboard(platform.db, shortlyAfter);
    expect(todayCard(before).sales - todayCard(afterReturn).sales).toBe(line.unitPrice);
    expect(todayCard(afterReturn).orders).toBe(todayCard(before).orders);
    expect(todo(afterReturn, "返品・交換の判断待ち").count).toBe(todo(before, "返品・交換の判断待ち").count - 1);

    const twoLines = await placeMemberOrder(platform.db, MEMBER_ID, { paymentMethod: "cod", more: [{ sku: "DEMO-SHIPDAYS", quantity: 1 }], now });
    const lines = await platform.db.select().from(orderLines).where(eq(orderLines.orderId, twoLines.id)).orderBy(orderLines.id);
    const withBoth = await loadDashboard(platform.db, shortlyAfter);
    expect((await cancelOrderLines(platform.db, twoLines.id, [lines[1]!.id], STAFF_ACTOR, TEST_MAIL_FRAME, now)).ok).toBe(true);
    const afterLine = await loadDashboard(platform.db, shortlyAfter);
    expect(todayCard(withBoth).sales - todayCard(afterLine).sales).toBe(lines[1]!.total);
  });
});

describe("what waits", () => {
  it("counts unpaid and lapsed transfers and parcels to ship, each linking to a list of as many orders", async ({ platform, staff }) => {
    const lapsed = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    await platform.db
      .update(orders)
      .set({ createdAt: new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, lapsed.id));
    await placeMemberOrder(platform.db, MEMBER_ID, { paymentMethod: "cod", now });
    const dashboard = await loadDashboard(platform.db, new Date());
    // An order with parcels from several senders is one order in the total, and one in each sender's list.
    const senders = dashboard.todo.filter((item) => item.label.startsWith("発送待ち：")).map((item) => item.label);
    expect(senders.length).toBeGreaterThan(1);
    for (const label of ["入金待ち（銀行振込）", "入金期限切れ", "発送待ち（合計）", ...senders]) {
      const item = todo(dashboard, label);
      expect(item.count, label).toBeGreaterThan(0);
      const listed = await valueOf<{ page: { total: number } }>(await run(platform, orderList.loader, pageRequest(item.href, staff)));
      expect(listed.page.total, label).toBe(item.count);
    }
    expect(todo(dashboard, "入金期限切れ").urgent).toBe(true);
  });
});

describe("who sees it", () => {
  it("is staff's first page; a member or a merchant is refused, a visitor sent to log in", async ({ platform, staff, member, merchant }) => {
    const page = await valueOf<{ dashboard: Dashboard }>(await run(platform, dashboardRoute.loader, pageRequest("/crm", staff)));
    expect(page.dashboard.cards.map((card) => card.label)).toEqual(["今日", "今週（月曜から）", "今月"]);
    for (const cookie of [member, merchant]) expect((await run(platform, dashboardRoute.loader, pageRequest("/crm", cookie))).status).toBe(403);
    const visitor = await run(platform, dashboardRoute.loader, pageRequest("/crm"));
    expect(visitor.response?.headers.get("Location")).toMatch(/^\/login/);
  });
});
