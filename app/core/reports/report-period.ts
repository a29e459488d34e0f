/** A report's period (the desk's, the sales reports'): whole Japanese days, read from the page's from/to fields. Pure. */
import { addDaysToDate, isCalendarDay, jstDate, jstDayStart } from "../dates";

/** The longest period a report covers. */
export const REPORT_MAX_DAYS = 366;

export const REPORT_PERIOD_TEXT = {
  badDate: "日付は「2026-11-01」の形式で、正しい日付を入力してください。",
  reversed: "開始日は終了日と同じか、それより前の日付にしてください。",
  tooLong: `期間は${REPORT_MAX_DAYS}日以内で指定してください。`,
} as const;

export interface ReportPeriod {
  from: string;
  to: string;
  /** 00:00 JST of `from`, and of the day after `to` (exclusive). */
  start: Date;
  end: Date;
}

/** A real calendar day "yyyy-mm-dd" (not 2026-02-30, which Date.parse may read as 3 March or as nothing). */
/** The period asked for (either end may be left empty: the last `defaultDays` days up to today), or why it cannot be read. */
export function reportPeriod(
  asked: { from: string; to: string },
  now: Date,
  defaultDays: number,
): { ok: true; period: ReportPeriod } | { ok: false; error: string } {
  const to = asked.to.trim() || jstDate(now);
  if (!isCalendarDay(to)) return { ok: false, error: REPORT_PERIOD_TEXT.badDate };
  const from = asked.from.trim() || addDaysToDate(to, 1 - defaultDays);
  if (!isCalendarDay(from)) return { ok: false, error: REPORT_PERIOD_TEXT.badDate };
  if (from > to) return { ok: false, error: REPORT_PERIOD_TEXT.reversed };
  if (addDaysToDate(from, REPORT_MAX_DAYS - 1) < to) return { ok: false, error: REPORT_PERIOD_TEXT.tooLong };
  return { ok: true, period: { from, to, start: jstDayStart(from), end: jstDayStart(addDaysToDate(to, 1)) } };
}

/** The period's days, in order. */
export function reportDays(period: ReportPeriod): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDaysToDate(day, 1)) days.push(day);
  return days;
}
