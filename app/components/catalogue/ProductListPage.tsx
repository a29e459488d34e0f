import { Link } from "@remix-run/react";
import { Listing, type ListingColumn } from "~/components/listing/Listing";
import { Notice } from "~/components/member/Notice";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { formatYen } from "~/core/money";
import { SUBMISSION_STATUS_LABELS } from "~/core/product-approvals/product-approvals";
import type { ProductListData, ProductListRow } from "~/web/types/catalogue-editor";

function columns(base: string, staff: boolean, reviews: ProductListData["reviews"]): ListingColumn<ProductListRow>[] {
  return [
    {
      key: "title",
      label: "商品",
      sort: "title",
      rowHeader: true,
      className: "min-w-48",
      render: (row) => (
        <span className="grid gap-0.5">
          <Link to={`${base}/${row.id}`} className="font-bold" data-testid="product-row-link">
            {row.title}
          </Link>
          <span className="text-xs text-gray-700">
            {row.sku}・{row.typeLabel}
            {row.variationCount > 0 ? `（${row.variationCount}種）` : null}
          </span>
        </span>
      ),
    },
    {
      key: "state",
      label: "状態",
      className: "whitespace-nowrap",
      render: (row) => {
        const review = reviews[row.id];
        return (
          <span className="grid gap-0.5">
            <span data-testid="product-row-state">{row.stateLabel}</span>
            {review ? (
              <span
                className={`w-fit rounded px-1 text-xs ${review.status === "returned" ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900"}`}
                data-testid="product-row-review"
              >
                {SUBMISSION_STATUS_LABELS[review.status]}
              </span>
            ) : null}
          </span>
        );
      },
    },
    { key: "category", label: "カテゴリ", className: "whitespace-nowrap text-xs", render: (row) => row.categoryName },
    ...(staff
      ? [{ key: "merchant", label: "出品者", className: "whitespace-nowrap text-xs", render: (row: ProductListRow) => row.merchantName ?? "当社" }]
      : []),
    {
      key: "price",
      label: "通常価格",
      sort: "price",
      className: "whitespace-nowrap text-right",
      render: (row) => (
        <>
          {formatYen(row.regularPrice)}
          {row.discountPrice != null ? <span className="block text-xs text-brand">セール {formatYen(row.discountPrice)}</span> : null}
        </>
      ),
    },
    {
      key: "stock",
      label: "在庫",
      sort: "stock",
      className: "whitespace-nowrap text-right",
      render: (row) => <span data-testid="product-row-stock">{row.stock}</span>,
    },
    {
      key: "updated",
      label: "更新日時",
      sort: "updated",
      firstDirection: "DESC",
      className: "whitespace-nowrap text-xs text-gray-700",
      render: (row) => <time dateTime={isoDateTime(row.updatedAt)}>{formatDateTime(row.updatedAt)}</time>,
    },
  ];
}

/** The products of the scope on the generic listing, with the way to add one. */
export function ProductListPage({ data }: { data: ProductListData }) {
  const staff = data.scopeKind === "staff";
  return (
    <>
      <h1 className="m-0 text-xl">商品管理</h1>
      <Notice text={data.notice} />
      <div className="mt-4">
        <Listing
          path={data.base}
          definition={data.definition}
          page={data.page}
          columns={columns(data.base, staff, data.reviews)}
          rowKey={(row) => row.id}
          rowTestId="product-row"
          caption="商品一覧"
          emptyText="条件に合う商品はありません。"
          toolbar={
            <Link to={`${data.base}/new`} className="btn-primary text-sm no-underline" data-testid="product-new">
              商品を新規登録
            </Link>
          }
        />
      </div>
    </>
  );
}
