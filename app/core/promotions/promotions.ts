/**
 * What the staff promotion pages (coupons, coupon campaigns, point promotions) show and link without their
 * forms: the paths (promotion-paths.ts), the state labels, the new forms' starting values and the listings. Apart from the
 * Valibot schemas (promotion-forms.ts, coupon-form.ts), so a page or list importing these loads no Valibot.
 */
import { POINT_PROMO_DEFAULT_COLOR } from "../limits";
import type { ListingDefinition } from "../search/listing";

export { CAMPAIGNS_PATH, COUPONS_PATH, POINT_PROMOS_PATH } from "./promotion-paths";

export type PromotionState = "scheduled" | "running" | "ended";

export const PROMOTION_STATE_LABELS: Record<PromotionState, string> = { scheduled: "開始前", running: "実施中", ended: "終了" };

/** A new campaign's form: a fix discount from any amount. */
export const NEW_CAMPAIGN_VALUES = { type: "fix", minAmount: "0" };

/** A new point promo's form: double points in the default colour, from any amount. */
export const NEW_POINT_PROMO_VALUES = { color: POINT_PROMO_DEFAULT_COLOR, rate: "2", minAmount: "0" };

// ─── Listings ───────────────────────────────────────────────────────────────────────────────

export const PROMOTION_STATE_FILTER = {
  name: "state",
  label: "状態",
  operator: "=",
  type: "choice",
  choices: (Object.keys(PROMOTION_STATE_LABELS) as PromotionState[]).map((value) => ({ value, label: PROMOTION_STATE_LABELS[value] })),
} as const;

export type PromotionSort = "id" | "title" | "starts" | "ends";

export const CAMPAIGN_LISTING: ListingDefinition<PromotionSort> = {
  orderby: ["id", "title", "starts", "ends"],
  defaultOrderby: "id",
  defaultOrdersens: "DESC",
  pageSize: 30,
  filters: [{ name: "q", label: "コード・タイトル", operator: "LIKE", type: "text" }, PROMOTION_STATE_FILTER],
};

export const POINT_PROMO_LISTING: ListingDefinition<PromotionSort> = {
  orderby: ["id", "title", "starts", "ends"],
  defaultOrderby: "id",
  defaultOrdersens: "DESC",
  pageSize: 30,
  filters: [{ name: "q", label: "タイトル", operator: "LIKE", type: "text" }, PROMOTION_STATE_FILTER],
};

export type CouponSort = "id" | "code" | "ends" | "used";

export const COUPON_LISTING: ListingDefinition<CouponSort> = {
  orderby: ["id", "code", "ends", "used"],
  defaultOrderby: "id",
  defaultOrdersens: "DESC",
  pageSize: 30,
  filters: [
    { name: "q", label: "コード・タイトル", operator: "LIKE", type: "text", placeholder: "例：WELCOME" },
    {
      name: "kind",
      label: "適用方法",
      operator: "=",
      type: "choice",
      choices: [
        { value: "code", label: "コード入力" },
        { value: "auto", label: "自動適用" },
      ],
    },
    PROMOTION_STATE_FILTER,
    {
      name: "member",
      label: "会員限定",
      operator: "=",
      type: "choice",
      choices: [
        { value: "1", label: "会員限定" },
        { value: "0", label: "どなたでも" },
      ],
    },
  ],
};
