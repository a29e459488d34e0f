/**
 * The outbox pages over HTTP — staff's /crm/mail-outbox and the local /dev/mailbox share them: the listing
 * read from the URL, one message by its id, and staff's resend of a failed message (PRG, works without JS).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { parseListingQuery } from "~/core/search/listing-query";
import { MAIL_OUTBOX_TEXT, MAIL_STATUS_LABELS, mailKindLabel } from "~/core/mail/mail-outbox";
import { MAIL_OUTBOX_LISTING } from "~/core/mail/mail-outbox-listing";
import { safeRedirectPath } from "~/core/site/safe-redirect";
import { IdSchema, TextOrNullSchema } from "~/core/validation";
import { findOutboxMessage, listOutbox, resendFailedMail } from "~/services/mail/mail-outbox.server";
import { invariantResponse, listingReturnPath, readFormData, withNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import { dispatchMail } from "./mail.server";
import type { OutboxListRow, OutboxListingData, ResendActionData, WrittenTime } from "../types/mail";

const NOTICES = { resent: MAIL_OUTBOX_TEXT.resent } as const;

const written = (at: string): WrittenTime => ({ iso: isoDateTime(at), text: formatDateTime(at) });

/**
 * One page of the outbox as the URL asks for it (a form sent without JS is answered with the clean URL),
 * with the listing's definition and each row's kind, status and times written out: the pages load neither
 * the labels, the listing's definition nor the date formats.
 */
export async function loadOutboxListing(request: Request, context: AppLoadContext): Promise<OutboxListingData> {
  const url = new URL(request.url);
  const query = parseListingQuery(MAIL_OUTBOX_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, MAIL_OUTBOX_LISTING, query);
  if (canonical) throw canonical;
  const page = await listOutbox(context.db, query);
  const rows = page.rows.map((row): OutboxListRow => ({
    ...row,
    kindLabel: mailKindLabel(row.kind),
    statusLabel: MAIL_STATUS_LABELS[row.status],
    created: written(row.createdAt),
    sent: row.sentAt ? written(row.sentAt) : null,
  }));
  return { definition: MAIL_OUTBOX_LISTING, page: { ...page, rows }, notice: redirectedNotice(url, NOTICES) };
}

/** The message named in the URL (404 when there is none), with a sensitive body (as sent) only where `showSensitive`. */
export async function loadOutboxMessage(request: Request, context: AppLoadContext, rawId: string | undefined, options: { showSensitive: boolean }) {
  const id = v.safeParse(IdSchema, rawId);
  const showSensitiveWith = options.showSensitive ? context.cloudflare.env.SESSION_SECRET : null;
  const message = id.success ? await findOutboxMessage(context.db, id.output, { showSensitiveWith }) : null;
  invariantResponse(message, MAIL_OUTBOX_TEXT.notFound, { status: 404 });
  return { message, notice: redirectedNotice(request, NOTICES) };
}

const ResendSchema = v.object({ intent: v.literal("resend"), id: IdSchema, back: TextOrNullSchema });

/**
 * Staff's resend (intent=resend, id, back): a failed message goes back to pending and onto the queue, and
 * the browser returns to `back` — the listing view or the message page under `path` — with a notice.
 * A message that is not failed (resent meanwhile, sent) is refused with a message and nothing changes.
 */
export async function resendMailAction(request: Request, context: AppLoadContext, path: string) {
  const read = readInput(ResendSchema, await readFormData(request));
  if (!read.ok) return data<ResendActionData>({ ok: false, error: read.error }, { status: 400 });
  const key = await resendFailedMail(context.db, read.input.id, new Date());
  if (!key) return data<ResendActionData>({ ok: false, error: MAIL_OUTBOX_TEXT.notResendable }, { status: 409 });
  dispatchMail(context, [key]);
  const { back } = read.input;
  const messagePage = back != null && back.startsWith(`${path}/`) && safeRedirectPath(back, "") === back;
  throw redirect(messagePage ? withNotice(back, "resent") : listingReturnPath(back, path, "resent"), 303);
}
