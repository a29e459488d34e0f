/**
 * Sales as the owner reads them (issue 37, decision 0054): an order counts from the moment it was placed, in
 * Japan's days; a cancelled order counts nothing, and an order's lines cancelled on their own and the refunds
 * of its returns come off its total. Without tax, an order's figure is its tax-exclusive share of that.
 * The queries are statements for the caller's batch; every one reads orders on their created_at index.
 */
import { and, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { JST_OFFSET_MS } from "~/core/dates";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/core/orders/orders";
import type { TimeRange } from "~/core/reports/sales-periods";
import { qualified, type Database } from "~/db/client.server";
import { orderLines, orderRefunds, orders, orderShipments, returnRequestLines, returnRequests } from "~/db/schema";

/** What comes off an order's total: its lines cancelled on their own, and what its returns refunded. */
const deducted = sql<number>`(coalesce((select sum(${orderLines.total}) from ${orderLines} where ${orderLines.orderId} = ${qualified(orders.id)} and ${orderLines.cancelledAt} is not null), 0)
  + coalesce((select sum(${orderRefunds.amount}) from ${orderRefunds} where ${orderRefunds.orderId} = ${qualified(orders.id)} and ${orderRefunds.returnId} is not null), 0))`;

/** Orders placed in [from, to) that count (not cancelled), each with its net figures (tax included and not). */
export function placedOrders(db: Database, from: Date, to: Date) {
  return db
    .select({
      createdAt: sql<number>`${orders.createdAt}`.as("placed_at"),
      paymentMethod: sql<string>`${orders.paymentMethod}`.as("placed_payment"),
      guest: sql<number>`${orders.userId} is null`.as("placed_guest"),
      net: sql<number>`${orders.total} - ${deducted}`.as("net"),
      // The order's tax-exclusive share of its net figure, rounded per order.
      netExTax: sql<number>`case when ${orders.total} > 0 then round((${orders.total} - ${deducted}) * (${orders.total} - ${orders.tax10} - ${orders.tax8}) * 1.0 / ${orders.total}) else 0 end`.as(
        "net_ex_tax",
      ),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to), ne(orders.status, "cancelled")))
    .as("placed");
}

/** Sales (tax included and not) and orders in each range, in one pass over the orders from the earliest range's start. */
export function rangeFiguresQuery(db: Database, ranges: readonly TimeRange[]) {
  const from = new Date(Math.min(...ranges.map((range) => range.from.getTime())));
  const to = new Date(Math.max(...ranges.map((range) => range.to.getTime())));
  const placed = placedOrders(db, from, to);
  const within = (range: TimeRange) => sql`${placed.createdAt} >= ${range.from.getTime()} and ${placed.createdAt} < ${range.to.getTime()}`;
  const columns = Object.fromEntries(
    ranges.flatMap((range, index) => [
      [`sales${index}`, sql<number>`coalesce(sum(case when ${within(range)} then ${placed.net} end), 0)`.as(`sales_${index}`)],
      [`exTax${index}`, sql<number>`coalesce(sum(case when ${within(range)} then ${placed.netExTax} end), 0)`.as(`ex_tax_${index}`)],
      [`orders${index}`, sql<number>`count(case when ${within(range)} then 1 end)`.as(`orders_${index}`)],
    ]),
  );
  return db.select(columns).from(placed);
}

export interface RangeFigures {
  sales: number;
  salesExTax: number;
  orders: number;
}

/** The figures of range `index` from rangeFiguresQuery's row. */
export function rangeFigures(row: Record<string, unknown> | undefined, index: number): RangeFigures {
  return { sales: Number(row?.[`sales${index}`] ?? 0), salesExTax: Number(row?.[`exTax${index}`] ?? 0), orders: Number(row?.[`orders${index}`] ?? 0) };
}

