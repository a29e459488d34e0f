/** /crm/coupon-campaigns/{id} (staff only): edit a クーポンキャンペーン, end it now or delete it. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CopyableLink } from "~/components/crm/promotions/CopyableLink";
import { PromotionPage, promotionReply } from "~/components/crm/promotions/PromotionPage";
import { CAMPAIGN_PAGES } from "~/web/promotions/crm-promotions.server";
import { CAMPAIGNS_PATH } from "~/core/promotions/promotions";
import { CampaignForm } from "~/components/crm/promotions/PromotionForms";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `クーポンキャンペーンの編集 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return CAMPAIGN_PAGES.editor(request, context, params.campaignId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return CAMPAIGN_PAGES.edit(request, context, params.campaignId);
}

export default function EditCampaign() {
  const loaded = useLoaderData<typeof loader>();
  const { lastResult, refusal } = promotionReply(useActionData<typeof action>());
  return (
    <PromotionPage
      list={{ path: CAMPAIGNS_PATH, label: "クーポンキャンペーン" }}
      heading={loaded.values.title}
      state={loaded.state}
      notice={loaded.notice}
      refusal={refusal}
    >
      <div className="mt-3 grid gap-1 text-sm">
        <p className="m-0 font-bold">お客様に案内するリンク</p>
        <CopyableLink url={loaded.link} label="キャンペーンのリンク" />
      </div>
      <div className="mt-4">
        {/* Keyed by the revision: after a save (or one refused as stale) the form starts from what is stored. */}
        <CampaignForm key={loaded.revision} defaultValue={loaded.values} revision={loaded.revision} lastResult={lastResult} submitLabel="保存する" />
      </div>
    </PromotionPage>
  );
}
