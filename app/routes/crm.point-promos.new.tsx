/** /crm/point-promos/new (staff only): a new ポイントキャンペーン. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData } from "@remix-run/react";
import { PointPromoForm } from "~/components/crm/promotions/PromotionForms";
import { Notice } from "~/components/member/MemberHeading";
import { CrmNav } from "~/components/tickets/CrmNav";
import { SHOP_NAME } from "~/core/site";
import { requireStaff } from "~/web/auth.server";
import { createPromotionAction } from "~/web/crm-promotions.server";
import { NEW_POINT_PROMO_VALUES } from "~/core/promotion-forms";

export const meta: MetaFunction = () => [{ title: `ポイントキャンペーンの作成 | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return createPromotionAction("promo", request, context);
}

export default function NewPointPromo() {
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("refusal" in actionData) ? actionData : null;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to="/crm/point-promos">ポイントキャンペーン</Link> ›
      </p>
      <h1 className="text-xl">ポイントキャンペーンの作成</h1>
      <Notice text={actionData && "refusal" in actionData ? actionData.refusal : null} tone="error" />
      <PointPromoForm defaultValue={NEW_POINT_PROMO_VALUES} lastResult={lastResult} submitLabel="作成する" />
    </div>
  );
}
