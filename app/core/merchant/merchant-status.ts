/** A merchant account's status and staff's merchant pages, as the pages show them (no Valibot: the form's schema is in merchant-accounts.ts). */

/** Staff's merchant pages. */
export const CRM_MERCHANTS_PATH = "/crm/merchants";

export type MerchantStatus = "active" | "suspended";

export const MERCHANT_STATUS_LABELS: Record<MerchantStatus, string> = {
  active: "取引中",
  suspended: "販売停止中",
};
