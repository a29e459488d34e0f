import { Link } from "@remix-run/react";
import { useState } from "react";
import { Listing, type ListingColumn } from "~/components/listing/Listing";
import { MemberHeading } from "~/components/member/MemberHeading";
import { Notice } from "~/components/member/Notice";
import { listingSearchParams } from "~/core/search/listing";
import type { MailRow, MailsActionData, MailsLoaderData } from "~/web/types/mails";
import { island } from "../island";

// The mail modal opens only once the member picks a mail: its code (and the dialog's) loads after the page.
const MailDialog = island(() => import("./MailDialog").then((module) => module.MailDialog));

export const MAILS_PATH = "/user/mails";

/**
 * The member's notification mails (spec screen 13) as a generic listing: a title opens the mail in a
 * modal (with JS) or its own page; rows can be removed.
 */
export function MailsPage({ data, actionData }: { data: MailsLoaderData; actionData: MailsActionData | null }) {
  const { definition, page, confirmRemove } = data;
  const [open, setOpen] = useState<MailRow | null>(null);
  // The detail page links back to this very view of the list.
  const listing = listingSearchParams(definition, page.query).toString();
  const detailHref = (id: number) => `${MAILS_PATH}/${id}${listing ? `?${new URLSearchParams({ from: listing })}` : ""}`;

  return (
    <>
      <MemberHeading title="お知らせ" />
      <Notice text={actionData?.error ?? null} tone="error" />
      <div className="mt-4">
        <Listing
          path={MAILS_PATH}
          definition={definition}
          page={page}
          columns={mailColumns(detailHref, setOpen)}
          rowKey={(mail) => mail.id}
          rowTestId="mail-row"
          caption="お知らせ一覧"
          emptyText="お知らせはまだありません。"
          removal={{
            confirmingId: confirmRemove,
            // An index route: "?index" sends the post to this route's action.
            action: `${MAILS_PATH}?index`,
            rowName: (mail) => mail.title,
            removedText: "お知らせを削除しました。",
          }}
        />
      </div>
      {open ? <MailDialog mailId={open.id} title={open.title} detailHref={detailHref(open.id)} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

/** 状態 (unread marked), 件名 (opens the mail) and 受信日時. */
function mailColumns(detailHref: (id: number) => string, onOpen: (mail: MailRow) => void): ListingColumn<MailRow>[] {
  return [
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
            onOpen(mail);
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
        <time dateTime={mail.receivedIso}>
          <span className="md:hidden">{mail.receivedDay}</span>
          <span className="hidden md:inline">{mail.receivedAt}</span>
        </time>
      ),
    },
  ];
}
