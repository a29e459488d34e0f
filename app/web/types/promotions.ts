/** What the staff promotion pages (/crm/coupons, /crm/coupon-campaigns, /crm/point-promos) answer (types only). */
import type { SubmissionResult } from "@conform-to/react";
import type { ListingDefinition } from "~/core/search/listing";
import type { PromotionState } from "~/core/promotions/promotions";
import type { ListingPage } from "~/services/search/listing.server";

export interface CouponListRow {
  id: number;
  code: string;
  title: string;
  offer: string;
  memberOnly: boolean;
  isAuto: boolean;
  alone: boolean;
  period: string;
  /** Its uses (and their limit) written out: 3回 / 10回. */
  uses: string;
  state: PromotionState;
  /** The state written out by the loader (the list does not load the labels). */
  stateLabel: string;
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
  /** The state written out by the loader (the list does not load the labels). */
  stateLabel: string;
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
  /** The state written out by the loader (the list does not load the labels). */
  stateLabel: string;
}

/** A promotion list's page: its listing's definition (so the page does not load it), the rows, the notice. */
export interface PromotionListingData<Row> {
  definition: ListingDefinition;
  page: ListingPage<Row>;
  notice: string | null;
}

/** A save that the form shows (field messages, typed values kept), or a refused end/delete. */
export type PromotionActionData = SubmissionResult<string[]> | { refusal: string };
