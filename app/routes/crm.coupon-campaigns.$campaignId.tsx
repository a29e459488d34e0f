/** /crm/coupon-campaigns/{id} (staff only): edit a クーポンキャンペーン, end it now or delete it. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmedAction, PromotionStateBadge } from "~/components/crm/promotions/PromotionFields";
import { CampaignForm } from "~/components/crm/promotions/PromotionForms";
import { Notice } from "~/components/member/MemberHeading";
import { CrmNav } from "~/components/tickets/CrmNav";
import { SHOP_NAME } from "~/core/site";
import { campaignEditorPage, promotionEditorAction } from "~/web/crm-promotions.server";
import { CopyableLink } from "~/components/crm/promotions/CopyableLink";

export const meta: MetaFunction = () => [{ title: `クーポンキャンペーンの編集 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return campaignEditorPage(request, context, params.campaignId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return promotionEditorAction("campaign", request, context, params.campaignId);
}

export default function EditCampaign() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("refusal" in actionData) ? actionData : null;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to="/crm/coupon-campaigns">クーポンキャンペーン</Link> ›
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="m-0 break-all text-xl">{loaded.values.title}</h1>
        <PromotionStateBadge state={loaded.state} />
      </div>
      <Notice text={loaded.notice} />
      <Notice text={actionData && "refusal" in actionData ? actionData.refusal : null} tone="error" />
      <div className="mt-3 grid gap-1 text-sm">
        <p className="m-0 font-bold">お客様に案内するリンク</p>
        <CopyableLink url={loaded.link} label="キャンペーンのリンク" />
      </div>
      <div className="mt-4">
        <CampaignForm key={JSON.stringify(loaded.values)} defaultValue={loaded.values} lastResult={lastResult} submitLabel="保存する" />
      </div>
      <div className="mt-8 grid gap-3">
        {loaded.state !== "ended" ? (
          <ConfirmedAction intent="end" summary="今すぐ終了する" question="今すぐ終了しますか？カートでは適用されなくなります。" submitLabel="終了する" />
        ) : null}
        <ConfirmedAction intent="delete" summary="削除する" question="削除しますか？元に戻せません。" submitLabel="削除する" danger />
      </div>
    </div>
  );
}
