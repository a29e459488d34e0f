/**
 * The carrier CSVs over HTTP, for staff (/crm/orders/…) and merchants (/merchant/…): the ヤマト B2クラウド
 * file of the parcels to ship (Shift_JIS, CRLF, a download) and the tracking-number import (a multipart
 * form, works without JS) answered with a report of every row.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { b2Csv, b2FileName } from "~/core/orders/b2-csv";
import { jstDate } from "~/core/dates";
import { decodeJapaneseText, encodeShiftJis } from "~/core/text-encoding";
import { readTrackingCsv, TRACKING_IMPORT_LIMITS, TRACKING_IMPORT_MESSAGES } from "~/core/orders/tracking-import";
import { parcelsToShip, type ParcelScope } from "~/services/orders/carrier-csv.server";
import { importTracking, type ImportAccess } from "~/services/orders/tracking-import.server";
import { readFormData } from "../http.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import type { TrackingImportActionData } from "../types/merchant";
import { settingsInForce } from "../settings/shop-settings.server";

/** The B2 import file of the scope's parcels to ship, as a Shift_JIS download named after `who` and the day. */
export async function b2Download(context: AppLoadContext, scope: ParcelScope, who: string, now: Date = new Date()): Promise<Response> {
  const shipDate = jstDate(now);
  const text = b2Csv(await parcelsToShip(context.db, scope, await settingsInForce(context)), shipDate);
  return new Response(encodeShiftJis(text), {
    headers: {
      "Content-Type": "text/csv; charset=Shift_JIS",
      "Content-Disposition": `attachment; filename="${b2FileName(who, shipDate)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The multipart envelope around the file (boundaries, the field's headers) on top of the file's own limit. */
const ENVELOPE_BYTES = 16 * 1024;

function refused(error: string, status: 400 | 413) {
  return data<TrackingImportActionData>({ ok: false, error }, { status });
}

/**
 * Reads the uploaded file (field `file`: Shift_JIS or UTF-8, detected), applies its rows as `access`
 * may, and answers the report. A file too large or unreadable as a whole changes nothing.
 */
export async function trackingImportAction(request: Request, context: AppLoadContext, access: ImportAccess) {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > TRACKING_IMPORT_LIMITS.maxBytes + ENVELOPE_BYTES) return refused(TRACKING_IMPORT_MESSAGES.tooLarge, 413);
  const file = (await readFormData(request)).get("file");
  if (!(file instanceof File) || file.size === 0) return refused(TRACKING_IMPORT_MESSAGES.noFile, 400);
  if (file.size > TRACKING_IMPORT_LIMITS.maxBytes) return refused(TRACKING_IMPORT_MESSAGES.tooLarge, 413);
  const read = readTrackingCsv(decodeJapaneseText(new Uint8Array(await file.arrayBuffer())));
  if (!read.ok) return refused(read.error, 400);
  const { results, mailKeys } = await importTracking(context.db, read.rows, access, await mailFrame(request, context), new Date());
  dispatchMail(context, mailKeys);
  return data<TrackingImportActionData>({ ok: true, results }, { headers: { "Cache-Control": "private, no-store" } });
}
