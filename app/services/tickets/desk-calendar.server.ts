/**
 * The desk's calendar and targets on D1 (issue 36 item 6): reading them to give a new ticket its due times,
 * and the /crm/desk-settings page's reads and saves ("overdue" is overdue-queries.server.ts). A ticket's due times are written when it opens and kept: a later change of
 * hours or targets does not move the deadlines already promised (the report counts breaches against them).
 */
import { asc, eq, sql } from "drizzle-orm";
import { dueTimes, type DeskCalendar, type DeskDay, type SlaTargets } from "~/core/tickets/desk-calendar";
import type { TicketPriority } from "~/core/tickets/ticket-labels";
import type { Database } from "~/db/client.server";
import { deskHolidays, deskHours, deskSlaTargets, tickets } from "~/db/schema";

function calendarStatements(db: Database) {
  return [
    db.select().from(deskHours).orderBy(asc(deskHours.weekday)),
    db.select().from(deskHolidays).orderBy(asc(deskHolidays.date)),
    db.select().from(deskSlaTargets),
  ] as const;
}

export interface DeskSettings {
  calendar: DeskCalendar;
  holidays: { date: string; name: string }[];
  targets: SlaTargets | null;
}

/** The hours, the holidays and the targets, in one round trip. Targets are null until all three priorities have one. */
export async function loadDeskSettings(db: Database): Promise<DeskSettings> {
  const [hourRows, holidayRows, targetRows] = await db.batch(calendarStatements(db));
  const week: DeskDay[] = Array.from({ length: 7 }, (_, weekday) => {
    const row = hourRows.find((hours) => hours.weekday === weekday);
    return row?.opensAt != null && row.closesAt != null ? { opensAt: row.opensAt, closesAt: row.closesAt } : null;
  });
  const byPriority = new Map(targetRows.map((row) => [row.priority, row]));
  const high = byPriority.get("high");
  const medium = byPriority.get("medium");
  const low = byPriority.get("low");
  return {
    calendar: { week, holidays: new Set(holidayRows.map((row) => row.date)) },
    holidays: holidayRows,
    targets: high && medium && low ? { high, medium, low } : null,
  };
}

/** The due-time columns of a ticket opening now with this priority (none when no targets are set). */
export async function dueColumns(db: Database, priority: TicketPriority, createdAt: Date) {
  const settings = await loadDeskSettings(db);
  if (!settings.targets) return { firstResponseDueAt: null, resolutionDueAt: null };
  return dueTimes(createdAt, priority, settings.calendar, settings.targets);
}

export async function saveDeskWeek(db: Database, week: DeskDay[]): Promise<void> {
  await db.batch([
    db.delete(deskHours),
    db.insert(deskHours).values(week.map((day, weekday) => ({ weekday, opensAt: day?.opensAt ?? null, closesAt: day?.closesAt ?? null }))),
  ]);
}

export async function saveSlaTargets(db: Database, targets: SlaTargets): Promise<void> {
  await db.batch([
    db.delete(deskSlaTargets),
    db.insert(deskSlaTargets).values((["high", "medium", "low"] as const).map((priority) => ({ priority, ...targets[priority] }))),
  ]);
}

/** Adds a day off; false when that day already is one. */
export async function addHoliday(db: Database, holiday: { date: string; name: string }): Promise<boolean> {
  const added = await db.insert(deskHolidays).values(holiday).onConflictDoNothing().returning({ date: deskHolidays.date });
  return added.length === 1;
}

export async function removeHoliday(db: Database, date: string): Promise<boolean> {
  const removed = await db.delete(deskHolidays).where(eq(deskHolidays.date, date)).returning({ date: deskHolidays.date });
  return removed.length === 1;
}

/** `first_responded_at` for a staff message sent now: the first one only. */
export const firstResponse = (now: Date) => sql`coalesce(${tickets.firstRespondedAt}, ${now.getTime()})`;
