/** /crm/point-promos (staff only): ポイントキャンペーンの一覧. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PointPromoListing } from "~/components/crm/promotions/PointPromoListing";
import { PromotionListPage } from "~/components/crm/promotions/PromotionListings";
import { POINT_PROMO_PAGES } from "~/web/promotions/crm-promotions.server";
import { POINT_PROMOS_PATH } from "~/core/promotions/promotion-paths";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `ポイントキャンペーン | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return POINT_PROMO_PAGES.listing(request, context);
}

export default function CrmPointPromoList() {
  const { definition, page, notice } = useLoaderData<typeof loader>();
  return (
    <PromotionListPage heading="ポイントキャンペーン" notice={notice}>
      <PointPromoListing path={POINT_PROMOS_PATH} definition={definition} page={page} />
    </PromotionListPage>
  );
}
