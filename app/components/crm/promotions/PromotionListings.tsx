/**
 * The staff promotion lists on the generic listing (filters, sortable headers, paginator — all URLs, so
 * they work without JS): coupons with their uses, coupon campaigns with their /coupon-get link, point
 * promotions with their banner colour.
 */
import { Link } from "@remix-run/react";
import { Listing, type ListingColumn, type ListingPageData } from "~/components/listing/Listing";
import { COUPON_LISTING } from "~/core/coupon-form";
import { formatYen } from "~/core/money";
import { CAMPAIGN_LISTING, POINT_PROMO_LISTING } from "~/core/promotion-forms";
import type { CampaignListRow, CouponListRow, PointPromoListRow } from "~/web/types/promotions";
import { CopyableLink } from "./CopyableLink";
import { PromotionStateBadge } from "./PromotionFields";

const count = (value: number) => value.toLocaleString("ja-JP");

function NewLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="btn-primary ml-auto no-underline" data-testid="promotion-new">
      {label}
    </Link>
  );
}

export function CouponListing({ path, page }: { path: string; page: ListingPageData<CouponListRow> }) {
  const columns: ListingColumn<CouponListRow>[] = [
    {
      key: "code",
      label: "コード",
      sort: "code",
      rowHeader: true,
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="font-bold font-mono" data-testid="coupon-link">
          {row.code}
        </Link>
      ),
    },
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
    { key: "period", label: "期間", sort: "ends", className: "whitespace-nowrap text-xs", render: (row) => row.period },
    {
      key: "used",
      label: "利用回数",
      sort: "used",
      firstDirection: "DESC",
      className: "whitespace-nowrap text-right",
      render: (row) => <span data-testid="coupon-used">{`${count(row.used)}回${row.maxUses == null ? "" : ` / ${count(row.maxUses)}回`}`}</span>,
    },
    { key: "state", label: "状態", render: (row) => <PromotionStateBadge state={row.state} /> },
  ];
  return (
    <Listing
      path={path}
      definition={COUPON_LISTING}
      page={page}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="coupon-row"
      caption="クーポン一覧"
      emptyText="クーポンはまだありません。"
      toolbar={<NewLink to={`${path}/new`} label="クーポンを作成" />}
    />
  );
}

export function CampaignListing({ path, page }: { path: string; page: ListingPageData<CampaignListRow> }) {
  const columns: ListingColumn<CampaignListRow>[] = [
    {
      key: "title",
      label: "タイトル",
      sort: "title",
      rowHeader: true,
      className: "min-w-48",
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="font-bold" data-testid="campaign-link">
          {row.title}
        </Link>
      ),
    },
    { key: "offer", label: "内容", render: (row) => `${row.offer}${row.minAmount > 0 ? `（${formatYen(row.minAmount)}以上）` : ""}` },
    { key: "link", label: "リンク", className: "min-w-56", render: (row) => <CopyableLink url={row.link} label={`${row.code}のリンク`} /> },
    { key: "period", label: "期間", sort: "starts", className: "whitespace-nowrap text-xs", render: (row) => row.period },
    { key: "state", label: "状態", render: (row) => <PromotionStateBadge state={row.state} /> },
  ];
  return (
    <Listing
      path={path}
      definition={CAMPAIGN_LISTING}
      page={page}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="campaign-row"
      caption="クーポンキャンペーン一覧"
      emptyText="キャンペーンはまだありません。"
      toolbar={<NewLink to={`${path}/new`} label="キャンペーンを作成" />}
    />
  );
}

export function PointPromoListing({ path, page }: { path: string; page: ListingPageData<PointPromoListRow> }) {
  const columns: ListingColumn<PointPromoListRow>[] = [
    {
      key: "title",
      label: "タイトル",
      sort: "title",
      rowHeader: true,
      className: "min-w-48",
      render: (row) => (
        <Link to={`${path}/${row.id}`} className="font-bold" data-testid="point-promo-link">
          {row.title}
        </Link>
      ),
    },
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
    { key: "period", label: "期間", sort: "starts", className: "whitespace-nowrap text-xs", render: (row) => row.period },
    { key: "state", label: "状態", render: (row) => <PromotionStateBadge state={row.state} /> },
  ];
  return (
    <Listing
      path={path}
      definition={POINT_PROMO_LISTING}
      page={page}
      columns={columns}
      rowKey={(row) => row.id}
      rowTestId="point-promo-row"
      caption="ポイントキャンペーン一覧"
      emptyText="ポイントキャンペーンはまだありません。"
      toolbar={<NewLink to={`${path}/new`} label="ポイントキャンペーンを作成" />}
    />
  );
}