/** The Japan day ("YYYY-MM-DD", or month with "%Y-%m") an order was placed on, as SQL writes it. */
export const placedDay = (createdAt: SQL.Aliased<number> | typeof orders.createdAt, format = "%Y-%m-%d") =>
  sql<string>`strftime(${format}, (${createdAt} + ${JST_OFFSET_MS}) / 1000, 'unixepoch')`;

/** Sales and orders per Japan day in [from, to) (days without orders are absent). */
export function dailySalesQuery(db: Database, from: Date, to: Date) {
  const placed = placedOrders(db, from, to);
  const day = placedDay(placed.createdAt);
  return db
    .select({ day, sales: sql<number>`sum(${placed.net})`, orders: sql<number>`count(*)` })
    .from(placed)
    .groupBy(day)
    .orderBy(day);
}

/**
 * How many of a line came back by received returns (an exchange's goods are replaced, so not counted): what
 * the return's refund paid for (unit price × quantity). Probed on the returns' order index, so a line of an
 * order without returns costs one index lookup.
 */
const returnedQuantity = sql<number>`coalesce((select sum(${returnRequestLines.quantity}) from ${returnRequests}
  join ${returnRequestLines} on ${returnRequestLines.returnId} = ${returnRequests.id}
  where ${returnRequests.orderId} = ${qualified(orderLines.orderId)} and ${returnRequestLines.orderLineId} = ${qualified(orderLines.id)}
    and ${returnRequests.status} = 'received' and ${returnRequests.kind} = 'return'), 0)`;

/**
 * The states whose goods count: all but cancelled and wholly returned, listed rather than excluded so the
 * orders are read on their (status, created_at, id) index alone, never their rows.
 */
const GOODS_COUNTED_STATUSES = (Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).filter((status) => status !== "cancelled" && status !== "returned");

/**
 * The goods' lines that count (decision 0054 on the lines' basis): the lines of orders placed in [from, to)
 * that are neither cancelled nor wholly returned, less the lines cancelled on their own, each net of what
 * received returns took back. With `merchantId`, only the lines of that merchant's parcels (the merchant's
 * own figures); `merchantId` says whose parcel a line is in (null: the warehouse's).
 */
export function countedLines(db: Database, from: Date, to: Date, merchantId: number | null = null) {
  return db
    .select({
      orderId: sql<number>`${orderLines.orderId}`.as("counted_order"),
      productId: sql<number>`${orderLines.productId}`.as("counted_product"),
      sku: sql<string>`${orderLines.sku}`.as("counted_sku"),
      title: sql<string>`${orderLines.title}`.as("counted_title"),
      placedAt: sql<number>`${orders.createdAt}`.as("counted_placed_at"),
      merchantId: sql<number | null>`${orderShipments.merchantId}`.as("counted_merchant"),
      quantity: sql<number>`${orderLines.quantity} - ${returnedQuantity}`.as("counted_quantity"),
      sales: sql<number>`${orderLines.total} - ${orderLines.unitPrice} * ${returnedQuantity}`.as("counted_sales"),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId))
    .where(
      and(
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        inArray(orders.status, GOODS_COUNTED_STATUSES),
        isNull(orderLines.cancelledAt),
        merchantId == null ? undefined : eq(orderShipments.merchantId, merchantId),
      ),
    )
    .as("counted");
}

/** The best-selling products of [from, to) by sales (their lines as countedLines counts them). */
export function topProductsQuery(db: Database, from: Date, to: Date, limit: number) {
  const counted = countedLines(db, from, to);
  const sales = sql<number>`sum(${counted.sales})`;
  return db
    .select({
      productId: counted.productId,
      sku: sql<string>`max(${counted.sku})`,
      title: sql<string>`max(${counted.title})`,
      quantity: sql<number>`sum(${counted.quantity})`,
      sales,
    })
    .from(counted)
    .groupBy(sql`${counted.productId}`)
    .orderBy(desc(sales))
    .limit(limit);
}
