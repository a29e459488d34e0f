/**
 * The sales reports (/crm/reports, issue 37 item 2): for any period of Japanese days, sales by day, month,
 * payment method and member/guest (whole orders, counted as the dashboard counts them: decision 0054), and by
 * category, product and merchant (the goods' own lines: shipping, fees and discounts belong to no product).
 * Each as a table, a chart and CSV (UTF-8 with BOM, or Shift_JIS for older Excel). Pure.
 */
import * as v from "valibot";
import { PAYMENT_METHODS, type PaymentMethod } from "../checkout/payment-methods";
import type { CsvValue } from "../csv";
import { addMonthsToDate } from "../dates";
import { reportDays, type ReportPeriod } from "./report-period";

/** Without a choice: the last 30 days, today included. */
export const SALES_REPORT_DEFAULT_DAYS = 30;
/** The longest list a breakdown by product shows (and exports): the best sellers first. */
export const PRODUCT_ROWS_MAX = 200;

/** A table of sales: what its rows group (its label, "日別") and their basis, whole orders or the goods' lines. */
export interface SalesTableKind {
  label: string;
  basis: "orders" | "lines";
}

export const SALES_BREAKDOWNS = {
  day: { label: "日別", basis: "orders" },
  month: { label: "月別", basis: "orders" },
  payment: { label: "お支払い方法別", basis: "orders" },
  customer: { label: "会員・ゲスト別", basis: "orders" },
  category: { label: "カテゴリ別", basis: "lines" },
  product: { label: "商品別", basis: "lines" },
  merchant: { label: "出品者別", basis: "lines" },
} as const satisfies Record<string, SalesTableKind>;

export type SalesBreakdown = keyof typeof SALES_BREAKDOWNS;
export const SALES_BREAKDOWN_KEYS = Object.keys(SALES_BREAKDOWNS) as SalesBreakdown[];

/** The page's query: the breakdown (an unknown one is the default, 日別), the period, and the CSV's encoding. */
export const SalesReportQuerySchema = v.object({
  by: v.fallback(v.picklist(SALES_BREAKDOWN_KEYS), "day"),
  from: v.fallback(v.string(), ""),
  to: v.fallback(v.string(), ""),
  encoding: v.fallback(v.picklist(["utf8", "sjis"]), "utf8"),
});

/**
 * One row of a report: what it groups (its label) and its figures. Whole-order rows have salesExTax; line rows
 * quantity. `orders` is null on a total that cannot count them (one order has lines in several rows).
 */
export interface SalesRow {
  label: string;
  sales: number;
  salesExTax: number | null;
  quantity: number | null;
  orders: number | null;
}

export const NO_MERCHANT_LABEL = "当社（直販）";
export const CUSTOMER_KIND_LABELS = { member: "会員", guest: "ゲスト" } as const;

export const paymentLabel = (method: string) => PAYMENT_METHODS[method as PaymentMethod]?.label ?? method;

/** The rows' total (a line report's orders are not summed: one order has lines in several rows). */
export function salesTotal(kind: SalesTableKind, rows: readonly SalesRow[]): SalesRow {
  const sum = (pick: (row: SalesRow) => number | null) => rows.reduce((total, row) => total + (pick(row) ?? 0), 0);
  const lines = kind.basis === "lines";
  return {
    label: "合計",
    sales: sum((row) => row.sales),
    salesExTax: lines ? null : sum((row) => row.salesExTax),
    quantity: lines ? sum((row) => row.quantity) : null,
    orders: lines ? null : sum((row) => row.orders),
  };
}

/** The first column's heading: what the rows group ("日別" → "日"). */
export const groupHeading = (kind: SalesTableKind) => kind.label.replace(/別$/, "");

/** The CSV's header for a table. */
export function salesCsvHeader(kind: SalesTableKind): string[] {
  return kind.basis === "orders"
    ? [groupHeading(kind), "売上（税込）", "売上（税抜）", "注文数"]
    : [groupHeading(kind), "商品の売上（税込）", "数量", "注文数"];
}

export function salesCsvRow(kind: SalesTableKind, row: SalesRow): CsvValue[] {
  return kind.basis === "orders" ? [row.label, row.sales, row.salesExTax, row.orders] : [row.label, row.sales, row.quantity, row.orders];
}

/** "sales-day-2026-11-01-2026-11-30.csv" (`-sjis` before the extension for Shift_JIS); `name` says which table. */
export const salesCsvFileName = (name: string, from: string, to: string, encoding: "utf8" | "sjis") =>
  `${name}-${from}-${to}${encoding === "sjis" ? "-sjis" : ""}.csv`;

/** Every day (or month) of the period, those without orders at zero: a chart and a table with no gaps. */
export function completeRows(by: SalesBreakdown, period: ReportPeriod, rows: readonly SalesRow[], kind: SalesTableKind = SALES_BREAKDOWNS[by]): SalesRow[] {
  if (by !== "day" && by !== "month") return [...rows];
  const keys = by === "day" ? reportDays(period) : periodMonths(period);
  const byLabel = new Map(rows.map((row) => [row.label, row]));
  const lines = kind.basis === "lines";
  return keys.map((key) => byLabel.get(key) ?? { label: key, sales: 0, salesExTax: lines ? null : 0, quantity: lines ? 0 : null, orders: 0 });
}

/** The months ("YYYY-MM") the period touches, in order. */
function periodMonths(period: ReportPeriod): string[] {
  const months: string[] = [];
  for (let day = `${period.from.slice(0, 7)}-01`; day <= period.to; day = addMonthsToDate(day, 1)) months.push(day.slice(0, 7));
  return months;
}
