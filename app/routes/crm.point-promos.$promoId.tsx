/** /crm/point-promos/{id} (staff only): edit a ポイントキャンペーン, end it now or delete it. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmedAction, PromotionStateBadge } from "~/components/crm/promotions/PromotionFields";
import { PointPromoForm } from "~/components/crm/promotions/PromotionForms";
import { Notice } from "~/components/member/MemberHeading";
import { CrmNav } from "~/components/tickets/CrmNav";
import { SHOP_NAME } from "~/core/site";
import { pointPromoEditorPage, promotionEditorAction } from "~/web/crm-promotions.server";

export const meta: MetaFunction = () => [{ title: `ポイントキャンペーンの編集 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return pointPromoEditorPage(request, context, params.promoId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return promotionEditorAction("promo", request, context, params.promoId);
}

export default function EditPointPromo() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("refusal" in actionData) ? actionData : null;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to="/crm/point-promos">ポイントキャンペーン</Link> ›
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="m-0 break-all text-xl">{loaded.values.title}</h1>
        <PromotionStateBadge state={loaded.state} />
      </div>
      <Notice text={loaded.notice} />
      <Notice text={actionData && "refusal" in actionData ? actionData.refusal : null} tone="error" />
      <div className="mt-4">
        <PointPromoForm key={JSON.stringify(loaded.values)} defaultValue={loaded.values} lastResult={lastResult} submitLabel="保存する" />
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
