/**
 * The dashboard's periods (issue 37 item 1), in Japan's days: today, this week (from Monday) and this month,
 * each so far, compared with the period before it up to the same point (yesterday until this time, last week
 * until this weekday and time, last month until this day and time): a morning's sales are not set against a
 * whole day. Pure.
 */
import { addDaysToDate, addMonthsToDate, jstDate, jstDayStart } from "../dates";

export type SalesPeriodKey = "today" | "week" | "month";

export interface TimeRange {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface SalesPeriod {
  key: SalesPeriodKey;
  label: string;
  /** What the change is measured against, as the dashboard says it. */
  comparedWith: string;
  current: TimeRange;
  previous: TimeRange;
}

export const SALES_PERIOD_LABELS: Record<SalesPeriodKey, { label: string; comparedWith: string }> = {
  today: { label: "今日", comparedWith: "前日の同時刻まで" },
  week: { label: "今週（月曜から）", comparedWith: "先週の同じ曜日・時刻まで" },
  month: { label: "今月", comparedWith: "先月の同じ日・時刻まで" },
};

/** Monday of the week of `day` ("YYYY-MM-DD", a calendar day). */
function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDaysToDate(day, -((weekday + 6) % 7));
}

/** The three periods so far at `now`, each with the one before it up to the same point. */
export function salesPeriods(now: Date): SalesPeriod[] {
  const today = jstDate(now);
  const sinceDayStart = now.getTime() - jstDayStart(today).getTime();
  const period = (key: SalesPeriodKey, start: string, previousStart: string): SalesPeriod => {
    const elapsed = now.getTime() - jstDayStart(start).getTime();
    const previousFrom = jstDayStart(previousStart);
    // A month's point before: the same day (clamped to a shorter month's end) and time of the previous month.
    const previousTo =
      key === "month" ? new Date(jstDayStart(addMonthsToDate(today, -1)).getTime() + sinceDayStart) : new Date(previousFrom.getTime() + elapsed);
    return { key, ...SALES_PERIOD_LABELS[key], current: { from: jstDayStart(start), to: now }, previous: { from: previousFrom, to: previousTo } };
  };
  const monday = mondayOf(today);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  return [
    period("today", today, addDaysToDate(today, -1)),
    period("week", monday, addDaysToDate(monday, -7)),
    period("month", firstOfMonth, addMonthsToDate(firstOfMonth, -1)),
  ];
}

/** The change from `before` to `now` in whole percent (rounded); null when there was nothing before to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 100);
}

/** The change as the dashboard shows it: ↑12% / ↓5% / ±0% / — (nothing before). */
export function changeLabel(percent: number | null): string {
  if (percent == null) return "—";
  if (percent === 0) return "±0%";
  return percent > 0 ? `↑${percent}%` : `↓${Math.abs(percent)}%`;
}

/** The last `days` Japan days up to and including `now`'s, oldest first, and the instant the first one starts. */
export function lastDays(now: Date, days: number): { days: string[]; from: Date } {
  const today = jstDate(now);
  const list = Array.from({ length: days }, (_, index) => addDaysToDate(today, index - days + 1));
  return { days: list, from: jstDayStart(list[0]!) };
}
