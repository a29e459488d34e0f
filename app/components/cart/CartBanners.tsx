import type { CouponCampaign, PointPromo } from "~/core/cart/cart";
import { readableTextOn } from "~/core/catalogue/colors";
import { formatYen } from "~/core/money";

/** The points-multiplier campaign and the coupon campaign (spec screen 6). */
export function CartBanners({
  pointPromo,
  campaign,
  campaignApplied,
  campaignLanded,
}: {
  pointPromo: PointPromo | null;
  campaign: CouponCampaign | null;
  campaignApplied: boolean;
  campaignLanded: boolean;
}) {
  return (
    <div className="grid gap-2">
      {pointPromo ? (
        <p
          className="m-0 rounded px-3 py-2 text-sm font-bold"
          style={{ backgroundColor: pointPromo.color, color: readableTextOn(pointPromo.color) }}
          data-testid="point-promo-banner"
        >
          {pointPromo.link ? (
            <a href={pointPromo.link} className="text-inherit">
              {pointPromo.title}
            </a>
          ) : (
            pointPromo.title
          )}
        </p>
      ) : null}
      {campaign ? (
        <p
          role={campaignLanded ? "status" : undefined}
          className="m-0 rounded border border-solid border-brand bg-brand-light px-3 py-2 text-sm"
          data-testid="campaign-banner"
        >
          <strong>{campaign.title}</strong>：{formatYen(campaign.minAmount)}以上で
          {campaign.type === "fix" ? `${formatYen(campaign.value)}引き` : `${campaign.value}%OFF`}
          {campaign.freeShipping ? "・送料無料" : ""}
          {campaignApplied ? "（適用中）" : "（対象金額に達すると自動で適用されます）"}
        </p>
      ) : null}
    </div>
  );
}
