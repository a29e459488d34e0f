/**
 * A merchant's shipments (the portal, /merchant): the listing of one tab with indexed paging, and one
 * shipment with what its parcel label needs. Every query is bound to the merchant's id, so another
 * merchant's shipment is simply not there (no leak of its existence or data).
 */
import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from "drizzle-orm";
import { describeAddress } from "~/core/address/address-book";
import { CARRIERS, isCarrier, trackingUrl } from "~/core/orders/carriers";
import { codCollectingShipmentId } from "~/core/checkout/cod-collection";
import { MERCHANT_PAGE_SIZE, MERCHANT_TABS, type MerchantListQuery, type MerchantTab } from "~/core/merchant/merchant-portal";
import { SHIPPABLE_ORDER_STATUSES } from "~/core/orders/order-lifecycle";
import { ORDER_STATUS_LABELS, SHIPMENT_STATUS_LABELS, type OrderStatus } from "~/core/orders/orders";
import type { Database } from "~/db/client.server";
import { recipientColumns, recipientOf } from "../orders/order-recipient.server";
import { orderLines, orders, orderShipments } from "~/db/schema";

/** The parcel's goods in one line: 「title ×2、title」 (cancelled lines left out). */
const itemsSummary = sql<string>`coalesce((select group_concat(${orderLines.title} || ' ×' || ${orderLines.quantity}, '、') from ${orderLines} where ${orderLines.shipmentId} = ${orderShipments.id} and ${orderLines.cancelledAt} is null), '')`;

/** The order states a tab's shipments belong to: to ship, the order may ship; 入金待ち, the transfer is due; others, any. */
const TAB_ORDER_STATUSES: Record<MerchantTab, readonly OrderStatus[] | null> = {
  to_ship: SHIPPABLE_ORDER_STATUSES,
  awaiting_payment: ["pending_payment"],
  shipped: null,
  delivered: null,
  cancelled: null,
};

function tabCondition(merchantId: number, tab: MerchantTab): SQL {
  const { shipment } = MERCHANT_TABS[tab];
  const orderStatuses = TAB_ORDER_STATUSES[tab];
  const conditions = [eq(orderShipments.merchantId, merchantId), eq(orderShipments.status, shipment)];
  if (orderStatuses) conditions.push(inArray(orders.status, [...orderStatuses]));
  return and(...conditions)!;
}

/**
 * One page of a tab, newest order first, and how many shipments wait in 発送待ち and 入金待ち. The page
 * walks the index (merchant_id, status, order_id) from a cursor — an order id — so a late page costs what
 * the first does. One round trip.
 */
export async function listMerchantShipments(db: Database, merchantId: number, query: MerchantListQuery) {
  const newer = query.after != null && query.before == null;
  const cursor = newer ? gt(orderShipments.orderId, query.after!) : query.before != null ? lt(orderShipments.orderId, query.before) : undefined;
  const [rows, [counts]] = await db.batch([
    db
      .select({
        id: orderShipments.id,
        orderId: orderShipments.orderId,
        status: orderShipments.status,
        carrier: orderShipments.carrier,
        trackingNumber: orderShipments.trackingNumber,
        shippedAt: orderShipments.shippedAt,
        orderNumber: orders.number,
        orderedAt: orders.createdAt,
        deliveryDate: orders.deliveryDate,
        deliveryTimeSlot: orders.deliveryTimeSlot,
        recipient: sql<string>`${orders.shipLastname} || ' ' || ${orders.shipFirstname}`,
        prefecture: orders.shipPrefecture,
        items: itemsSummary,
      })
      .from(orderShipments)
      .innerJoin(orders, eq(orders.id, orderShipments.orderId))
      .where(and(tabCondition(merchantId, query.tab), cursor))
      .orderBy(newer ? asc(orderShipments.orderId) : desc(orderShipments.orderId))
      .limit(MERCHANT_PAGE_SIZE + 1),
    db
      .select({
        toShip: sql<number>`coalesce(sum(${orders.status} in ${[...SHIPPABLE_ORDER_STATUSES]}), 0)`,
        awaitingPayment: sql<number>`coalesce(sum(${orders.status} = 'pending_payment'), 0)`,
      })
      .from(orderShipments)
      .innerJoin(orders, eq(orders.id, orderShipments.orderId))
      .where(and(eq(orderShipments.merchantId, merchantId), eq(orderShipments.status, "preparing"))),
  ]);
  const more = rows.length > MERCHANT_PAGE_SIZE;
  const page = rows.slice(0, MERCHANT_PAGE_SIZE);
  if (newer) page.reverse();
  // Going newer, the rows beyond the page are newer ones; the older side exists since we came from it.
  const hasNewer = newer ? more : query.before != null;
  const hasOlder = newer ? true : more;
  const first = page[0];
  const last = page.at(-1);
  return {
    rows: page,
    newerCursor: hasNewer && first ? first.orderId : null,
    olderCursor: hasOlder && last ? last.orderId : null,
    counts: { to_ship: counts?.toShip ?? 0, awaiting_payment: counts?.awaitingPayment ?? 0 },
  };
}

