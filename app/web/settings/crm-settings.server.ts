/**
 * /crm/settings over HTTP (issue 37 item 5, decision 0057): staff see the settings in force and their history;
 * the owner saves a new version (the route calls requireOwner first). A plain form post answered with PRG and
 * a notice (JS on and off); a refused form comes back with its Japanese messages and what was typed, nothing
 * saved; a save over a version another owner saved meanwhile is refused (409).
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { SHOP_SETTINGS_PATH } from "~/core/settings/settings-path";
import { BasedOnSchema, SHOP_SETTINGS_MESSAGES, ShopSettingsFormSchema, shopSettingsFormValues } from "~/core/settings/shop-settings-form";
import { settingsHistory } from "~/core/settings/shop-settings-history";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import type { SessionUser } from "~/services/account/sessions.server";
import { loadSettingsHistory, saveShopSettings } from "~/services/settings/shop-settings.server";
import { parseSubmission } from "../form-submission.server";
import { readFormData, redirectWithNotice } from "../http.server";
import { readInput, redirectedNotice } from "../input.server";
import type { ShopSettingsActionData, ShopSettingsPageData } from "../types/settings";
import { rememberSettings } from "./shop-settings.server";

const NOTICES = { saved: SHOP_SETTINGS_MESSAGES.saved } as const;
const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** The settings in force (read now, not from the isolate's cache), the version they are, and what each version changed. */
export async function loadShopSettingsPage(request: Request, context: AppLoadContext, viewer: SessionUser) {
  const { versions, before } = await loadSettingsHistory(context.db);
  const current = versions[0];
  // Read now: this isolate's pages follow it from here on.
  rememberSettings(context, current?.settings ?? DEFAULT_SHOP_SETTINGS);
  const page: ShopSettingsPageData = {
    values: shopSettingsFormValues(current?.settings ?? DEFAULT_SHOP_SETTINGS),
    basedOn: current?.id ?? 0,
    canEdit: viewer.isOwner,
    history: settingsHistory(versions, before),
    notice: redirectedNotice(request, NOTICES),
  };
  return data(page, { headers: NO_STORE });
}

/** The owner's save: the form's errors (400), a version saved meanwhile (409), or back to the page with a notice. */
export async function saveShopSettingsAction(request: Request, context: AppLoadContext, owner: SessionUser, now = new Date()) {
  const form = await readFormData(request);
  const basedOn = readInput(BasedOnSchema, form);
  if (!basedOn.ok) return data<ShopSettingsActionData>({ error: MALFORMED_INPUT_MESSAGE }, { status: 400 });
  const submission = parseSubmission(form, { schema: ShopSettingsFormSchema });
  if (submission.status !== "success") return data<ShopSettingsActionData>({ reply: submission.reply() }, { status: 400 });
  const saved = await saveShopSettings(
    context.db,
    submission.value,
    basedOn.input.basedOn,
    { id: owner.id, name: `${owner.lastname} ${owner.firstname}` },
    now,
  );
  if (!saved.ok) return data<ShopSettingsActionData>({ reply: submission.reply({ formErrors: [SHOP_SETTINGS_MESSAGES.changedMeanwhile] }) }, { status: 409 });
  rememberSettings(context, submission.value);
  throw redirectWithNotice(SHOP_SETTINGS_PATH, "saved");
}
