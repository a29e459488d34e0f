/**
 * The desk's due times (issue 36 item 6): first-response and resolution targets per priority, counted in
 * business minutes — only the desk's opening hours (Japan time), never on its holidays. The hours, the
 * holidays (Japan's public holidays as data) and the targets are rows staff change in /crm/desk-settings.
 */
import * as v from "valibot";
import { DAY_MS, jstDate, jstDayStart } from "~/core/dates";
import type { TicketPriority } from "./ticket-labels";

/** One weekday's opening, minutes after midnight Japan time; null = closed all day. */
export type DeskDay = { opensAt: number; closesAt: number } | null;

export interface DeskCalendar {
  /** Indexed by weekday, 0 = Sunday. */
  week: DeskDay[];
  /** ISO dates the desk is closed (public holidays, the shop's own days off). */
  holidays: ReadonlySet<string>;
}

export interface SlaTarget {
  firstResponseMinutes: number;
  resolutionMinutes: number;
}

export type SlaTargets = Record<TicketPriority, SlaTarget>;

export const DESK_SETTINGS_PATH = "/crm/desk-settings";

export const WEEKDAY_LABELS = ["日曜日", "月曜日", "火曜日", "水曜日", "木曜日", "金曜日", "土曜日"] as const;

/** A year without one open day means the calendar has none: no due time then. */
const SEARCH_DAYS = 400;

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * The instant `minutes` business minutes after `start`: the clock runs only inside opening hours of open
 * days. A ticket arriving at night or on a holiday starts counting at the next opening. Null when the
 * calendar has no open day at all.
 */
export function addBusinessMinutes(start: Date, minutes: number, calendar: DeskCalendar): Date | null {
  let left = Math.max(0, minutes);
  let at = start.getTime();
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const day = jstDate(new Date(at));
    const hours = calendar.holidays.has(day) ? null : (calendar.week[weekdayOf(day)] ?? null);
    const dayStart = jstDayStart(day).getTime();
    if (hours && hours.closesAt > hours.opensAt) {
      const from = Math.max(at, dayStart + hours.opensAt * 60_000);
      const until = dayStart + hours.closesAt * 60_000;
      if (from < until) {
        const available = (until - from) / 60_000;
        if (left <= available) return new Date(from + left * 60_000);
        left -= available;
      }
    }
    at = dayStart + DAY_MS;
  }
  return null;
}

/** A new ticket's due times from its priority's targets, counted from when it arrived. */
export function dueTimes(createdAt: Date, priority: TicketPriority, calendar: DeskCalendar, targets: SlaTargets) {
  const target = targets[priority];
  return {
    firstResponseDueAt: addBusinessMinutes(createdAt, target.firstResponseMinutes, calendar),
    resolutionDueAt: addBusinessMinutes(createdAt, target.resolutionMinutes, calendar),
  };
}

export interface DueState {
  status: "doing" | "close";
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  firstRespondedAt: Date | null;
}

/** Which of an open ticket's due times has passed (the 期限切れ view counts it): unanswered past the first, or open past the second. */
export function overdueKinds(ticket: DueState, now: Date): ("firstResponse" | "resolution")[] {
  if (ticket.status !== "doing") return [];
  const kinds: ("firstResponse" | "resolution")[] = [];
  if (ticket.firstRespondedAt == null && ticket.firstResponseDueAt != null && ticket.firstResponseDueAt < now) kinds.push("firstResponse");
  if (ticket.resolutionDueAt != null && ticket.resolutionDueAt < now) kinds.push("resolution");
  return kinds;
}

/** Staff only: a ticket's due times and which have passed, as its page shows them. */
export interface TicketDue {
  firstResponseDueAt: string | null;
  resolutionDueAt: string | null;
  firstRespondedAt: string | null;
  overdue: ("firstResponse" | "resolution")[];
}

export function dueSummary(ticket: DueState, now: Date): TicketDue {
  return {
    firstResponseDueAt: ticket.firstResponseDueAt?.toISOString() ?? null,
    resolutionDueAt: ticket.resolutionDueAt?.toISOString() ?? null,
    firstRespondedAt: ticket.firstRespondedAt?.toISOString() ?? null,
    overdue: overdueKinds(ticket, now),
  };
}

export interface NextDue {
  kind: "firstResponse" | "resolution";
  at: string;
  overdue: boolean;
}

/** The due time an open ticket is measured against now: the first response's until staff answered, then the resolution's. */
export function nextDue(ticket: DueState, now: Date): NextDue | null {
  if (ticket.status !== "doing") return null;
  const overdue = overdueKinds(ticket, now);
  if (ticket.firstRespondedAt == null && ticket.firstResponseDueAt != null) {
    return { kind: "firstResponse", at: ticket.firstResponseDueAt.toISOString(), overdue: overdue.includes("firstResponse") };
  }
  return ticket.resolutionDueAt ? { kind: "resolution", at: ticket.resolutionDueAt.toISOString(), overdue: overdue.includes("resolution") } : null;
}

