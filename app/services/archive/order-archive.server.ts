/**
 * Archiving closed orders older than ORDER_ARCHIVE_AFTER_YEARS from D1 to R2, and restoring one (issue 39,
 * decision 0068). Archive: read the order's document (one statement), create its R2 object only if none is
 * there, read it back and compare, THEN delete the order from D1 in one batch guarded by the document: the
 * order must still be exactly what R2 holds and still archivable. Restore: insert the document's rows back
 * (ids kept) with an アーカイブからの復元 history line in one batch, and delete the R2 object only after it.
 * Nothing here ever deletes or overwrites the only copy of an order: see the decision for the races.
 */
import { and, asc, inArray, lt, sql, type SQL } from "drizzle-orm";
import {
  ARCHIVABLE_ORDER_STATUSES,
  ORDER_ARCHIVE_BATCH,
  ORDER_ARCHIVE_FORMAT,
  ORDER_ARCHIVE_TEXT,
  STALE_ARCHIVE_MS,
  orderArchiveCutoff,
  orderArchiveKey,
} from "~/core/archive/order-archive";
import type { OrderActor } from "~/core/orders/order-events";
import { d1FailedWith, type Database } from "~/db/client.server";
import { orders } from "~/db/schema";
import { orderEventStatement, type Statement } from "../orders/order-changes.server";
import { guard } from "../orders/order-guards.server";
import { readOrderSnapshot, restoreStatements, snapshotSql, type OrderSnapshotTables } from "./order-snapshot.server";

/** The R2 document of one order. `tables` is the order's rows as D1 held them (order-snapshot.server.ts). */
export interface OrderArchiveDocument {
  format: number;
  orderId: number;
  number: string;
  archivedAt: string;
  tables: OrderSnapshotTables;
}

/**
 * Whether the order `o` may leave D1 now: closed, placed and last touched (history, refunds, edits, returns,
 * parcels) before the cutoff, nothing left to settle, no return or replacement open, no active subscription
 * started by it, and no coupon use a coupon's limits still count (a use archived would be a use given back).
 */
