/**
 * The sales reports (/crm/reports, issue 37 item 2) on real local D1: every whole-order breakdown adds up to
 * the same total, which is each counted order's total less its cancelled lines and return refunds; the line
 * breakdowns add up to the goods' lines; the CSV comes as UTF-8 with a BOM or as Shift_JIS with formulas
 * defused; a bad period is refused in Japanese; staff only.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { parseCsv } from "~/core/csv";
import { jstDate } from "~/core/dates";
import { REPORT_PERIOD_TEXT } from "~/core/reports/report-period";
import { SALES_BREAKDOWN_KEYS, type SalesRow } from "~/core/reports/sales-report";
import { decodeJapaneseText } from "~/core/text-encoding";
import { orderLines, orders } from "~/db/schema";
import * as reportCsv from "~/routes/crm.reports[.]csv";
import * as reportPage from "~/routes/crm.reports";
import { cancelOrder } from "~/services/orders/order-cancellation.server";
import { MEMBER_ID } from "~/services/seed/people";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { pageRequest, run, valueOf } from "../support/requests";
import { deliveredOrder, receiveReturn, requestMemberReturn, STAFF_ACTOR } from "../support/returns";

const now = seedClock();
const it = platformTest();

type Page = { ok: true; rows: SalesRow[]; total: SalesRow } | { ok: false; error: string };
const today = () => jstDate(new Date());
const report = async (platform: TestPlatform, cookie: string, query: string) =>
  valueOf<Page>(await run(platform, reportPage.loader, pageRequest(`/crm/reports?${query}`, cookie)));

/** Each counted order's figure as decision 0054 defines it, summed in JS from the stored rows. */
async function expectedSales(platform: TestPlatform): Promise<number> {
  const rows = await platform.db
    .select({
      total: orders.total,
      // "orders.id" written out: drizzle leaves the table off a one-table query's columns, and a bare "id" here is the line's or the refund's.
      cancelledLines: sql<number>`coalesce((select sum(l.total) from order_lines l where l.order_id = orders.id and l.cancelled_at is not null), 0)`,
      returnRefunds: sql<number>`coalesce((select sum(r.amount) from order_refunds r where r.order_id = orders.id and r.return_id is not null), 0)`,
    })
    .from(orders)
    .where(sql`${orders.status} <> 'cancelled'`);
  return rows.reduce((sum, row) => sum + row.total - row.cancelledLines - row.returnRefunds, 0);
}

