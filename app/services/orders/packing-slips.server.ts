/**
 * The parcels a 納品書 page prints (issue 38 item 5), read in one round trip: the shipments asked for —
 * any for staff, only its own for a merchant (another's id is simply not found) — with their order, the
 * recipient, the member who ordered, the merchant's sender facts and the order's lines; and which parcels
 * wait to ship, for the pages that print a day's parcels at once. Shaped by app/core/orders/packing-slip.ts.
 */
import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { OrderOrigin } from "~/core/orders/order-desk";
import type { SlipParcelRow } from "~/core/orders/packing-slip";
import { aliased, type Database } from "~/db/client.server";
import { merchants, orderLines, orders, orderShipments, users } from "~/db/schema";
import { parcelWaitingToShip, type ParcelScope } from "./carrier-csv.server";
import { merchantSenderColumns, merchantSenderOf, recipientColumns, recipientOf } from "./order-recipient.server";

function inScope(scope: ParcelScope): SQL | undefined {
  return scope.merchantId == null ? undefined : eq(orderShipments.merchantId, scope.merchantId);
}

/** The parcels of `shipmentIds` within `scope`, oldest order first (the order they leave in); unknown ids are left out. */
export async function readSlipParcels(db: Database, shipmentIds: readonly number[], scope: ParcelScope): Promise<SlipParcelRow[]> {
  if (shipmentIds.length === 0) return [];
  const asked = and(inArray(orderShipments.id, [...shipmentIds]), inScope(scope));
  const orderIds = db.select({ id: orderShipments.orderId }).from(orderShipments).where(asked);
  const [rows, lines] = await db.batch([
    db
      .select({
        shipmentId: orderShipments.id,
        // Aliased: a D1 batch reads rows by column name, and orders has a "status" too.
        status: aliased(orderShipments.status, "shipment_status"),
        orderId: orderShipments.orderId,
        orderNumber: orders.number,
        orderedAt: orders.createdAt,
        ordererName: sql<string | null>`${users.lastname} || ' ' || ${users.firstname}`.as("orderer_name"),
        ...merchantSenderColumns,
        ...recipientColumns,
      })
      .from(orderShipments)
      .innerJoin(orders, eq(orders.id, orderShipments.orderId))
      .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(asked)
      .orderBy(asc(orders.id), asc(orderShipments.id)),
    db
      .select({
        orderId: orderLines.orderId,
        shipmentId: orderLines.shipmentId,
        sku: orderLines.sku,
        title: orderLines.title,
        choiceLabel: orderLines.choiceLabel,
        optionsLabel: orderLines.optionsLabel,
        quantity: orderLines.quantity,
        unitPrice: orderLines.unitPrice,
        total: orderLines.total,
        wrapping: orderLines.wrapping,
        cancelled: sql<boolean>`${orderLines.cancelledAt} is not null`.mapWith(Boolean),
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.id)),
  ]);
  return rows.map((row): SlipParcelRow => ({
    shipmentId: row.shipmentId,
    status: row.status,
    orderNumber: row.orderNumber,
    orderedAt: row.orderedAt,
    recipient: recipientOf(row),
    ordererName: row.ordererName,
    merchant: merchantSenderOf(row),
    orderLines: lines.filter((line) => line.orderId === row.orderId).map(({ orderId: _orderId, ...line }) => line),
  }));
}

function fromSender(sender: OrderOrigin): SQL {
  return sender.kind === "warehouse" ? isNull(orderShipments.merchantId) : eq(orderShipments.merchantId, sender.merchantId);
}

/**
 * The parcels waiting to ship (as the B2 file takes them): from `sender` (null: any), of `orderIds` (null:
 * any order), oldest order first, at most `limit` + 1 so the caller can tell there were more.
 */
export async function parcelIdsToShip(db: Database, sender: OrderOrigin | null, orderIds: readonly number[] | null, limit: number): Promise<number[]> {
  if (orderIds != null && orderIds.length === 0) return [];
  const rows = await db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(and(parcelWaitingToShip(), sender ? fromSender(sender) : undefined, orderIds ? inArray(orderShipments.orderId, [...orderIds]) : undefined))
    .orderBy(asc(orderShipments.orderId), asc(orderShipments.id))
    .limit(limit + 1);
  return rows.map((row) => row.id);
}
