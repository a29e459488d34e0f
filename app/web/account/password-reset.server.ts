/**
 * The password-reset pages' HTTP side: reading the request form and the link's token (moved from the URL
 * to a cookie), the answers (the same one for every accepted address), the mail dispatch after the batch,
 * and signing the member in once the new password is set.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { createCookie, data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { ACCOUNT_TOKEN_MESSAGES, type AccountTokenRefusal } from "~/core/account/account-tokens";
import {
  NEW_PASSWORD_LINK_PURPOSES,
  NEW_PASSWORD_PATH,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_PATH,
  RESET_LINK_MINUTES,
  resetThrottledMessage,
} from "~/core/account/password-reset";
import { NewPasswordSchema, PasswordResetRequestSchema, ResetLinkTokenSchema } from "~/core/account/password-reset-forms";
import { MERCHANT_PORTAL_PATH } from "~/core/site/site";
import { minutesUntil } from "~/core/site/throttle";
import { inspectAccountToken } from "~/services/account/account-tokens.server";
import { requestPasswordReset, resetPassword } from "~/services/account/password-reset.server";
import { clientIp, createUserSession } from "./auth.server";
import { readFormData, withNotice } from "../http.server";
import { parseQuery } from "../input.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";
import { isLocalEnvironment } from "./session.server";

/** The new-password page shows an account's address behind a live link: nothing may keep a copy. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/**
 * The link's token, moved off the URL: opening the mailed link stores it in this cookie (signed, HttpOnly,
 * sent to the reset pages only, no longer than the link lives) and redirects to the page's bare URL.
 * So no page is ever shown with the token in its address: no Referer, history entry, later request line or
 * log carries it. (Django's password reset does the same.) Referrer-Policy: no-referrer would not do here:
 * a browser then posts the page's form with `Origin: null`, which Remix refuses before the action runs.
 */
function resetLinkCookie(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">) {
  return createCookie("password_reset_link", {
    httpOnly: true,
    sameSite: "lax",
    // Not the page's own path: with JS its form posts to `/password-reset/new-password.data`.
    path: PASSWORD_RESET_PATH,
    secure: !isLocalEnvironment(env),
    secrets: [env.SESSION_SECRET],
    maxAge: RESET_LINK_MINUTES * 60,
  });
}

async function linkTokenFromCookie(request: Request, context: AppLoadContext): Promise<string | null> {
  // A value that is not even base64 makes the signature check throw: it is simply no token of ours.
  const stored: unknown = await resetLinkCookie(context.cloudflare.env)
    .parse(request.headers.get("Cookie"))
    .catch(() => null);
  return v.parse(ResetLinkTokenSchema, { token: stored }).token;
}

async function forgetLinkToken(context: AppLoadContext): Promise<string> {
  return resetLinkCookie(context.cloudflare.env).serialize("", { maxAge: 0 });
}

/** A refused link: not ours (404), or ours but used or expired (410). The cookie holding it is cleared. */
const REFUSAL_STATUS: Record<AccountTokenRefusal, 404 | 410> = { unknown: 404, used: 410, expired: 410 };

async function refused(refusal: AccountTokenRefusal, context: AppLoadContext) {
  return data(
    { state: "refused" as const, message: ACCOUNT_TOKEN_MESSAGES[refusal] },
    { status: REFUSAL_STATUS[refusal], headers: { ...NO_STORE, "Set-Cookie": await forgetLinkToken(context) } },
  );
}

/** 「パスワードをお忘れの方」: the same answer for every address that passes the throttle. */
export async function askForPasswordReset(request: Request, context: AppLoadContext, now = new Date()) {
  const submission = parseSubmission(await readFormData(request), { schema: PasswordResetRequestSchema });
  if (submission.status !== "success") return data({ sentTo: null, reply: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  const outcome = await requestPasswordReset(
    context.db,
    { email, ip: clientIp(request), frame: await mailFrame(request, context), linkSecret: context.cloudflare.env.SESSION_SECRET },
    now,
  );
  if (!outcome.ok) {
    const message = resetThrottledMessage(minutesUntil(outcome.retryAt, now.getTime()));
    return data({ sentTo: null, reply: submission.reply({ formErrors: [message] }) }, { status: 429 });
  }
  if (outcome.mailKey) dispatchMail(context, [outcome.mailKey]);
  return data({ sentTo: email, reply: null });
}

/**
 * The mailed link (`?token=…`) keeps its token in the cookie and comes back to the bare URL; the bare URL
 * shows the new-password form for a usable link, or why the link cannot be used.
 */
export async function loadNewPasswordPage(request: Request, context: AppLoadContext, now = new Date()) {
  if (new URL(request.url).searchParams.has("token")) {
    const { token } = parseQuery(request, ResetLinkTokenSchema);
    const cookie = token ? await resetLinkCookie(context.cloudflare.env).serialize(token) : await forgetLinkToken(context);
    throw redirect(NEW_PASSWORD_PATH, { status: 303, headers: { ...NO_STORE, "Set-Cookie": cookie } });
  }
  const token = await linkTokenFromCookie(request, context);
  const inspected = token ? await inspectAccountToken(context.db, NEW_PASSWORD_LINK_PURPOSES, token, now) : ({ ok: false, refusal: "unknown" } as const);
  if (!inspected.ok) return refused(inspected.refusal, context);
  return data({ state: "ready" as const, email: inspected.email }, { headers: NO_STORE });
}

/** Sets the new password and signs the member in (a new session; every earlier one has ended). */
export async function setNewPassword(request: Request, context: AppLoadContext, now = new Date()) {
  const token = await linkTokenFromCookie(request, context);
  if (!token) return refused("unknown", context);
  const submission = parseSubmission(await readFormData(request), { schema: NewPasswordSchema });
  if (submission.status !== "success") {
    return data({ state: "invalid" as const, reply: submission.reply({ hideFields: ["password", "passwordConfirm"] }) }, { status: 400, headers: NO_STORE });
  }
  const outcome = await resetPassword(context.db, { token, password: submission.value.password }, now);
  if (!outcome.ok) return refused(outcome.refusal, context);
  // A merchant's new login starts in its portal; a member back on マイページ, told their other sessions ended.
  const landing = outcome.purpose === "merchant_invitation" ? MERCHANT_PORTAL_PATH : withNotice("/user", PASSWORD_RESET_DONE.notice);
  const signedIn = await createUserSession(request, context, outcome.userId, landing);
  signedIn.headers.append("Set-Cookie", await forgetLinkToken(context));
  throw signedIn;
}
