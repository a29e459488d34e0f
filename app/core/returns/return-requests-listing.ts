/** Staff's return request list (generic listing), apart from the return rules (return-requests.ts). */
import { labelledChoices, type ListingDefinition } from "../search/listing";
import { RETURN_KINDS, RETURN_STATUS_LABELS } from "./return-labels";

/** Staff's /crm/returns: newest first, by status, kind and date. */
export const RETURN_REQUESTS_LISTING = {
  orderby: ["date_created"],
  defaultOrderby: "date_created",
  defaultOrdersens: "DESC",
  pageSize: 30,
  filters: [
    { name: "status", label: "状態", operator: "=", type: "choice", choices: labelledChoices(RETURN_STATUS_LABELS) },
    { name: "kind", label: "種類", operator: "=", type: "choice", choices: labelledChoices(RETURN_KINDS) },
    { name: "date_created", label: "申込日", operator: "BETWEEN", type: "date" },
  ],
} as const satisfies ListingDefinition<"date_created">;
export type ReturnRequestsSort = (typeof RETURN_REQUESTS_LISTING.orderby)[number];
