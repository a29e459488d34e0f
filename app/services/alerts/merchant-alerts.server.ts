/**
 * A merchant told what waits for it (issue 37 item 4, decision 0058): an order holding its parcel became
 * ready to ship (paid, or placed with 代金引換 / コンビニ後払い), or a return of its goods was asked for. Each
 * event is a merchant_alerts row (unique per merchant and key, so a retry or a race writes one) and, for a
 * merchant on 'each', a mail to each of its addresses — statements of the batch that makes the event. A
 * merchant on 'digest' has its rows collected by the day's digest (alert-digests.server.ts); on 'off', the
 * row is kept as already told. Also where the merchant (or staff) change those settings.
 */
import { eq, inArray, type SQL } from "drizzle-orm";
import {
  ALERT_MAIL_KEYS,
  MERCHANT_ALERT_ROW_KEYS,
  merchantAlertAddresses,
  type MerchantAlertKind,
  type MerchantAlertMode,
  type MerchantAlertSettings,
} from "~/core/alerts/alerts";
import { formatDateJa } from "~/core/dates";
import { merchantShipmentPath } from "~/core/merchant/merchant-portal";
import type { Database } from "~/db/client.server";
import { merchantAlerts, merchants, orders, orderShipments } from "~/db/schema";
import { merchantReadyMail, merchantReturnMail, type AlertItem } from "~/mail/alert-mails";
import type { EmailFrame } from "~/mail/email-layout";
import type { MailTemplate } from "~/mail/render.server";
import { BATCH_ID_PLACEHOLDER } from "../mail/mail-outbox.server";
import { alertMailStatements, joinAlerts, NO_ALERTS, type AlertStatements } from "./alert-statements.server";

export interface MerchantAlertTarget {
  merchantId: number;
  merchantName: string;
  mode: MerchantAlertMode;
  addresses: string[];
}

const targetColumns = {
  merchantId: merchants.id,
  merchantName: merchants.name,
  mode: merchants.alertMode,
  alertEmails: merchants.alertEmails,
  contactEmail: merchants.contactEmail,
  email: merchants.email,
};

function targetOf(row: { merchantId: number; merchantName: string; mode: MerchantAlertMode; alertEmails: string; contactEmail: string; email: string }) {
  return { merchantId: row.merchantId, merchantName: row.merchantName, mode: row.mode, addresses: merchantAlertAddresses(row) };
}

/** The alert settings of these merchants (a cart's senders), read before the event's batch. */
export async function merchantAlertTargets(db: Database, merchantIds: readonly number[]): Promise<MerchantAlertTarget[]> {
  if (merchantIds.length === 0) return [];
  const rows = await db
    .select(targetColumns)
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(merchantIds)]));
  return rows.map(targetOf);
}

/** The alert settings of the merchants with a parcel in the order, and the buyer's delivery wish (one round trip). */
export async function orderMerchantAlertTargets(db: Database, orderId: number): Promise<{ targets: MerchantAlertTarget[]; deliveryWish: string | null }> {
  const rows = await db
    .select({ ...targetColumns, deliveryDate: orders.deliveryDate, deliveryTimeSlot: orders.deliveryTimeSlot })
    .from(orderShipments)
    .innerJoin(merchants, eq(merchants.id, orderShipments.merchantId))
    .innerJoin(orders, eq(orders.id, orderShipments.orderId))
    .where(eq(orderShipments.orderId, orderId));
  const first = rows[0];
  return { targets: rows.map(targetOf), deliveryWish: first ? deliveryWishLabel(first.deliveryDate, first.deliveryTimeSlot) : null };
}

/** 「2026年11月21日 午前中」, or null when the buyer chose neither. */
export function deliveryWishLabel(date: string | null, slot: string | null): string | null {
  const parts = [date ? formatDateJa(date) : null, slot].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(" ") : null;
}

/** A merchant's parcel of the event: its shipment (or, in the batch that inserts it, the sub-select of its id) and lines. */
export interface ParcelAlert {
  merchantId: number;
  shipment: number | SQL;
  items: AlertItem[];
}

const itemsSummary = (items: readonly AlertItem[]) => items.map((item) => `${item.title} ×${item.quantity}`).join("、");

interface MerchantEvent {
  rowKey: string;
  kind: MerchantAlertKind;
  orderId: number | SQL;
  summary: string;
  mailKey: (address: string) => string;
  template: (target: MerchantAlertTarget, shipmentUrl: string) => MailTemplate;
}

