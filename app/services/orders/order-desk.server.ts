/**
 * Staff's order list (/crm/orders) and its CSV export: every order, filtered by number, customer, state,
 * payment method, sender, a parcel waiting to ship, a transfer past its deadline, and day. A page is one D1 batch — the count, the page's orders (picked on the
 * created_at/id or status/created_at/id index first, then read by id, so a far page costs what the first
 * does), their shipments, and the merchants the sender filter offers.
 */
import { asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { ListingQuery } from "~/core/search/listing";
import { parseOrigin, type OrderCsvLine, type OrderOrigin } from "~/core/orders/order-desk";
import { ANY_SENDER, orderDeskListing, PAYMENT_LAPSED, type OrderDeskSort, type OriginMerchant } from "~/core/orders/order-desk-listing";
import { SHIPPABLE_ORDER_STATUSES, unpaidLapseCutoff } from "~/core/orders/order-lifecycle";
import type { OrderStatus, ShipmentStatus } from "~/core/orders/orders";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import { qualified, type Database } from "~/db/client.server";
import { merchants, orderLines, orderRefunds, orders, orderShipments, users } from "~/db/schema";
import {
  betweenDaysFilter,
  equalsFilter,
  likeFilter,
  listingClauses,
  loadListingPage,
  type ListingClauses,
  type ListingPage,
  type ListingSource,
} from "../search/listing.server";

export interface DeskOrderShipment {
  id: number;
  orderId: number;
  /** The merchant's name; null for the warehouse. */
  merchantName: string | null;
  status: ShipmentStatus;
}

export interface DeskOrderRow {
  id: number;
  number: string;
  createdAt: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  /** A 銀行振込 order's last day to pay (null for other methods). */
  paymentDueOn: string | null;
  total: number;
  email: string;
  customerName: string;
  guest: boolean;
  shipments: DeskOrderShipment[];
}

/** The buyer's name: the member's account name, or the name on a guest's order. */
const customerName = sql<string>`coalesce((select ${users.lastname} || ' ' || ${users.firstname} from ${users} where ${users.id} = ${qualified(orders.userId)}), ${orders.shipLastname} || ' ' || ${orders.shipFirstname})`;

/** Everything the customer filter looks in: the order's e-mail and names (kanji and kana), and the member's. */
const customerText = sql`(${orders.email} || ' ' || ${orders.shipLastname} || ${orders.shipFirstname} || ' ' || ${orders.shipLastname} || ' ' || ${orders.shipFirstname} || ' ' || ${orders.shipLastnameJp} || ${orders.shipFirstnameJp} || ' ' || coalesce((select ${users.lastname} || ${users.firstname} || ' ' || ${users.lastnameJp} || ${users.firstnameJp} || ' ' || ${users.email} from ${users} where ${users.id} = ${qualified(orders.userId)}), ''))`;

/** Orders with a shipment from the sender the filter names (an unknown merchant matches none). */
function senderCondition(origin: OrderOrigin): SQL {
  return origin.kind === "warehouse" ? sql`${orderShipments.merchantId} is null` : sql`${orderShipments.merchantId} = ${origin.merchantId}`;
}

function originFilter(value: unknown): SQL | undefined {
  const origin = parseOrigin(typeof value === "string" ? value : null);
  if (!origin) return undefined;
  return sql`exists (select 1 from ${orderShipments} where ${orderShipments.orderId} = ${qualified(orders.id)} and ${senderCondition(origin)})`;
}

/** Orders with a parcel waiting to leave (from that sender, or any): the shipment is 準備中 and the order may ship. */
export function awaitingShipment(origin: OrderOrigin | null): SQL {
  return sql`${inArray(orders.status, [...SHIPPABLE_ORDER_STATUSES])} and exists (select 1 from ${orderShipments} where ${orderShipments.orderId} = ${qualified(orders.id)} and ${orderShipments.status} = 'preparing'${origin ? sql` and ${senderCondition(origin)}` : sql``})`;
}

function toShipFilter(value: unknown): SQL | undefined {
  if (value === ANY_SENDER) return awaitingShipment(null);
  const origin = parseOrigin(typeof value === "string" ? value : null);
  return origin ? awaitingShipment(origin) : undefined;
}

/**
 * Bank transfers still unpaid after the deadline stored on each as it was placed (orders.payment_due_on,
 * decision 0057): the desk's filter, the dashboard's count and the hourly job that cancels them.
 */
export function paymentLapsed(now: Date): SQL {
  return sql`${orders.status} = 'pending_payment' and ${orders.paymentMethod} = 'bank_transfer' and ${orders.paymentDueOn} < ${unpaidLapseCutoff(now)}`;
}

const ORDER_DESK_SOURCE: ListingSource<OrderDeskSort> = {
  scope: undefined,
  sortColumns: { date_created: orders.createdAt, total: orders.total },
  idColumn: orders.id,
  filters: {
    number: likeFilter(orders.number),
    q: likeFilter(customerText),
    status: equalsFilter(orders.status),
    payment: equalsFilter(orders.paymentMethod),
    origin: originFilter,
    to_ship: toShipFilter,
    payment_due: (value) => (value === PAYMENT_LAPSED ? paymentLapsed(new Date()) : undefined),
    date_created: betweenDaysFilter(orders.createdAt),
  },
};

const rowColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentDueOn: orders.paymentDueOn,
  total: orders.total,
  email: orders.email,
  userId: orders.userId,
  customerName,
};

