/**
 * The HTTP side of closing an account (/user/withdraw): the form read with its schema, the withdrawal,
 * its mail put on the queue once the batch committed, and the visitor signed out — the session cookie
 * replaced by a fresh one that carries only the "done" notice to the next page.
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { WITHDRAWAL_MESSAGES } from "~/core/account/withdrawal";
import { WithdrawalSchema } from "~/core/account/withdrawal-form";
import { withdrawMember } from "~/services/account/withdrawal.server";
import { getSession, requireUser } from "./auth.server";
import { invariantResponse, readFormData } from "../http.server";
import { dispatchMail, mailFrame } from "../mail/mail.server";

export const WITHDRAWAL_DONE_PATH = "/user/withdraw/done";

/** A cookie with nothing but the notice the done page shows once (the member's session already ended in D1). */
async function signedOutWithNotice(context: AppLoadContext): Promise<Response> {
  const fresh = await context.sessionStorage.getSession();
  fresh.flash("notice", WITHDRAWAL_MESSAGES.done);
  return redirect(WITHDRAWAL_DONE_PATH, { status: 303, headers: { "Set-Cookie": await context.sessionStorage.commitSession(fresh) } });
}

/** The refused form comes back with its messages; a withdrawal ends in a thrown redirect to the done page. */
export async function withdrawalAction(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  invariantResponse(user.role === "customer", WITHDRAWAL_MESSAGES.staffAccount, { status: 403 });
  const submission = parseSubmission(await readFormData(request), { schema: WithdrawalSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const result = await withdrawMember(context.db, context.cloudflare.env.ATTACHMENTS, {
    userId: user.id,
    password: submission.value.password,
    frame: await mailFrame(request, context),
    now: new Date(),
  });
  if (result.ok) {
    dispatchMail(context, [result.mailKey]);
    throw await signedOutWithNotice(context);
  }
  if ("gone" in result) throw await signedOutWithNotice(context);
  const errors = result.field === "password" ? { fieldErrors: { password: [result.error] } } : { formErrors: [result.error] };
  return data(submission.reply({ ...errors, hideFields: ["password"] }), { status: result.field === "password" ? 400 : 409 });
}

/** The done page, once, right after the withdrawal; anyone else is sent on (a member to the form). */
export async function withdrawalDoneLoader(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context);
  if (session.get("userId") != null) throw redirect("/user/withdraw");
  const notice = session.get("notice");
  if (!notice) throw redirect("/");
  return data({ notice }, { headers: { "Set-Cookie": await context.sessionStorage.commitSession(session), "Cache-Control": "private, no-store" } });
}
