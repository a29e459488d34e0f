/** /crm/coupon-campaigns (staff only): クーポンキャンペーンの一覧. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CampaignListing } from "~/components/crm/promotions/CampaignListing";
import { PromotionListPage } from "~/components/crm/promotions/PromotionListings";
import { CAMPAIGN_PAGES } from "~/web/promotions/crm-promotions.server";
import { CAMPAIGNS_PATH } from "~/core/promotions/promotion-paths";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `クーポンキャンペーン | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return CAMPAIGN_PAGES.listing(request, context);
}

export default function CrmCampaignList() {
  const { definition, page, notice } = useLoaderData<typeof loader>();
  return (
    <PromotionListPage heading="クーポンキャンペーン" notice={notice}>
      <CampaignListing path={CAMPAIGNS_PATH} definition={definition} page={page} />
    </PromotionListPage>
  );
}
