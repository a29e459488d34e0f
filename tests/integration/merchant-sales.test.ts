/**
 * A merchant's own sales (/merchant/sales, issue 37) on real local D1: the figures are the merchant's own
 * lines — those in its parcels — of orders placed in the period, less cancelled orders, lines cancelled on
 * their own and what returns took back, never another merchant's or the warehouse's lines in the same order;
 * Japanese days; the merchant comes from the session only (no parameter reaches another's figures); the CSV
 * in UTF-8 with a BOM or Shift_JIS with formulas defused; a bad period is refused in Japanese.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { parseCsv } from "~/core/csv";
import { addDaysToDate, jstDate, jstDayStart } from "~/core/dates";
import type { MerchantSales } from "~/core/reports/merchant-sales";
import { REPORT_PERIOD_TEXT } from "~/core/reports/report-period";
import type { SalesRow } from "~/core/reports/sales-report";
import { decodeJapaneseText } from "~/core/text-encoding";
import { orderLines, orders, orderShipments, returnRequestLines, returnRequests } from "~/db/schema";
import * as reportPage from "~/routes/crm.reports";
import * as portal from "~/routes/merchant._index";
import * as salesCsv from "~/routes/merchant.sales[.]csv";
import * as salesPage from "~/routes/merchant.sales";
import { cancelOrder, cancelOrderLines } from "~/services/orders/order-cancellation.server";
import { MEMBER_ID, MERCHANT_ID, OTHER_MERCHANT_ID } from "~/services/seed/people";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { pageRequest, run, valueOf } from "../support/requests";
import { deliveredOrder, receiveReturn, requestMemberReturn, STAFF_ACTOR } from "../support/returns";

const now = seedClock();
const it = platformTest();

/** 十勝しあわせ牧場 (the merchant's login) sells these; 有田 青華窯 (the other merchant's) DEMO-MERCHANT; the warehouse DEMO-SIMPLE. */
const OWN = "FOOD-BUTTER";
const OWN_OTHER = "FOOD-CHEESE";
const OTHERS = "DEMO-MERCHANT";
const WAREHOUSE = "DEMO-SIMPLE";

type Page = { ok: true; sales: MerchantSales } | { ok: false; error: string };
const today = () => jstDate(new Date());
const lastMonth = () => `from=${addDaysToDate(today(), -30)}&to=${today()}`;

async function sales(platform: TestPlatform, cookie: string, query = lastMonth()): Promise<MerchantSales> {
  const page = await valueOf<Page>(await run(platform, salesPage.loader, pageRequest(`/merchant/sales?${query}`, cookie)));
  if (!page.ok) throw new Error(page.error);
  return page.sales;
}

const totals = (figures: MerchantSales) => ({ sales: figures.total.sales, quantity: figures.total.quantity, orders: figures.total.orders });

/**
 * What the merchant sold in [from, to) summed in JS from the stored rows: its lines (in its parcels) of orders
 * neither cancelled nor wholly returned, not cancelled on their own, less the unit price of each returned item.
 */
async function ownLines(platform: TestPlatform, merchantId: number, from: Date, to: Date) {
  const lines = await platform.db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      total: orderLines.total,
      unitPrice: orderLines.unitPrice,
      quantity: orderLines.quantity,
      cancelledAt: orderLines.cancelledAt,
      status: orders.status,
      createdAt: orders.createdAt,
      merchantId: orderShipments.merchantId,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId));
  const returned = await platform.db
    .select({ lineId: returnRequestLines.orderLineId, quantity: returnRequestLines.quantity })
    .from(returnRequestLines)
    .innerJoin(returnRequests, eq(returnRequests.id, returnRequestLines.returnId))
    .where(sql`${returnRequests.status} = 'received' and ${returnRequests.kind} = 'return'`);
  const back = (lineId: number) => returned.filter((row) => row.lineId === lineId).reduce((sum, row) => sum + row.quantity, 0);
  const counted = lines.filter(
    (line) =>
      line.merchantId === merchantId &&
      line.createdAt >= from &&
      line.createdAt < to &&
      !["cancelled", "returned"].includes(line.status) &&
      line.cancelledAt == null,
  );
  return {
    sales: counted.reduce((sum, line) => sum + line.total - line.unitPrice * back(line.id), 0),
    quantity: counted.reduce((sum, line) => sum + line.quantity - back(line.id), 0),
    orders: new Set(counted.map((line) => line.orderId)).size,
  };
}

