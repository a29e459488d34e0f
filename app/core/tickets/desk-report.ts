/**
 * The desk's report (/crm/tickets/report, issue 36 item 10): for a period of Japanese days, the tickets
 * opened in it (merged duplicates left out) — how fast they were first answered and resolved (median and 90th
 * percentile), how many missed their due times, how satisfied their customers were — in all, by category
 * and by owner; and the tickets opened and closed each day. Pure: the rows and `now` are passed in.
 */
import { DAY_MS, jstDate } from "~/core/dates";
import { reportDays, type ReportPeriod } from "../reports/report-period";
import { TICKET_CATEGORIES } from "./ticket-categories";

/** A ticket opened in the period, as the report reads it (instants in ms). */
export interface ReportTicket {
  createdAt: number;
  closedAt: number | null;
  category: string;
  ownerId: number | null;
  ownerName: string | null;
  /** The first staff message (or tickets.first_responded_at when set); null: not answered yet. */
  firstResponseAt: number | null;
  /** Null: no target. */
  firstResponseDueAt: number | null;
  resolutionDueAt: number | null;
  satisfactionMailed: boolean;
  /** The customer's answer: null when none. */
  score: number | null;
  resolved: boolean | null;
}

export const UNASSIGNED_LABEL = "未割り当て";

/** Without a choice: the last 7 days, today included. */
export const REPORT_DEFAULT_DAYS = 7;

/**
 * The p-th percentile (0–100) of the values, interpolated between the two nearest ranks (as spreadsheets'
 * PERCENTILE.INC does): the median of 1, 2, 3, 10 is 2.5, its 90th percentile 7.9. Null for no values.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (Math.min(Math.max(p, 0), 100) / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (upper - lower) * (rank - below);
}

/** A share in percent with one decimal (12.5), or null when there is nothing to share. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

export interface Durations {
  count: number;
  median: number | null;
  p90: number | null;
}

export interface Breaches {
  count: number;
  /** Tickets with a target. */
  of: number;
  percent: number | null;
}

export interface GroupFigures {
  label: string;
  opened: number;
  /** Of those, closed now. */
  closed: number;
  firstResponse: Durations;
  resolution: Durations;
  firstResponseBreaches: Breaches;
  resolutionBreaches: Breaches;
  satisfaction: { mailed: number; answers: number; rate: number | null; average: number | null; resolvedPercent: number | null };
}

/** Times in whole milliseconds. */
function durations(values: number[]): Durations {
  const at = (p: number) => {
    const value = percentile(values, p);
    return value == null ? null : Math.round(value);
  };
  return { count: values.length, median: at(50), p90: at(90) };
}

function breaches(targets: { due: number | null; done: number | null }[], now: number): Breaches {
  const due = targets.filter((target): target is { due: number; done: number | null } => target.due != null);
  const count = due.filter((target) => (target.done ?? now) > target.due).length;
  return { count, of: due.length, percent: percentOf(count, due.length) };
}

/** The figures of a group of tickets; "still open past the due time" counts as a breach, as of `now`. */
export function groupFigures(label: string, rows: readonly ReportTicket[], now: Date): GroupFigures {
  const answered = rows.filter((row) => row.score != null);
  const said = answered.filter((row) => row.resolved != null);
  const mailed = rows.filter((row) => row.satisfactionMailed).length;
  const scores = answered.reduce((sum, row) => sum + row.score!, 0);
  return {
    label,
    opened: rows.length,
    closed: rows.filter((row) => row.closedAt != null).length,
    firstResponse: durations(rows.flatMap((row) => (row.firstResponseAt == null ? [] : [row.firstResponseAt - row.createdAt]))),
    resolution: durations(rows.flatMap((row) => (row.closedAt == null ? [] : [row.closedAt - row.createdAt]))),
    firstResponseBreaches: breaches(
      rows.map((row) => ({ due: row.firstResponseDueAt, done: row.firstResponseAt })),
      now.getTime(),
    ),
    resolutionBreaches: breaches(
      rows.map((row) => ({ due: row.resolutionDueAt, done: row.closedAt })),
      now.getTime(),
    ),
    satisfaction: {
      mailed,
      answers: answered.length,
      rate: percentOf(answered.length, mailed),
      average: answered.length === 0 ? null : Math.round((scores / answered.length) * 10) / 10,
      resolvedPercent: percentOf(said.filter((row) => row.resolved).length, said.length),
    },
  };
}

