import { describe, expect, test } from "vitest";
import { jstDayStart } from "~/core/dates";
import { REPORT_PERIOD_TEXT, reportPeriod } from "~/core/reports/report-period";
import {
  deskReport,
  formatDuration,
  groupFigures,
  percentile,
  percentOf,
  REPORT_DEFAULT_DAYS,
  UNASSIGNED_LABEL,
  type ReportTicket,
} from "~/core/tickets/desk-report";

const HOUR = 60 * 60_000;

describe("percentile", () => {
  test("interpolates between the nearest ranks (PERCENTILE.INC)", () => {
    expect(percentile([10, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([1, 2, 3, 10], 90)).toBeCloseTo(7.9);
    expect(percentile([4, 1, 3], 50)).toBe(3);
    expect(percentile([5], 90)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90)).toBeCloseTo(9.1);
    expect(percentile([1, 2], 0)).toBe(1);
    expect(percentile([1, 2], 100)).toBe(2);
    expect(percentile([], 50)).toBeNull();
  });

  test("does not reorder its input", () => {
    const values = [3, 1, 2];
    percentile(values, 50);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe("reportPeriod", () => {
  const now = new Date("2026-11-20T16:00:00Z"); // 2026-11-21 01:00 JST

  test("defaults to the last 7 Japanese days, today included", () => {
    const read = reportPeriod({ from: "", to: "" }, now, REPORT_DEFAULT_DAYS);
    expect(read).toEqual({
      ok: true,
      period: { from: "2026-11-15", to: "2026-11-21", start: jstDayStart("2026-11-15"), end: jstDayStart("2026-11-22") },
    });
  });

  test("refuses what is not a real day, a reversed or an over-long period", () => {
    expect(reportPeriod({ from: "2026-02-30", to: "" }, now, REPORT_DEFAULT_DAYS)).toEqual({ ok: false, error: REPORT_PERIOD_TEXT.badDate });
    expect(reportPeriod({ from: "2026/11/01", to: "" }, now, REPORT_DEFAULT_DAYS)).toEqual({ ok: false, error: REPORT_PERIOD_TEXT.badDate });
    expect(reportPeriod({ from: "2026-11-10", to: "2026-11-09" }, now, REPORT_DEFAULT_DAYS)).toEqual({ ok: false, error: REPORT_PERIOD_TEXT.reversed });
    expect(reportPeriod({ from: "2025-01-01", to: "2026-11-01" }, now, REPORT_DEFAULT_DAYS)).toEqual({ ok: false, error: REPORT_PERIOD_TEXT.tooLong });
    expect(reportPeriod({ from: "2025-11-01", to: "2026-10-31" }, now, REPORT_DEFAULT_DAYS).ok).toBe(true);
  });
});

const base = Date.parse("2026-11-16T01:00:00Z");
const ticket = (overrides: Partial<ReportTicket>): ReportTicket => ({
  createdAt: base,
  closedAt: null,
  category: "その他",
  ownerId: null,
  ownerName: null,
  firstResponseAt: null,
  firstResponseDueAt: null,
  resolutionDueAt: null,
  satisfactionMailed: false,
  score: null,
  resolved: null,
  ...overrides,
});

describe("groupFigures", () => {
  const now = new Date(base + 100 * HOUR);
  const rows = [
    // Answered in 1 h (due in 2 h), closed in 10 h (due in 8 h: late), rated 5, resolved.
    ticket({
      firstResponseAt: base + HOUR,
      firstResponseDueAt: base + 2 * HOUR,
      closedAt: base + 10 * HOUR,
      resolutionDueAt: base + 8 * HOUR,
      satisfactionMailed: true,
      score: 5,
      resolved: true,
    }),
    // Answered in 3 h (due in 2 h: late), closed in 20 h, no targets for resolution, rated 2 without saying.
    ticket({ firstResponseAt: base + 3 * HOUR, firstResponseDueAt: base + 2 * HOUR, closedAt: base + 20 * HOUR, satisfactionMailed: true, score: 2 }),
    // Unanswered past its due time, open past its resolution due time.
    ticket({ firstResponseDueAt: base + 2 * HOUR, resolutionDueAt: base + 50 * HOUR }),
    // Unanswered, still within its due time; mailed but not rated (closed and reopened).
    ticket({ firstResponseDueAt: base + 200 * HOUR, satisfactionMailed: true }),
    // No targets at all.
    ticket({ firstResponseAt: base + 5 * HOUR, closedAt: base + 30 * HOUR, satisfactionMailed: true, score: 4, resolved: false }),
  ];

  test("counts, times, breaches and satisfaction", () => {
    expect(groupFigures("全体", rows, now)).toEqual({
      label: "全体",
      opened: 5,
      closed: 3,
      firstResponse: { count: 3, median: 3 * HOUR, p90: 276 * 60_000 },
      resolution: { count: 3, median: 20 * HOUR, p90: 28 * HOUR },
      firstResponseBreaches: { count: 2, of: 4, percent: 50 },
      resolutionBreaches: { count: 2, of: 2, percent: 100 },
      satisfaction: { mailed: 4, answers: 3, rate: 75, average: 3.7, resolvedPercent: 50 },
    });
  });

  test("a group without tickets, targets or answers gives no shares", () => {
    const figures = groupFigures("空", [], now);
    expect(figures.firstResponse).toEqual({ count: 0, median: null, p90: null });
    expect(figures.firstResponseBreaches.percent).toBeNull();
    expect(figures.satisfaction).toEqual({ mailed: 0, answers: 0, rate: null, average: null, resolvedPercent: null });
  });

  test("deskReport groups by category in the form's order and by owner, most tickets first", () => {
    const period = { from: "2026-11-16", to: "2026-11-17", start: jstDayStart("2026-11-16"), end: jstDayStart("2026-11-18") };
    const report = deskReport(
      [
        ticket({ category: "その他", ownerId: 7, ownerName: "佐藤 健", firstResponseAt: base + 30 * 60_000 }),
        ticket({ category: "過去の注文について", ownerId: 7, ownerName: "佐藤 健", firstResponseAt: base + 2 * 24 * HOUR }),
        ticket({ category: "過去の注文について", createdAt: base + 24 * HOUR }),
      ],
      new Map([["2026-11-17", 4]]),
      period,
      now,
    );
    expect(report.byCategory.map((group) => [group.label, group.opened])).toEqual([
      ["過去の注文について", 2],
      ["その他", 1],
    ]);
    expect(report.byStaff.map((group) => [group.label, group.opened])).toEqual([
      ["佐藤 健", 2],
      [UNASSIGNED_LABEL, 1],
    ]);
    expect(report.daily).toEqual([
      { day: "2026-11-16", opened: 2, closed: 0 },
      { day: "2026-11-17", opened: 1, closed: 4 },
    ]);
    expect(report.responseBands.map((band) => band.count)).toEqual([1, 0, 0, 0, 1, 0]);
  });
});

test("percentOf and formatDuration", () => {
  expect(percentOf(1, 3)).toBe(33.3);
  expect(percentOf(1, 0)).toBeNull();
  expect(formatDuration(null)).toBe("—");
  expect(formatDuration(45 * 60_000)).toBe("45分");
  expect(formatDuration(3 * HOUR + 12 * 60_000)).toBe("3時間12分");
  expect(formatDuration(2 * HOUR)).toBe("2時間");
  expect(formatDuration(52 * HOUR)).toBe("2日4時間");
  expect(formatDuration(48 * HOUR)).toBe("2日");
});
