/**
 * /user/register's page and post. A valid post is answered with the same redirect and page whether the
 * address was new or already a member's (app/core/account/registration.ts): 「メールをお送りしました」, with a way
 * to log in; nobody is signed in by registering. A refused form comes back with its field messages.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { RegisterSchema, withSpecFieldNames } from "~/core/account/account-forms";
import { REGISTRATION_MESSAGES } from "~/core/account/registration";
import { minutesUntil } from "~/core/site/throttle";
import { safeRedirectPath } from "~/core/site/safe-redirect";
import { ReturnToSchema } from "~/core/validation";
import { requestRegistration } from "~/services/account/registration.server";
import { clientIp, getUserId } from "~/web/account/auth.server";
import { parseSubmission } from "~/web/form-submission.server";
import { readFormData, redirectWithNotice, withQueryParam } from "~/web/http.server";
import { parseQuery, redirectedNotice } from "~/web/input.server";
import { dispatchMail, mailFrame } from "~/web/mail/mail.server";

const REGISTER_PATH = "/user/register";

const NOTICES = { sent: REGISTRATION_MESSAGES.sent };

/** The form, or — after a registration — what happens next (`sent`); a signed-in member goes on. */
export async function registerPage(request: Request, context: AppLoadContext) {
  const redirectTo = parseQuery(request, ReturnToSchema).redirectTo ?? "/";
  if ((await getUserId(request, context)) != null) throw redirect(redirectTo);
  return { redirectTo, sent: redirectedNotice(request, NOTICES) };
}

export async function registerAction(request: Request, context: AppLoadContext, now: Date = new Date()) {
  const form = withSpecFieldNames(await readFormData(request));
  const submission = parseSubmission(form, { schema: RegisterSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const outcome = await requestRegistration(context.db, submission.value, { ip: clientIp(request), frame: await mailFrame(request, context) }, now);
  if (!outcome.ok) {
    const message = REGISTRATION_MESSAGES.throttled(minutesUntil(outcome.retryAt, now.getTime()));
    return data(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: 429 });
  }
  dispatchMail(context, outcome.mailKeys);
  // Where the page's 「ログインする」 leads back to: kept in its URL unless it is the home page (the default).
  const returnTo = safeRedirectPath(submission.value.redirectTo);
  throw redirectWithNotice(returnTo === "/" ? REGISTER_PATH : withQueryParam(REGISTER_PATH, "redirectTo", returnTo), "sent");
}