/** "10:00" ⇄ 600. */
export const minutesToClock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** "2時間30分" / "1営業日" style reading of a target, one business day being the weekday hours given. */
export function describeMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? `${hours}時間` : "", rest > 0 || hours === 0 ? `${rest}分` : ""].join("");
}

export const DESK_SETTINGS_TEXT = {
  hoursSaved: "営業時間を保存しました。",
  targetsSaved: "対応期限の目標を保存しました。",
  holidayAdded: "休業日を追加しました。",
  holidayRemoved: "休業日を削除しました。",
  holidayExists: "その日はすでに休業日です。",
  holidayNotFound: "その休業日は見つかりません。",
  clock: "時刻は 09:30 のように 00:00〜23:59 で入力してください。",
  badDay: (weekday: string) => `${weekday}は開始と終了の両方を入力し、終了を開始より後にしてください（休業日は両方を空に）。`,
  targetRange: "目標は1〜99999分の整数で入力してください。",
  firstAfterResolution: "初回返信の目標は、同じ優先度の解決の目標以下にしてください。",
  date: "日付を選んでください。",
  holidayName: "休業日の名前を1〜40文字で入力してください。",
  dueFirstResponse: "初回返信期限",
  dueResolution: "解決期限",
  overdue: "期限切れ",
} as const;

/** "10:00" → 600; "" → null (closed). */
const OptionalClock = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.regex(/^(|([01]\d|2[0-3]):[0-5]\d)$/, DESK_SETTINGS_TEXT.clock),
  v.transform((text) => (text === "" ? null : Number(text.slice(0, 2)) * 60 + Number(text.slice(3)))),
);

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The first weekday whose hours cannot be: only one end given, or closing not after opening. */
function badDay(fields: Record<string, number | null>): number | null {
  for (const day of WEEKDAYS) {
    const [opens, closes] = [fields[`opens_${day}`] ?? null, fields[`closes_${day}`] ?? null];
    if ((opens == null) !== (closes == null) || (opens != null && closes != null && closes <= opens)) return day;
  }
  return null;
}

/** The hours form: `opens_0`…`closes_6` ("10:00"), both empty for a day the desk is closed. */
export const DeskWeekSchema = v.pipe(
  v.object(
    Object.fromEntries(
      WEEKDAYS.flatMap((day) => [
        [`opens_${day}`, OptionalClock],
        [`closes_${day}`, OptionalClock],
      ]),
    ),
  ),
  v.check(
    (fields) => badDay(fields) == null,
    (issue) => DESK_SETTINGS_TEXT.badDay(WEEKDAY_LABELS[badDay(issue.input as Record<string, number | null>) ?? 0] ?? ""),
  ),
  v.transform((fields): DeskDay[] =>
    WEEKDAYS.map((day) => {
      const [opensAt, closesAt] = [fields[`opens_${day}`] ?? null, fields[`closes_${day}`] ?? null];
      return opensAt != null && closesAt != null ? { opensAt, closesAt } : null;
    }),
  ),
);

const Minutes = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d{1,5}$/, DESK_SETTINGS_TEXT.targetRange),
  v.transform(Number),
  v.minValue(1, DESK_SETTINGS_TEXT.targetRange),
);

const PRIORITIES = ["high", "medium", "low"] as const;

/** The targets form: `first_high`, `resolution_high` … in business minutes; a first response never later than the resolution. */
export const SlaTargetsSchema = v.pipe(
  v.object(
    Object.fromEntries(
      PRIORITIES.flatMap((priority) => [
        [`first_${priority}`, Minutes],
        [`resolution_${priority}`, Minutes],
      ]),
    ),
  ),
  v.transform(
    (fields) =>
      Object.fromEntries(
        PRIORITIES.map((priority) => [
          priority,
          { firstResponseMinutes: fields[`first_${priority}`] ?? 1, resolutionMinutes: fields[`resolution_${priority}`] ?? 1 },
        ]),
      ) as SlaTargets,
  ),
  v.check(
    (targets) => PRIORITIES.every((priority) => targets[priority].firstResponseMinutes <= targets[priority].resolutionMinutes),
    DESK_SETTINGS_TEXT.firstAfterResolution,
  ),
);

export const HolidaySchema = v.object({
  date: v.pipe(v.string(), v.trim(), v.isoDate(DESK_SETTINGS_TEXT.date)),
  name: v.pipe(v.string(), v.trim(), v.normalize("NFKC"), v.minLength(1, DESK_SETTINGS_TEXT.holidayName), v.maxLength(40, DESK_SETTINGS_TEXT.holidayName)),
});
