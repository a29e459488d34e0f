import { Link } from "@remix-run/react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { formatDateTime } from "~/core/dates";
import type { MERCHANT_LISTING } from "~/core/merchant/merchant-listing";
import type { MerchantRow } from "~/web/types/merchants";
import { MerchantStatusBadge } from "./MerchantStatusBadge";

/** The merchants on the generic listing: name (to its page), 事業者名, status, products, logins, last change. */
export function MerchantListing({
  path,
  definition,
  page,
}: {
  path: string;
  /** The listing's definition, from the loader (the page does not load it). */
  definition: typeof MERCHANT_LISTING;
  page: ListingPageData<MerchantRow>;
}) {
  const columns: ListingColumn<MerchantRow>[] = [
    {
      key: "name",
      label: "出店者名",
      sort: "name",
      rowHeader: true,
      className: "min-w-40",
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="font-bold" data-testid="merchant-link">
          {row.name}
        </Link>
      ),
    },
    { key: "legal", label: "事業者名", className: "min-w-40", render: (row) => row.legalName || <span className="text-gray-500">未登録</span> },
    { key: "status", label: "状態", render: (row) => <MerchantStatusBadge status={row.status} /> },
    { key: "products", label: "商品数", className: "text-right", render: (row) => `${row.productCount}点` },
    { key: "logins", label: "ログイン", className: "text-right", render: (row) => `${row.loginCount}件` },
    {
      key: "updated",
      label: "更新日時",
      sort: "updated",
      firstDirection: "DESC",
      className: "whitespace-nowrap text-xs text-gray-700",
      render: (row) => (row.updatedAt ? formatDateTime(row.updatedAt) : "—"),
    },
  ];
  return (
    <Listing
      path={path}
      definition={definition}
      page={page}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="merchant-row"
      caption="出店者"
      emptyText="条件に合う出店者はいません。"
      unit="件"
      toolbar={
        <Link to={`${path}/new`} className="btn-primary text-sm no-underline" data-testid="merchant-new">
          出店者を登録する
        </Link>
      }
    />
  );
}
