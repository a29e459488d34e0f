/** /crm/point-promos/new (staff only): a new ポイントキャンペーン. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { PromotionPage, promotionReply } from "~/components/crm/promotions/PromotionPage";
import { POINT_PROMO_PAGES } from "~/web/promotions/crm-promotions.server";
import { NEW_POINT_PROMO_VALUES, POINT_PROMOS_PATH } from "~/core/promotions/promotions";
import { PointPromoForm } from "~/components/crm/promotions/PromotionForms";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `ポイントキャンペーンの作成 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return POINT_PROMO_PAGES.newPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return POINT_PROMO_PAGES.create(request, context);
}

export default function NewPointPromo() {
  const { lastResult, refusal } = promotionReply(useActionData<typeof action>());
  return (
    <PromotionPage list={{ path: POINT_PROMOS_PATH, label: "ポイントキャンペーン" }} heading="ポイントキャンペーンの作成" state={null} refusal={refusal}>
      <PointPromoForm defaultValue={NEW_POINT_PROMO_VALUES} lastResult={lastResult} submitLabel="作成する" />
    </PromotionPage>
  );
}
