/** Orders that reached the shopper, for the return tests: placed, shipped and delivered through the services. */
import type { Database } from "~/db/client.server";
import type { ReturnRequestInput } from "~/core/returns/return-request-forms";
import type { OrderActor } from "~/core/orders/order-events";
import { decideReturn } from "~/services/returns/return-decisions.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
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

/** The member asks to return one item of an order's line (the request's id); staff decide it later. */
export async function requestMemberReturn(
  platform: { db: Database; env: { ATTACHMENTS: R2Bucket } },
  orderId: number,
  lineId: number,
  { token, reason = "wrong_item", now = new Date() }: { token: string; reason?: ReturnRequestInput["reason"]; now?: Date },
): Promise<number> {
  const input: ReturnRequestInput = { token, kind: "return", reason, lines: [{ id: lineId, quantity: 1 }], details: "" };
  const actor = { id: MEMBER_ID, actor: { kind: "customer" as const, userId: MEMBER_ID, name: "山田 花子" } };
  const files = { galleryIds: [], files: [] };
  const requested = await createReturnRequest(platform.db, platform.env.ATTACHMENTS, actor, orderId, input, files, TEST_MAIL_FRAME, now);
  if (!requested.ok) throw new Error(requested.error);
  return requested.returnId;
}

/** Staff approve a return and receive the goods: restocked, its refund recorded (振込). */
export async function receiveReturn(db: Database, returnId: number, now = new Date()): Promise<void> {
  await decideReturn(db, returnId, STAFF_ACTOR, { intent: "approve", message: "着払いで" }, TEST_MAIL_FRAME, now);
  await decideReturn(db, returnId, STAFF_ACTOR, { intent: "receive", method: "bank_transfer", restock: "1" }, TEST_MAIL_FRAME, now);
}
