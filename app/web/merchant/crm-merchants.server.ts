/**
 * /crm/merchants over HTTP (staff only; each route calls requireStaff first): the listing read from the
 * URL, the merchant form (new and edit) with per-field Japanese messages and PRG, and its logins (add one
 * with its invitation mail, disable one), its alert settings and its commission (merchant-commissions.server.ts).
 * Everything works as plain form posts without JS.
 */
import { merchantSenderGaps, senderFallbackNotice } from "~/core/orders/parcel-sender";
import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { parseListingQuery } from "~/core/search/listing-query";
import { MERCHANT_LOGIN_MESSAGES, MERCHANT_MESSAGES, MerchantLoginSchema, MerchantSchema } from "~/core/merchant/merchant-accounts";
import { MERCHANT_LISTING } from "~/core/merchant/merchant-listing";
import { CRM_MERCHANTS_PATH } from "~/core/merchant/merchant-status";
import { IdSchema, MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { createMerchant, findMerchant, listMerchants, updateMerchant, type MerchantSaveOutcome } from "~/services/merchant/merchant-accounts.server";
import { disableMerchantLogin, inviteMerchantLogin } from "~/services/merchant/merchant-logins.server";
import { invariantResponse, readFormData, withNotice } from "../http.server";
import { idParam, readInput, redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import type { MerchantActionData } from "../types/merchants";
import { ALERT_SETTINGS_NOTICES, alertDigestHour, saveAlertSettingsForm } from "./merchant-alert-settings.server";
import { COMMISSION_INTENTS, COMMISSION_NOTICES, commissionAction, isCommissionIntent } from "./merchant-commissions.server";
import { loadCommissionSettings } from "~/services/merchant/merchant-commissions.server";

const NO_STORE = { "Cache-Control": "private, no-store" } as const;

const NOTICES = {
  saved: MERCHANT_MESSAGES.saved,
  created: MERCHANT_MESSAGES.created,
  invited: MERCHANT_LOGIN_MESSAGES.invited,
  disabled: MERCHANT_LOGIN_MESSAGES.disabled,
  ...ALERT_SETTINGS_NOTICES,
  ...COMMISSION_NOTICES,
} as const;

export function merchantPath(merchantId: number): string {
  return `${CRM_MERCHANTS_PATH}/${merchantId}`;
}

export async function loadMerchantListing(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const query = parseListingQuery(MERCHANT_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, MERCHANT_LISTING, query);
  if (canonical) throw canonical;
  // The listing's definition comes with the data: the page loads neither it nor its status choices.
  return data({ definition: MERCHANT_LISTING, page: await listMerchants(context.db, query), notice: redirectedNotice(url, NOTICES) }, { headers: NO_STORE });
}

export async function loadMerchantEditor(request: Request, context: AppLoadContext, rawId: string | undefined) {
  const merchantId = idParam(rawId, "出店者ID");
  const [found, digestHour, commission] = await Promise.all([
    findMerchant(context.db, merchantId),
    alertDigestHour(context.db),
    loadCommissionSettings(context.db, merchantId),
  ]);
  invariantResponse(found && commission, MERCHANT_MESSAGES.notFound, { status: 404 });
  // What its parcels' labels and 納品書 take from the shop, for lack of the merchant's own address or phone.
  const senderNotice = senderFallbackNotice(merchantSenderGaps(found.merchant));
  return data({ ...found, digestHour, commission, senderNotice, notice: redirectedNotice(request, NOTICES) }, { headers: NO_STORE });
}

/** The version a form was loaded at (`updated_at` in ms; 0 = never saved): any other text is malformed. */
const VersionSchema = v.object({ version: v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number)) });

const SAVE_REFUSALS: Record<Exclude<MerchantSaveOutcome, { ok: true }>["reason"], { status: 404 | 409; field: "slug" | null; message: string }> = {
  slug_taken: { status: 409, field: "slug", message: MERCHANT_MESSAGES.slugTaken },
  changed_meanwhile: { status: 409, field: null, message: MERCHANT_MESSAGES.changedMeanwhile },
  not_found: { status: 404, field: null, message: MERCHANT_MESSAGES.notFound },
};

