/** /crm/point-promos (staff only): ポイントキャンペーンの一覧. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PointPromoListing } from "~/components/crm/promotions/PromotionListings";
import { Notice } from "~/components/member/MemberHeading";
import { CrmNav } from "~/components/tickets/CrmNav";
import { SHOP_NAME } from "~/core/site";
import { pointPromoListingPage } from "~/web/crm-promotions.server";

export const meta: MetaFunction = () => [{ title: `ポイントキャンペーン | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return pointPromoListingPage(request, context);
}

export default function CrmPointPromoList() {
  const { page, notice } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">ポイントキャンペーン</h1>
      <Notice text={notice} />
      <div className="mt-4">
        <PointPromoListing path="/crm/point-promos" page={page} />
      </div>
    </div>
  );
}