const lineOf = async (platform: TestPlatform, orderId: number, sku: string) =>
  (
    await platform.db
      .select()
      .from(orderLines)
      .where(sql`${orderLines.orderId} = ${orderId} and ${orderLines.sku} = ${sku}`)
  )[0]!;

describe("the merchant's figures", () => {
  it("are its own lines only: another merchant's and the warehouse's lines, cancelled orders and lines and returned items left out", async ({
    platform,
    merchant,
    otherMerchant,
    staff,
  }) => {
    const before = await sales(platform, merchant);
    const othersBefore = await sales(platform, otherMerchant);

    // One order with parcels of the merchant, the other merchant and the warehouse.
    const mixed = await placeMemberOrder(platform.db, MEMBER_ID, {
      sku: OWN,
      quantity: 2,
      more: [
        { sku: OTHERS, quantity: 1 },
        { sku: WAREHOUSE, quantity: 3 },
      ],
      paymentMethod: "cod",
      now,
    });
    const own = await lineOf(platform, mixed.id, OWN);
    const others = await lineOf(platform, mixed.id, OTHERS);
    const afterMixed = await sales(platform, merchant);
    expect(totals(afterMixed)).toEqual({ sales: before.total.sales + own.total, quantity: before.total.quantity! + 2, orders: before.total.orders! + 1 });
    expect((await sales(platform, otherMerchant)).total.sales).toBe(othersBefore.total.sales + others.total);

    // A cancelled order counts nothing; a line cancelled on its own comes off (and its order with it, when it was the merchant's only one).
    const cancelled = await placeMemberOrder(platform.db, MEMBER_ID, { sku: OWN, quantity: 1, now });
    expect((await cancelOrder(platform.db, cancelled.id, STAFF_ACTOR, "staff", TEST_MAIL_FRAME, now)).ok).toBe(true);
    const partly = await placeMemberOrder(platform.db, MEMBER_ID, {
      sku: OWN_OTHER,
      quantity: 1,
      more: [{ sku: WAREHOUSE, quantity: 1 }],
      paymentMethod: "cod",
      now,
    });
    const cheese = await lineOf(platform, partly.id, OWN_OTHER);
    expect((await cancelOrderLines(platform.db, partly.id, [cheese.id], STAFF_ACTOR, TEST_MAIL_FRAME, now)).ok).toBe(true);
    expect(totals(await sales(platform, merchant))).toEqual(totals(afterMixed));

    // A delivered order of two, one of them returned and refunded: one item's price counts.
    const delivered = await deliveredOrder(platform.db, MEMBER_ID, { sku: OWN, quantity: 2, now });
    const deliveredLine = delivered.lines.find((line) => line.sku === OWN)!;
    await receiveReturn(
      platform.db,
      await requestMemberReturn(platform, delivered.id, deliveredLine.id, { token: `merchant-sales-${deliveredLine.id}`, now }),
      now,
    );
    const after = await sales(platform, merchant);
    expect(totals(after)).toEqual({
      sales: afterMixed.total.sales + deliveredLine.unitPrice,
      quantity: afterMixed.total.quantity! + 1,
      orders: afterMixed.total.orders! + 1,
    });

    // Every figure is the sum of the merchant's own stored lines, and the staff report's row for the merchant says the same.
    const from = jstDayStart(addDaysToDate(today(), -30));
    const to = jstDayStart(addDaysToDate(today(), 1));
    expect(totals(after)).toEqual(await ownLines(platform, MERCHANT_ID, from, to));
    expect(totals(await sales(platform, otherMerchant))).toEqual(await ownLines(platform, OTHER_MERCHANT_ID, from, to));
    expect(after.daily.reduce((sum, row) => sum + row.sales, 0)).toBe(after.total.sales);
    expect(after.products.reduce((sum, row) => sum + row.sales, 0)).toBe(after.total.sales);
    expect(after.products.map((row) => row.label).join()).not.toMatch(new RegExp(`${OTHERS}|${WAREHOUSE}`));
    const byMerchant = await valueOf<{ ok: true; rows: SalesRow[] }>(
      await run(platform, reportPage.loader, pageRequest(`/crm/reports?by=merchant&${lastMonth()}`, staff)),
    );
    expect(byMerchant.rows.find((row) => row.label === "十勝しあわせ牧場")).toMatchObject({
      sales: after.total.sales,
      quantity: after.total.quantity,
      orders: after.total.orders,
    });
  });

  it("count an order on the Japanese day it was placed", async ({ platform, merchant }) => {
    const day = addDaysToDate(today(), -200);
    const lateEvening = await placeMemberOrder(platform.db, MEMBER_ID, { sku: OWN, quantity: 1, paymentMethod: "cod", now });
    const earlyNextMorning = await placeMemberOrder(platform.db, MEMBER_ID, { sku: OWN, quantity: 2, paymentMethod: "cod", now });
    const at = (hours: number) => new Date(jstDayStart(day).getTime() + hours * 3600_000);
    await platform.db
      .update(orders)
      .set({ createdAt: at(23.5) })
      .where(eq(orders.id, lateEvening.id));
    await platform.db
      .update(orders)
      .set({ createdAt: at(24.5) })
      .where(eq(orders.id, earlyNextMorning.id));
    const unit = (await lineOf(platform, lateEvening.id, OWN)).unitPrice;

    const oneDay = await sales(platform, merchant, `from=${day}&to=${day}`);
    expect(oneDay.daily).toEqual([{ label: day, sales: unit, salesExTax: null, quantity: 1, orders: 1 }]);
    const twoDays = await sales(platform, merchant, `from=${addDaysToDate(day, -1)}&to=${addDaysToDate(day, 1)}`);
    expect(twoDays.daily.map((row) => [row.label, row.sales])).toEqual([
      [addDaysToDate(day, -1), 0],
      [day, unit],
      [addDaysToDate(day, 1), unit * 2],
    ]);
    expect(totals(twoDays)).toEqual({ sales: unit * 3, quantity: 3, orders: 2 });
    // Without a period: the last 30 days up to today, every day listed.
    const latest = await sales(platform, merchant, "");
    expect(latest.period).toEqual({ from: addDaysToDate(today(), -29), to: today() });
    expect(latest.daily).toHaveLength(30);
  });

  it("refuse a period they cannot read, in Japanese, without figures or a 500", async ({ platform, merchant }) => {
    for (const [query, error] of [
      ["from=2026-02-30", REPORT_PERIOD_TEXT.badDate],
      ["from=yesterday", REPORT_PERIOD_TEXT.badDate],
      ["to=%3Cscript%3E", REPORT_PERIOD_TEXT.badDate],
      ["from=2026-11-10&to=2026-11-01", REPORT_PERIOD_TEXT.reversed],
      ["from=2020-01-01&to=2026-11-01", REPORT_PERIOD_TEXT.tooLong],
    ]) {
      const page = await run(platform, salesPage.loader, pageRequest(`/merchant/sales?${query}`, merchant));
      expect(page.status, query).toBe(400);
      expect(page.value, query).toEqual({ ok: false, error, asked: expect.any(Object) });
      const csv = (await run(platform, salesCsv.loader, pageRequest(`/merchant/sales.csv?${query}`, merchant))).response!;
      expect(csv.status, query).toBe(400);
      expect(await csv.text(), query).toBe(error);
    }
    // A period of exactly the longest length is read.
    expect((await run(platform, salesPage.loader, pageRequest(`/merchant/sales?from=2025-11-01&to=2026-11-01`, merchant))).status).toBe(200);
  });
});