/** 新規登録: the form's errors (400), a slug another merchant has (409), or the new merchant's page. */
export async function createMerchantAction(request: Request, context: AppLoadContext, now = new Date()) {
  const submission = parseSubmission(await readFormData(request), { schema: MerchantSchema });
  if (submission.status !== "success") return data<MerchantActionData>({ intent: "save", reply: submission.reply() }, { status: 400 });
  const outcome = await createMerchant(context.db, submission.value, now);
  if (!outcome.ok) {
    const refusal = SAVE_REFUSALS[outcome.reason];
    return data<MerchantActionData>({ intent: "save", reply: submission.reply({ fieldErrors: { slug: [refusal.message] } }) }, { status: refusal.status });
  }
  throw redirect(withNotice(merchantPath(outcome.merchantId), "created"), 303);
}

const IntentSchema = v.object({ intent: v.picklist(["save", "invite", "disable", "alerts", ...COMMISSION_INTENTS]) });
const DisableSchema = v.object({ userId: IdSchema });

/** The edit page's forms: save the merchant (intent=save), add a login (invite), disable one (disable), its alert settings (alerts). */
export async function merchantEditorAction(request: Request, context: AppLoadContext, rawId: string | undefined, now = new Date()) {
  const merchantId = idParam(rawId, "出店者ID");
  const form = await readFormData(request);
  const intent = readInput(IntentSchema, form);
  if (!intent.ok) return data<MerchantActionData>({ intent: "malformed", error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const path = merchantPath(merchantId);

  if (intent.input.intent === "save") {
    const version = readInput(VersionSchema, form);
    if (!version.ok) return data<MerchantActionData>({ intent: "malformed", error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
    const submission = parseSubmission(form, { schema: MerchantSchema });
    if (submission.status !== "success") return data<MerchantActionData>({ intent: "save", reply: submission.reply() }, { status: 400 });
    const outcome = await updateMerchant(context.db, merchantId, submission.value, version.input.version, now);
    if (!outcome.ok) {
      const refusal = SAVE_REFUSALS[outcome.reason];
      invariantResponse(outcome.reason !== "not_found", refusal.message, { status: 404 });
      const reply = refusal.field
        ? submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] } })
        : submission.reply({ formErrors: [refusal.message] });
      return data<MerchantActionData>({ intent: "save", reply }, { status: refusal.status });
    }
    throw redirect(withNotice(path, "saved"), 303);
  }

  if (intent.input.intent === "alerts") return saveAlertSettingsForm(form, context, merchantId, path);
  if (isCommissionIntent(intent.input.intent)) return commissionAction(form, context, merchantId, intent.input.intent, path);

  if (intent.input.intent === "invite") {
    const submission = parseSubmission(form, { schema: MerchantLoginSchema });
    if (submission.status !== "success") return data<MerchantActionData>({ intent: "invite", reply: submission.reply() }, { status: 400 });
    const outcome = await inviteMerchantLogin(
      context.db,
      merchantId,
      submission.value,
      await mailFrame(request, context),
      context.cloudflare.env.SESSION_SECRET,
      now,
    );
    if (!outcome.ok) {
      invariantResponse(outcome.reason !== "merchant_not_found", MERCHANT_MESSAGES.notFound, { status: 404 });
      return data<MerchantActionData>(
        { intent: "invite", reply: submission.reply({ fieldErrors: { email: [MERCHANT_LOGIN_MESSAGES.emailTaken] } }) },
        { status: 409 },
      );
    }
    dispatchMail(context, [outcome.mailKey]);
    throw redirect(withNotice(path, "invited"), 303);
  }

  const login = readInput(DisableSchema, form);
  if (!login.ok) return data<MerchantActionData>({ intent: "malformed", error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const disabled = await disableMerchantLogin(context.db, merchantId, login.input.userId, now);
  if (!disabled) return data<MerchantActionData>({ intent: "disable", error: MERCHANT_LOGIN_MESSAGES.loginNotFound }, { status: 404 });
  throw redirect(withNotice(path, "disabled"), 303);
}