export type MerchantShipmentPage = Awaited<ReturnType<typeof listMerchantShipments>>;

/**
 * One of the merchant's shipments with what shipping it needs — the order's number, date and delivery
 * wish, the recipient, the parcel's lines, the shopper's note to the merchant, and the 代金引換 amount
 * when this parcel collects it — or null when it is not this merchant's. Never the buyer's e-mail, the
 * other parcels, prices or points.
 */
export async function findMerchantShipment(db: Database, merchantId: number, shipmentId: number) {
  const mine = and(eq(orderShipments.id, shipmentId), eq(orderShipments.merchantId, merchantId));
  const orderOfMine = db.select({ orderId: orderShipments.orderId }).from(orderShipments).where(mine);
  const [[row], lines, parcels] = await db.batch([
    db
      .select({
        id: orderShipments.id,
        orderId: orderShipments.orderId,
        status: orderShipments.status,
        carrier: orderShipments.carrier,
        trackingNumber: orderShipments.trackingNumber,
        shippedAt: orderShipments.shippedAt,
        deliveredAt: orderShipments.deliveredAt,
        notice: orderShipments.notice,
        orderNumber: orders.number,
        orderedAt: orders.createdAt,
        // Aliased: a D1 batch reads rows by column name, and both tables have a "status".
        orderStatus: sql<OrderStatus>`${orders.status}`.as("order_status"),
        paymentMethod: orders.paymentMethod,
        total: orders.total,
        deliveryDate: orders.deliveryDate,
        deliveryTimeSlot: orders.deliveryTimeSlot,
        ...recipientColumns,
      })
      .from(orderShipments)
      .innerJoin(orders, eq(orders.id, orderShipments.orderId))
      .where(mine),
    db
      .select({
        id: orderLines.id,
        sku: orderLines.sku,
        title: orderLines.title,
        choiceLabel: orderLines.choiceLabel,
        optionsLabel: orderLines.optionsLabel,
        quantity: orderLines.quantity,
        cancelled: sql<boolean>`${orderLines.cancelledAt} is not null`.mapWith(Boolean),
      })
      .from(orderLines)
      .where(and(eq(orderLines.shipmentId, shipmentId), inArray(orderLines.orderId, orderOfMine)))
      .orderBy(asc(orderLines.id)),
    // Only to tell which parcel collects a 代金引換 order; not shown.
    db
      .select({ id: orderShipments.id, shippingFrom: orderShipments.shippingFrom, status: orderShipments.status })
      .from(orderShipments)
      .where(inArray(orderShipments.orderId, orderOfMine)),
  ]);
  if (!row) return null;
  const { id, orderId, status, carrier, trackingNumber, shippedAt, deliveredAt, notice, total, paymentMethod } = row;
  const collectingId = codCollectingShipmentId(paymentMethod, total, parcels);
  return {
    id,
    orderId,
    status,
    statusLabel: SHIPMENT_STATUS_LABELS[status],
    carrier,
    carrierLabel: isCarrier(carrier) ? CARRIERS[carrier].label : carrier,
    trackingNumber,
    trackingUrl: isCarrier(carrier) && trackingNumber ? trackingUrl(carrier, trackingNumber) : null,
    shippedAt,
    deliveredAt,
    notice,
    order: {
      number: row.orderNumber,
      orderedAt: row.orderedAt,
      status: row.orderStatus,
      statusLabel: ORDER_STATUS_LABELS[row.orderStatus],
      deliveryDate: row.deliveryDate,
      deliveryTimeSlot: row.deliveryTimeSlot,
    },
    recipient: recipientOf(row),
    /** The label's 〒 line and street, written as the shopper's pages write an address. */
    address: describeAddress({
      postal_code: row.postalCode,
      prefecture: row.prefecture,
      city: row.city,
      district: row.district,
      address1: row.address1,
      address2: row.address2,
    }),
    lines,
    cod: paymentMethod === "cod" ? { collects: collectingId === id, amount: collectingId === id ? total : null } : null,
  };
}

export type MerchantShipment = NonNullable<Awaited<ReturnType<typeof findMerchantShipment>>>;
