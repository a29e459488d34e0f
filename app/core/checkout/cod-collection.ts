/**
 * Which parcel of a 代金引換 order collects the money. An order may leave in several parcels (the
 * warehouse's and one per merchant) but the buyer pays once: the driver of the warehouse parcel collects
 * the whole order total, every other parcel goes 発払い. An order without a live warehouse parcel (only
 * merchants' goods, or the warehouse's lines all cancelled) collects with its first live parcel. Pure.
 */
import type { PaymentMethod } from "./payment-methods";
import type { ShipmentStatus } from "../orders/orders";

export interface ParcelFacts {
  id: number;
  shippingFrom: "warehouse" | "merchant";
  status: ShipmentStatus;
}

/** The id of the parcel that collects the order's 代金引換 amount, or null when nothing is collected. */
export function codCollectingShipmentId(paymentMethod: PaymentMethod, total: number, shipments: readonly ParcelFacts[]): number | null {
  if (paymentMethod !== "cod" || total <= 0) return null;
  const live = [...shipments].filter((shipment) => shipment.status !== "cancelled").sort((a, b) => a.id - b.id);
  return (live.find((shipment) => shipment.shippingFrom === "warehouse") ?? live[0])?.id ?? null;
}
