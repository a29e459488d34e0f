import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { addBusinessMinutes, DeskWeekSchema, dueTimes, overdueKinds, SlaTargetsSchema, type DeskCalendar } from "~/core/tickets/desk-calendar";

const weekdays10to17: DeskCalendar["week"] = [null, ...Array.from({ length: 5 }, () => ({ opensAt: 600, closesAt: 1020 })), null];
const calendar: DeskCalendar = { week: weekdays10to17, holidays: new Set(["2026-11-23"]) };
/** An instant given in Japan time. */
const jst = (text: string) => new Date(`${text}+09:00`);

describe("business minutes", () => {
  it("counts inside the day's hours", () => {
    expect(addBusinessMinutes(jst("2026-11-24T11:00:00"), 60, calendar)).toEqual(jst("2026-11-24T12:00:00"));
  });

  it("starts counting at the next opening for a ticket that arrives at night", () => {
    expect(addBusinessMinutes(jst("2026-11-24T22:30:00"), 30, calendar)).toEqual(jst("2026-11-25T10:30:00"));
    expect(addBusinessMinutes(jst("2026-11-25T07:00:00"), 30, calendar)).toEqual(jst("2026-11-25T10:30:00"));
  });

  it("carries what is left over the evening to the next open day", () => {
    // Tuesday 16:30 + 60 minutes: 30 that day, 30 on Wednesday morning.
    expect(addBusinessMinutes(jst("2026-11-24T16:30:00"), 60, calendar)).toEqual(jst("2026-11-25T10:30:00"));
  });

  it("skips the weekend and public holidays given as data", () => {
    // Friday 16:00 + 120: 60 on Friday, Saturday and Sunday closed, Monday 11/23 勤労感謝の日, Tuesday 11:00.
    expect(addBusinessMinutes(jst("2026-11-20T16:00:00"), 120, calendar)).toEqual(jst("2026-11-24T11:00:00"));
    // Without the holiday row, Monday counts.
    expect(addBusinessMinutes(jst("2026-11-20T16:00:00"), 120, { ...calendar, holidays: new Set() })).toEqual(jst("2026-11-23T11:00:00"));
  });

  it("counts whole business days (420 minutes each)", () => {
    expect(addBusinessMinutes(jst("2026-11-24T10:00:00"), 3 * 420, calendar)).toEqual(jst("2026-11-26T17:00:00"));
  });

  it("gives no due time when the desk never opens", () => {
    expect(addBusinessMinutes(jst("2026-11-24T10:00:00"), 60, { week: Array(7).fill(null), holidays: new Set() })).toBeNull();
  });

  it("computes both due times from the priority's targets", () => {
    const targets = {
      high: { firstResponseMinutes: 60, resolutionMinutes: 420 },
      medium: { firstResponseMinutes: 240, resolutionMinutes: 1260 },
      low: { firstResponseMinutes: 420, resolutionMinutes: 2100 },
    };
    expect(dueTimes(jst("2026-11-24T15:00:00"), "high", calendar, targets)).toEqual({
      firstResponseDueAt: jst("2026-11-24T16:00:00"),
      resolutionDueAt: jst("2026-11-25T15:00:00"),
    });
  });
});

describe("overdue", () => {
  const now = jst("2026-11-25T12:00:00");
  const base = {
    status: "doing" as const,
    firstResponseDueAt: jst("2026-11-25T11:00:00"),
    resolutionDueAt: jst("2026-11-26T11:00:00"),
    firstRespondedAt: null,
  };
  it("is unanswered past the first-response due time, or open past the resolution due time", () => {
    expect(overdueKinds(base, now)).toEqual(["firstResponse"]);
    expect(overdueKinds({ ...base, firstRespondedAt: jst("2026-11-25T11:30:00") }, now)).toEqual([]);
    expect(overdueKinds({ ...base, resolutionDueAt: jst("2026-11-25T11:59:00") }, now)).toEqual(["firstResponse", "resolution"]);
    expect(overdueKinds({ ...base, status: "close" }, now)).toEqual([]);
  });
});

describe("settings forms", () => {
  const week = (overrides: Record<string, string> = {}) => ({
    ...Object.fromEntries(
      [1, 2, 3, 4, 5].flatMap((day) => [
        [`opens_${day}`, "10:00"],
        [`closes_${day}`, "17:00"],
      ]),
    ),
    ...overrides,
  });
  it("reads opening hours, both ends empty meaning closed", () => {
    const read = v.parse(DeskWeekSchema, week({ opens_6: "10:00", closes_6: "23:59" }));
    expect(read[0]).toBeNull();
    expect(read[1]).toEqual({ opensAt: 600, closesAt: 1020 });
    expect(read[6]).toEqual({ opensAt: 600, closesAt: 1439 });
  });
  it("refuses one end only, closing before opening and a clock that is not one", () => {
    expect(v.safeParse(DeskWeekSchema, week({ opens_6: "10:00" })).issues?.[0]?.message).toContain("土曜日");
    expect(v.safeParse(DeskWeekSchema, week({ closes_1: "09:00" })).issues?.[0]?.message).toContain("月曜日");
    expect(v.safeParse(DeskWeekSchema, week({ opens_2: "25:00" })).success).toBe(false);
  });
  it("reads targets and refuses a first response later than the resolution", () => {
    const form = { first_high: "60", resolution_high: "420", first_medium: "240", resolution_medium: "1260", first_low: "420", resolution_low: "2100" };
    expect(v.parse(SlaTargetsSchema, form).medium).toEqual({ firstResponseMinutes: 240, resolutionMinutes: 1260 });
    expect(v.safeParse(SlaTargetsSchema, { ...form, first_low: "3000" }).success).toBe(false);
    expect(v.safeParse(SlaTargetsSchema, { ...form, first_low: "0" }).success).toBe(false);
    expect(v.safeParse(SlaTargetsSchema, { ...form, first_low: "1.5" }).success).toBe(false);
  });
});
