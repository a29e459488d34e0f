/**
 * Sales as the owner reads them (issue 37, decision 0054): an order counts from the moment it was placed, in
 * Japan's days; a cancelled order counts nothing, and an order's lines cancelled on their own and the refunds
 * of its returns come off its total. Without tax, an order's figure is its tax-exclusive share of that.
 * The queries are statements for the caller's batch; every one reads orders on their created_at index.
 */
import { and, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { DAY_MS, JST_OFFSET_MS } from "~/core/dates";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/core/orders/orders";
import type { TimeRange } from "~/core/reports/sales-periods";
import { qualified, type Database } from "~/db/client.server";
import { orderLines, orderRefunds, orders, orderShipments, returnReplacements, returnRequestLines, returnRequests } from "~/db/schema";

/** What comes off an order's total: its lines cancelled on their own, and what its returns refunded. */
const deducted = sql<number>`(coalesce((select sum(${orderLines.total}) from ${orderLines} where ${orderLines.orderId} = ${qualified(orders.id)} and ${orderLines.cancelledAt} is not null), 0)
  + coalesce((select sum(${orderRefunds.amount}) from ${orderRefunds} where ${orderRefunds.orderId} = ${qualified(orders.id)} and ${orderRefunds.returnId} is not null), 0))`;

/** Orders placed in [from, to) that count (not cancelled), each with its net figures (tax included and not). */
export function placedOrders(db: Database, from: Date, to: Date) {
  const counted = db
    .select({
      createdAt: sql<number>`${orders.createdAt}`.as("placed_at"),
      paymentMethod: sql<string>`${orders.paymentMethod}`.as("placed_payment"),
      guest: sql<number>`${orders.userId} is null`.as("placed_guest"),
      total: sql<number>`${orders.total}`.as("placed_total"),
      totalExTax: sql<number>`${orders.total} - ${orders.tax10} - ${orders.tax8}`.as("placed_total_ex_tax"),
      deducted: deducted.as("placed_deducted"),
    })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to), ne(orders.status, "cancelled")))
    // A LIMIT (none in effect: drizzle leaves a negative one out) keeps SQLite from copying this subquery into
    // the next, which would work out `deducted` (reading the order's lines and refunds) once for each figure
    // that uses it rather than once per order.
    .limit(Number.MAX_SAFE_INTEGER)
    .as("counted_orders");
  return db
    .select({
      createdAt: counted.createdAt,
      paymentMethod: counted.paymentMethod,
      guest: counted.guest,
      net: sql<number>`${counted.total} - ${counted.deducted}`.as("net"),
      // The order's tax-exclusive share of its net figure, rounded per order.
      netExTax: sql<number>`case when ${counted.total} > 0 then round((${counted.total} - ${counted.deducted}) * ${counted.totalExTax} * 1.0 / ${counted.total}) else 0 end`.as("net_ex_tax"),
    })
    .from(counted)
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
export const placedDay = (createdAt: SQLWrapper, format = "%Y-%m-%d") =>
  sql<string>`strftime(${format}, (${createdAt} + ${JST_OFFSET_MS}) / 1000, 'unixepoch')`;

/**
 * The same Japan day as a whole number (days since 1970-01-01 in Japan): what a query groups by, cheaper
 * than writing the date out for every order; placedDay then writes it once per group. Integer constants in
 * the SQL, so the division is a whole one.
 */
export const placedDayNumber = (createdAt: SQL.Aliased<number> | typeof orders.createdAt) =>
  sql<number>`(${createdAt} + ${sql.raw(String(JST_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))}`;

/** Sales and orders per Japan day in [from, to) (days without orders are absent). */
export function dailySalesQuery(db: Database, from: Date, to: Date) {
  const placed = placedOrders(db, from, to);
  const day = placedDayNumber(placed.createdAt);
  return db
    .select({ day: placedDay(placed.createdAt), sales: sql<number>`sum(${placed.net})`, orders: sql<number>`count(*)` })
    .from(placed)
    .groupBy(day)
    .orderBy(day);
}

/**
 * The states whose goods count: all but cancelled and wholly returned, listed rather than excluded so the
 * orders are read on their (status, created_at, id) index alone, never their rows.
 */