/** The ids of one page, walked on the index alone (no table row read, no sort); only those orders are then read. */
function pageIdsQuery(db: Database, { where, orderBy, limit, offset }: ListingClauses) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** The SQL a page's ids are picked with (tests read its query plan). */
export function deskPageIdsSql(db: Database, query: ListingQuery<OrderDeskSort>) {
  return pageIdsQuery(db, listingClauses(orderDeskListing([]), query, ORDER_DESK_SOURCE)).toSQL();
}

/** One page of the desk, with the merchants the sender filter offers, in one D1 round trip. */
export async function listDeskOrders(
  db: Database,
  query: ListingQuery<OrderDeskSort>,
): Promise<{ page: ListingPage<DeskOrderRow, OrderDeskSort>; merchants: OriginMerchant[] }> {
  let merchantRows: OriginMerchant[] = [];
  const page = await loadListingPage(orderDeskListing([]), query, ORDER_DESK_SOURCE, async ({ where, orderBy, limit, offset }) => {
    const pageIds = pageIdsQuery(db, { where, orderBy, limit, offset });
    const [counted, rows, shipments, senders] = await db.batch([
      db.select({ n: count() }).from(orders).where(where),
      db
        .select(rowColumns)
        .from(orders)
        .where(inArray(orders.id, pageIds))
        .orderBy(...orderBy),
      db
        .select({ id: orderShipments.id, orderId: orderShipments.orderId, merchantName: merchants.name, status: orderShipments.status })
        .from(orderShipments)
        .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
        .where(inArray(orderShipments.orderId, pageIds))
        .orderBy(asc(orderShipments.id)),
      db.select({ id: merchants.id, name: merchants.name }).from(merchants).orderBy(asc(merchants.id)),
    ]);
    merchantRows = senders;
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map(({ userId, createdAt, ...row }) => ({
        ...row,
        createdAt: createdAt.toISOString(),
        guest: userId == null,
        shipments: shipments.filter((shipment) => shipment.orderId === row.id),
      })),
    };
  });
  return { page, merchants: merchantRows };
}

export interface DeskOrderCsvRow {
  number: string;
  createdAt: Date;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paidAt: Date | null;
  total: number;
  refunded: number;
  guest: boolean;
  customerName: string;
  email: string;
  phone: string;
  senders: string;
  /** The order's lines as bought, in order (cancelled ones too, marked). */
  lines: OrderCsvLine[];
}

/** Every order the query's filters keep, in its order (no paging), with its lines, for the CSV export (one batch). */
export async function deskOrdersForCsv(db: Database, query: ListingQuery<OrderDeskSort>): Promise<DeskOrderCsvRow[]> {
  const { where, orderBy } = listingClauses(orderDeskListing([]), query, ORDER_DESK_SOURCE);
  const orderQuery = db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paidAt: orders.paidAt,
      total: orders.total,
      refunded: sql<number>`(select coalesce(sum(${orderRefunds.amount}), 0) from ${orderRefunds} where ${orderRefunds.orderId} = ${qualified(orders.id)})`,
      userId: orders.userId,
      customerName,
      email: orders.email,
      phone: sql<string>`coalesce((select ${users.phone} from ${users} where ${users.id} = ${qualified(orders.userId)}), ${orders.shipPhone})`,
      senders: sql<string>`(select group_concat(coalesce(${merchants.name}, '当社倉庫'), '・') from ${orderShipments} left join ${merchants} on ${qualified(merchants.id)} = ${qualified(orderShipments.merchantId)} where ${qualified(orderShipments.orderId)} = ${qualified(orders.id)})`,
    })
    .from(orders)
    .where(where)
    .orderBy(...orderBy);
  const lineQuery = db
    .select({
      orderId: orderLines.orderId,
      sku: orderLines.sku,
      title: orderLines.title,
      choiceLabel: orderLines.choiceLabel,
      optionsLabel: orderLines.optionsLabel,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      taxRate: orderLines.taxRate,
      total: orderLines.total,
      cancelledAt: orderLines.cancelledAt,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, db.select({ id: orders.id }).from(orders).where(where)))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
  const [rows, lineRows] = await db.batch([orderQuery, lineQuery]);
  const linesByOrder = new Map<number, OrderCsvLine[]>();
  for (const { orderId, cancelledAt, ...line } of lineRows) {
    const list = linesByOrder.get(orderId) ?? [];
    list.push({ ...line, cancelled: cancelledAt != null });
    linesByOrder.set(orderId, list);
  }
  return rows.map(({ id, userId, ...row }) => ({
    ...row,
    guest: userId == null,
    refunded: Number(row.refunded),
    senders: row.senders ?? "",
    lines: linesByOrder.get(id) ?? [],
  }));
}
