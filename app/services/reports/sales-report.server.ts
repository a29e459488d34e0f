/**
 * The sales reports' queries (issue 37 item 2, decision 0054): whole orders grouped by day, month, payment
 * method or member/guest (as the dashboard counts them), and the goods' lines grouped by category, product or
 * merchant. One statement per report, on the orders' created_at index.
 */
import { and, countDistinct, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
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
import { categories, merchants, orderLines, orders, products } from "~/db/schema";
import { placedDay, placedOrders } from "./sales-figures.server";

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
  const rows = await db
    .select({ key, sales: sql<number>`sum(${placed.net})`, salesExTax: sql<number>`sum(${placed.netExTax})`, orders: sql<number>`count(*)` })
    .from(placed)
    .groupBy(key)
    .orderBy(by === "day" || by === "month" ? key : desc(sql`sum(${placed.net})`));
  const label = (value: string) => (by === "payment" ? paymentLabel(value) : by === "customer" ? CUSTOMER_KIND_LABELS[value as "member" | "guest"] : value);
  return rows.map((row) => ({ label: label(row.key), sales: row.sales, salesExTax: row.salesExTax, quantity: null, orders: row.orders }));
}

async function lineRows(db: Database, by: LineBreakdown, period: ReportPeriod): Promise<SalesRow[]> {
  const group: SQL = { category: sql`${products.primaryCategoryId}`, product: sql`${orderLines.productId}`, merchant: sql`${products.merchantId}` }[by];
  const label: SQL<string> = {
    category: sql<string>`coalesce(max(${categories.name}), '')`,
    product: sql<string>`max(${orderLines.title}) || '（' || max(${orderLines.sku}) || '）'`,
    merchant: sql<string>`coalesce(max(${merchants.name}), ${NO_MERCHANT_LABEL})`,
  }[by];
  const sales = sql<number>`sum(${orderLines.total})`;
  return db
    .select({ label, sales, salesExTax: sql<null>`null`, quantity: sql<number>`sum(${orderLines.quantity})`, orders: countDistinct(orderLines.orderId) })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .leftJoin(categories, eq(categories.id, products.primaryCategoryId))
    .leftJoin(merchants, eq(merchants.id, products.merchantId))
    .where(
      and(
        gte(orders.createdAt, period.start),
        lt(orders.createdAt, period.end),
        sql`${orders.status} not in ('cancelled', 'returned')`,
        sql`${orderLines.cancelledAt} is null`,
      ),
    )
    .groupBy(group)
    .orderBy(desc(sales))
    .limit(by === "product" ? PRODUCT_ROWS_MAX : -1);
}

/** The report's rows for a breakdown and period. */
export function salesReportRows(db: Database, by: SalesBreakdown, period: ReportPeriod): Promise<SalesRow[]> {
  return SALES_BREAKDOWNS[by].basis === "orders" ? orderRows(db, by as OrderBreakdown, period) : lineRows(db, by as LineBreakdown, period);
}
