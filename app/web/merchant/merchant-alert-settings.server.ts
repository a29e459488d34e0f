/**
 * Where a merchant's alerts go and how (issue 37 item 4, decision 0058), over HTTP: the merchant's own
 * /merchant/settings (a merchant's login edits only its own merchant: the id is the session's, never the
 * form's), and the same form on staff's /crm/merchants/{id}. Plain form posts with per-field Japanese
 * messages and PRG; the same with JS.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { MERCHANT_ALERT_TEXT, MerchantAlertSettingsSchema } from "~/core/alerts/alerts";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import type { Database } from "~/db/client.server";
import { findMerchantAlertSettings, saveMerchantAlertSettings } from "~/services/alerts/merchant-alerts.server";
import { loadShopSettings } from "~/services/settings/shop-settings.server";
import { parseSubmission } from "../form-submission.server";
import { requireMerchant } from "../account/auth.server";
import { invariantResponse, readFormData, withNotice } from "../http.server";
import { redirectedNotice } from "../input.server";
import type { MerchantAlertActionData } from "../types/merchants";

export const MERCHANT_SETTINGS_PATH = `${MERCHANT_PORTAL_PATH}/settings`;

/** The notice a saved form comes back with (?notice=alertsSaved). */
export const ALERT_SETTINGS_NOTICES = { alertsSaved: MERCHANT_ALERT_TEXT.saved } as const;

const PRIVATE = { "Cache-Control": "private, no-store" } as const;

/** The Japan hour the daily digest goes at (the shop settings'), for the form to say. */
export async function alertDigestHour(db: Database): Promise<number> {
  return (await loadShopSettings(db)).alerts.digestHour;
}

export async function loadMerchantSettings(request: Request, context: AppLoadContext) {
  const merchant = await requireMerchant(request, context);
  const [settings, digestHour] = await Promise.all([findMerchantAlertSettings(context.db, merchant.merchantId), alertDigestHour(context.db)]);
  invariantResponse(settings, MERCHANT_ALERT_TEXT.notFound, { status: 404 });
  return data({ settings, digestHour, notice: redirectedNotice(request, ALERT_SETTINGS_NOTICES) }, { headers: PRIVATE });
}

/**
 * Saves the alert form for `merchantId` and goes back to `path` with the notice (303); a refused form is
 * 400 with its messages, nothing saved; an unknown merchant 404.
 */
export async function saveAlertSettingsForm(form: FormData, context: AppLoadContext, merchantId: number, path: string) {
  const submission = parseSubmission(form, { schema: MerchantAlertSettingsSchema });
  if (submission.status !== "success") return data<MerchantAlertActionData>({ intent: "alerts", reply: submission.reply() }, { status: 400 });
  const saved = await saveMerchantAlertSettings(context.db, merchantId, submission.value);
  invariantResponse(saved, MERCHANT_ALERT_TEXT.notFound, { status: 404 });
  throw redirect(withNotice(path, "alertsSaved"), 303);
}

/** The merchant's own form: only its own merchant, whatever the post says. */
export async function merchantSettingsAction(request: Request, context: AppLoadContext) {
  const merchant = await requireMerchant(request, context);
  return saveAlertSettingsForm(await readFormData(request), context, merchant.merchantId, MERCHANT_SETTINGS_PATH);
}
