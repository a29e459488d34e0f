/** /crm/coupon-campaigns/new (staff only): a new クーポンキャンペーン. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { PromotionPage, promotionReply } from "~/components/crm/promotions/PromotionPage";
import { CAMPAIGN_PAGES } from "~/web/promotions/crm-promotions.server";
import { CAMPAIGNS_PATH, NEW_CAMPAIGN_VALUES } from "~/core/promotions/promotions";
import { CampaignForm } from "~/components/crm/promotions/PromotionForms";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `クーポンキャンペーンの作成 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return CAMPAIGN_PAGES.newPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return CAMPAIGN_PAGES.create(request, context);
}

export default function NewCampaign() {
  const { lastResult, refusal } = promotionReply(useActionData<typeof action>());
  return (
    <PromotionPage list={{ path: CAMPAIGNS_PATH, label: "クーポンキャンペーン" }} heading="クーポンキャンペーンの作成" state={null} refusal={refusal}>
      <CampaignForm defaultValue={NEW_CAMPAIGN_VALUES} lastResult={lastResult} submitLabel="作成する" />
    </PromotionPage>
  );
}
