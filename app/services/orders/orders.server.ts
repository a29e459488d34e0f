/**
 * A member's past orders (spec §3 "Past order"): the listing, one order with its shipments and lines,
 * and its receipt (領収書). Every query is scoped to the member: another member's order is "not found".
 */
import { and, asc, count, eq, getTableColumns, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { ListingQuery } from "~/core/search/listing";
import { ORDER_LISTING, type OrderSort } from "~/core/member/member-order-listing";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/core/orders/orders";
import { PAYMENT_METHODS } from "~/core/checkout/payment-methods";
import { orderPointsView } from "~/core/member/points";
import { describeShipTo } from "~/core/address/address-book";
import { shipmentTracking, type ShipmentTrackingFacts } from "~/core/orders/shipment-tracking";
import { DEFAULT_RECEIPT_MEMO, rateTotalsConsistent, receiptTaxLines, taxByRate, type ReceiptFields } from "~/core/orders/receipt";
import { aliased, type Database } from "~/db/client.server";
import { merchants, orderLines, orders, orderShipments, products, users } from "~/db/schema";
import { betweenDaysFilter, equalsFilter, likeFilter, listingJson, loadListingPage, type ListingPage, type ListingSource } from "../search/listing.server";

export const ORDER_NOT_FOUND_MESSAGE = "ご注文が見つかりません。URLが正しいかご確認ください。";

export interface OrderItemSummary {
  id: number;
  orderId: number;
  productId: number;
  sku: string;
  title: string;
  picture: string;
  quantity: number;
  hasVariation: boolean;
}

export interface OrderSummary {
  id: number;
  number: string;
  dateCreated: Date;
  status: OrderStatus;
  total: number;
  items: OrderItemSummary[];
  /** Each parcel's tracking facts, in shipment order. */
  shipments: (ShipmentTrackingFacts & { id: number })[];
}

function orderSource(userId: number): ListingSource<OrderSort> {
  const itemTitle = likeFilter(orderLines.title);
  return {
    scope: eq(orders.userId, userId),
    sortColumns: { date_created: orders.createdAt, total: orders.total },
    idColumn: orders.id,
    filters: {
      // Orders holding an item whose title matches.
      title: (value) => {
        const matches = itemTitle(value);
        return matches ? sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${matches})` : undefined;
      },
      date_created: betweenDaysFilter(orders.createdAt),
      status: equalsFilter(orders.status),
    },
  };
}

/** One page of the member's orders with their items, in one D1 round trip (no query per order). */
export async function listOrders(db: Database, userId: number, query: ListingQuery<OrderSort>): Promise<ListingPage<OrderSummary, OrderSort>> {
  return loadListingPage(ORDER_LISTING, query, orderSource(userId), async ({ where, orderBy, limit, offset }) => {
    const pageIds = db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset);
    const [counted, rows, lines, shipments] = await db.batch([
      db.select({ n: count() }).from(orders).where(where),
      db
        .select({ id: orders.id, number: orders.number, dateCreated: orders.createdAt, status: orders.status, total: orders.total })
        .from(orders)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
      db
        .select({
          id: orderLines.id,
          orderId: orderLines.orderId,
          productId: orderLines.productId,
          sku: orderLines.sku,
          title: orderLines.title,
          picture: orderLines.picture,
          quantity: orderLines.quantity,
          hasVariation: sql<boolean>`${orderLines.variationId} is not null`.mapWith(Boolean),
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, pageIds))
        .orderBy(asc(orderLines.id)),
      shipmentTrackingQuery(db, pageIds),
    ]);
    return {
      total: counted[0]?.n ?? 0,
      rows: rows.map((row) => ({
        ...row,
        items: lines.filter((line) => line.orderId === row.id),
        shipments: shipments.filter((shipment) => shipment.orderId === row.id).map((shipment) => ({ id: shipment.id, ...shipmentTracking(shipment) })),
      })),
    };
  });
}

/** The tracking columns of the shipments of these orders (a subquery of order ids), in shipment order. */
export function shipmentTrackingQuery(db: Database, orderIds: SQLWrapper) {
  return db
    .select({
      id: orderShipments.id,
      orderId: orderShipments.orderId,
      status: orderShipments.status,
      merchantName: merchants.name,
      carrier: orderShipments.carrier,
      trackingNumber: orderShipments.trackingNumber,
      shippedAt: orderShipments.shippedAt,
      deliveredAt: orderShipments.deliveredAt,
    })
    .from(orderShipments)
    .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
    .where(inArray(orderShipments.orderId, orderIds))
    .orderBy(asc(orderShipments.id));
}

/**
 * §3 "Past order": id, date_created, orderdetails (id, sku, title, variation.picture, product.picture), plus
 * number, status and total — the same orderdetails shape as /crm/api/customers/past-orders.
 */
export function orderJson(order: OrderSummary) {
  return {
    id: order.id,
    number: order.number,
    date_created: order.dateCreated.toISOString(),
    status: order.status,
    status_label: ORDER_STATUS_LABELS[order.status],
    total: order.total,
    orderdetails: order.items.map((item) => ({
      id: item.id,
      sku: item.sku,
      title: item.title,
      quantity: item.quantity,
      variation: { picture: item.hasVariation ? item.picture : null },
      product: { id: item.productId, picture: item.picture },
    })),
    shipments: order.shipments.map(shipmentTrackingJson),
  };
}

/** A parcel's tracking facts in the API's field names. */
export function shipmentTrackingJson(shipment: ShipmentTrackingFacts & { id: number }) {
  return {
    id: shipment.id,
    status: shipment.status,
    status_label: shipment.statusLabel,
    sender: shipment.sender,
    carrier_label: shipment.carrierLabel,
    tracking_number: shipment.trackingNumber,
    tracking_url: shipment.trackingUrl,
    shipped_on: shipment.shippedOn,
    expected_delivery: shipment.expectedDelivery,
    delivered_on: shipment.deliveredOn,
  };
}

export function orderListingJson(page: ListingPage<OrderSummary>) {
  return listingJson(ORDER_LISTING, page, orderJson);
}

/** One of the member's orders with its shipments (per warehouse / merchant) and lines; null if none such. */
export function loadOrder(db: Database, userId: number, orderId: number) {
  return loadOrderWhere(db, and(eq(orders.id, orderId), eq(orders.userId, userId))!);
}

/** A guest's order (no account), for the order lookup that proved its number and e-mail; null if none such. */
export function loadGuestOrder(db: Database, orderId: number) {
  return loadOrderWhere(db, and(eq(orders.id, orderId), isNull(orders.userId))!);
}

/** Any order, for staff's order desk (/crm/orders/{id}): the same view the buyer's page shows; null if none such. */
export function loadOrderForStaff(db: Database, orderId: number) {
  return loadOrderWhere(db, eq(orders.id, orderId));
}

async function loadOrderWhere(db: Database, owned: SQL) {
  const ownedOrderId = db.select({ id: orders.id }).from(orders).where(owned);
  const [orderRows, shipments, lines] = await db.batch([
    db.select().from(orders).where(owned),
    db
      .select({
        id: orderShipments.id,
        shippingFrom: orderShipments.shippingFrom,
        merchantName: aliased(merchants.name, "merchant_name"),
        shippingFee: orderShipments.shippingFee,
        notice: orderShipments.notice,
        status: orderShipments.status,
        carrier: orderShipments.carrier,
        trackingNumber: orderShipments.trackingNumber,
        shippedAt: orderShipments.shippedAt,
        deliveredAt: orderShipments.deliveredAt,
      })
      .from(orderShipments)
      .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
      .where(inArray(orderShipments.orderId, ownedOrderId))
      .orderBy(asc(orderShipments.id)),
    db
      .select({ ...getTableColumns(orderLines), isDigital: sql<boolean>`coalesce(${products.isDigital}, 0) = 1`.mapWith(Boolean) })
      .from(orderLines)
      .leftJoin(products, eq(products.id, orderLines.productId))
      .where(inArray(orderLines.orderId, ownedOrderId))
      .orderBy(asc(orderLines.id)),
  ]);
  const order = orderRows[0];
  if (!order) return null;
  const shipmentViews = shipments.map((shipment) => ({
    ...shipment,
    label: shipment.shippingFrom === "warehouse" ? "当店倉庫から発送" : `${shipment.merchantName ?? "出店者"}から発送`,
    tracking: shipmentTracking(shipment),
    lines: lines.filter((line) => line.shipmentId === shipment.id),
  }));
  const unshipped = lines.filter((line) => line.shipmentId == null || !shipments.some((shipment) => shipment.id === line.shipmentId));
  return {
    order: {
      id: order.id,
      number: order.number,
      dateCreated: order.createdAt,
      status: order.status,
      statusLabel: ORDER_STATUS_LABELS[order.status],
      cancelledAt: order.cancelledAt,
      paymentMethod: order.paymentMethod,
      paymentLabel: PAYMENT_METHODS[order.paymentMethod].label,
      /** A 銀行振込 order's last day to pay, fixed as it was placed (null for other methods). */
      paymentDueOn: order.paymentDueOn,
      subtotal: order.subtotal,
      shippingFee: order.shippingFee,
      coldshippingFee: order.coldshippingFee,
      splitShippingFee: order.splitShippingFee,
      extraFee: order.extraFee,
      wrappingFee: order.wrappingFee,
      discountCoupon: order.discountCoupon,
      couponCode: order.couponCode,
      pointsUsed: order.pointsUsed,
      pointsEarned: order.pointsEarned,
      points: orderPointsView(
        { earned: order.pointsEarned, forfeited: order.pointsForfeited, granted: order.pointsGranted, grantedAt: order.pointsGrantedAt },
        order.paymentMethod,
        order.status,
      ),
      total: order.total,
      deliveryDate: order.deliveryDate,
      deliveryTimeSlot: order.deliveryTimeSlot,
      shipTo: {
        ...describeShipTo(order),
        phone: order.shipPhone,
      },
    },
    shipments: shipmentViews,
    unshippedLines: unshipped,
    taxLines: receiptTaxLines(orderRateTotals(order, lines)),
  };
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

/**
 * The order's per-rate figures: as stored at checkout when they add up to the total, otherwise computed
 * from the lines (fees at 10%, reductions off the 10% part first) so a receipt never prints figures that
 * disagree with its total.
 */
function orderRateTotals(order: typeof orders.$inferSelect, lines: { total: number; taxRate: number }[]) {
  const stored = { taxable10: order.taxable10, tax10: order.tax10, taxable8: order.taxable8, tax8: order.tax8 };
  if (rateTotalsConsistent(stored, order.total)) return stored;
  return taxByRate({
    lines,
    standardRateCharges: order.shippingFee + order.coldshippingFee + order.splitShippingFee + order.extraFee + order.wrappingFee,
    reductions: order.discountCoupon + order.pointsUsed,
  });
}

/** The receipt of one of the member's orders: addressee, memo, items, total and tax per rate; null if none such. */
export async function loadReceipt(db: Database, userId: number, orderId: number) {
  const owned = and(eq(orders.id, orderId), eq(orders.userId, userId));
  const [orderRows, lines, buyer] = await db.batch([
    db.select().from(orders).where(owned),
    db
      .select({
        title: orderLines.title,
        choiceLabel: orderLines.choiceLabel,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        total: orderLines.total,
        taxRate: orderLines.taxRate,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, db.select({ id: orders.id }).from(orders).where(owned)))
      .orderBy(asc(orderLines.id)),
    db.select({ lastname: users.lastname, firstname: users.firstname }).from(users).where(eq(users.id, userId)),
  ]);
  const order = orderRows[0];
  if (!order) return null;
  const buyerName = buyer[0] ? `${buyer[0].lastname} ${buyer[0].firstname}` : "";
  const fees = [
    { label: "送料", amount: order.shippingFee },
    { label: "クール便料金", amount: order.coldshippingFee },
    { label: "分割配送料", amount: order.splitShippingFee },
    { label: `手数料（${PAYMENT_METHODS[order.paymentMethod].label}）`, amount: order.extraFee },
    { label: "ギフトラッピング", amount: order.wrappingFee },
  ].filter((fee) => fee.amount > 0);
  const reductions = [
    { label: `クーポン割引${order.couponCode ? `（${order.couponCode}）` : ""}`, amount: order.discountCoupon },
    { label: "ポイント利用", amount: order.pointsUsed },
  ].filter((reduction) => reduction.amount > 0);
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    dateCreated: order.createdAt,
    paymentLabel: PAYMENT_METHODS[order.paymentMethod].label,
    total: order.total,
    /** What the member saved; null = print the default. */
    savedName: order.receiptName,
    savedMemo: order.receiptMemo,
    name: order.receiptName || buyerName,
    memo: order.receiptMemo || DEFAULT_RECEIPT_MEMO,
    lines,
    fees,
    reductions,
    taxLines: receiptTaxLines(orderRateTotals(order, lines)),
  };
}

export type Receipt = NonNullable<Awaited<ReturnType<typeof loadReceipt>>>;

/** Saves the receipt's addressee and memo ("" = the default); false when the member has no such order. */
export async function saveReceiptFields(db: Database, userId: number, orderId: number, fields: ReceiptFields): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ receiptName: fields.receipt_name || null, receiptMemo: fields.receipt_memo || null })
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .returning({ id: orders.id });
  return updated.length > 0;
}
