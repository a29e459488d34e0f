/**
 * /crm/approvals over HTTP (staff, issue 36 item 8): the replies waiting for approval across tickets, and who
 * on the team writes replies that need it — set by a colleague whose own replies need none (PRG, JS on and off).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { APPROVALS_PATH, DRAFT_TEXT } from "~/core/tickets/reply-drafts";
import { staffName } from "~/core/tickets/ticket-owners";
import { excerpt } from "~/core/tickets/tickets";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { Viewer } from "~/services/tickets/tickets.server";
import { listPendingDrafts, setReplyApproval, teamApprovalSettings } from "~/services/tickets/reply-drafts.server";
import { readFormData, redirectWithNotice } from "../http.server";
import { readInput } from "../input.server";

export async function loadApprovalsPage(request: Request, context: AppLoadContext, viewer: Viewer) {
  const [pending, team] = await Promise.all([listPendingDrafts(context.db), teamApprovalSettings(context.db)]);
  const notice = new URL(request.url).searchParams.get("notice");
  const changed = team.find((member) => String(member.id) === notice);
  return {
    pending: pending.map((draft) => ({
      id: draft.id,
      ticketId: draft.ticketId,
      excerpt: excerpt(draft.message),
      createdAt: draft.createdAt.toISOString(),
      author: draft.authorLastname != null ? staffName({ lastname: draft.authorLastname, firstname: draft.authorFirstname ?? "" }) : "（削除されたスタッフ）",
    })),
    team: team.map((member) => ({ id: member.id, name: staffName(member), needsApproval: member.needs, self: member.id === viewer.id })),
    viewerMayApprove: team.some((member) => member.id === viewer.id && !member.needs),
    notice: changed ? DRAFT_TEXT.approvalSet(staffName(changed), changed.needs) : null,
  };
}

const SettingSchema = v.object({ staff: IdSchema, needs: v.picklist(["0", "1"]) });

export async function approvalsAction(request: Request, context: AppLoadContext, viewer: Viewer) {
  const read = readInput(SettingSchema, await readFormData(request));
  if (!read.ok) return data({ error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const result = await setReplyApproval(context.db, viewer, read.input.staff, read.input.needs === "1");
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  throw redirectWithNotice(APPROVALS_PATH, String(read.input.staff));
}
