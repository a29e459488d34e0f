/** Dates in the member area as Japanese shoppers read them, always in Japan time. */
const dateTime = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});
const shortDate = new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", year: "numeric", month: "2-digit", day: "2-digit" });
const longDate = new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", year: "numeric", month: "long", day: "numeric" });

const toDate = (value: Date | string) => (typeof value === "string" ? new Date(value) : value);

/** 2026/01/12 10:30 */
export function formatDateTime(value: Date | string): string {
  return dateTime.format(toDate(value));
}

/** 2026/01/12 */
export function formatShortDate(value: Date | string): string {
  return shortDate.format(toDate(value));
}

/** 2026年1月12日 — a yyyy-mm-dd calendar day is read as that day in Japan. */
export function formatLongDate(value: Date | string): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return longDate.format(new Date(`${value}T12:00:00+09:00`));
  return longDate.format(toDate(value));
}

/** The datetime attribute of <time> for an instant. */
export function isoDateTime(value: Date | string): string {
  return toDate(value).toISOString();
}
