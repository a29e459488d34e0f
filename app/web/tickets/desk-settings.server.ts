/**
 * /crm/desk-settings over HTTP (staff, issue 36 item 6): the desk's weekly hours, its holidays and the
 * due-time targets per priority — plain form posts answered with PRG and a notice (JS on and off); a refused
 * form comes back with its message and what was typed.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { DESK_SETTINGS_PATH, DESK_SETTINGS_TEXT, DeskWeekSchema, HolidaySchema, SlaTargetsSchema } from "~/core/tickets/desk-calendar";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { addHoliday, loadDeskSettings, removeHoliday, saveDeskWeek, saveSlaTargets } from "~/services/tickets/desk-calendar.server";
import { readFormData, redirectWithNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";

const NOTICES = {
  hours: DESK_SETTINGS_TEXT.hoursSaved,
  targets: DESK_SETTINGS_TEXT.targetsSaved,
  added: DESK_SETTINGS_TEXT.holidayAdded,
  removed: DESK_SETTINGS_TEXT.holidayRemoved,
} as const;

export type DeskSettingsForm = "hours" | "targets" | "holiday";

/** A refused settings form: which form, its message, and the fields as typed. */
export interface DeskSettingsError {
  form: DeskSettingsForm;
  error: string;
  values: Record<string, string>;
}

export async function loadDeskSettingsPage(request: Request, context: AppLoadContext) {
  const settings = await loadDeskSettings(context.db);
  return { week: settings.calendar.week, holidays: settings.holidays, targets: settings.targets, notice: redirectedNotice(request, NOTICES) };
}

const IntentSchema = v.object({ intent: v.picklist(["hours", "targets", "add-holiday", "remove-holiday"]) });
const RemoveHolidaySchema = v.object({ date: v.pipe(v.string(), v.isoDate()) });

const typed = (form: FormData) => Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));

function refused(form: DeskSettingsForm, error: string, values: Record<string, string>, status = 400) {
  return data<DeskSettingsError>({ form, error, values }, { status });
}

export async function deskSettingsAction(request: Request, context: AppLoadContext) {
  const form = await readFormData(request);
  const intent = readInput(IntentSchema, form);
  if (!intent.ok) return refused("hours", MALFORMED_INPUT_MESSAGE, {});
  const values = typed(form);
  switch (intent.input.intent) {
    case "hours": {
      const read = readInput(DeskWeekSchema, form);
      if (!read.ok) return refused("hours", read.error, values);
      await saveDeskWeek(context.db, read.input);
      throw redirectWithNotice(DESK_SETTINGS_PATH, "hours");
    }
    case "targets": {
      const read = readInput(SlaTargetsSchema, form);
      if (!read.ok) return refused("targets", read.error, values);
      await saveSlaTargets(context.db, read.input);
      throw redirectWithNotice(DESK_SETTINGS_PATH, "targets");
    }
    case "add-holiday": {
      const read = readInput(HolidaySchema, form);
      if (!read.ok) return refused("holiday", read.error, values);
      if (!(await addHoliday(context.db, read.input))) return refused("holiday", DESK_SETTINGS_TEXT.holidayExists, values, 409);
      throw redirectWithNotice(DESK_SETTINGS_PATH, "added");
    }
    case "remove-holiday": {
      const read = readInput(RemoveHolidaySchema, form);
      if (!read.ok) return refused("holiday", MALFORMED_INPUT_MESSAGE, {});
      if (!(await removeHoliday(context.db, read.input.date))) return refused("holiday", DESK_SETTINGS_TEXT.holidayNotFound, {}, 404);
      throw redirectWithNotice(DESK_SETTINGS_PATH, "removed");
    }
  }
}
