/** What the staff promotion pages (/crm/coupons, /crm/coupon-campaigns, /crm/point-promos) answer (types only). */
import type { SubmissionResult } from "@conform-to/react";
import type { PromotionState } from "~/core/promotions";

export interface CouponListRow {
  id: number;
  code: string;
  title: string;
  offer: string;
  memberOnly: boolean;
  isAuto: boolean;
  alone: boolean;
  period: string;
  used: number;
  maxUses: number | null;
  state: PromotionState;
}

export interface CampaignListRow {
  id: number;
  code: string;
  title: string;
  offer: string;
  minAmount: number;
  link: string;
  period: string;
  state: PromotionState;
}

export interface PointPromoListRow {
  id: number;
  title: string;
  color: string;
  rate: number;
  minAmount: number;
  link: string;
  period: string;
  state: PromotionState;
}

/** A save that the form shows (field messages, typed values kept), or a refused end/delete. */
export type PromotionActionData = SubmissionResult<string[]> | { refusal: string };
