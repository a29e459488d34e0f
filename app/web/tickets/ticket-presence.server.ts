/** The staff ticket page's presence beat over HTTP (issue 36 item 7): staff only, JSON in and out. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { beatPresence } from "~/services/tickets/ticket-presence.server";
import { STAFF_ONLY_MESSAGE } from "../account/auth.server";
import { jsonError, readApiFormData, requireApiUser, requirePost } from "../http.server";
import { idParam, readInput, malformedJson } from "../input.server";

const BeatSchema = v.object({ typing: v.optional(v.picklist(["0", "1"]), "0") });

export async function presenceAction(request: Request, context: AppLoadContext, rawTicketId: string | undefined): Promise<Response> {
  requirePost(request);
  const ticketId = idParam(rawTicketId, "お問い合わせID");
  const user = await requireApiUser(request, context, `/crm/tickets/${ticketId}`);
  if (user.role !== "staff") return jsonError(403, STAFF_ONLY_MESSAGE);
  const read = readInput(BeatSchema, await readApiFormData(request));
  if (!read.ok) throw malformedJson();
  const result = await beatPresence(context.db, user, ticketId, read.input.typing === "1");
  if (!result.ok) return jsonError(404, result.error);
  return Response.json({ colleagues: result.colleagues }, { headers: { "Cache-Control": "no-store" } });
}
