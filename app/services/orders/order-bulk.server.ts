/**
 * Bulk actions on the order desk's list (issue 38 item 4): the selected orders read in one round trip for
 * the dry run, and each target applied as its own guarded change through the order page's own actions
 * (confirmPayment, shipShipment, resendShipmentMail; decision 0016) — so a refused or lost target leaves
 * the others applied, and the same run posted twice, or racing a single-order action or a cancellation,
 * changes and mails each target once. A refused target is named by the rules the dry run uses, read
 * again on the order as it now stands.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import { ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";
import type { Carrier } from "~/core/orders/carriers";
import { bulkRefusal, type BulkIntent, type BulkOrderFacts, type BulkOutcome, type BulkResultEntry } from "~/core/orders/order-bulk";
import type { OrderActor } from "~/core/orders/order-events";
import type { OrderStatus, ShipmentStatus } from "~/core/orders/orders";
import type { PaymentMethod } from "~/core/checkout/payment-methods";
import { qualified, type Database } from "~/db/client.server";
import { merchants, orders, orderShipments, users } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { loadOrderState } from "./order-changes.server";
import { resendShipmentMail, SHIPMENT_MAIL_TEXT } from "./order-desk-actions.server";
import { confirmPayment, shipShipment } from "./order-transitions.server";

export interface BulkShipment {
  id: number;
  orderId: number;
  /** The merchant's name; null for the warehouse. */
  merchantName: string | null;
  status: ShipmentStatus;
  carrier: string | null;
  trackingNumber: string | null;
}

export interface BulkOrder extends BulkOrderFacts {
  id: number;
  number: string;
  customerName: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  total: number;
  shipments: BulkShipment[];
}

const customerName = sql<string>`coalesce((select ${users.lastname} || ' ' || ${users.firstname} from ${users} where ${users.id} = ${qualified(orders.userId)}), ${orders.shipLastname} || ' ' || ${orders.shipFirstname})`;

/** The orders of these ids (those that exist, in the ids' order) with their parcels, in one round trip. */
export async function loadBulkOrders(db: Database, ids: readonly number[]): Promise<BulkOrder[]> {
  if (ids.length === 0) return [];
  const [rows, shipments] = await db.batch([
    db
      .select({
        id: orders.id,
        number: orders.number,
        customerName,
        status: orders.status,
        paymentMethod: orders.paymentMethod,
        total: orders.total,
      })
      .from(orders)
      .where(inArray(orders.id, [...ids])),
    db
      .select({
        id: orderShipments.id,
        orderId: orderShipments.orderId,
        merchantName: merchants.name,
        status: orderShipments.status,
        carrier: orderShipments.carrier,
        trackingNumber: orderShipments.trackingNumber,
      })
      .from(orderShipments)
      .leftJoin(merchants, eq(merchants.id, orderShipments.merchantId))
      .where(inArray(orderShipments.orderId, [...ids]))
      .orderBy(asc(orderShipments.id)),
  ]);
  const byId = new Map(rows.map((row) => [row.id, { ...row, shipments: shipments.filter((shipment) => shipment.orderId === row.id) }]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One target to apply: the order, its parcel (shipping, mail) and, for shipping, the carrier and number typed. */
export interface BulkTarget {
  orderId: number;
  shipmentId: number | null;
  shipping?: { carrier: Carrier; trackingNumber: string };
}

export interface BulkRun {
  intent: BulkIntent;
  /** The dry run's token: the same run posted again mails nothing twice. */
  run: string;
  actor: OrderActor;
  frame: EmailFrame;
  now: Date;
}

type Applied = { ok: true; mailKeys: string[] } | { ok: false; error: string };

async function applyOne(db: Database, target: BulkTarget, bulk: BulkRun): Promise<Applied> {
  const { actor, frame, now } = bulk;
  if (bulk.intent === "confirm_payment") {
    const result = await confirmPayment(db, target.orderId, actor, frame, now);
    return result.ok ? { ok: true, mailKeys: result.mailKeys ?? [] } : result;
  }
  if (target.shipmentId == null) return { ok: false, error: "" };
  const access = { orderId: target.orderId, shipmentId: target.shipmentId, actor };
  if (bulk.intent === "ship") {
    if (!target.shipping) return { ok: false, error: "" };
    const result = await shipShipment(db, { ...access, merchantId: null }, target.shipping, frame, now);
    return result.ok ? { ok: true, mailKeys: [ORDER_MAIL_KEYS.shipmentShipped(target.shipmentId)] } : result;
  }
  const result = await resendShipmentMail(db, access, bulk.run, frame, now);
  return result.ok ? { ok: true, mailKeys: [result.key] } : result;
}

/** Why a target was refused, named by the dry run's rules on the order as it is now. */
async function refusalNow(db: Database, target: BulkTarget, intent: BulkIntent, error: string): Promise<BulkOutcome> {
  if (error === SHIPMENT_MAIL_TEXT.alreadySent) return "alreadyMailed";
  const order = await loadOrderState(db, target.orderId);
  if (!order) return "notFound";
  return bulkRefusal(intent, order, target.shipmentId) ?? "busy";
}

/**
 * Applies each target in turn, each its own change; answers every target's outcome and the mails the
 * applied ones wrote (dispatch them after).
 */
export async function applyBulk(db: Database, targets: readonly BulkTarget[], bulk: BulkRun): Promise<{ results: BulkResultEntry[]; mailKeys: string[] }> {
  const results: BulkResultEntry[] = [];
  const mailKeys: string[] = [];
  for (const target of targets) {
    const applied = await applyOne(db, target, bulk);
    if (applied.ok) mailKeys.push(...applied.mailKeys);
    const outcome = applied.ok ? "done" : await refusalNow(db, target, bulk.intent, applied.error);
    results.push({ orderId: target.orderId, shipmentId: target.shipmentId, outcome });
  }
  return { results, mailKeys };
}
