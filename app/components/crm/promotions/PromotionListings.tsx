/**
 * The staff promotion lists on the generic listing (filters, sortable headers, paginator — all URLs, so
 * they work without JS): coupons with their uses, coupon campaigns with their /coupon-get link, point
 * promotions with their banner colour. One table: each kind names its rows and adds its own columns
 * between the one naming the row and the period and state every promotion has.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import type { ListingDefinition } from "~/core/listing";
import { formatYen } from "~/core/money";
import type { CampaignListRow, CouponListRow, PointPromoListRow } from "~/web/types/promotions";
import { island } from "~/components/island";
import { PromotionStateBadge } from "./PromotionStateBadge";
import { COUPON_LISTING, CAMPAIGN_LISTING, POINT_PROMO_LISTING, type PromotionState } from "~/core/promotions";

// The campaign link's コピー button is a control: its code loads after the page (the link shows meanwhile).
const CopyableLink = island(() => import("./CopyableLink").then((module) => module.CopyableLink));

const count = (value: number) => value.toLocaleString("ja-JP");

/** A promotion list page: the staff menu, its heading and notice, the list. */
export function PromotionListPage({ heading, notice, children }: { heading: string; notice: string | null; children: ReactNode }) {
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">{heading}</h1>
      <Notice text={notice} />
      <div className="mt-4">{children}</div>
    </div>
  );
}

interface PromotionRow {
  id: number;
  period: string;
  state: PromotionState;
}

/** The period column, sorted by its start or its end. */
function periodColumn<Row extends PromotionRow>(sort: "starts" | "ends"): ListingColumn<Row> {
  return { key: "period", label: "期間", sort, className: "whitespace-nowrap text-xs", render: (row) => row.period };
}

function PromotionListing<Row extends PromotionRow>({
  path,
  definition,
  page,
  naming,
  columns,
  noun,
}: {
  path: string;
  definition: ListingDefinition;
  page: ListingPageData<Row>;
  /** What the row's first cell shows, linking to its page. */
  naming: { label: string; sort: string; className?: string; testId: string; render: (row: Row) => ReactNode };
  /** Its own columns (with `periodColumn` where the period goes), between the naming one and the state. */
  columns: ListingColumn<Row>[];
  /** The words of this kind: the row's test id, the table's caption, the empty list, the create button. */
  noun: { rowTestId: string; caption: string; emptyText: string; newLabel: string };
}) {
  const allColumns: ListingColumn<Row>[] = [
    {
      key: naming.sort,
      label: naming.label,
      sort: naming.sort,
      rowHeader: true,
      className: naming.className,
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="font-bold" data-testid={naming.testId}>
          {naming.render(row)}
        </Link>
      ),
    },
    ...columns,
    { key: "state", label: "状態", render: (row) => <PromotionStateBadge state={row.state} /> },
  ];
  return (
    <Listing
      path={path}
      definition={definition}
      page={page}
      columns={allColumns}
      rowKey={(row) => row.id}
      rowTestId={noun.rowTestId}
      caption={noun.caption}
      emptyText={noun.emptyText}
      toolbar={
        <Link to={`${path}/new`} className="btn-primary ml-auto no-underline" data-testid="promotion-new">
          {noun.newLabel}
        </Link>
      }
    />
  );
}

export function CouponListing({ path, page }: { path: string; page: ListingPageData<CouponListRow> }) {
  return (
    <PromotionListing
      path={path}
      definition={COUPON_LISTING}
      page={page}
      naming={{ label: "コード", sort: "code", testId: "coupon-link", render: (row) => <span className="font-mono">{row.code}</span> }}
      columns={[
        {
          key: "title",
          label: "タイトル・内容",
          className: "min-w-48",
          render: (row) => (
            <span className="grid gap-0.5">
              <span>{row.title}</span>
              <span className="text-xs text-gray-700">
                {row.offer}
                {row.memberOnly ? <span title="会員限定">・👤会員限定</span> : null}
                {row.isAuto ? "・自動適用" : null}
                {row.alone ? "・併用不可" : null}
              </span>
            </span>
          ),
        },
        periodColumn("ends"),
        {
          key: "used",
          label: "利用回数",
          sort: "used",
          firstDirection: "DESC",
          className: "whitespace-nowrap text-right",
          render: (row) => <span data-testid="coupon-used">{`${count(row.used)}回${row.maxUses == null ? "" : ` / ${count(row.maxUses)}回`}`}</span>,
        },
      ]}
      noun={{ rowTestId: "coupon-row", caption: "クーポン一覧", emptyText: "クーポンはまだありません。", newLabel: "クーポンを作成" }}
    />
  );
}

export function CampaignListing({ path, page }: { path: string; page: ListingPageData<CampaignListRow> }) {
  return (
    <PromotionListing
      path={path}
      definition={CAMPAIGN_LISTING}
      page={page}
      naming={{ label: "タイトル", sort: "title", className: "min-w-48", testId: "campaign-link", render: (row) => row.title }}
      columns={[
        { key: "offer", label: "内容", render: (row) => `${row.offer}${row.minAmount > 0 ? `（${formatYen(row.minAmount)}以上）` : ""}` },
        { key: "link", label: "リンク", className: "min-w-56", render: (row) => <CopyableLink url={row.link} label={`${row.code}のリンク`} /> },
        periodColumn("starts"),
      ]}
      noun={{ rowTestId: "campaign-row", caption: "クーポンキャンペーン一覧", emptyText: "キャンペーンはまだありません。", newLabel: "キャンペーンを作成" }}
    />
  );
}

export function PointPromoListing({ path, page }: { path: string; page: ListingPageData<PointPromoListRow> }) {
  return (
    <PromotionListing
      path={path}
      definition={POINT_PROMO_LISTING}
      page={page}
      naming={{ label: "タイトル", sort: "title", className: "min-w-48", testId: "point-promo-link", render: (row) => row.title }}
      columns={[
        {
          key: "color",
          label: "色",
          render: (row) => (
            <span className="inline-flex items-center gap-1 font-mono text-xs">
              <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14">
                <rect width="14" height="14" rx="3" fill={row.color} />
              </svg>
              {row.color}
            </span>
          ),
        },
        { key: "rate", label: "倍率", className: "text-right", render: (row) => `${row.rate}倍` },
        { key: "min", label: "最低購入金額", className: "text-right", render: (row) => formatYen(row.minAmount) },
        periodColumn("starts"),
      ]}
      noun={{
        rowTestId: "point-promo-row",
        caption: "ポイントキャンペーン一覧",
        emptyText: "ポイントキャンペーンはまだありません。",
        newLabel: "ポイントキャンペーンを作成",
      }}
    />
  );
}
