/**
 * The password-reset pages' HTTP side: reading the request form and the link's token, the answers (the
 * same one for every accepted address), the mail dispatch after the batch, and signing the member in once
 * the new password is set.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { ACCOUNT_TOKEN_MESSAGES, type AccountTokenRefusal } from "~/core/account-tokens";
import {
  NewPasswordSchema,
  PASSWORD_RESET_DONE,
  PasswordResetRequestSchema,
  ResetTokenQuerySchema,
  resetThrottledMessage,
} from "~/core/password-reset";
import { minutesUntil } from "~/core/throttle";
import { inspectAccountToken } from "~/services/account-tokens.server";
import { requestPasswordReset, resetPassword } from "~/services/password-reset.server";
import { clientIp, createUserSession } from "./auth.server";
import { readFormData, withNotice } from "./http.server";
import { parseQuery } from "./input.server";
import { dispatchMail, mailFrame } from "./mail.server";

/**
 * The new-password page's URL carries the link's secret: the browser sends no Referer from it (nor from
 * its form, whose origin the CSRF guard then reads from Sec-Fetch-Site), and nothing caches it.
 */
export const SECRET_PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" } as const;

/** A refused link: not ours (404), or ours but used or expired (410). */
const REFUSAL_STATUS: Record<AccountTokenRefusal, 404 | 410> = { unknown: 404, used: 410, expired: 410 };

function refused(refusal: AccountTokenRefusal) {
  return data({ state: "refused" as const, message: ACCOUNT_TOKEN_MESSAGES[refusal] }, { status: REFUSAL_STATUS[refusal], headers: SECRET_PAGE_HEADERS });
}

/** 「パスワードをお忘れの方」: the same answer for every address that passes the throttle. */
export async function askForPasswordReset(request: Request, context: AppLoadContext, now = new Date()) {
  const submission = parseWithValibot(await readFormData(request), { schema: PasswordResetRequestSchema });
  if (submission.status !== "success") return data({ sentTo: null, reply: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  const outcome = await requestPasswordReset(context.db, { email, ip: clientIp(request), frame: mailFrame(request) }, now);
  if (!outcome.ok) {
    const message = resetThrottledMessage(minutesUntil(outcome.retryAt, now.getTime()));
    return data({ sentTo: null, reply: submission.reply({ formErrors: [message] }) }, { status: 429 });
  }
  if (outcome.mailKey) dispatchMail(context, [outcome.mailKey]);
  return data({ sentTo: email, reply: null });
}

function linkToken(request: Request): string | null {
  return parseQuery(request, ResetTokenQuerySchema).token;
}

/** The new-password form for a usable link, or why the link cannot be used. */
export async function loadNewPasswordPage(request: Request, context: AppLoadContext, now = new Date()) {
  const token = linkToken(request);
  const inspected = token ? await inspectAccountToken(context.db, "password_reset", token, now) : ({ ok: false, refusal: "unknown" } as const);
  if (!inspected.ok) return refused(inspected.refusal);
  return data({ state: "ready" as const, email: inspected.email }, { headers: SECRET_PAGE_HEADERS });
}

/** Sets the new password and signs the member in (a new session; every earlier one has ended). */
export async function setNewPassword(request: Request, context: AppLoadContext, now = new Date()) {
  const token = linkToken(request);
  if (!token) return refused("unknown");
  const submission = parseWithValibot(await readFormData(request), { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    return data({ state: "invalid" as const, reply: submission.reply({ hideFields: ["password", "passwordConfirm"] }) }, { status: 400, headers: SECRET_PAGE_HEADERS });
  }
  const outcome = await resetPassword(context.db, { token, password: submission.value.password }, now);
  if (!outcome.ok) return refused(outcome.refusal);
  throw await createUserSession(request, context, outcome.userId, withNotice("/user", PASSWORD_RESET_DONE.notice));
}
