/**
 * The frame of a coupon campaign's or point promotion's page (new or one by id): the staff menu, the way
 * back to the list, the heading with the promotion's state, the notices, the form and — on a saved one —
 * 今すぐ終了 and delete. The two kinds differ only in their form, so their routes share this.
 */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Notice } from "~/components/member/Notice";
import { CrmNav } from "~/components/tickets/CrmNav";
import type { PromotionActionData } from "~/web/types/promotions";
import { ConfirmedAction } from "./PromotionControls";
import { PromotionStateBadge } from "./PromotionStateBadge";
import { PROMOTION_STATE_LABELS, type PromotionState } from "~/core/promotions/promotions";

/** An action's answer split into the form's reply (field messages, typed values) and a refused end/delete. */
export function promotionReply(actionData: PromotionActionData | undefined) {
  if (!actionData) return { lastResult: null, refusal: null };
  return "refusal" in actionData ? { lastResult: null, refusal: actionData.refusal } : { lastResult: actionData, refusal: null };
}

export function PromotionPage({
  list,
  heading,
  state,
  notice = null,
  refusal,
  children,
}: {
  list: { path: string; label: string };
  heading: string;
  /** null on the new page: nothing to end or delete yet. */
  state: PromotionState | null;
  notice?: string | null;
  refusal: string | null;
  children: ReactNode;
}) {
  return (
    <div className="py-2">
      <CrmNav />
      <p className="m-0 text-sm">
        <Link to={list.path}>{list.label}</Link> ›
      </p>
      {state ? (
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="m-0 break-all text-xl">{heading}</h1>
          <PromotionStateBadge state={state} label={PROMOTION_STATE_LABELS[state]} />
        </div>
      ) : (
        <h1 className="text-xl">{heading}</h1>
      )}
      <Notice text={notice} />
      <Notice text={refusal} tone="error" />
      {children}
      {state ? (
        <div className="mt-8 grid gap-3">
          {state !== "ended" ? (
            <ConfirmedAction intent="end" summary="今すぐ終了する" question="今すぐ終了しますか？カートでは適用されなくなります。" submitLabel="終了する" />
          ) : null}
          <ConfirmedAction intent="delete" summary="削除する" question="削除しますか？元に戻せません。" submitLabel="削除する" danger />
        </div>
      ) : null}
    </div>
  );
}
