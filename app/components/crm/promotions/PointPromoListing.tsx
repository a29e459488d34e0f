/** Staff's point promotion list (/crm/point-promos): title, banner colour, rate, minimum, period, state (PromotionListings). */
import type { ListingPageData } from "~/components/listing/Listing";
import type { ListingDefinition } from "~/core/search/listing";
import { formatYen } from "~/core/money";
import type { PointPromoListRow } from "~/web/types/promotions";
import { periodColumn, PromotionListing } from "./PromotionListings";

export function PointPromoListing({ path, definition, page }: { path: string; definition: ListingDefinition; page: ListingPageData<PointPromoListRow> }) {
  return (
    <PromotionListing
      path={path}
      definition={definition}
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
