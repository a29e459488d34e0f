/**
 * The daily digests (the hourly cron, issue 37 item 4, decision 0058), from the shop settings' digest hour
 * (Japan time) on: staff on the dailyDigest list get the dashboard's to-do counts (the dashboard's own
 * service: the mail and /crm always agree), and each merchant on 'digest' gets its alerts not yet told. The
 * Japan day is in every key, so whichever runs first that day writes the digest and any later run (the
 * next hour, an overlapping one) writes nothing; a merchant's alerts are marked told in the batch that
 * writes its digest, and only when that batch wrote it.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  ALERT_MAIL_KEYS,
  alertAddressLines,
  digestDue,
  MERCHANT_ALERT_KIND_LABELS,
  MERCHANT_DIGEST_LIST_MAX,
  merchantAlertAddresses,
} from "~/core/alerts/alerts";
import { jstDate } from "~/core/dates";
import { merchantShipmentPath } from "~/core/merchant/merchant-portal";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import { qualified, type Database } from "~/db/client.server";
import { mailOutbox, merchantAlerts, merchants, orderShipments } from "~/db/schema";
import { merchantDigestMail, staffDigestMail } from "~/mail/alert-mails";
import type { EmailFrame } from "~/mail/email-layout";
import { conditionalOutboxStatement, outboxStatement } from "../mail/mail-outbox.server";
import { loadDashboard } from "../reports/dashboard.server";
import { loadShopSettings } from "../settings/shop-settings.server";
import { alertMailStatements } from "./alert-statements.server";

/** Writes the day's digests when they are due; answers the keys of the mails written. */
export async function writeDailyDigests(db: Database, frame: EmailFrame, now: Date): Promise<string[]> {
  const settings = await loadShopSettings(db);
  if (!digestDue(now, settings.alerts.digestHour)) return [];
  const day = jstDate(now);
  const staff = await writeStaffDigest(db, alertAddressLines(settings.alerts.dailyDigest.join("\n")), day, frame, now);
  const merchantsTold = await writeMerchantDigests(db, day, frame, now);
  return [...staff, ...merchantsTold];
}

/** The to-do counts to each staff address not yet sent today's. */
async function writeStaffDigest(db: Database, addresses: string[], day: string, frame: EmailFrame, now: Date): Promise<string[]> {
  if (addresses.length === 0) return [];
  const key = (address: string) => ALERT_MAIL_KEYS.staffDigest(day, address);
  // A later run of the day finds them written and reads no dashboard (the keys would keep them once anyway).
  const written = new Set(
    (
      await db
        .select({ key: mailOutbox.key })
        .from(mailOutbox)
        .where(inArray(mailOutbox.key, addresses.map(key)))
    ).map((row) => row.key),
  );
  const pending = addresses.filter((address) => !written.has(key(address)));
  if (pending.length === 0) return [];
  const dashboard = await loadDashboard(db, now);
  const template = staffDigestMail({
    day,
    items: dashboard.todo.map((item) => ({ label: item.label, count: item.count, url: `${frame.origin}${item.href}`, urgent: item.urgent })),
    dashboardUrl: `${frame.origin}/crm`,
  });
  const mails = alertMailStatements(db, pending, { key, kind: "staff_digest", template, frame }, now);
  const [first, ...rest] = mails.statements;
  if (first) await db.batch([first, ...rest]);
  return mails.keys;
}

/** Each digest merchant's alerts not yet told, oldest first, with the portal page of the parcel each is about. */
function undigestedQuery(db: Database) {
  const shipment = sql<number | null>`(select ${orderShipments.id} from ${orderShipments}
    where ${orderShipments.orderId} = ${qualified(merchantAlerts.orderId)} and ${orderShipments.merchantId} = ${qualified(merchantAlerts.merchantId)})`;
  return db
    .select({
      id: merchantAlerts.id,
      merchantId: merchantAlerts.merchantId,
      kind: merchantAlerts.kind,
      summary: merchantAlerts.summary,
      createdAt: merchantAlerts.createdAt,
      shipmentId: shipment,
      merchantName: merchants.name,
      alertEmails: merchants.alertEmails,
      contactEmail: merchants.contactEmail,
      email: merchants.email,
    })
    .from(merchantAlerts)
    .innerJoin(merchants, eq(merchants.id, merchantAlerts.merchantId))
    .where(and(isNull(merchantAlerts.digestedAt), eq(merchants.alertMode, "digest")))
    .orderBy(asc(merchantAlerts.merchantId), asc(merchantAlerts.id));
}

type Undigested = Awaited<ReturnType<typeof undigestedQuery>>[number];

async function writeMerchantDigests(db: Database, day: string, frame: EmailFrame, now: Date): Promise<string[]> {
  const rows = await undigestedQuery(db);
  const byMerchant = new Map<number, Undigested[]>();
  for (const row of rows) byMerchant.set(row.merchantId, [...(byMerchant.get(row.merchantId) ?? []), row]);
  const keys: string[] = [];
  for (const alerts of byMerchant.values()) keys.push(...(await writeMerchantDigest(db, alerts, day, frame, now)));
  return keys;
}

/**
 * One merchant's digest: the first address's mail, then its alerts marked told only if that mail was
 * written now (`changes() = 1`: not there yet today), then the other addresses' mails only if they were.
 * The alerts marked are those listed (ids up to the last one read that are still untold).
 */
async function writeMerchantDigest(db: Database, alerts: Undigested[], day: string, frame: EmailFrame, now: Date): Promise<string[]> {
  const oldest = alerts[0]!;
  const { merchantId, merchantName } = oldest;
  const [firstAddress, ...otherAddresses] = merchantAlertAddresses(oldest);
  if (!firstAddress) return [];
  const template = merchantDigestMail({
    merchantName,
    day,
    total: alerts.length,
    entries: alerts.slice(0, MERCHANT_DIGEST_LIST_MAX).map((alert) => ({
      kindLabel: MERCHANT_ALERT_KIND_LABELS[alert.kind],
      summary: alert.summary,
      at: alert.createdAt,
      url: alert.shipmentId == null ? null : `${frame.origin}${merchantShipmentPath(alert.shipmentId)}`,
    })),
    portalUrl: `${frame.origin}${MERCHANT_PORTAL_PATH}`,
  });
  const mail = (address: string) => ({
    key: ALERT_MAIL_KEYS.merchantDigest(merchantId, day, address),
    kind: "merchant_digest" as const,
    to: address,
    template,
    frame,
  });
  const listed = and(eq(merchantAlerts.merchantId, merchantId), isNull(merchantAlerts.digestedAt), lte(merchantAlerts.id, alerts.at(-1)!.id));
  const markedNow = sql`exists (select 1 from ${merchantAlerts} where ${merchantAlerts.id} = ${oldest.id} and ${merchantAlerts.digestedAt} = ${now.getTime()})`;
  await db.batch([
    outboxStatement(db, mail(firstAddress), now),
    db
      .update(merchantAlerts)
      .set({ digestedAt: now })
      .where(and(sql`changes() = 1`, listed)),
    ...otherAddresses.map((address) => conditionalOutboxStatement(db, mail(address), now, markedNow)),
  ]);
  // A key written by an earlier run is only looked at again by the sender, which sends a message once.
  return [firstAddress, ...otherAddresses].map((address) => mail(address).key);
}
