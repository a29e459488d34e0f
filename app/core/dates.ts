/** Dates as Japanese shoppers read them, in Japan time. */
const dateFormat = new Intl.DateTimeFormat("ja-JP", { timeZone: "Asia/Tokyo", year: "numeric", month: "long", day: "numeric" });

/** "2026-11-21T03:00:00Z" → "2026年11月21日" */
export function formatDateJa(value: string | Date): string {
  return dateFormat.format(typeof value === "string" ? new Date(value) : value);
}
