/**
 * The sales reports' queries (issue 37 item 2, decision 0054): whole orders grouped by day, month, payment
 * method or member/guest (as the dashboard counts them), and the goods' lines grouped by category, product or
 * merchant (and by day, for a merchant's own figures). One statement per report, on the orders' created_at index.
 */
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { ReportPeriod } from "~/core/reports/report-period";
import {
  CUSTOMER_KIND_LABELS,
  NO_MERCHANT_LABEL,
  paymentLabel,
  PRODUCT_ROWS_MAX,
  SALES_BREAKDOWNS,
  type SalesBreakdown,
  type SalesRow,
} from "~/core/reports/sales-report";
import type { Database } from "~/db/client.server";
import { categories, merchants, products } from "~/db/schema";
import { countedLines, placedDay, placedDayNumber, placedOrders, type CountedLines } from "./sales-figures.server";

type OrderBreakdown = "day" | "month" | "payment" | "customer";
type LineBreakdown = "category" | "product" | "merchant";

async function orderRows(db: Database, by: OrderBreakdown, period: ReportPeriod): Promise<SalesRow[]> {
  const placed = placedOrders(db, period.start, period.end);
  const key: SQL<string> = {
    day: placedDay(placed.createdAt),
    month: placedDay(placed.createdAt, "%Y-%m"),
    payment: sql<string>`${placed.paymentMethod}`,
    customer: sql<string>`case when ${placed.guest} then 'guest' else 'member' end`,
  }[by];
  // Days are grouped by their number (placedDayNumber), each written out once.
  const group = by === "day" ? placedDayNumber(placed.createdAt) : key;
  const rows = await db
    .select({ key, sales: sql<number>`sum(${placed.net})`, salesExTax: sql<number>`sum(${placed.netExTax})`, orders: sql<number>`count(*)` })
    .from(placed)
    .groupBy(group)
    .orderBy(by === "day" || by === "month" ? group : desc(sql`sum(${placed.net})`));
  const label = (value: string) => (by === "payment" ? paymentLabel(value) : by === "customer" ? CUSTOMER_KIND_LABELS[value as "member" | "guest"] : value);
  return rows.map((row) => ({ label: label(row.key), sales: row.sales, salesExTax: row.salesExTax, quantity: null, orders: row.orders }));
}

/** What the goods' lines are grouped by: the staff's breakdowns, and the day for a merchant's own figures. */
export type LineGrouping = LineBreakdown | "day";

/**
 * The goods' lines of `counted` grouped by day, category, product or the merchant whose parcel they are in
 * (`counted` must read parcels for that), as report rows; `kind` names the grouping, for a statement that
 * unites several. Unordered.
 */
export function groupedLines(db: Pick<Database, "select">, counted: CountedLines, by: LineGrouping) {
  const group: SQL = {
    day: placedDayNumber(counted.placedAt),
    category: sql`${products.primaryCategoryId}`,
    product: sql`${counted.productId}`,
    merchant: sql`${counted.merchantId}`,
  }[by];
  const label: SQL<string> = {
    day: placedDay(counted.placedAt),
    category: sql<string>`coalesce(max(${categories.name}), '')`,
    product: sql<string>`max(${counted.title}) || '（' || max(${counted.sku}) || '）'`,
    merchant: sql<string>`coalesce(max(${merchants.name}), ${NO_MERCHANT_LABEL})`,
  }[by];
  const query = db
    .select({
      kind: sql<LineGrouping>`${by}`.as("kind"),
      label: label.as("label"),
      sales: sql<number>`sum(${counted.sales})`.as("sales"),
      salesExTax: sql<null>`null`.as("sales_ex_tax"),
      quantity: sql<number>`sum(${counted.quantity})`.as("quantity"),
      orders: sql<number>`count(distinct ${counted.orderId})`.as("orders"),
    })
    .from(counted)
    .$dynamic();
  // Only the joins the grouping reads: a day's or a product's rows need no more than the lines.
  if (by === "category") query.innerJoin(products, eq(products.id, counted.productId)).leftJoin(categories, eq(categories.id, products.primaryCategoryId));
  if (by === "merchant") query.leftJoin(merchants, eq(merchants.id, counted.merchantId));
  return query.groupBy(group);
}

/** A grouped row as a report row (without the grouping's name). */
export const salesRowOf = ({ kind: _kind, ...row }: { kind: LineGrouping } & SalesRow): SalesRow => row;

/**
 * The staff's line breakdowns: the goods' lines that count (countedLines) grouped by category, product (the
 * best sellers first, at most PRODUCT_ROWS_MAX) or merchant.
 */
async function lineRows(db: Database, by: LineBreakdown, period: ReportPeriod): Promise<SalesRow[]> {
  const counted = countedLines(db, period.start, period.end, { merchant: by === "merchant" ? "each" : "none" });
  const rows = await groupedLines(db, counted, by)
    .orderBy(desc(sql`sum(${counted.sales})`))
    .limit(by === "product" ? PRODUCT_ROWS_MAX : -1);
  return rows.map(salesRowOf);
}

/** The report's rows for a breakdown and period. */
export async function salesReportRows(db: Database, by: SalesBreakdown, period: ReportPeriod): Promise<SalesRow[]> {
  return SALES_BREAKDOWNS[by].basis === "orders" ? orderRows(db, by as OrderBreakdown, period) : lineRows(db, by as LineBreakdown, period);
}
