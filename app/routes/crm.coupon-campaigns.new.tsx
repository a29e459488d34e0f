/** /crm/coupon-campaigns/new (staff only): a new クーポンキャンペーン. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { CampaignForm } from "~/components/crm/promotions/PromotionForms";
import { Notice } from "~/components/member/MemberHeading";
import { CrmNav } from "~/components/tickets/CrmNav";
import { SHOP_NAME } from "~/core/site";
import { requireStaff } from "~/web/auth.server";
import { createPromotionAction } from "~/web/crm-promotions.server";
import { NEW_CAMPAIGN_VALUES } from "~/core/promotion-forms";

export const meta: MetaFunction = () => [{ title: `クーポンキャンペーンの作成 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return createPromotionAction("campaign", request, context);
}

export default function NewCampaign() {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("refusal" in actionData) ? actionData : null;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to="/crm/coupon-campaigns">クーポンキャンペーン</Link> ›
      </p>
      <h1 className="text-xl">クーポンキャンペーンの作成</h1>
      <Notice text={actionData && "refusal" in actionData ? actionData.refusal : null} tone="error" />
      <CampaignForm defaultValue={NEW_CAMPAIGN_VALUES} lastResult={lastResult} submitLabel="作成する" />
    </div>
  );
}
