/**
 * A merchant's own sales (/merchant/sales, issue 37: "merchants see only their own figures in /merchant"): the
 * goods of the merchant's parcels, counted as the staff's line reports count them (decision 0054, 0059), by
 * day and by product for any period of Japanese days, with their totals and the same tables as CSV. The
 * merchant is the signed-in one, never a parameter. Pure.
 */
import * as v from "valibot";
import { jstDate } from "../dates";
import { reportPeriod, type ReportPeriod } from "./report-period";
import { MERCHANT_SALES_PATH } from "./report-paths";
import { completeRows, salesTotal, type SalesRow, type SalesTableKind } from "./sales-report";

/** The page's two tables, each also a CSV (?by=). */
export const MERCHANT_SALES_TABLES = {
  day: { label: "日別", basis: "lines" },
  product: { label: "商品別", basis: "lines" },
} as const satisfies Record<string, SalesTableKind>;

export type MerchantSalesTable = keyof typeof MERCHANT_SALES_TABLES;

/** The best sellers drawn as bars (every product of the period is in the table). */
export const MERCHANT_CHART_PRODUCTS = 10;

/** The page's query (and its CSV's): the period, and for the CSV which table and encoding. Nothing names a merchant. */
export const MerchantSalesQuerySchema = v.object({
  by: v.fallback(v.picklist(["day", "product"]), "day"),
  from: v.fallback(v.string(), ""),
  to: v.fallback(v.string(), ""),
  encoding: v.fallback(v.picklist(["utf8", "sjis"]), "utf8"),
});

export interface MerchantSales {
  period: { from: string; to: string };
  /** Every day of the period, those without sales at zero. */
  daily: SalesRow[];
  /** The best sellers first. */
  products: SalesRow[];
  /** The period's sales, quantity and orders (an order is on one day, so the days' orders add up). */
  total: SalesRow;
}

export function merchantSales(period: ReportPeriod, dailyRows: readonly SalesRow[], products: readonly SalesRow[]): MerchantSales {
  const daily = completeRows("day", period, dailyRows, MERCHANT_SALES_TABLES.day);
  const total = { ...salesTotal(MERCHANT_SALES_TABLES.day, daily), orders: daily.reduce((sum, row) => sum + (row.orders ?? 0), 0) };
  return { period: { from: period.from, to: period.to }, daily, products: [...products], total };
}

/** This month so far (Japan's days): the portal's summary, and where it links to. */
export function monthToDate(now: Date): { period: ReportPeriod; href: string } {
  const today = jstDate(now);
  const read = reportPeriod({ from: `${today.slice(0, 8)}01`, to: today }, now, 1);
  if (!read.ok) throw new Error(read.error);
  return { period: read.period, href: `${MERCHANT_SALES_PATH}?${new URLSearchParams({ from: read.period.from, to: read.period.to })}` };
}

/** "merchant-sales-day" / "merchant-sales-product": the CSV file's name before its period. */
export const merchantSalesCsvName = (by: MerchantSalesTable) => `merchant-sales-${by}`;
