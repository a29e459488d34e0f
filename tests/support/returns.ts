/** Orders that reached the shopper, for the return tests: placed, shipped and delivered through the services. */
import type { Database } from "~/db/client.server";
import type { OrderActor } from "~/core/orders/order-events";
import { STAFF_ID } from "~/services/seed/people";
import { loadOrderState } from "~/services/orders/order-changes.server";
import { markShipmentDelivered, shipShipment } from "~/services/orders/order-transitions.server";
import { placeMemberOrder, TEST_MAIL_FRAME } from "./orders";

export const STAFF_ACTOR: OrderActor = { kind: "staff", userId: STAFF_ID, name: "佐藤" };

/** A member's 代金引換 order of `quantity` × `sku`, every parcel shipped and delivered at `now`. */
export async function deliveredOrder(db: Database, userId: number, { sku = "DEMO-SIMPLE", quantity = 2, now = new Date() } = {}) {
  const placed = await placeMemberOrder(db, userId, { sku, quantity, paymentMethod: "cod", now });
  const state = (await loadOrderState(db, placed.id))!;
  for (const shipment of state.shipments) {
    const access = { orderId: placed.id, shipmentId: shipment.id, actor: STAFF_ACTOR, merchantId: null };
    const shipped = await shipShipment(db, access, { carrier: "yamato", trackingNumber: "123456789012" }, TEST_MAIL_FRAME, now);
    if (!shipped.ok) throw new Error(shipped.error);
    const delivered = await markShipmentDelivered(db, access, now);
    if (!delivered.ok) throw new Error(delivered.error);
  }
  const lines = (await loadOrderState(db, placed.id))!.lines;
  return { ...placed, lines };
}
