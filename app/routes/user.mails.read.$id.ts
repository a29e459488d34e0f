/**
 * POST /user/mails/read/{id} (spec §7): opens one of the member's mails — an unread one (readed null)
 * becomes read — and answers it: { ok: true, mail: { id, title, content (sanitised HTML), date_created,
 * readed } } for a fetch (the list's modal), a 303 to the detail page for a plain form post. Another
 * member's mail, or none, is 404; a malformed id 400; a guest 401 (or the login page).
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/web/account/auth.server";
import { invariantJson, isNavigation, loginRequired, methodNotAllowed, requirePost } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { MAIL_NOT_FOUND_MESSAGE, mailJson, openMail } from "~/services/member/member-mails.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const user = await getOptionalUser(request, context);
  if (!user) return loginRequired(request, "/user/mails");
  const id = idParam(params.id, "お知らせID");
  const opened = await openMail(context.db, user.id, id, new Date());
  invariantJson(opened, MAIL_NOT_FOUND_MESSAGE, { status: 404 });
  if (isNavigation(request)) return redirect(`/user/mails/${id}`, 303);
  return Response.json({ ok: true, mail: mailJson(opened.mail) }, { headers: { "Cache-Control": "no-store" } });
}

export { clientAction } from "~/components/connection/route-handlers";
