/**
 * The parcels to ship as ヤマト B2クラウド records (issue 16 item 7): every shipment still being prepared
 * whose order may ship — the whole shop's for staff, one merchant's for that merchant — read in one round
 * trip and shaped for app/core/orders/b2-csv.ts.
 */
import { and, asc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { B2Address, B2Parcel } from "~/core/orders/b2-csv";
import { codCollectingShipmentId } from "~/core/checkout/cod-collection";
import { SHIPPABLE_ORDER_STATUSES } from "~/core/orders/order-lifecycle";
import { prefectureName } from "~/core/address/postal";
import type { SellerFacts } from "~/core/settings/shop-settings";
import { parcelSender, type MerchantSenderFacts } from "~/core/orders/parcel-sender";
import type { Database } from "~/db/client.server";
import { merchantSenderColumns, merchantSenderOf, recipientColumns } from "./order-recipient.server";
import { merchants, orderLines, orders, orderShipments, products } from "~/db/schema";

/** Whose parcels: the whole shop's (staff) or one merchant's. */
export type ParcelScope = { merchantId: number | null };

/** ご依頼主: the shop for its warehouse's parcels, the merchant (its own address and phone, else the shop's) for its own. */
function senderOf(merchant: MerchantSenderFacts | null, seller: SellerFacts): B2Address {
  const { name, postalCode, address, building, phone } = parcelSender(merchant, seller);
  return { name, postalCode, address, building, phone };
}

/** A parcel waiting to leave: 準備中, of an order that may ship (on order_shipments joined to its order). */
export function parcelWaitingToShip(): SQL {
  return and(eq(orderShipments.status, "preparing"), inArray(orders.status, [...SHIPPABLE_ORDER_STATUSES]))!;
}

/** The parcels to ship in scope, oldest order first (the order they should leave in); `seller` sends them (the shop settings in force). */
export async function parcelsToShip(db: Database, scope: ParcelScope, seller: SellerFacts): Promise<B2Parcel[]> {
  const toShip = scope.merchantId == null ? parcelWaitingToShip() : and(parcelWaitingToShip(), eq(orderShipments.merchantId, scope.merchantId))!;
  const shipmentIds = db.select({ id: orderShipments.id }).from(orderShipments).innerJoin(orders, eq(orders.id, orderShipments.orderId)).where(toShip);
  const orderIds = db.select({ id: orderShipments.orderId }).from(orderShipments).innerJoin(orders, eq(orders.id, orderShipments.orderId)).where(toShip);
  const [rows, lines, siblings] = await db.batch([
    db
      .select({
        shipmentId: orderShipments.id,
        // The shipment's column, not orders.id: a D1 batch reads rows by column name, and "id" would clash.
        orderId: orderShipments.orderId,
        ...merchantSenderColumns,
        number: orders.number,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
        tax: orders.tax10,
        tax8: orders.tax8,
        coldshippingFee: orders.coldshippingFee,
        deliveryDate: orders.deliveryDate,
        deliveryTimeSlot: orders.deliveryTimeSlot,
        ...recipientColumns,
      })
      .from(orderShipments)
      .innerJoin(orders, eq(orders.id, orderShipments.orderId))
      .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
      .where(toShip)
      .orderBy(asc(orders.id), asc(orderShipments.id)),
    db
      .select({ shipmentId: orderLines.shipmentId, title: orderLines.title, quantity: orderLines.quantity, coldshipping: products.coldshipping })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(and(inArray(orderLines.shipmentId, shipmentIds), isNull(orderLines.cancelledAt)))
      .orderBy(asc(orderLines.id)),
    // Every parcel of those orders, to tell which one collects a 代金引換 order.
    db
      .select({ id: orderShipments.id, orderId: orderShipments.orderId, shippingFrom: orderShipments.shippingFrom, status: orderShipments.status })
      .from(orderShipments)
      .where(inArray(orderShipments.orderId, orderIds)),
  ]);
  return rows.map((row): B2Parcel => {
    const goods = lines.filter((line) => line.shipmentId === row.shipmentId);
    const parcels = siblings.filter((sibling) => sibling.orderId === row.orderId);
    const collects = codCollectingShipmentId(row.paymentMethod, row.total, parcels) === row.shipmentId;
    return {
      shipmentId: row.shipmentId,
      orderNumber: row.number,
      collect: collects ? { amount: row.total, tax: row.tax + row.tax8 } : null,
      // 要冷蔵 goods always go cold; optional ones when the buyer paid for cold shipping (the order records
      // the fee, not which parcel it was for).
      cold: goods.some((line) => line.coldshipping === "required" || (line.coldshipping === "optional" && row.coldshippingFee > 0)),
      deliveryDate: row.deliveryDate,
      deliveryTimeSlot: row.deliveryTimeSlot,
      recipient: {
        name: `${row.lastname} ${row.firstname}`,
        kana: `${row.lastnameKana} ${row.firstnameKana}`,
        phone: row.phone,
        postalCode: row.postalCode,
        address: `${prefectureName(row.prefecture)}${row.city}${row.district}${row.address1}`,
        building: row.address2,
      },
      sender: senderOf(merchantSenderOf(row), seller),
      items: goods.map((line) => ({ title: line.title, quantity: line.quantity })),
    };
  });
}
