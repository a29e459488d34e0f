/**
 * Japan time: the shop counts and shows days as they are in Japan (UTC+9, no daylight saving), whatever
 * the server's or the browser's time zone. A calendar day travels as "yyyy-mm-dd"; an instant as a Date.
 */

/** Japan is UTC+9 all year round. */
export const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day in Japan of an instant: "2026-11-21". */
export function jstDate(instant: Date): string {
  return new Date(instant.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether the text is a calendar day that exists ("2026-02-28"; not "2026-02-30", not "2026-2-1"). */
export function isCalendarDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The instant a Japanese calendar day begins (its 00:00 JST). */
export function jstDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);
}

/** The instant `days` whole days (24 h) after `instant`; negative goes back. */
export function daysAfter(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

/** The calendar day `days` days after `day`. */
export function addDaysToDate(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day of month `months` later, clamped to the month's last day (1/31 + 1 month → 2/28 or 2/29). */
export function addMonthsToDate(day: string, months: number): string {
  const [year = 2000, month = 1, date = 1] = day.split("-").map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

const inJapan = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", ...options });
const longDate = inJapan({ year: "numeric", month: "long", day: "numeric" });
const shortDate = inJapan({ year: "numeric", month: "2-digit", day: "2-digit" });
const dateTime = inJapan({ year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });

const toDate = (value: Date | string) => (typeof value === "string" ? new Date(value) : value);

/** "2026年11月21日": a calendar day ("2026-11-21") as it is, an instant as its day in Japan. */
export function formatDateJa(value: string | Date): string {
  const day = typeof value === "string" ? ISO_DAY.exec(value) : null;
  if (day) return `${Number(day[1])}年${Number(day[2])}月${Number(day[3])}日`;
  return longDate.format(toDate(value));
}

/** "2026/01/12": an instant's day in Japan. */
export function formatShortDate(value: Date | string): string {
  return shortDate.format(toDate(value));
}

/** "2026/01/12 10:30": an instant in Japan time. */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(toDate(value));
}

/** The datetime attribute of <time> for an instant. */
export function isoDateTime(value: Date | string): string {
  return toDate(value).toISOString();
}
