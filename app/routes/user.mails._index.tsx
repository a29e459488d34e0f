import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/web/account/auth.server";
import { MAILS_PATH, MailsPage } from "~/components/member/MailsPage";
import { formatDateTime, formatShortDate, isoDateTime } from "~/core/dates";
import { parseListingQuery } from "~/core/search/listing-query";
import { MAIL_LISTING } from "~/core/member/member-mail-listing";
import { listingReturnPath, readFormData } from "~/web/http.server";
import { readInput } from "~/web/input.server";
import { canonicalListingRedirect, confirmRemoveId, RemoveRowSchema } from "~/web/search/listing.server";
import type { MailsActionData } from "~/web/types/mails";
import { deleteMail, listMails } from "~/services/member/member-mails.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `お知らせ | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const query = parseListingQuery(MAIL_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, MAIL_LISTING, query);
  if (canonical) throw canonical;
  const page = await listMails(context.db, user.id, query);
  return data(
    {
      definition: MAIL_LISTING,
      page: {
        ...page,
        rows: page.rows.map(({ id, title, dateCreated, readed }) => ({
          id,
          title,
          readed,
          receivedIso: isoDateTime(dateCreated),
          receivedDay: formatShortDate(dateCreated),
          receivedAt: formatDateTime(dateCreated),
        })),
      },
      confirmRemove: confirmRemoveId(url),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** Row removal (generic listing): intent=remove, id, back → 303 back to that view of the list with a notice. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = readInput(RemoveRowSchema, await readFormData(request));
  if (!read.ok) return data<MailsActionData>({ ok: false, error: read.error }, { status: 400 });
  if (!(await deleteMail(context.db, user.id, read.input.id))) {
    return data<MailsActionData>({ ok: false, error: "お知らせが見つかりません。すでに削除された可能性があります。" }, { status: 404 });
  }
  // With JS too: Remix follows the redirect and revalidates the list and the header.
  throw redirect(listingReturnPath(read.input.back, MAILS_PATH, "removed"), 303);
}

export { clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export default function Mails() {
  return <MailsPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />;
}
