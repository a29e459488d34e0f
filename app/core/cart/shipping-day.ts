/**
 * The shipping day a shopper may request for a cart row (spec §7 cart-add `shipping_day`): a calendar day
 * in Japan, no earlier than the item can ship (today + its shipping days, or a pre-order's ship date) and at
 * most SHIPPING_DAY_WINDOW_DAYS later. Digital items and subscriptions (they keep their own schedule) take none.
 */
import { addDaysToDate, formatDateJa, isCalendarDay, jstDate } from "../dates";
import { SHIPPING_DAY_WINDOW_DAYS } from "../limits";

export interface ShippingDayItem {
  shippingDays: number;
  isPreorder: boolean;
  /** A pre-order's expected ship date (yyyy-mm-dd), if known. */
  preorderShipDate: string | null;
  isDigital: boolean;
  subscription: boolean;
}

export type ShippingDayResult = { ok: true; day: string | null } | { ok: false; message: string };

/** The first and last day the item may be asked to ship on; null when it takes no shipping day. */
export function shippingDayWindow(item: ShippingDayItem, now: Date): { earliest: string; latest: string } | null {
  if (item.isDigital || item.subscription) return null;
  const soonest = addDaysToDate(jstDate(now), Math.max(1, item.shippingDays));
  const earliest = item.isPreorder && item.preorderShipDate && item.preorderShipDate > soonest ? item.preorderShipDate : soonest;
  return { earliest, latest: addDaysToDate(earliest, SHIPPING_DAY_WINDOW_DAYS) };
}

/** Reads a posted shipping_day: empty means none; anything else must be a day inside the item's window. */
export function readShippingDay(value: unknown, item: ShippingDayItem, now: Date): ShippingDayResult {
  if (value == null || value === "") return { ok: true, day: null };
  const window = shippingDayWindow(item, now);
  if (!window) return { ok: false, message: SHIPPING_DAY_MESSAGES.notAvailable };
  const day = typeof value === "string" ? value.trim() : "";
  if (!isCalendarDay(day) || day < window.earliest || day > window.latest) {
    return { ok: false, message: SHIPPING_DAY_MESSAGES.outOfRange(window.earliest, window.latest) };
  }
  return { ok: true, day };
}

export const SHIPPING_DAY_MESSAGES = {
  notAvailable: "この商品は発送希望日を指定できません（ダウンロード商品・定期便）。",
  outOfRange: (earliest: string, latest: string) => `発送希望日は${formatDateJa(earliest)}から${formatDateJa(latest)}までの日付を指定してください。`,
} as const;
