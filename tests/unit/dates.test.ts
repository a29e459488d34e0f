import { describe, expect, it } from "vitest";
import {
  addDaysToDate,
  addMonthsToDate,
  DAY_MS,
  daysAfter,
  formatDateJa,
  formatDateTime,
  formatShortDate,
  JST_OFFSET_MS,
  jstDate,
  jstDayStart,
} from "~/core/dates";

describe("days in Japan", () => {
  it("is UTC+9 with 24-hour days", () => {
    expect(JST_OFFSET_MS).toBe(32_400_000);
    expect(DAY_MS).toBe(86_400_000);
  });

  it("uses the Japanese calendar day: 14:59 UTC is still the same day, 15:00 UTC the next", () => {
    expect(jstDate(new Date("2026-11-21T14:59:59Z"))).toBe("2026-11-21");
    expect(jstDate(new Date("2026-11-21T15:00:00Z"))).toBe("2026-11-22");
    expect(jstDate(new Date("2026-01-15T14:59:59Z"))).toBe("2026-01-15");
    expect(jstDate(new Date("2026-01-15T15:00:00Z"))).toBe("2026-01-16");
  });

  it("starts a Japanese day at 15:00 UTC the day before", () => {
    expect(jstDayStart("2026-01-01").toISOString()).toBe("2025-12-31T15:00:00.000Z");
    expect(jstDate(jstDayStart("2026-03-01"))).toBe("2026-03-01");
    expect(jstDate(new Date(jstDayStart("2026-03-01").getTime() - 1))).toBe("2026-02-28");
  });

  it("moves an instant by whole days, back as well as forward", () => {
    const now = new Date("2026-11-21T14:30:00Z");
    expect(daysAfter(now, 7).toISOString()).toBe("2026-11-28T14:30:00.000Z");
    expect(daysAfter(now, -7).toISOString()).toBe("2026-11-14T14:30:00.000Z");
    expect(daysAfter(now, 0).getTime()).toBe(now.getTime());
  });

  it("adds days across months and years", () => {
    expect(addDaysToDate("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDaysToDate("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDaysToDate("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDaysToDate("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("adds months, clamping to the month's last day", () => {
    expect(addMonthsToDate("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonthsToDate("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsToDate("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonthsToDate("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsToDate("2026-11-30", 2)).toBe("2027-01-30");
    expect(addMonthsToDate("2026-11-21", 2)).toBe("2027-01-21");
  });
});

describe("dates as Japanese shoppers read them", () => {
  it("writes a calendar day as it is and an instant as its day in Japan", () => {
    expect(formatDateJa("2026-01-05")).toBe("2026年1月5日");
    expect(formatDateJa("2026-11-21")).toBe("2026年11月21日");
    // 23:30 in Japan on the 21st, 14:30 UTC.
    expect(formatDateJa(new Date("2026-11-21T14:30:00Z"))).toBe("2026年11月21日");
    expect(formatDateJa(new Date("2026-11-21T15:00:00Z"))).toBe("2026年11月22日");
    expect(formatDateJa("2026-11-21T15:00:00Z")).toBe("2026年11月22日");
  });

  it("writes short dates and times in Japan time", () => {
    expect(formatShortDate(new Date("2026-01-11T15:30:00Z"))).toBe("2026/01/12");
    expect(formatDateTime("2026-01-12T01:30:00Z")).toBe("2026/01/12 10:30");
  });
});