describe("the breakdowns", () => {
  it("add up to the same sales whichever way the orders are grouped, and the goods' lines whichever way they are", async ({ platform, staff }) => {
    await placeMemberOrder(platform.db, MEMBER_ID, { paymentMethod: "cod", quantity: 2, now });
    const cancelled = await placeMemberOrder(platform.db, MEMBER_ID, { now });
    await cancelOrder(platform.db, cancelled.id, STAFF_ACTOR, "staff", TEST_MAIL_FRAME, now);
    // One of two items delivered comes back: its price comes off the goods' lines as its refund comes off the order.
    const delivered = await deliveredOrder(platform.db, MEMBER_ID, { quantity: 2, now });
    const returnedLine = delivered.lines[0]!;
    await receiveReturn(
      platform.db,
      await requestMemberReturn(platform, delivered.id, returnedLine.id, { token: `sales-report-${returnedLine.id}`, now }),
      now,
    );
    const period = `from=${jstDate(new Date(Date.now() - 365 * 24 * 3600 * 1000))}&to=${today()}`;
    const expected = await expectedSales(platform);
    const [lineSum] = await platform.db
      .select({
        sales: sql<number>`sum(${orderLines.total}) - coalesce((select sum(l.unit_price * r.quantity) from return_request_lines r join order_lines l on l.id = r.order_line_id
          join return_requests q on q.id = r.return_id where q.status = 'received' and q.kind = 'return'), 0)`,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(sql`${orders.status} not in ('cancelled', 'returned') and ${orderLines.cancelledAt} is null`);
    expect(lineSum!.sales).toBeLessThan(
      (
        await platform.db
          .select({ sales: sql<number>`sum(total)` })
          .from(orderLines)
          .where(sql`cancelled_at is null and order_id in (select id from orders where status not in ('cancelled', 'returned'))`)
      )[0]!.sales,
    );
    for (const by of SALES_BREAKDOWN_KEYS) {
      const page = await report(platform, staff, `by=${by}&${period}`);
      if (!page.ok) throw new Error(page.error);
      expect(page.total.sales, by).toBe(["category", "product", "merchant"].includes(by) ? lineSum!.sales : expected);
      expect(
        page.rows.reduce((sum, row) => sum + row.sales, 0),
        by,
      ).toBe(page.total.sales);
    }
    const byCustomer = await report(platform, staff, `by=customer&${period}`);
    expect(byCustomer.ok && byCustomer.rows.map((row) => row.label).sort()).toEqual(["ゲスト", "会員"]);
    // Every day of the period has its row, those without orders at zero.
    const byDay = await report(platform, staff, `by=day&from=${today()}&to=${today()}`);
    expect(byDay.ok && byDay.rows.map((row) => row.label)).toEqual([today()]);
  });

  it("refuses a period it cannot read, in Japanese, with no figures", async ({ platform, staff }) => {
    for (const [query, error] of [
      ["from=2026-02-30", REPORT_PERIOD_TEXT.badDate],
      ["from=2026-11-10&to=2026-11-01", REPORT_PERIOD_TEXT.reversed],
      ["from=2020-01-01&to=2026-11-01", REPORT_PERIOD_TEXT.tooLong],
    ]) {
      const outcome = await run(platform, reportPage.loader, pageRequest(`/crm/reports?${query}`, staff));
      expect(outcome.status, query).toBe(400);
      expect(outcome.value, query).toMatchObject({ ok: false, error });
    }
    // An unknown breakdown is the default one, not an error.
    expect(await report(platform, staff, "by=nonsense")).toMatchObject({ ok: true, by: "day" });
  });
});

describe("the CSV", () => {
  it("downloads as UTF-8 with a BOM or as Shift_JIS, the same records, a product's formula defused", async ({ platform, staff }) => {
    await placeMemberOrder(platform.db, MEMBER_ID, { paymentMethod: "cod", now });
    await platform.db.update(orderLines).set({ title: '=HYPERLINK("http://evil.example","x")' }).where(eq(orderLines.sku, "DEMO-SIMPLE"));
    const query = `by=product&from=${jstDate(new Date(Date.now() - 30 * 24 * 3600 * 1000))}&to=${today()}`;
    const utf8 = (await run(platform, reportCsv.loader, pageRequest(`/crm/reports.csv?${query}`, staff))).response!;
    expect(utf8.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(utf8.headers.get("Content-Disposition")).toMatch(/^attachment; filename="sales-product-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    const utf8Bytes = new Uint8Array(await utf8.arrayBuffer());
    expect([...utf8Bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const utf8Records = parseCsv(new TextDecoder().decode(utf8Bytes).replace(/^\uFEFF/, ""));
    const sjis = (await run(platform, reportCsv.loader, pageRequest(`/crm/reports.csv?${query}&encoding=sjis`, staff))).response!;
    expect(sjis.headers.get("Content-Type")).toBe("text/csv; charset=Shift_JIS");
    const sjisBytes = new Uint8Array(await sjis.arrayBuffer());
    expect([...sjisBytes.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    expect(parseCsv(decodeJapaneseText(sjisBytes))).toEqual(utf8Records);
    expect(utf8Records[0]).toEqual(["商品", "商品の売上（税込）", "数量", "注文数"]);
    expect(utf8Records.find((record) => record[0]!.includes("HYPERLINK"))![0]).toMatch(/^'=HYPERLINK/);
    expect(utf8Records.at(-1)![0]).toBe("合計");
  });
});

describe("who sees it", () => {
  it("is staff's: a member or a merchant is refused, a visitor sent to log in", async ({ platform, member, merchant }) => {
    for (const handler of [reportPage.loader, reportCsv.loader]) {
      for (const cookie of [member, merchant]) expect((await run(platform, handler, pageRequest("/crm/reports", cookie))).status).toBe(403);
      expect((await run(platform, handler, pageRequest("/crm/reports"))).response?.headers.get("Location")).toMatch(/^\/login/);
    }
  });
});
