/**
 * A merchant's own sales (/merchant/sales and the portal's summary): the staff's line queries
 * (sales-report.server.ts) bound to the merchant's id, so another merchant's lines and the shop's totals are
 * never read. The id is the signed-in merchant's, given by the web layer.
 */
import { sql } from "drizzle-orm";
import type { ReportPeriod } from "~/core/reports/report-period";
import { merchantSales, type MerchantSales } from "~/core/reports/merchant-sales";
import type { Database } from "~/db/client.server";
import { countedLines } from "./sales-figures.server";
import { lineRowsQuery } from "./sales-report.server";

/** The merchant's sales by day and by product in the period, in one round trip. */
export async function loadMerchantSales(db: Database, merchantId: number, period: ReportPeriod): Promise<MerchantSales> {
  const [daily, products] = await db.batch([lineRowsQuery(db, "day", period, merchantId), lineRowsQuery(db, "product", period, merchantId)]);
  return merchantSales(period, daily, products);
}

/** The merchant's sales and orders in the period, as one row: a statement for the caller's batch. */
export function merchantSalesTotalQuery(db: Database, merchantId: number, period: ReportPeriod) {
  const counted = countedLines(db, period.start, period.end, merchantId);
  return db
    .select({ sales: sql<number>`coalesce(sum(${counted.sales}), 0)`, orders: sql<number>`count(distinct ${counted.orderId})` })
    .from(counted);
}
