/**
 * The page a verification link opens (/user/profile/email/{token}): GET only shows what the link would do
 * (mail scanners open links in advance and must change nothing); the member's button posts, and that post
 * moves the address (app/services/account/email-change.server.ts). Open to whoever holds the link — it was mailed
 * to the new address, and only reaching that mailbox proves the address.
 */
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { ACCOUNT_TOKEN_MESSAGES } from "~/core/account/account-tokens";
import { type LOGIN_NOTICES, PROFILE_PATH, SETTINGS_MESSAGES, type SETTINGS_NOTICES } from "~/core/account/account-settings";
import { confirmEmailChange, inspectEmailChange, type EmailChangeRefusal } from "~/services/account/email-change.server";
import { getUserId, refreshedSessionHeaders } from "~/web/account/auth.server";
import { redirectWithNotice } from "~/web/http.server";
import { dispatchMail, mailFrame } from "~/web/mail/mail.server";
import type { EmailChangeLinkView } from "~/web/types/account-settings";

const refusalText = (refusal: EmailChangeRefusal) => (refusal === "taken" ? SETTINGS_MESSAGES.takenMeanwhile : ACCOUNT_TOKEN_MESSAGES[refusal]);

const STATUS: Record<EmailChangeRefusal, 400 | 409 | 410> = { unknown: 400, used: 410, expired: 410, taken: 409 };

export async function emailChangeLinkPage(context: AppLoadContext, token: string) {
  const inspected = await inspectEmailChange(context.db, token, new Date());
  const view: EmailChangeLinkView = inspected.ok ? { ok: true, email: inspected.email } : { ok: false, error: refusalText(inspected.refusal) };
  return data(view, { status: inspected.ok ? 200 : STATUS[inspected.refusal], headers: { "Cache-Control": "no-store" } });
}

/**
 * The member confirms: the address moves and the old one is told. Back to the settings page when this
 * browser is signed in as that member, otherwise to the login page (with the new address).
 */
export async function confirmEmailChangeAction(request: Request, context: AppLoadContext, token: string) {
  const result = await confirmEmailChange(context.db, token, await mailFrame(request, context), new Date());
  if (!result.ok) {
    const view: EmailChangeLinkView = { ok: false, error: refusalText(result.refusal) };
    return data(view, { status: STATUS[result.refusal] });
  }
  dispatchMail(context, [result.noticeKey]);
  const notice: keyof typeof SETTINGS_NOTICES & keyof typeof LOGIN_NOTICES = "email_changed";
  const signedInAsOwner = (await getUserId(request, context)) === result.userId;
  if (!signedInAsOwner) throw redirectWithNotice("/login", notice);
  throw redirectWithNotice(PROFILE_PATH, notice, await refreshedSessionHeaders(request, context));
}
