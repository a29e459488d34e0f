/**
 * /crm/notices over HTTP (staff): the notes that mention this staff member, unread first, each leading to its
 * ticket (opening it reads the notice); すべて既読にする is a plain form post (PRG with a notice, JS or not).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { NOTE_TEXT, NOTICES_PATH } from "~/core/tickets/ticket-notes";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { listNotices, readAllNotices } from "~/services/tickets/ticket-notes.server";
import { readFormData, redirectWithNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";

const NOTICES_NOTICES = { read: NOTE_TEXT.noticesRead } as const;

/** The staff member's notices, each with its time written out, and the notice the last post left. */
export async function loadStaffNotices(request: Request, context: AppLoadContext, staffId: number) {
  const notices = await listNotices(context.db, staffId);
  return {
    notice: redirectedNotice(request, NOTICES_NOTICES),
    notices: notices.map((item) => ({ ...item, createdAt: { iso: isoDateTime(item.createdAt), text: formatDateTime(item.createdAt) } })),
  };
}

const ActionSchema = v.object({ intent: v.literal("read_all") });

/** すべて既読にする: back to the list with a notice. */
export async function staffNoticesAction(request: Request, context: AppLoadContext, staffId: number) {
  const read = readInput(ActionSchema, await readFormData(request));
  if (!read.ok) return data({ error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  await readAllNotices(context.db, staffId);
  throw redirectWithNotice(NOTICES_PATH, "read");
}
