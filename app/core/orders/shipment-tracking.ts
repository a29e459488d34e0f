/**
 * What a shopper (and the support desk answering 「いつ届きますか」) is told about one parcel: its state,
 * who sends it, the carrier with the tracking number and the carrier's tracking page, when it left and
 * when it should arrive (while on its way), or when it arrived. The member's order page, the guest order
 * lookup, /api/user/orders and the staff ticket page all show these same facts. Pure.
 */
import { CARRIERS, isCarrier, trackingUrl } from "./carriers";
import { jstDate } from "../dates";
import { expectedDeliveryWindow } from "./order-lifecycle";
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from "./orders";

/** The shop's own warehouse as a parcel's sender (mails, pages). */
export const WAREHOUSE_SENDER = "当社倉庫";

/** A shipment as stored, as far as its tracking goes. */
export interface ShipmentTrackingRow {
  status: ShipmentStatus;
  /** The merchant's name; null for the warehouse's parcel. */
  merchantName: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
}

export interface ShipmentTrackingFacts {
  status: ShipmentStatus;
  statusLabel: string;
  /** 「当社倉庫」 or the merchant's name. */
  sender: string;
  /** ヤマト運輸 …; null before it ships (or a carrier this code no longer knows). */
  carrierLabel: string | null;
  trackingNumber: string | null;
  /** The carrier's page for this parcel; null without a known carrier and a number. */
  trackingUrl: string | null;
  /** Japan dates ("2026-01-09"). */
  shippedOn: string | null;
  /** While it is on its way: the days it should arrive between. */
  expectedDelivery: { earliest: string; latest: string } | null;
  deliveredOn: string | null;
}

/** Who sends this parcel: the merchant, or the shop's warehouse. */
export function shipmentSender(shipment: { merchantName: string | null }): string {
  return shipment.merchantName ?? WAREHOUSE_SENDER;
}

export function shipmentTracking(shipment: ShipmentTrackingRow): ShipmentTrackingFacts {
  const carrier = isCarrier(shipment.carrier) ? shipment.carrier : null;
  const trackingNumber = shipment.trackingNumber || null;
  const left = shipment.status === "shipped" || shipment.status === "delivered";
  return {
    status: shipment.status,
    statusLabel: SHIPMENT_STATUS_LABELS[shipment.status],
    sender: shipmentSender(shipment),
    carrierLabel: left && carrier ? CARRIERS[carrier].label : null,
    trackingNumber: left ? trackingNumber : null,
    trackingUrl: left && carrier && trackingNumber ? trackingUrl(carrier, trackingNumber) : null,
    shippedOn: left && shipment.shippedAt ? jstDate(shipment.shippedAt) : null,
    expectedDelivery: shipment.status === "shipped" && shipment.shippedAt ? expectedDeliveryWindow(shipment.shippedAt) : null,
    deliveredOn: shipment.status === "delivered" && shipment.deliveredAt ? jstDate(shipment.deliveredAt) : null,
  };
}
