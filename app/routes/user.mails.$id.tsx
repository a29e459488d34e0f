/**
 * The mail detail page (/user/mails/{id}): what the list's modal shows, as a page that works without JS.
 * Opening it marks an unread mail read (spec §4). This GET changes state on purpose — it is the member
 * opening their own mail, idempotent (the first read time is kept) and owner-scoped — and when it did
 * mark the mail, it redirects once to itself so the header's unread badge (the root loader, which runs in
 * parallel) is counted after the change. The list never prefetches these links.
 */
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import * as v from "valibot";
import { requireUser } from "~/web/account/auth.server";
import { MemberHeading } from "~/components/member/MemberHeading";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { listingHref } from "~/core/search/listing";
import { parseListingQuery } from "~/core/search/listing-query";
import { MAIL_LISTING } from "~/core/member/member-mail-listing";
import { TextOrNullSchema } from "~/core/validation";
import { invariantResponse } from "~/web/http.server";
import { idParam, parseQuery } from "~/web/input.server";
import { MAIL_NOT_FOUND_MESSAGE, openMail } from "~/services/member/member-mails.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `${loaded?.mail.title ?? "お知らせ"} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** `from`: the list view's own query string, to link back to it. */
const FromListSchema = v.object({ from: TextOrNullSchema });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const id = idParam(params.id, "お知らせID");
  const opened = await openMail(context.db, user.id, id, new Date());
  invariantResponse(opened, MAIL_NOT_FOUND_MESSAGE, { status: 404 });
  const url = new URL(request.url);
  if (opened.marked) throw redirect(`${url.pathname}${url.search}`, { headers: { "Cache-Control": "no-store" } });
  // The list view this mail was opened from (its filters, order and page), cleaned like any listing URL.
  const from = new URLSearchParams(parseQuery(url, FromListSchema).from ?? "");
  const back = listingHref("/user/mails", MAIL_LISTING, parseListingQuery(MAIL_LISTING, from));
  return data({ mail: opened.mail, back }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function MailDetail() {
  const { mail, back } = useLoaderData<typeof loader>();
  return (
    <>
      <MemberHeading title={mail.title} trail={[{ to: back, label: "お知らせ" }]} />
      <article className="card mt-4 grid gap-3 p-4" data-testid="mail-detail">
        <p className="m-0 text-xs text-gray-600">
          受信日時：<time dateTime={isoDateTime(mail.dateCreated)}>{formatDateTime(mail.dateCreated)}</time>
        </p>
        <div className="mail-content break-words text-sm leading-relaxed" dangerouslySetInnerHTML={{ __html: mail.content }} />
      </article>
      <p className="mt-4">
        <Link to={back}>お知らせ一覧へ戻る</Link>
      </p>
    </>
  );
}
