/** /crm/coupons/{id} (staff only): edit a coupon, see its uses, end it now, duplicate it, delete it while unused. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmedAction } from "~/components/crm/promotions/PromotionControls";
import { PromotionStateBadge } from "~/components/crm/promotions/PromotionStateBadge";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import { couponEditorAction, couponEditorPage } from "~/web/promotions/crm-coupons.server";
import { COUPONS_PATH, PROMOTION_STATE_LABELS } from "~/core/promotions/promotions";
import { CouponForm } from "~/components/crm/promotions/CouponForm";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `クーポンの編集 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return couponEditorPage(request, context, params.couponId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return couponEditorAction(request, context, params.couponId);
}

const times = (value: number) => `${value.toLocaleString("ja-JP")}回`;

export default function EditCoupon() {
  const { id, revision, values, usage, maxUsesPerUser, state, period, limitWarning, notice } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("refusal" in actionData) ? actionData : null;
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={COUPONS_PATH}>クーポン管理</Link> ›
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="m-0 break-all text-xl">{values.code}</h1>
        <PromotionStateBadge state={state} label={PROMOTION_STATE_LABELS[state]} />
        <Link to={`${COUPONS_PATH}/new?from=${id}`} className="ml-auto text-sm">
          このクーポンを複製
        </Link>
      </div>
      <Notice text={notice} />
      <Notice text={actionData && "refusal" in actionData ? actionData.refusal : null} tone="error" />
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="coupon-usage">
        <dt className="font-bold">期間</dt>
        <dd className="m-0">{period}</dd>
        <dt className="font-bold">利用回数</dt>
        <dd className="m-0">
          {times(usage.used)}（{usage.customers.toLocaleString("ja-JP")}人）
          {values.maxUses ? ` / 上限 ${times(Number(values.maxUses))}` : " / 上限なし"}
          {maxUsesPerUser != null ? `・お一人様 ${times(maxUsesPerUser)}まで` : ""}
        </dd>
      </dl>
      {limitWarning ? (
        <p role="alert" className="mt-3 rounded bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="limit-warning">
          {limitWarning}
        </p>
      ) : null}
      <div className="mt-4">
        {/* Keyed by the revision: after a save (or one refused as stale) the form starts from what is stored. */}
        <CouponForm key={revision} id={`coupon-${id}`} defaultValue={values} revision={revision} lastResult={lastResult} submitLabel="保存する" />
      </div>
      <div className="mt-8 grid gap-3">
        {state !== "ended" ? (
          <ConfirmedAction
            intent="end"
            summary="今すぐ終了する"
            question="このクーポンを今すぐ終了しますか？カートに入っていても使えなくなります。"
            submitLabel="終了する"
          />
        ) : null}
        {usage.used === 0 ? (
          <ConfirmedAction intent="delete" summary="削除する" question="このクーポンを削除しますか？元に戻せません。" submitLabel="削除する" danger />
        ) : (
          <p className="m-0 text-xs text-gray-700">利用されたクーポンは削除できません（注文の記録に残ります）。終了させてください。</p>
        )}
      </div>
    </div>
  );
}
