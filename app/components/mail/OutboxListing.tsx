import { Link } from "@remix-run/react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { listingHref, type ListingDefinition } from "~/core/search/listing";
import type { OutboxListRow, WrittenTime } from "~/web/types/mail";
import { MailStatusBadge } from "./MailStatusBadge";
import { ResendMailForm } from "./ResendMailForm";

function Time({ value }: { value: WrittenTime | null }) {
  return value ? <time dateTime={value.iso}>{value.text}</time> : <span className="text-gray-500">—</span>;
}

/**
 * The outbox on the generic listing, newest first: recipient, subject (to the message page), kind, status
 * with attempts and the last error, and when it was written and sent. With `resendAction`, a failed row
 * gets 再送する (staff). The loader sends the listing's definition and writes out each row's labels and
 * times (loadOutboxListing), so the page loads neither the labels nor the date formats.
 */
export function OutboxListing({
  path,
  definition,
  page,
  caption,
  resendAction,
}: {
  path: string;
  definition: ListingDefinition;
  page: ListingPageData<OutboxListRow>;
  caption: string;
  resendAction?: string;
}) {
  const back = listingHref(path, definition, page.query);
  const columns: ListingColumn<OutboxListRow>[] = [
    {
      key: "date_created",
      label: "作成日時",
      sort: "date_created",
      firstDirection: "DESC",
      className: "whitespace-nowrap text-xs text-gray-700",
      render: (row) => <Time value={row.created} />,
    },
    { key: "to", label: "宛先", className: "min-w-44 break-all", render: (row) => <span data-testid="mail-to">{row.toAddress}</span> },
    {
      key: "subject",
      label: "件名",
      rowHeader: true,
      className: "min-w-48",
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="break-words font-bold" data-testid="mail-link">
          {row.subject}
        </Link>
      ),
    },
    { key: "kind", label: "種類", className: "whitespace-nowrap", render: (row) => row.kindLabel },
    {
      key: "status",
      label: "状態",
      render: (row) => (
        <span className="grid justify-items-start gap-1">
          <MailStatusBadge status={row.status} label={row.statusLabel} />
          {resendAction && row.status === "failed" ? <ResendMailForm id={row.id} action={resendAction} back={back} /> : null}
        </span>
      ),
    },
    { key: "attempts", label: "試行回数", sort: "attempts", firstDirection: "DESC", className: "text-right", render: (row) => `${row.attempts}回` },
    {
      key: "error",
      label: "最後のエラー",
      className: "min-w-40 break-all text-xs text-red-800",
      render: (row) => <span data-testid="mail-error">{row.lastError ?? ""}</span>,
    },
    {
      key: "sent",
      label: "送信日時",
      sort: "sent",
      firstDirection: "DESC",
      className: "whitespace-nowrap text-xs text-gray-700",
      render: (row) => <Time value={row.sent} />,
    },
  ];
  return (
    <Listing
      path={path}
      definition={definition}
      page={page}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="mail-row"
      caption={caption}
      emptyText="メールはまだありません。"
      unit="通"
    />
  );
}