function groupsBy(rows: readonly ReportTicket[], keyOf: (row: ReportTicket) => string): Map<string, ReportTicket[]> {
  const groups = new Map<string, ReportTicket[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/** First-response times as the chart counts them: the upper bound of each band (ms), the last open. */
export const RESPONSE_BANDS = [
  { label: "1時間以内", upTo: 60 * 60_000 },
  { label: "1〜4時間", upTo: 4 * 60 * 60_000 },
  { label: "4〜8時間", upTo: 8 * 60 * 60_000 },
  { label: "8〜24時間", upTo: DAY_MS },
  { label: "1〜3日", upTo: 3 * DAY_MS },
  { label: "3日超", upTo: Infinity },
] as const;

export interface DeskReport {
  total: GroupFigures;
  /** In the categories' order; only those with tickets. */
  byCategory: GroupFigures[];
  /** Most tickets first; 未割り当て for tickets without an owner. */
  byStaff: GroupFigures[];
  daily: { day: string; opened: number; closed: number }[];
  responseBands: { label: string; count: number }[];
}

/** The report of the tickets opened in the period, and of the closes counted per day (`closedByDay`: day → count). */
export function deskReport(rows: readonly ReportTicket[], closedByDay: ReadonlyMap<string, number>, period: ReportPeriod, now: Date): DeskReport {
  const categories = groupsBy(rows, (row) => row.category);
  const order = (category: string) => {
    const index = (TICKET_CATEGORIES as readonly string[]).indexOf(category);
    return index < 0 ? TICKET_CATEGORIES.length : index;
  };
  const owners = groupsBy(rows, (row) => String(row.ownerId ?? ""));
  const openedByDay = groupsBy(rows, (row) => jstDate(new Date(row.createdAt)));
  const responses = rows.flatMap((row) => (row.firstResponseAt == null ? [] : [row.firstResponseAt - row.createdAt]));
  return {
    total: groupFigures("全体", rows, now),
    byCategory: [...categories.keys()]
      .sort((a, b) => order(a) - order(b) || a.localeCompare(b, "ja"))
      .map((category) => groupFigures(category, categories.get(category)!, now)),
    byStaff: [...owners.values()]
      .map((group) => groupFigures(group[0]!.ownerName ?? UNASSIGNED_LABEL, group, now))
      .sort((a, b) => b.opened - a.opened || a.label.localeCompare(b.label, "ja")),
    daily: reportDays(period).map((day) => ({ day, opened: openedByDay.get(day)?.length ?? 0, closed: closedByDay.get(day) ?? 0 })),
    responseBands: RESPONSE_BANDS.map((band, index) => ({
      label: band.label,
      count: responses.filter((ms) => ms <= band.upTo && (index === 0 || ms > RESPONSE_BANDS[index - 1]!.upTo)).length,
    })),
  };
}

/** A duration as staff read it: 「45分」「3時間12分」「2日4時間」; 「—」 for none. */
export function formatDuration(ms: number | null): string {
  if (ms == null) return "—";
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes}分`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours}時間` : `${hours}時間${minutes % 60}分`;
  return hours % 24 === 0 ? `${Math.floor(hours / 24)}日` : `${Math.floor(hours / 24)}日${hours % 24}時間`;
}

/** Minutes, whole, for the CSV (empty for none). */
export function durationMinutes(ms: number | null): number | null {
  return ms == null ? null : Math.round(ms / 60_000);
}