const GOODS_COUNTED_STATUSES = (Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).filter((status) => status !== "cancelled" && status !== "returned");

/**
 * A return whose goods came back and were refunded: received, and a return — an exchange's goods are replaced,
 * so nothing comes off, unless it was refunded instead. Shared with the merchants' statements
 * (services/merchant/merchant-statements.server.ts).
 */
export const receivedReturn = and(
  eq(returnRequests.status, "received"),
  // An exchange refunded instead of replaced (out of stock, decision 0061) took its goods back as a return does.
  sql`(${returnRequests.kind} = 'return' or exists (select 1 from ${returnReplacements} where ${returnReplacements.returnId} = ${returnRequests.id} and ${returnReplacements.status} = 'refunded'))`,
)!;

/** What a returned line takes back: its unit price × the quantity returned, what the return's refund paid for (returnRefundAmount). */
export const returnedGoods = sql<number>`${orderLines.unitPrice} * ${returnRequestLines.quantity}`;

/** Whose lines: the shop's (`"none"`: parcels not read; `"each"`: each line says whose parcel it is in), or one merchant's only. */
export type LineScope = { merchant: "none" | "each" | number };

/**
 * The goods' lines that count (decision 0054 on the lines' basis): the lines of orders placed in [from, to)
 * that are neither cancelled nor wholly returned, less the lines cancelled on their own and what received
 * returns took back (an exchange's goods are replaced, so not taken off). A return is a row of its own with
 * the quantity and the unit price × quantity (what its refund paid for) negative, read from the received
 * returns since `from` — so no line looks up returns, and grouping sums it off its line.
 * `merchantId` says whose parcel a line is in (null: the warehouse's) when the scope reads parcels.
 */
export function countedLinesQuery(db: Database, from: Date, to: Date, scope: LineScope = { merchant: "none" }) {
  const parcels = scope.merchant !== "none";
  const counts = and(
    gte(orders.createdAt, from),
    lt(orders.createdAt, to),
    inArray(orders.status, GOODS_COUNTED_STATUSES),
    isNull(orderLines.cancelledAt),
    typeof scope.merchant === "number" ? eq(orderShipments.merchantId, scope.merchant) : undefined,
  );
  const columns = (quantity: SQL<number>, sales: SQL<number>) => ({
    orderId: sql<number>`${orderLines.orderId}`.as("counted_order"),
    productId: sql<number>`${orderLines.productId}`.as("counted_product"),
    sku: sql<string>`${orderLines.sku}`.as("counted_sku"),
    title: sql<string>`${orderLines.title}`.as("counted_title"),
    placedAt: sql<number>`${orders.createdAt}`.as("counted_placed_at"),
    merchantId: (parcels ? sql<number | null>`${orderShipments.merchantId}` : sql<number | null>`null`).as("counted_merchant"),
    quantity: quantity.as("counted_quantity"),
    sales: sales.as("counted_sales"),
  });
  const sold = db.select(columns(sql`${orderLines.quantity}`, sql`${orderLines.total}`)).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).$dynamic();
  const returned = db
    .select(columns(sql`-${returnRequestLines.quantity}`, sql`-${returnedGoods}`))
    .from(returnRequests)
    .innerJoin(returnRequestLines, eq(returnRequestLines.returnId, returnRequests.id))
    .innerJoin(orderLines, eq(orderLines.id, returnRequestLines.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .$dynamic();
  // Only a scope that reads parcels joins them: the shop's breakdowns by day, category or product need not.
  if (parcels) {
    sold.leftJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId));
    returned.leftJoin(orderShipments, eq(orderShipments.id, orderLines.shipmentId));
  }
  // A return is asked for after its order was placed: those since `from` are all that can touch the period.
  const received = and(receivedReturn, gte(returnRequests.createdAt, from));
  return sold.where(counts).unionAll(returned.where(and(received, counts)));
}

/** countedLinesQuery as a subquery to group. */
export const countedLines = (db: Database, from: Date, to: Date, scope?: LineScope) => countedLinesQuery(db, from, to, scope).as("counted");

/** The lines a grouping reads: countedLines, or the same as a CTE that several groupings share. */
export type CountedLines = ReturnType<typeof countedLines>;

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
