/**
 * Archiving old orders to R2 (issue 39, decision 0068): which orders may leave D1, when, and where their
 * document lives. Pure.
 */
import { REPORT_MAX_DAYS } from "../reports/report-period";
import * as v from "valibot";
import { DAY_MS } from "../dates";

/**
 * A closed order leaves D1 once it was placed, and last touched, this many years ago. Five: far past the
 * sales reports' longest range (366 days) and the merchant statements' 24 months; the archive keeps every
 * row of the order, so the 7 years of 帳簿 retention are served from R2 after that.
 */
export const ORDER_ARCHIVE_AFTER_YEARS = 5;

/** Orders one cron run archives at most (each is a read, two R2 calls and one batch). */
export const ORDER_ARCHIVE_BATCH = 20;

/** The states an order never leaves: only these are archived. */
export const ARCHIVABLE_ORDER_STATUSES = ["completed", "cancelled", "returned"] as const;

/** A leftover R2 document of an order still in D1 (a run stopped between its put and its delete) is this old before it is removed. */
export const STALE_ARCHIVE_MS = 60 * 60 * 1000;

/** The document's format: a restore reads only formats it knows. */
export const ORDER_ARCHIVE_FORMAT = 1;

/** One object per order, named by its number, so a number is looked up in R2 by key alone. */
export function orderArchiveKey(orderNumber: string): string {
  return `orders-archive/${orderNumber}.json`;
}

/**
 * Orders placed and last touched before this instant may be archived: `years` calendar years before `now`,
 * never later than the reports' longest range before it (a report or statement already read never changes).
 */
export function orderArchiveCutoff(now: Date, years: number = ORDER_ARCHIVE_AFTER_YEARS): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return new Date(Math.min(cutoff.getTime(), now.getTime() - (REPORT_MAX_DAYS + 1) * DAY_MS));
}

export const ORDER_ARCHIVE_TEXT = {
  archived: "アーカイブ済み",
  notArchived: "この注文番号のアーカイブはありません。",
  stillInDatabase: "この注文はデータベースにあります（復元済み、またはアーカイブ処理中です）。",
  referenceGone: "注文が参照する商品・クーポン・出品者のいずれかが削除されているため、復元できません。",
  unknownFormat: "このアーカイブの形式は読めません。",
  badNumber: "注文番号が正しくありません。",
} as const;

/** An order number in a URL: "20261121-482913" (the demo's are "20261121-0042"). */
export const OrderNumberSchema = v.pipe(v.string(), v.regex(/^\d{8}-\d{4,6}$/, ORDER_ARCHIVE_TEXT.badNumber));

/** The staff page of an archived order. */
export function archivedOrderPath(orderNumber: string): string {
  return `/crm/orders/archive/${orderNumber}`;
}
