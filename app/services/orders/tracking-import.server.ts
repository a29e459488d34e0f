/**
 * Marking many shipments shipped from a tracking-number file (issue 16 item 7). Each row is its own guarded
 * change through changeOrder/shippingPlan — all or nothing per row, its own batch — so a broken or refused
 * row leaves the others applied, and the same file imported twice (or two imports at once) ships each
 * parcel once: the later attempt finds it shipped and says so.
 */
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import { inArray } from "drizzle-orm";
import { CARRIERS } from "~/core/orders/carriers";
import type { OrderActor } from "~/core/orders/order-events";
import type { ShipmentReference, TrackingImportRow } from "~/core/orders/tracking-import";
import type { Database } from "~/db/client.server";
import { orders, orderShipments } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { changeOrder, type OrderChangePlan, type OrderState } from "./order-changes.server";
import { shippingPlan } from "./order-transitions.server";

export const TRACKING_IMPORT_OUTCOMES = {
  shipped: "発送済みにしました。",
  unknownShipment: "この配送IDの配送は見つかりません。",
  unknownOrder: "この注文番号のご注文は見つかりません。",
  notYours: "ほかの出品者の配送のため、取り込めません。",
  noLiveParcel: "このご注文に発送できる配送はありません。",
  ambiguous: "このご注文は複数の荷物に分かれています。注文番号ではなく配送ID（お客様管理番号）で指定してください。",
  cancelled: "この配送はキャンセルされています。",
} as const;

/** Who imports: staff (every shipment) or a merchant's login (its own only). */
export interface ImportAccess {
  actor: OrderActor;
  merchantId: number | null;
}

export interface TrackingImportResult {
  line: number;
  referenceText: string;
  trackingNumber: string;
  carrierLabel: string;
  ok: boolean;
  message: string;
}

/** The shipment a row names, within the order as read (a merchant sees only its own parcels of it). */
function shipmentPlan(
  db: Database,
  order: OrderState,
  row: TrackingImportRow,
  reference: ShipmentReference,
  access: ImportAccess,
  frame: EmailFrame,
  now: Date,
): OrderChangePlan & { shipmentId?: number } {
  const inScope = order.shipments.filter((shipment) => access.merchantId == null || shipment.merchantId === access.merchantId);
  let shipment;
  if (reference.kind === "shipment") {
    shipment = order.shipments.find((candidate) => candidate.id === reference.id);
    if (!shipment) return { refusal: TRACKING_IMPORT_OUTCOMES.unknownShipment };
    if (!inScope.includes(shipment)) return { refusal: TRACKING_IMPORT_OUTCOMES.notYours };
  } else {
    // A merchant is not told that an order without its parcels exists.
    if (inScope.length === 0) return { refusal: TRACKING_IMPORT_OUTCOMES.unknownOrder };
    const live = inScope.filter((candidate) => candidate.status !== "cancelled");
    if (live.length === 0) return { refusal: TRACKING_IMPORT_OUTCOMES.noLiveParcel };
    if (live.length > 1) return { refusal: TRACKING_IMPORT_OUTCOMES.ambiguous };
    shipment = live[0]!;
  }
  if (shipment.status === "cancelled") return { refusal: TRACKING_IMPORT_OUTCOMES.cancelled };
  const shipmentAccess = { orderId: order.id, shipmentId: shipment.id, actor: access.actor, merchantId: access.merchantId };
  return { ...shippingPlan(db, order, shipmentAccess, { carrier: row.carrier, trackingNumber: row.trackingNumber }, frame, now), shipmentId: shipment.id };
}

/**
 * Applies the rows in file order and reports each; `mailKeys` are the shipping mails the applied rows
 * queued (dispatch them after). Rows that name a shipment or order are resolved to their order first, in
 * one round trip for the whole file.
 */
export async function importTracking(
  db: Database,
  rows: readonly TrackingImportRow[],
  access: ImportAccess,
  frame: EmailFrame,
  now: Date,
): Promise<{ results: TrackingImportResult[]; mailKeys: string[] }> {
  const shipmentIds = rows.flatMap((row) => (row.reference?.kind === "shipment" ? [row.reference.id] : []));
  const numbers = rows.flatMap((row) => (row.reference?.kind === "order" ? [row.reference.number] : []));
  const [shipmentOrders, numberOrders] = await db.batch([
    db
      .select({ id: orderShipments.id, orderId: orderShipments.orderId })
      .from(orderShipments)
      .where(inArray(orderShipments.id, shipmentIds.length > 0 ? shipmentIds : [0])),
    db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inArray(orders.number, numbers.length > 0 ? numbers : [""])),
  ]);
  const results: TrackingImportResult[] = [];
  const mailKeys: string[] = [];
  for (const row of rows) {
    const report = (ok: boolean, message: string) =>
      results.push({
        line: row.line,
        referenceText: row.referenceText,
        trackingNumber: row.trackingNumber,
        carrierLabel: CARRIERS[row.carrier].label,
        ok,
        message,
      });
    const reference = row.reference;
    if (row.problem || !reference) {
      report(false, row.problem ?? TRACKING_IMPORT_OUTCOMES.unknownOrder);
      continue;
    }
    const orderId =
      reference.kind === "shipment"
        ? shipmentOrders.find((shipment) => shipment.id === reference.id)?.orderId
        : numberOrders.find((order) => order.number === reference.number)?.id;
    if (orderId == null) {
      report(false, reference.kind === "shipment" ? TRACKING_IMPORT_OUTCOMES.unknownShipment : TRACKING_IMPORT_OUTCOMES.unknownOrder);
      continue;
    }
    let shippedId: number | undefined;
    const result = await changeOrder(db, orderId, (order) => {
      const plan = shipmentPlan(db, order, row, reference, access, frame, now);
      shippedId = plan.shipmentId;
      return plan;
    });
    if (!result.ok) {
      report(false, result.error);
      continue;
    }
    report(true, TRACKING_IMPORT_OUTCOMES.shipped);
    if (shippedId != null) mailKeys.push(ORDER_MAIL_KEYS.shipmentShipped(shippedId));
  }
  return { results, mailKeys };
}
