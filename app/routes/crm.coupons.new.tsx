/** /crm/coupons/new (staff only): a new coupon, or (?from=ID) a copy of one without its code. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { createCouponAction, newCouponPage } from "~/web/promotions/crm-coupons.server";
import { COUPONS_PATH } from "~/core/promotions/promotions";
import { CouponForm } from "~/components/crm/promotions/CouponForm";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `クーポンの作成 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return newCouponPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return createCouponAction(request, context);
}

export default function NewCoupon() {
  const { values, copyOf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("refusal" in actionData) ? actionData : null;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={COUPONS_PATH}>クーポン管理</Link> ›
      </p>
      <h1 className="text-xl">{copyOf ? `クーポンの複製（${copyOf.code} から）` : "クーポンの作成"}</h1>
      <Notice text={actionData && "refusal" in actionData ? actionData.refusal : null} tone="error" />
      <CouponForm key={copyOf?.id ?? "new"} id="coupon-new" defaultValue={values} lastResult={lastResult} submitLabel="作成する" />
    </div>
  );
}
