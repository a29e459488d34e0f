/**
 * The account settings page's requests (/user/profile): each form posts its `intent`; a refused submit
 * answers its form's Conform reply (400, nothing changed), a done one redirects back with a notice (PRG),
 * so every form works without JS. Only the signed-in member's own account is ever touched.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { type LOGIN_NOTICES, PROFILE_PATH, SETTINGS_INTENTS, type SETTINGS_NOTICES } from "~/core/account/account-settings";
import { EmailChangeSchema, NewsletterSchema, PasswordChangeSchema, ProfileSchema } from "~/core/account/account-settings-forms";
import { endAllSessions, setNewsletter, updateProfile } from "~/services/account/account-settings.server";
import { requestEmailChange } from "~/services/account/email-change.server";
import { changeOwnPassword, getSession, refreshedSessionHeaders, requireUser } from "~/web/account/auth.server";
import { readFormData, redirectWithNotice } from "~/web/http.server";
import { parseInput } from "~/web/input.server";
import { dispatchMail, mailFrame } from "~/web/mail/mail.server";
import type { SettingsActionData } from "~/web/types/account-settings";

const IntentSchema = v.object({ intent: v.picklist(SETTINGS_INTENTS) });

type Reply = ReturnType<typeof data<SettingsActionData>>;

const refused = (intent: SettingsActionData["intent"], result: SettingsActionData["result"]): Reply => data({ intent, result }, { status: 400 });

/** A done change: back to the page with its notice (thrown, so the action's data is only ever a refusal). */
const done = (notice: keyof typeof SETTINGS_NOTICES, init: { headers?: HeadersInit } = {}) => redirectWithNotice(PROFILE_PATH, notice, init);

/** A service's refusal as the form's messages: under its field, or above the form. */
function refusalMessages(refusal: { field: string | null; error: string }) {
  return refusal.field ? { fieldErrors: { [refusal.field]: [refusal.error] } } : { formErrors: [refusal.error] };
}

/** Password fields are never sent back to the browser. */
const HIDDEN = ["currentPassword", "newPassword"];

export async function accountSettingsAction(request: Request, context: AppLoadContext): Promise<Reply> {
  const user = await requireUser(request, context);
  const form = await readFormData(request);
  const { intent } = parseInput(IntentSchema, form);
  switch (intent) {
    case "profile": {
      const submission = parseSubmission(form, { schema: ProfileSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      await updateProfile(context.db, user.id, submission.value);
      throw done("profile", await refreshedSessionHeaders(request, context));
    }
    case "email": {
      const submission = parseSubmission(form, { schema: EmailChangeSchema });
      if (submission.status !== "success") return refused(intent, submission.reply({ hideFields: HIDDEN }));
      const result = await requestEmailChange(
        context.db,
        { userId: user.id, ...submission.value },
        await mailFrame(request, context),
        context.cloudflare.env.SESSION_SECRET,
        new Date(),
      );
      if (!result.ok) return refused(intent, submission.reply({ ...refusalMessages(result), hideFields: HIDDEN }));
      dispatchMail(context, [result.mailKey]);
      throw done("email_sent");
    }
    case "password": {
      const submission = parseSubmission(form, { schema: PasswordChangeSchema });
      if (submission.status !== "success") return refused(intent, submission.reply({ hideFields: HIDDEN }));
      const result = await changeOwnPassword(request, context, submission.value);
      if (!result.ok) return refused(intent, submission.reply({ ...refusalMessages(result), hideFields: HIDDEN }));
      throw done("password");
    }
    case "newsletter": {
      const submission = parseSubmission(form, { schema: NewsletterSchema });
      if (submission.status !== "success") return refused(intent, submission.reply());
      await setNewsletter(context.db, user.id, submission.value.newsletter);
      throw done(submission.value.newsletter ? "newsletter_on" : "newsletter_off");
    }
    case "logout_everywhere":
      throw await logoutEverywhere(request, context, user.id);
  }
}

/** Every session of the member ends, this one included; the browser's cookie goes, and the login page says so. */
async function logoutEverywhere(request: Request, context: AppLoadContext, userId: number): Promise<Response> {
  await endAllSessions(context.db, userId);
  const session = await getSession(request, context);
  const notice: keyof typeof LOGIN_NOTICES = "logged_out_everywhere";
  return redirectWithNotice("/login", notice, { headers: { "Set-Cookie": await context.sessionStorage.destroySession(session) } });
}