/** The event's row for each merchant with a parcel in it, and the mails of those on 'each'. */
function merchantEventStatements(
  db: Database,
  parcels: readonly ParcelAlert[],
  targets: readonly MerchantAlertTarget[],
  event: (parcel: ParcelAlert) => MerchantEvent,
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  return joinAlerts(
    ...parcels.map((parcel) => {
      const target = targets.find((candidate) => candidate.merchantId === parcel.merchantId);
      if (!target || parcel.items.length === 0) return NO_ALERTS;
      const { rowKey, kind, orderId, summary, mailKey, template } = event(parcel);
      const row = db
        .insert(merchantAlerts)
        .values({
          merchantId: target.merchantId,
          key: rowKey,
          kind,
          orderId: orderId as number,
          summary,
          // Told now (each), or never by mail (off): only a digest merchant's rows wait for the digest.
          digestedAt: target.mode === "digest" ? null : now,
          createdAt: now,
        })
        .onConflictDoNothing();
      if (target.mode !== "each") return { statements: [row], keys: [] };
      const inBatch = typeof parcel.shipment !== "number";
      const shipmentUrl = `${frame.origin}${merchantShipmentPath(inBatch ? BATCH_ID_PLACEHOLDER : (parcel.shipment as number))}`;
      const mails = alertMailStatements(
        db,
        target.addresses,
        {
          key: mailKey,
          kind: "merchant_alert",
          template: template(target, shipmentUrl),
          frame,
          fill: inBatch ? { placeholder: BATCH_ID_PLACEHOLDER, value: parcel.shipment as SQL } : undefined,
        },
        now,
      );
      return { statements: [row, ...mails.statements], keys: mails.keys };
    }),
  );
}

export interface ReadyOrder {
  /** The order's id, or the sub-select of the order its batch inserts. */
  orderId: number | SQL;
  orderNumber: string;
  paymentLabel: string;
  deliveryWish: string | null;
}

/** 発送待ち: each merchant with a parcel in an order that may ship now (paid, or paid on delivery). */
export function readyToShipAlerts(
  db: Database,
  order: ReadyOrder,
  parcels: readonly ParcelAlert[],
  targets: readonly MerchantAlertTarget[],
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  return merchantEventStatements(
    db,
    parcels,
    targets,
    (parcel) => ({
      rowKey: MERCHANT_ALERT_ROW_KEYS.ready(order.orderNumber),
      kind: "ready_to_ship",
      orderId: order.orderId,
      summary: `ご注文 ${order.orderNumber}：${itemsSummary(parcel.items)}`,
      mailKey: (address) => ALERT_MAIL_KEYS.merchantReady(order.orderNumber, parcel.merchantId, address),
      template: (target, shipmentUrl) =>
        merchantReadyMail({
          merchantName: target.merchantName,
          orderNumber: order.orderNumber,
          paymentLabel: order.paymentLabel,
          items: parcel.items,
          deliveryWish: order.deliveryWish,
          shipmentUrl,
        }),
    }),
    frame,
    now,
  );
}

export interface RequestedReturn {
  orderId: number;
  orderNumber: string;
  token: string;
  kindLabel: string;
  reasonLabel: string;
}

/** 返品・交換のお申し込み: each merchant whose goods are asked back (parcels: its lines in the request). */
export function returnRequestedAlerts(
  db: Database,
  request: RequestedReturn,
  parcels: readonly ParcelAlert[],
  targets: readonly MerchantAlertTarget[],
  frame: EmailFrame,
  now: Date,
): AlertStatements {
  return merchantEventStatements(
    db,
    parcels,
    targets,
    (parcel) => ({
      rowKey: MERCHANT_ALERT_ROW_KEYS.returnRequested(request.token),
      kind: "return_requested",
      orderId: request.orderId,
      summary: `ご注文 ${request.orderNumber}：${request.kindLabel}（${request.reasonLabel}）${itemsSummary(parcel.items)}`,
      mailKey: (address) => ALERT_MAIL_KEYS.merchantReturn(request.token, parcel.merchantId, address),
      template: (target, shipmentUrl) => merchantReturnMail({ merchantName: target.merchantName, ...request, items: parcel.items, shipmentUrl }),
    }),
    frame,
    now,
  );
}

/** The mail keys of an event's merchants on 'each' (for a caller that dispatches without the statements at hand). */
export function eachModeKeys(targets: readonly MerchantAlertTarget[], merchantIds: readonly number[], key: (merchantId: number, address: string) => string) {
  return targets
    .filter((target) => target.mode === "each" && merchantIds.includes(target.merchantId))
    .flatMap((target) => target.addresses.map((address) => key(target.merchantId, address)));
}

// ─── Settings ──────────────────────────────────────────────────────────────────────────────

/** A merchant's alert settings as its form shows them (the addresses in force when none are listed). */
export async function findMerchantAlertSettings(db: Database, merchantId: number) {
  const row = await db.select(targetColumns).from(merchants).where(eq(merchants.id, merchantId)).get();
  if (!row) return null;
  return { alertEmails: row.alertEmails, alertMode: row.mode, addressesInForce: merchantAlertAddresses(row), merchantName: row.merchantName };
}

/** Saves a merchant's alert addresses and mode; false when there is no such merchant. */
export async function saveMerchantAlertSettings(db: Database, merchantId: number, input: MerchantAlertSettings): Promise<boolean> {
  const saved = await db
    .update(merchants)
    // Not `updated_at`: that is the staff form's version, and these fields are not on it.
    .set({ alertEmails: input.alertEmails, alertMode: input.alertMode })
    .where(eq(merchants.id, merchantId))
    .returning({ id: merchants.id });
  return saved.length > 0;
}
