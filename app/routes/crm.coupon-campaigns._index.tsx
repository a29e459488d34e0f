/** /crm/coupon-campaigns (staff only): クーポンキャンペーンの一覧. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CampaignListing } from "~/components/crm/promotions/PromotionListings";
import { Notice } from "~/components/member/MemberHeading";
import { CrmNav } from "~/components/tickets/CrmNav";
import { SHOP_NAME } from "~/core/site";
import { campaignListingPage } from "~/web/crm-promotions.server";

export const meta: MetaFunction = () => [{ title: `クーポンキャンペーン | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return campaignListingPage(request, context);
}

export default function CrmCampaignList() {
  const { page, notice } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">クーポンキャンペーン</h1>
      <Notice text={notice} />
      <div className="mt-4">
        <CampaignListing path="/crm/coupon-campaigns" page={page} />
      </div>
    </div>
  );
}