describe("who sees whose figures", () => {
  it("a merchant's own only, whatever the URL says; members and staff are refused, a visitor sent to log in", async ({
    platform,
    merchant,
    otherMerchant,
    member,
    staff,
  }) => {
    await placeMemberOrder(platform.db, MEMBER_ID, { sku: OWN, quantity: 1, more: [{ sku: OTHERS, quantity: 2 }], paymentMethod: "cod", now });
    const mine = await sales(platform, merchant);
    const theirs = await sales(platform, otherMerchant);
    expect(mine.total.sales).toBeGreaterThan(0);
    expect(theirs.total.sales).not.toBe(mine.total.sales);
    for (const attempt of [
      `merchant=${OTHER_MERCHANT_ID}`,
      `merchantId=${OTHER_MERCHANT_ID}`,
      `merchant_id=${OTHER_MERCHANT_ID}`,
      `id=${OTHER_MERCHANT_ID}`,
      "by=merchant",
      `scope=all&merchant=${OTHER_MERCHANT_ID}`,
    ]) {
      expect(await sales(platform, merchant, `${lastMonth()}&${attempt}`), attempt).toEqual(mine);
      const csv = (await run(platform, salesCsv.loader, pageRequest(`/merchant/sales.csv?${lastMonth()}&by=product&${attempt}`, merchant))).response!;
      const records = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
      expect(records.at(-1), attempt).toEqual(["合計", String(mine.total.sales), String(mine.total.quantity), String(mine.total.orders)]);
    }
    for (const handler of [salesPage.loader, salesCsv.loader, portal.loader]) {
      for (const cookie of [member, staff]) expect((await run(platform, handler, pageRequest("/merchant/sales", cookie))).status).toBe(403);
      expect((await run(platform, handler, pageRequest("/merchant/sales"))).response?.headers.get("Location")).toMatch(/^\/login/);
    }
  });

  it("the portal's summary: parcels to ship as the 発送待ち list counts them, and this month's sales as the sales page shows them", async ({
    platform,
    merchant,
  }) => {
    await placeMemberOrder(platform.db, MEMBER_ID, { sku: OWN, quantity: 1, paymentMethod: "cod", now });
    const page = await valueOf<{
      page: { counts: { to_ship: number } };
      summary: { toShip: number; monthSales: { sales: number; orders: number; href: string } };
    }>(await run(platform, portal.loader, pageRequest("/merchant", merchant)));
    expect(page.summary.toShip).toBe(page.page.counts.to_ship);
    expect(page.summary.toShip).toBeGreaterThan(0);
    const month = `${today().slice(0, 8)}01`;
    expect(page.summary.monthSales.href).toBe(`/merchant/sales?from=${month}&to=${today()}`);
    const thisMonth = await sales(platform, merchant, `from=${month}&to=${today()}`);
    expect(page.summary.monthSales).toMatchObject({ sales: thisMonth.total.sales, orders: thisMonth.total.orders });
    expect(thisMonth.total.sales).toBeGreaterThan(0);
  });
});

