/**
 * GET or POST /api/user/mails (spec §7): the member's notification mails as the generic listing's JSON.
 *   request  (GET query string or form-encoded POST body): query[page], query[orderby] (date_created, title,
 *            readed), query[ordersens] (ASC/DESC), inputs[title], inputs[content] (LIKE),
 *            inputs[date_created][from|to] (BETWEEN, yyyy-mm-dd), inputs[readed] (0 unread / 1 read, "="),
 *            operators[...] — the short page parameters (page, title, date_created_from …) work too.
 *   response { query, inputs, operators, data: [{ id, title, content, date_created, readed }],
 *            detail: { pages, total, page_size, paginator } }
 * POST with `id` removes that mail (404 if the member has none such) and answers the listing as above,
 * plus `removed: id`. A guest gets 401; a body that is not a form 400.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseListingQuery } from "~/core/search/listing-query";
import { MAIL_LISTING } from "~/core/member/member-mail-listing";
import * as v from "valibot";
import { absentAsNull, IdSchema } from "~/core/validation";
import { invariantJson, readApiFormData, requireApiUser, requirePost } from "~/web/http.server";
import { malformedJson, readInput } from "~/web/input.server";
import { deleteMail, listMails, MAIL_NOT_FOUND_MESSAGE, mailListingJson } from "~/services/member/member-mails.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** `id`, when sent, names the mail to remove before listing. */
const RemoveMailSchema = v.object({ id: absentAsNull(IdSchema) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context, "/user/mails");
  const query = parseListingQuery(MAIL_LISTING, new URL(request.url).searchParams);
  const page = await listMails(context.db, user.id, query, { withContent: true });
  return Response.json(mailListingJson(page), { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, "GET, POST");
  const user = await requireApiUser(request, context, "/user/mails");
  const form = await readApiFormData(request);
  const query = parseListingQuery(MAIL_LISTING, form);
  const read = readInput(RemoveMailSchema, form);
  if (!read.ok) throw malformedJson(read.error);
  const { id } = read.input;
  if (id == null) {
    return Response.json(mailListingJson(await listMails(context.db, user.id, query, { withContent: true })), { headers: NO_STORE });
  }
  invariantJson(await deleteMail(context.db, user.id, id), MAIL_NOT_FOUND_MESSAGE, { status: 404 });
  const page = await listMails(context.db, user.id, query, { withContent: true });
  return Response.json({ ...mailListingJson(page), removed: id }, { headers: NO_STORE });
}
