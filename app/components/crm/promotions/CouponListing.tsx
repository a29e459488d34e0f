/** Staff's coupon list (/crm/coupons): code, title and terms, period, uses, state (PromotionListings). */
import type { ListingPageData } from "~/components/listing/Listing";
import type { ListingDefinition } from "~/core/search/listing";
import type { CouponListRow } from "~/web/types/promotions";
import { periodColumn, PromotionListing } from "./PromotionListings";

export function CouponListing({ path, definition, page }: { path: string; definition: ListingDefinition; page: ListingPageData<CouponListRow> }) {
  return (
    <PromotionListing
      path={path}
      definition={definition}
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
          render: (row) => <span data-testid="coupon-used">{row.uses}</span>,
        },
      ]}
      noun={{ rowTestId: "coupon-row", caption: "クーポン一覧", emptyText: "クーポンはまだありません。", newLabel: "クーポンを作成" }}
    />
  );
}
