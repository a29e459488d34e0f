/**
 * A merchant's own sales over HTTP (/merchant/sales and its CSV): the period read from the query, the
 * figures of the merchant the route's session names — the query has no say in whose they are.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { MERCHANT_SALES_TABLES, merchantSalesCsvName, MerchantSalesQuerySchema } from "~/core/reports/merchant-sales";
import { reportPeriod } from "~/core/reports/report-period";
import { SALES_REPORT_DEFAULT_DAYS } from "~/core/reports/sales-report";
import { loadMerchantSales } from "~/services/reports/merchant-sales.server";
import { parseQuery } from "../input.server";
import { badPeriodCsv, salesCsvResponse } from "./sales-report.server";

const PRIVATE = { "Cache-Control": "private, no-store" } as const;

function readPeriod(request: Request, now: Date) {
  const query = parseQuery(request, MerchantSalesQuerySchema);
  return { query, read: reportPeriod({ from: query.from, to: query.to }, now, SALES_REPORT_DEFAULT_DAYS) };
}

/** The page's data for `merchantId` (the signed-in merchant's); a period that cannot be read is answered 400 with the reason. */
export async function merchantSalesPage(request: Request, context: AppLoadContext, merchantId: number, now: Date = new Date()) {
  const { query, read } = readPeriod(request, now);
  if (!read.ok) return data({ ok: false as const, error: read.error, asked: { from: query.from, to: query.to } }, { status: 400, headers: PRIVATE });
  return data({ ok: true as const, sales: await loadMerchantSales(context.db, merchantId, read.period) }, { headers: PRIVATE });
}

/** One of the page's tables (?by=day|product) as CSV, UTF-8 with BOM or Shift_JIS. */
export async function merchantSalesCsv(request: Request, context: AppLoadContext, merchantId: number, now: Date = new Date()): Promise<Response> {
  const { query, read } = readPeriod(request, now);
  if (!read.ok) return badPeriodCsv(read.error);
  const sales = await loadMerchantSales(context.db, merchantId, read.period);
  return salesCsvResponse(MERCHANT_SALES_TABLES[query.by], query.by === "day" ? sales.daily : sales.products, sales.total, {
    name: merchantSalesCsvName(query.by),
    from: read.period.from,
    to: read.period.to,
    encoding: query.encoding,
  });
}
