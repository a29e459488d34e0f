/** Staff's coupon campaign list (/crm/coupon-campaigns): title, offer, the /coupon-get link, period, state (PromotionListings). */
import type { ListingPageData } from "~/components/listing/Listing";
import type { ListingDefinition } from "~/core/search/listing";
import { formatYen } from "~/core/money";
import type { CampaignListRow } from "~/web/types/promotions";
import { periodColumn, PromotionListing } from "./PromotionListings";
import { CopyableLink } from "./CopyableLink";

export function CampaignListing({ path, definition, page }: { path: string; definition: ListingDefinition; page: ListingPageData<CampaignListRow> }) {
  return (
    <PromotionListing
      path={path}
      definition={definition}
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