function archivable(o: string, cutoff: Date, now: Date): SQL {
  const id = sql.raw(`${o}.id`);
  const before = cutoff.getTime();
  const statuses = sql.join(
    ARCHIVABLE_ORDER_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql`(${sql.raw(o)}.status in (${statuses}) and ${sql.raw(o)}.created_at < ${before} and ${sql.raw(o)}.settlement_due = 0
    and not exists (select 1 from order_events e where e.order_id = ${id} and e.created_at >= ${before})
    and not exists (select 1 from order_refunds f where f.order_id = ${id} and f.created_at >= ${before})
    and not exists (select 1 from order_edits d where d.order_id = ${id} and d.created_at >= ${before})
    and not exists (select 1 from order_shipments s where s.order_id = ${id} and max(coalesce(s.shipped_at, 0), coalesce(s.delivered_at, 0)) >= ${before})
    and not exists (select 1 from return_requests r where r.order_id = ${id}
      and (r.status in ('requested', 'approved') or max(r.created_at, coalesce(r.decided_at, 0), coalesce(r.received_at, 0)) >= ${before}
        or exists (select 1 from return_replacements x where x.return_id = r.id and x.status = 'preparing')))
    and not exists (select 1 from subscriptions b where b.order_id = ${id} and b.status = 'active')
    and not exists (select 1 from coupon_uses u join coupons c on c.id = u.coupon_id where u.order_id = ${id}
      and (c.max_uses is not null or c.max_uses_per_user is not null) and (c.expires_at is null or c.expires_at > ${now.getTime()})))`;
}

export type ArchiveOutcome = "archived" | "not_archivable" | "changed" | "conflict";

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Two snapshots hold the same rows (their texts parsed: key order and number spelling aside). */
const sameTables = (a: OrderSnapshotTables, b: OrderSnapshotTables) => JSON.stringify(a) === JSON.stringify(b);

/** The archived document of an order number, or null. */
export async function readArchivedOrder(bucket: R2Bucket, orderNumber: string): Promise<OrderArchiveDocument | null> {
  const object = await bucket.get(orderArchiveKey(orderNumber));
  return object ? ((await object.json()) as OrderArchiveDocument) : null;
}

/** Whether R2 holds an archive of this order number (by key alone, no body read). */
export async function isOrderArchived(bucket: R2Bucket, orderNumber: string): Promise<boolean> {
  return (await bucket.head(orderArchiveKey(orderNumber))) !== null;
}

/** Moves one order from D1 to R2 if it is archivable now (see the file's comment). Safe to run twice at once. */
export async function archiveOrder(db: Database, bucket: R2Bucket, orderId: number, now: Date): Promise<ArchiveOutcome> {
  const cutoff = orderArchiveCutoff(now);
  const [row] = await db.all<{ number: string; snapshot: string }>(
    sql`select o.number as number, ${snapshotSql(orderId)} as snapshot from orders o where o.id = ${orderId} and ${archivable("o", cutoff, now)}`,
  );
  if (!row) return "not_archivable";
  const tables = JSON.parse(row.snapshot) as OrderSnapshotTables;
  const document: OrderArchiveDocument = { format: ORDER_ARCHIVE_FORMAT, orderId, number: row.number, archivedAt: now.toISOString(), tables };
  const body = JSON.stringify(document);
  const key = orderArchiveKey(row.number);
  // Created only where no object is: an object already there is either this same order (a run at once, or one
  // stopped before its delete) or an older read of it, which is never overwritten — it may be the only copy.
  const created = await bucket.put(key, body, {
    onlyIf: { etagDoesNotMatch: "*" },
    sha256: await sha256Hex(body),
    httpMetadata: { contentType: "application/json" },
    customMetadata: { orderId: String(orderId) },
  });
  const stored = await bucket.get(key);
  const storedDocument = stored ? ((await stored.json()) as OrderArchiveDocument) : null;
  if (!storedDocument || !sameTables(storedDocument.tables, tables)) {
    if (!created && stored && now.getTime() - stored.uploaded.getTime() > STALE_ARCHIVE_MS) await bucket.delete(key);
    return "conflict";
  }
  try {
    await db.batch([
      guard(db, sql`exists (select 1 from orders o where o.id = ${orderId} and ${archivable("o", cutoff, now)}) and ${snapshotSql(orderId)} = ${row.snapshot}`),
      db.delete(orders).where(sql`id = ${orderId}`),
    ]);
    return "archived";
  } catch (error) {
    if (!d1FailedWith(error, /integer overflow/)) throw error;
    // Another run archived it (keep its object), or the order changed since the read: an object this run
    // created is then a stale copy of an order D1 still holds, removed while no other run can have used it.
    if (created && (await readOrderSnapshot(db, orderId)) !== null) await bucket.delete(key);
    return "changed";
  }
}

export interface ArchiveRun {
  archived: number;
  skipped: number;
}

/** The cron's part: the oldest archivable orders, ORDER_ARCHIVE_BATCH at most per run, one at a time. */
export async function archiveOldOrders(db: Database, bucket: R2Bucket, now: Date, limit: number = ORDER_ARCHIVE_BATCH): Promise<ArchiveRun> {
  const cutoff = orderArchiveCutoff(now);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(lt(orders.createdAt, cutoff), inArray(orders.status, [...ARCHIVABLE_ORDER_STATUSES]), archivable("orders", cutoff, now)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(limit);
  let archived = 0;
  for (const { id } of due) if ((await archiveOrder(db, bucket, id, now)) === "archived") archived++;
  return { archived, skipped: due.length - archived };
}

export type RestoreResult = { ok: true; orderId: number } | { ok: false; error: string };

/**
 * Puts an archived order back in D1 exactly as archived (ids kept) with one history line saying so, then
 * deletes its R2 object. That line also keeps the order from being archived again for the archive's years,
 * so no run can take it back out between the insert and the object's deletion.
 */
export async function restoreArchivedOrder(db: Database, bucket: R2Bucket, orderNumber: string, actor: OrderActor, now: Date): Promise<RestoreResult> {
  const document = await readArchivedOrder(bucket, orderNumber);
  if (!document) return { ok: false, error: ORDER_ARCHIVE_TEXT.notArchived };
  if (document.format !== ORDER_ARCHIVE_FORMAT) return { ok: false, error: ORDER_ARCHIVE_TEXT.unknownFormat };
  const statements: Statement[] = [
    ...restoreStatements(db, document.tables),
    orderEventStatement(db, document.orderId, { kind: "archive_restored", actor, note: `${document.archivedAt} にアーカイブ` }, now),
  ];
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
  } catch (error) {
    if (!d1FailedWith(error, /(UNIQUE|FOREIGN KEY) constraint failed/)) throw error;
    // Never delete the object here: it may be the only copy (the order in D1 is then another run's).
    const inDatabase = (await readOrderSnapshot(db, document.orderId)) !== null;
    return { ok: false, error: inDatabase ? ORDER_ARCHIVE_TEXT.stillInDatabase : ORDER_ARCHIVE_TEXT.referenceGone };
  }
  await bucket.delete(orderArchiveKey(orderNumber));
  return { ok: true, orderId: document.orderId };
}
