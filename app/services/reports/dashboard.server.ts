/**
 * The owner's dashboard (/crm, issue 37 item 1) in one D1 batch: the three periods' sales with the periods
 * before them (one pass over the orders), the to-do counts, the parcels waiting per sender, the last 30
 * days' sales and the best sellers of those days.
 */
import { and, countDistinct, eq, inArray, sql, type SQL } from "drizzle-orm";
import { STOCK_ALERT_HREFS } from "~/core/catalogue/stock-alerts";
import { jstDate, jstDayStart } from "~/core/dates";
import { SHIPPABLE_ORDER_STATUSES } from "~/core/orders/order-lifecycle";
import { DASHBOARD_DAYS, dailySeries, salesCard, todoItems, TOP_PRODUCTS, type Dashboard } from "~/core/reports/dashboard";
import { lastDays, salesPeriods } from "~/core/reports/sales-periods";
import type { Database } from "~/db/client.server";
import { merchants, orders, orderShipments, returnRequests, stockRequests, tickets } from "~/db/schema";
import { awaitingShipment, paymentLapsed } from "../orders/order-desk.server";
import { overdueCondition } from "../tickets/overdue-queries.server";
import { unreadFromCustomer } from "../tickets/ticket-desk.server";
import { dailySalesQuery, rangeFigures, rangeFiguresQuery, topProductsQuery } from "./sales-figures.server";
import { stockAlertCountsQuery } from "../catalogue/stock-alerts.server";

const countOf = (query: SQL) => sql<number>`(${query})`;

/** The to-do counts that are one number each, as scalar sub-selects of one row. */
function todoCountsQuery(db: Database, now: Date) {
  const todayStart = jstDayStart(jstDate(now)).getTime();
  return db
    .select({
      newToday: countOf(sql`select count(*) from ${orders} where ${orders.createdAt} >= ${todayStart} and ${orders.status} <> 'cancelled'`),
      awaitingPayment: countOf(sql`select count(*) from ${orders} where ${orders.status} = 'pending_payment'`),
      paymentLapsed: countOf(sql`select count(*) from ${orders} where ${paymentLapsed(now)}`),
      toShip: countOf(sql`select count(*) from ${orders} where ${awaitingShipment(null)}`),
      returnsToDecide: countOf(sql`select count(*) from ${returnRequests} where ${returnRequests.status} = 'requested'`),
      returnsToReceive: countOf(sql`select count(*) from ${returnRequests} where ${returnRequests.status} = 'approved'`),
      // The same condition as the list it links to (/crm/tickets?unread=1).
      ticketsUnread: countOf(sql`select count(*) from ${tickets} where ${unreadFromCustomer} > 0`),
      ticketsOverdue: countOf(sql`select count(*) from ${tickets} where ${overdueCondition(now)}`),
      stockRequests: countOf(sql`select count(distinct ${stockRequests.productId}) from ${stockRequests} where ${stockRequests.notifiedAt} is null`),
    })
    .from(sql`(select 1)`);
}

/** Orders with a parcel waiting to leave, per sender (null: the warehouse), with the merchant's name. */
function toShipQuery(db: Database) {
  return db
    .select({ merchantId: orderShipments.merchantId, merchantName: merchants.name, orders: countDistinct(orderShipments.orderId) })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
    .where(and(eq(orderShipments.status, "preparing"), inArray(orders.status, [...SHIPPABLE_ORDER_STATUSES])))
    .groupBy(orderShipments.merchantId)
    .orderBy(sql`${orderShipments.merchantId} is not null`, orderShipments.merchantId);
}

export async function loadDashboard(db: Database, now: Date = new Date()): Promise<Dashboard> {
  const periods = salesPeriods(now);
  const ranges = periods.flatMap((period) => [period.current, period.previous]);
  const chart = lastDays(now, DASHBOARD_DAYS);
  const [[figures], [counts], toShip, [stock], daily, top] = await db.batch([
    rangeFiguresQuery(db, ranges),
    todoCountsQuery(db, now),
    toShipQuery(db),
    stockAlertCountsQuery(db),
    dailySalesQuery(db, chart.from, now),
    topProductsQuery(db, chart.from, now, TOP_PRODUCTS),
  ]);
  const today = jstDate(now);
  return {
    today,
    cards: periods.map((period, index) => salesCard(period, rangeFigures(figures, index * 2), rangeFigures(figures, index * 2 + 1))),
    todo: todoItems(
      { ...counts!, outOfStock: stock?.out ?? 0, lowStock: stock?.low ?? 0 },
      toShip,
      today,
      STOCK_ALERT_HREFS,
    ),
    daily: dailySeries(chart.days, daily),
    topProducts: top.map((row) => ({ ...row, quantity: Number(row.quantity), sales: Number(row.sales) })),
  };
}
