import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { requireUser } from "~/web/auth.server";
import { Listing, type ListingColumn } from "~/components/listing/Listing";
import { MailDialog } from "~/components/member/MailDialog";
import { MemberHeading, Notice } from "~/components/member/MemberHeading";
import { formatDateTime, formatShortDate, isoDateTime } from "~/core/dates";
import { listingSearchParams, parseListingQuery } from "~/core/listing";
import { MAIL_LISTING } from "~/core/member-listings";
import { SHOP_NAME } from "~/core/site";
import { listingReturnPath, readFormData } from "~/web/http.server";
import { readInput } from "~/web/input.server";
import { canonicalListingRedirect, confirmRemoveId, RemoveRowSchema } from "~/web/listing.server";
import { deleteMail, listMails } from "~/services/member-mails.server";

const PATH = "/user/mails";

export const meta: MetaFunction = () => [{ title: `お知らせ | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const query = parseListingQuery(MAIL_LISTING, url.searchParams);
  const canonical = canonicalListingRedirect(url, MAIL_LISTING, query);
  if (canonical) throw canonical;
  const page = await listMails(context.db, user.id, query);
  return data(
    {
      page: { ...page, rows: page.rows.map(({ id, title, dateCreated, readed }) => ({ id, title, dateCreated, readed })) },
      confirmRemove: confirmRemoveId(url),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export type MailsActionData = { ok: false; error: string };

/** Row removal (generic listing): intent=remove, id, back → 303 back to that view of the list with a notice. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const read = readInput(RemoveRowSchema, await readFormData(request));
  if (!read.ok) return data<MailsActionData>({ ok: false, error: read.error }, { status: 400 });
  if (!(await deleteMail(context.db, user.id, read.input.id))) {
    return data<MailsActionData>({ ok: false, error: "お知らせが見つかりません。すでに削除された可能性があります。" }, { status: 404 });
  }
  // With JS too: Remix follows the redirect and revalidates the list and the header.
  throw redirect(listingReturnPath(read.input.back, PATH, "removed"), 303);
}

type MailRow = ReturnType<typeof useLoaderData<typeof loader>>["page"]["rows"][number];

export default function Mails() {
  const { page, confirmRemove } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [open, setOpen] = useState<MailRow | null>(null);
  // The detail page links back to this very view of the list.
  const listing = listingSearchParams(MAIL_LISTING, page.query).toString();
  const detailHref = (id: number) => `${PATH}/${id}${listing ? `?${new URLSearchParams({ from: listing })}` : ""}`;

  const columns: ListingColumn<MailRow>[] = [
    {
      key: "readed",
      label: "状態",
      sort: "readed",
      className: "w-12",
      render: (mail) =>
        mail.readed ? (
          <span className="text-xs text-gray-600">既読</span>
        ) : (
          <span className="badge bg-brand text-white" data-testid="unread-badge">
            未読
          </span>
        ),
    },
    {
      key: "title",
      label: "件名",
      sort: "title",
      rowHeader: true,
      render: (mail) => (
        <Link
          to={detailHref(mail.id)}
          className={`break-words ${mail.readed ? "text-gray-800" : "font-bold text-gray-900"}`}
          onClick={(event) => {
            // A plain click opens the modal; a click meant for a new tab keeps the link's own behaviour.
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            setOpen(mail);
          }}
        >
          {mail.title}
        </Link>
      ),
    },
    {
      key: "date_created",
      label: "受信日時",
      sort: "date_created",
      firstDirection: "DESC",
      className: "w-20 text-xs text-gray-700 md:w-32",
      // The day on a phone, the time too on wider screens.
      render: (mail) => (
        <time dateTime={isoDateTime(mail.dateCreated)}>
          <span className="md:hidden">{formatShortDate(mail.dateCreated)}</span>
          <span className="hidden md:inline">{formatDateTime(mail.dateCreated)}</span>
        </time>
      ),
    },
  ];

  return (
    <>
      <MemberHeading title="お知らせ" />
      <Notice text={actionData?.error ?? null} tone="error" />
      <div className="mt-4">
        <Listing
          path={PATH}
          definition={MAIL_LISTING}
          page={page}
          columns={columns}
          rowKey={(mail) => mail.id}
          rowTestId="mail-row"
          caption="お知らせ一覧"
          emptyText="お知らせはまだありません。"
          removal={{
            confirmingId: confirmRemove,
            // An index route: "?index" sends the post to this route's action.
            action: `${PATH}?index`,
            rowName: (mail) => mail.title,
            removedText: "お知らせを削除しました。",
          }}
        />
      </div>
      {open ? <MailDialog mailId={open.id} title={open.title} detailHref={detailHref(open.id)} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
