/**
 * The low-stock scan (the 5-minute cron, issue 37 item 4, decision 0058): a product that became out of stock
 * or low (stockAlertCondition, the same SQL as the product list's filter and the dashboard's counts) gets a
 * low_stock_alerts row and staff on the lowStock list a mail; a product back above its threshold loses its
 * row, so its next crossing alerts again. Each mail's batch first checks that none of its products has a row
 * yet: of two overlapping scans, the later batch fails whole and its products are left to the next scan, so
 * every crossing is mailed exactly once.
 */
import { and, inArray, sql } from "drizzle-orm";
import { ALERT_MAIL_KEYS, LOW_STOCK_MAIL_PRODUCTS, LOW_STOCK_SCAN_MAX } from "~/core/alerts/alerts";
import { STOCK_ALERT_HREFS, STOCK_ALERT_LABELS } from "~/core/catalogue/stock-alerts";
import { qualified, type Database } from "~/db/client.server";
import { lowStockAlerts, products } from "~/db/schema";
import { lowStockAlertMail } from "~/mail/alert-mails";
import type { EmailFrame } from "~/mail/email-layout";
import { stockAlertCondition } from "../catalogue/stock-alerts.server";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { staffAlertAddresses, alertMailStatements } from "./alert-statements.server";

const alerting = () => sql`(${stockAlertCondition("out")} or ${stockAlertCondition("low")})`;
const hasAlertRow = sql`exists (select 1 from ${lowStockAlerts} where ${qualified(lowStockAlerts.productId)} = ${qualified(products.id)})`;

interface CrossedProduct {
  id: number;
  sku: string;
  title: string;
  out: number;
}

/** Runs the scan; answers the keys of the mails it wrote. */
export async function scanLowStock(db: Database, frame: EmailFrame, now: Date): Promise<string[]> {
  const [, crossed] = await db.batch([
    // Back above the threshold (or 販売終了): the next crossing alerts again.
    db
      .delete(lowStockAlerts)
      .where(sql`not exists (select 1 from ${products} where ${qualified(products.id)} = ${qualified(lowStockAlerts.productId)} and ${alerting()})`),
    db
      .select({ id: products.id, sku: products.sku, title: products.title, out: sql<number>`case when ${stockAlertCondition("out")} then 1 else 0 end` })
      .from(products)
      .where(and(alerting(), sql`not ${hasAlertRow}`))
      .orderBy(products.id)
      .limit(LOW_STOCK_SCAN_MAX),
  ]);
  if (crossed.length === 0) return [];
  const addresses = await staffAlertAddresses(db, "lowStock");
  const keys: string[] = [];
  for (let start = 0; start < crossed.length; start += LOW_STOCK_MAIL_PRODUCTS) {
    keys.push(...(await alertCrossed(db, crossed.slice(start, start + LOW_STOCK_MAIL_PRODUCTS), addresses, frame, now)));
  }
  return keys;
}

/** One batch: the products' rows (only if none has one yet) and their mail. */
async function alertCrossed(db: Database, chunk: CrossedProduct[], addresses: string[], frame: EmailFrame, now: Date): Promise<string[]> {
  const ids = chunk.map((product) => product.id);
  const template = lowStockAlertMail({
    products: chunk.map((product) => ({
      title: product.title,
      sku: product.sku,
      alert: STOCK_ALERT_LABELS[product.out ? "out" : "low"],
      url: `${frame.origin}/crm/products/${product.id}`,
    })),
    outUrl: `${frame.origin}${STOCK_ALERT_HREFS.out}`,
    lowUrl: `${frame.origin}${STOCK_ALERT_HREFS.low}`,
  });
  const mails = alertMailStatements(
    db,
    addresses,
    { key: (address) => ALERT_MAIL_KEYS.lowStock(now.getTime(), ids[0]!, address), kind: "staff_alert", template, frame },
    now,
  );
  try {
    await db.batch([
      guard(db, sql`not exists (select 1 from ${lowStockAlerts} where ${inArray(lowStockAlerts.productId, ids)})`),
      db.insert(lowStockAlerts).select(
        db
          .select({ productId: products.id, alertedAt: sql<number>`${now.getTime()}`.as("alerted_at") })
          .from(products)
          .where(inArray(products.id, ids)),
      ),
      ...mails.statements,
    ]);
  } catch (error) {
    // Another scan alerted some of them meanwhile: the rest are found again by the next scan.
    if (isGuardFailure(error)) return [];
    throw error;
  }
  return mails.keys;
}
