/** Staff's list of merchants (/crm/merchants): its filters and sort orders, apart from the form's schema (merchant-accounts.ts). */
import { labelledChoices, type ListingDefinition } from "../search/listing";
import { MERCHANT_STATUS_LABELS } from "./merchant-status";

export const MERCHANT_LISTING = {
  orderby: ["name", "created", "updated"],
  defaultOrderby: "name",
  defaultOrdersens: "ASC",
  pageSize: 30,
  filters: [
    { name: "name", label: "名前", operator: "LIKE", type: "text", placeholder: "出店者名・事業者名（一部でも可）" },
    { name: "status", label: "状態", operator: "=", type: "choice", choices: labelledChoices(MERCHANT_STATUS_LABELS, ["active", "suspended"]) },
  ],
} as const satisfies ListingDefinition<"name" | "created" | "updated">;

export type MerchantSort = (typeof MERCHANT_LISTING.orderby)[number];
