import { Link } from "@remix-run/react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { RETURN_KINDS, returnReasonLabel } from "~/core/returns/return-labels";
import { RETURN_REQUESTS_LISTING } from "~/core/returns/return-requests-listing";
import type { ReturnRow } from "~/web/types/returns";
import { ReturnStatusBadge } from "./ReturnStatusBadge";

/** Staff's return requests on the generic listing, newest first: when, the order, customer, kind and reason, items, state. */
export function ReturnListing({ path, page }: { path: string; page: ListingPageData<ReturnRow> }) {
  const columns: ListingColumn<ReturnRow>[] = [
    {
      key: "date_created",
      label: "申込日時",
      sort: "date_created",
      firstDirection: "DESC",
      className: "whitespace-nowrap text-xs text-gray-700",
      render: (row) => <time dateTime={isoDateTime(row.createdAt)}>{formatDateTime(row.createdAt)}</time>,
    },
    {
      key: "request",
      label: "お申し込み",
      rowHeader: true,
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="font-bold" data-testid="return-link">
          {`${RETURN_KINDS[row.kind]}（${returnReasonLabel(row.reason)}）`}
        </Link>
      ),
    },
    { key: "order", label: "注文番号", className: "whitespace-nowrap", render: (row) => <Link to={`/crm/orders/${row.orderId}`}>{row.orderNumber}</Link> },
    { key: "customer", label: "お客様", render: (row) => row.customerName },
    { key: "items", label: "点数", className: "text-right", render: (row) => `${row.items}点` },
    { key: "status", label: "状態", render: (row) => <ReturnStatusBadge status={row.status} /> },
  ];
  return (
    <Listing
      path={path}
      definition={RETURN_REQUESTS_LISTING}
      page={page}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="return-row"
      caption="返品・交換のお申し込み"
      emptyText="お申し込みはまだありません。"
      unit="件"
    />
  );
}
