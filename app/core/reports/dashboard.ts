/**
 * The owner's dashboard at /crm (issue 37 item 1): what was sold (today, this week, this month, each against
 * the period before it), what waits to be done (each a count that links to the list it counts), the last
 * 30 days' sales and the period's best sellers. Pure shaping of the figures the service reads.
 */
import { ANY_SENDER, PAYMENT_LAPSED } from "../orders/order-desk-listing";
import { merchantOrigin, WAREHOUSE_ORIGIN } from "../orders/order-desk";
import { OVERDUE_VIEW_HREF } from "../tickets/ticket-listing";
import { changeLabel, changePercent, type SalesPeriod } from "./sales-periods";

/** The chart's days, and the best sellers' period (the same days). */
export const DASHBOARD_DAYS = 30;
export const TOP_PRODUCTS = 10;

export interface PeriodFigures {
  sales: number;
  salesExTax: number;
  orders: number;
}

export interface SalesCard {
  label: string;
  comparedWith: string;
  current: PeriodFigures & { average: number };
  previous: PeriodFigures;
  /** ↑12% / ↓5% / ±0% / —, for sales and for orders. */
  salesChange: string;
  ordersChange: string;
}

/** The average order (tax included), rounded to the yen; 0 without orders. */
export const averageOrder = (figures: PeriodFigures) => (figures.orders > 0 ? Math.round(figures.sales / figures.orders) : 0);

export function salesCard(period: SalesPeriod, current: PeriodFigures, previous: PeriodFigures): SalesCard {
  return {
    label: period.label,
    comparedWith: period.comparedWith,
    current: { ...current, average: averageOrder(current) },
    previous,
    salesChange: changeLabel(changePercent(current.sales, previous.sales)),
    ordersChange: changeLabel(changePercent(current.orders, previous.orders)),
  };
}

/** Every day of the chart, those without orders at zero. */
export function dailySeries(days: readonly string[], rows: readonly { day: string; sales: number; orders: number }[]) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => ({ day, sales: Number(byDay.get(day)?.sales ?? 0), orders: Number(byDay.get(day)?.orders ?? 0) }));
}

export interface TodoCounts {
  newToday: number;
  awaitingPayment: number;
  paymentLapsed: number;
  /** Orders with a parcel waiting, from any sender (an order of several senders once). */
  toShip: number;
  returnsToDecide: number;
  returnsToReceive: number;
  ticketsUnread: number;
  ticketsOverdue: number;
  outOfStock: number;
  lowStock: number;
  stockRequests: number;
}

/** The dashboard as the page shows it. */
export interface Dashboard {
  /** Japan's date ("YYYY-MM-DD"). */
  today: string;
  cards: SalesCard[];
  todo: TodoItem[];
  daily: { day: string; sales: number; orders: number }[];
  topProducts: { productId: number; sku: string; title: string; quantity: number; sales: number }[];
}

export interface TodoItem {
  label: string;
  count: number;
  href: string;
  /** Needs attention now (past a deadline, customers waiting): shown in red when above zero. */
  urgent: boolean;
}

const ordersHref = (params: Record<string, string>) => `/crm/orders?${new URLSearchParams(params)}`;

/** The to-do list, in the order a morning goes: money, parcels, returns, customers, stock. */
export function todoItems(
  counts: TodoCounts,
  /** Orders with a parcel waiting, per sender (null: the warehouse). */
  bySender: readonly { merchantId: number | null; merchantName: string | null; orders: number }[],
  today: string,
  stockHrefs: { out: string; low: string },
): TodoItem[] {
  const item = (label: string, count: number, href: string, urgent = false): TodoItem => ({ label, count, href, urgent });
  const warehouse = bySender.find((row) => row.merchantId == null)?.orders ?? 0;
  return [
    item("本日の新規注文", counts.newToday, ordersHref({ date_created_from: today, date_created_to: today })),
    item("入金待ち（銀行振込）", counts.awaitingPayment, ordersHref({ status: "pending_payment" })),
    item("入金期限切れ", counts.paymentLapsed, ordersHref({ payment_due: PAYMENT_LAPSED }), true),
    item("発送待ち（合計）", counts.toShip, ordersHref({ to_ship: ANY_SENDER })),
    item("発送待ち：当社倉庫", warehouse, ordersHref({ to_ship: WAREHOUSE_ORIGIN })),
    ...bySender
      .filter((row) => row.merchantId != null)
      .map((row) => item(`発送待ち：${row.merchantName ?? `出品者 ${row.merchantId}`}`, row.orders, ordersHref({ to_ship: merchantOrigin(row.merchantId!) }))),
    item("返品・交換の判断待ち", counts.returnsToDecide, "/crm/returns?status=requested"),
    item("返品・交換の到着待ち", counts.returnsToReceive, "/crm/returns?status=approved"),
    item("未読のお問い合わせ", counts.ticketsUnread, "/crm/tickets?unread=1"),
    item("対応期限切れのお問い合わせ", counts.ticketsOverdue, OVERDUE_VIEW_HREF, true),
    item("在庫切れの商品", counts.outOfStock, stockHrefs.out, true),
    item("在庫わずかの商品", counts.lowStock, stockHrefs.low),
    item("再入荷のお知らせ待ちの商品", counts.stockRequests, "/crm/stock"),
  ];
}

/** A chart day as its axis writes it: "M/D". */
export function dayLabel(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(month)}/${Number(date)}`;
}
