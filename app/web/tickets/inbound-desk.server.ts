/**
 * /crm/inbound over HTTP (staff): the received support mails, held ones first; accepting a held mail into the
 * ticket it names (its images read again from the raw message) or discarding it, PRG with a notice so it works
 * without JS; the raw message as a download. And /dev/inbound-mail (local runs only): a mail posted as raw
 * bytes goes through the same handler as Email Routing's, for `npm run dev`, `npm run preview` and the tests.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { INBOUND_DESK_NOTICES, INBOUND_OUTCOME_LABELS, INBOUND_PATH } from "~/core/tickets/inbound-mail";
import { IdSchema } from "~/core/validation";
import { acceptHeldMail, discardHeldMail, inboundRawKey, listInboundMails, type InboundView } from "~/services/tickets/inbound-desk.server";
import { invariantResponse, readFormData, requirePost, withNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";
import { requireLocalMailbox } from "../mail/mail.server";
import type { InboundListRow } from "../types/tickets";
import { decodeMail, receiveSupportMail } from "./inbound-mail.server";

const NOT_FOUND = "メールが見つかりません。";

const ViewSchema = v.object({ view: v.optional(v.picklist(["held", "all"]), "held") });

/** The list as the URL asks (`?view=all`, else the held mails), each row's times and outcome written out. */
export async function loadInboundDesk(
  request: Request,
  context: AppLoadContext,
): Promise<{ view: InboundView; held: number; notice: string | null; rows: InboundListRow[] }> {
  const url = new URL(request.url);
  const parsed = v.safeParse(ViewSchema, { view: url.searchParams.get("view") ?? undefined });
  const view: InboundView = parsed.success ? parsed.output.view : "held";
  const { rows, held } = await listInboundMails(context.db, view);
  return {
    view,
    held,
    notice: redirectedNotice(url, INBOUND_DESK_NOTICES),
    rows: rows.map((row) => ({
      ...row,
      receivedAt: { iso: isoDateTime(row.receivedAt), text: formatDateTime(row.receivedAt) },
      outcomeLabel: INBOUND_OUTCOME_LABELS[row.outcome],
    })),
  };
}

const ActionSchema = v.object({ intent: v.picklist(["accept", "discard"]), id: IdSchema, view: v.optional(v.picklist(["held", "all"]), "held") });

/** The images of a held mail, read again from its raw message (none when it is gone). */
async function heldMailFiles(context: AppLoadContext, inboundId: number): Promise<File[]> {
  const key = await inboundRawKey(context.db, inboundId);
  const raw = key ? await context.cloudflare.env.ATTACHMENTS.get(key) : null;
  if (!raw) return [];
  return (await decodeMail(await raw.arrayBuffer(), { from: "", to: "", rawKey: key })).attachments;
}

/** 追加する / 破棄する on a held mail: back to the list with a notice, or the list's error when it was handled meanwhile. */
export async function inboundDeskAction(request: Request, context: AppLoadContext, staffId: number) {
  const read = readInput(ActionSchema, await readFormData(request));
  if (!read.ok) return data({ error: read.error }, { status: 400 });
  const { intent, id, view } = read.input;
  const result =
    intent === "accept"
      ? await acceptHeldMail(context.db, context.cloudflare.env.ATTACHMENTS, staffId, id, await heldMailFiles(context, id))
      : await discardHeldMail(context.db, staffId, id);
  if (!result.ok) return data({ error: result.error }, { status: 409 });
  throw redirect(withNotice(view === "all" ? `${INBOUND_PATH}?view=all` : INBOUND_PATH, intent === "accept" ? "accepted" : "discarded"), 303);
}

/** The raw message of a received mail (message/rfc822, downloaded), 404 when it was not kept or is gone. */
export async function inboundRawResponse(context: AppLoadContext, rawId: string | undefined): Promise<Response> {
  const id = v.safeParse(IdSchema, rawId);
  const key = id.success ? await inboundRawKey(context.db, id.output) : null;
  const raw = key ? await context.cloudflare.env.ATTACHMENTS.get(key) : null;
  invariantResponse(raw && id.success, NOT_FOUND, { status: 404 });
  return new Response(raw.body, {
    headers: {
      "Content-Type": "message/rfc822",
      "Content-Disposition": `attachment; filename="inbound-${id.output}.eml"`,
      "Cache-Control": "private, no-store",
    },
  });
}

const DevMailSchema = v.object({ from: v.pipe(v.string(), v.trim(), v.email()), to: v.pipe(v.string(), v.trim(), v.email()) });

/**
 * POST /dev/inbound-mail?from=…&to=… with a raw message as the body: filed as Email Routing's `email()` event
 * would file it (local runs only; 404 elsewhere). Answers what became of it as JSON.
 */
export async function devInboundMail(request: Request, context: AppLoadContext): Promise<Response> {
  requireLocalMailbox(context);
  requirePost(request);
  const envelope = readInput(DevMailSchema, new URL(request.url).searchParams);
  if (!envelope.ok) return Response.json({ error: "from と to にメールアドレスを指定してください。" }, { status: 400 });
  const raw = await request.arrayBuffer();
  let rejected: string | null = null;
  const result = await receiveSupportMail(
    {
      ...envelope.input,
      raw: new Response(raw).body ?? new ReadableStream(),
      rawSize: raw.byteLength,
      setReject: (reason) => {
        rejected = reason;
      },
    },
    context.cloudflare.env,
    context.db,
  );
  return Response.json({ ...result, rejected }, { status: rejected ? 422 : 200 });
}
