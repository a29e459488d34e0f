/** /crm/coupons (staff only): every coupon on the generic listing, with its uses. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CouponListing } from "~/components/crm/promotions/CouponListing";
import { PromotionListPage } from "~/components/crm/promotions/PromotionListings";
import { couponListingPage } from "~/web/promotions/crm-coupons.server";
import { COUPONS_PATH } from "~/core/promotions/promotion-paths";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `クーポン管理 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return couponListingPage(request, context);
}

export default function CrmCoupons() {
  const { definition, page, notice } = useLoaderData<typeof loader>();
  return (
    <PromotionListPage heading="クーポン管理" notice={notice}>
      <CouponListing path={COUPONS_PATH} definition={definition} page={page} />
    </PromotionListPage>
  );
}
