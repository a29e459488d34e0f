import { Link } from "@remix-run/react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { formatYen } from "~/core/money";
import { ORDER_DESK_PATH } from "~/core/orders/order-desk-path";
import { TRANSFER_OVERDUE_LABEL } from "~/core/orders/order-lifecycle";
import { listingSearchParams, type ListingDefinition } from "~/core/search/listing";
import type { DeskOrderListRow } from "~/web/types/crm-orders";
import { BulkRowCheckbox } from "./BulkSelectionBar";

const columns: ListingColumn<DeskOrderListRow>[] = [
  { key: "select", label: "選択", className: "w-8", render: (row) => <BulkRowCheckbox orderId={row.id} number={row.number} /> },
  {
    key: "date_created",
    label: "注文日時",
    sort: "date_created",
    firstDirection: "DESC",
    className: "whitespace-nowrap text-xs text-gray-700",
    render: (row) => <time dateTime={row.createdIso}>{row.createdText}</time>,
  },
  {
    key: "number",
    label: "注文番号",
    rowHeader: true,
    className: "whitespace-nowrap",
    render: (row) => (
      <Link to={`${ORDER_DESK_PATH}/${row.id}`} className="font-bold" data-testid="desk-order-link">
        {row.number}
      </Link>
    ),
  },
  {
    key: "customer",
    label: "お客様",
    className: "min-w-44 break-all",
    render: (row) => (
      <span className="grid gap-0.5">
        <span>
          {row.customerName}
          {row.guest ? <span className="badge ml-1 bg-gray-200 text-gray-800">ゲスト</span> : null}
        </span>
        <span className="text-xs text-gray-700">{row.email}</span>
      </span>
    ),
  },
  {
    key: "status",
    label: "状態",
    className: "whitespace-nowrap",
    render: (row) => (
      <span className="grid justify-items-start gap-0.5">
        <span data-testid="desk-order-status">{row.statusLabel}</span>
        {row.transferOverdue ? (
          <span className="badge bg-red-100 text-red-800" data-testid="desk-transfer-overdue">
            {TRANSFER_OVERDUE_LABEL}
          </span>
        ) : null}
      </span>
    ),
  },
  { key: "payment", label: "お支払い", className: "whitespace-nowrap text-xs", render: (row) => row.paymentLabel },
  {
    key: "shipments",
    label: "配送",
    className: "min-w-40 text-xs",
    render: (row) => (
      <ul className="m-0 grid gap-0.5 p-0">
        {row.shipments.map((shipment) => (
          <li key={shipment.id} className="list-none">
            {shipment.status === "cancelled" ? (
              <>
                {shipment.merchantName ?? "当社倉庫"}：{shipment.statusLabel}
              </>
            ) : (
              // Ticks the parcel for the 納品書 form in the toolbar (its `form` attribute; works without JS).
              <label className="inline-flex items-center gap-1">
                <input type="checkbox" name="shipment" value={shipment.id} form={SLIPS_FORM_ID} data-testid="desk-slip-check" />
                {shipment.merchantName ?? "当社倉庫"}：{shipment.statusLabel}
              </label>
            )}
          </li>
        ))}
      </ul>
    ),
  },
  { key: "total", label: "合計", sort: "total", firstDirection: "DESC", className: "whitespace-nowrap text-right", render: (row) => formatYen(row.total) },
];

const SLIPS_FORM_ID = "desk-slips-form";

/** 納品書: of the parcels ticked in the list (a GET form), or of this page's parcels waiting to ship. */
function SlipsToolbar({ definition, page }: { definition: ListingDefinition; page: ListingPageData<DeskOrderListRow> }) {
  const shown = listingSearchParams(definition, page.query).toString();
  return (
    <>
      <form id={SLIPS_FORM_ID} method="get" action={`${ORDER_DESK_PATH}/slips`} className="contents">
        <input type="hidden" name="selected" value="1" />
        <button type="submit" className="btn-secondary text-sm" data-testid="desk-slips-selected">
          選択した荷物の納品書
        </button>
      </form>
      <Link to={`${ORDER_DESK_PATH}/slips${shown ? `?${shown}` : ""}`} className="btn-secondary text-sm no-underline" data-testid="desk-slips-page">
        このページの発送待ちの納品書
      </Link>
    </>
  );
}

/** Staff's order list on the generic listing, with the CSV export of the view shown. */
export function OrderDeskListing({ definition, page, csvHref }: { definition: ListingDefinition; page: ListingPageData<DeskOrderListRow>; csvHref: string }) {
  return (
    <Listing
      path={ORDER_DESK_PATH}
      definition={definition}
      page={page}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="desk-order-row"
      caption="注文一覧"
      emptyText="ご注文はまだありません。"
      toolbar={
        <>
          <Link to={`${ORDER_DESK_PATH}/new`} className="btn-primary text-sm no-underline" data-testid="desk-phone-order">
            受注登録
          </Link>
          <a href={csvHref} className="btn-secondary text-sm no-underline" download data-testid="desk-orders-csv">
            この条件でCSVをダウンロード
          </a>
          <a href="/crm/orders/b2.csv" className="btn-secondary text-sm no-underline" download data-testid="desk-b2-csv">
            発送待ちをB2クラウド形式でダウンロード
          </a>
          <Link to="/crm/orders/tracking-import" className="btn-secondary text-sm no-underline" data-testid="desk-tracking-import">
            送り状番号の一括取り込み
          </Link>
          <SlipsToolbar definition={definition} page={page} />
        </>
      }
    />
  );
}
