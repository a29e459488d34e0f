/**
 * A merchant's own sales (/merchant/sales and the portal's summary): the staff's line figures
 * (sales-figures.server.ts, sales-report.server.ts) bound to the merchant's id, so another merchant's lines and
 * the shop's totals are never read. The id is the signed-in merchant's, given by the web layer.
 */
import { sql } from "drizzle-orm";
import { PRODUCT_ROWS_MAX } from "~/core/reports/sales-report";
import type { ReportPeriod } from "~/core/reports/report-period";
import { merchantSales, type MerchantSales } from "~/core/reports/merchant-sales";
import type { Database } from "~/db/client.server";
import { countedLines, countedLinesQuery } from "./sales-figures.server";
import { groupedLines, salesRowOf } from "./sales-report.server";

/**
 * The merchant's sales by day and by product in the period, in one statement: its lines are read once (a
 * CTE used twice, which SQLite keeps in a temporary table) and grouped both ways.
 */
export async function loadMerchantSales(db: Database, merchantId: number, period: ReportPeriod): Promise<MerchantSales> {
  const mine = db.$with("counted").as(countedLinesQuery(db, period.start, period.end, { merchant: merchantId }));
  const rows = await groupedLines(db.with(mine), mine, "day").unionAll(groupedLines(db, mine, "product"));
  const daily = rows.filter((row) => row.kind === "day").sort((a, b) => a.label.localeCompare(b.label));
  const products = rows
    .filter((row) => row.kind === "product")
    .sort((a, b) => b.sales - a.sales || a.label.localeCompare(b.label))
    .slice(0, PRODUCT_ROWS_MAX);
  return merchantSales(period, daily.map(salesRowOf), products.map(salesRowOf));
}

/** The merchant's sales and orders in the period, as one row: a statement for the caller's batch. */
export function merchantSalesTotalQuery(db: Database, merchantId: number, period: ReportPeriod) {
  const counted = countedLines(db, period.start, period.end, { merchant: merchantId });
  return db
    .select({ sales: sql<number>`coalesce(sum(${counted.sales}), 0)`, orders: sql<number>`count(distinct ${counted.orderId})` })
    .from(counted);
}