describe("the CSV", () => {
  it("downloads by day or by product as UTF-8 with a BOM or as Shift_JIS, the same records, a formula defused", async ({ platform, merchant }) => {
    await placeMemberOrder(platform.db, MEMBER_ID, { sku: OWN_OTHER, quantity: 1, paymentMethod: "cod", now });
    await platform.db.update(orderLines).set({ title: '=HYPERLINK("http://evil.example","x")' }).where(eq(orderLines.sku, OWN_OTHER));
    const figures = await sales(platform, merchant);
    for (const by of ["day", "product"] as const) {
      const query = `by=${by}&${lastMonth()}`;
      const utf8 = (await run(platform, salesCsv.loader, pageRequest(`/merchant/sales.csv?${query}`, merchant))).response!;
      expect(utf8.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(utf8.headers.get("Content-Disposition")).toBe(`attachment; filename="merchant-sales-${by}-${addDaysToDate(today(), -30)}-${today()}.csv"`);
      const utf8Bytes = new Uint8Array(await utf8.arrayBuffer());
      expect([...utf8Bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const records = parseCsv(new TextDecoder().decode(utf8Bytes).replace(/^\uFEFF/, ""));
      const sjis = (await run(platform, salesCsv.loader, pageRequest(`/merchant/sales.csv?${query}&encoding=sjis`, merchant))).response!;
      expect(sjis.headers.get("Content-Type")).toBe("text/csv; charset=Shift_JIS");
      expect(sjis.headers.get("Content-Disposition")).toMatch(/-sjis\.csv"$/);
      const sjisBytes = new Uint8Array(await sjis.arrayBuffer());
      expect([...sjisBytes.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
      expect(parseCsv(decodeJapaneseText(sjisBytes))).toEqual(records);
      expect(records[0]).toEqual([by === "day" ? "日" : "商品", "商品の売上（税込）", "数量", "注文数"]);
      expect(records.at(-1)).toEqual(["合計", String(figures.total.sales), String(figures.total.quantity), String(figures.total.orders)]);
      expect(records.slice(1, -1)).toHaveLength(by === "day" ? 31 : figures.products.length);
    }
    const products = parseCsv(
      (await (await run(platform, salesCsv.loader, pageRequest(`/merchant/sales.csv?by=product&${lastMonth()}`, merchant))).response!.text()).replace(
        /^\uFEFF/,
        "",
      ),
    );
    expect(products.find((record) => record[0]!.includes("HYPERLINK"))![0]).toMatch(/^'=HYPERLINK/);
  });
});
