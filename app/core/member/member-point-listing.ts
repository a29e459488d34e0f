/**
 * The member's point ledger as a generic listing (app/core/search/listing.ts): what it can be sorted and filtered
 * by. Shared by the page, /api/user/points and the service that turns it into SQL.
 */
import { labelledChoices, type ListingDefinition } from "~/core/search/listing";
import { POINT_KIND_LABELS } from "~/core/member/point-ledger";

/** The point ledger. */
export const POINT_LISTING = {
  orderby: ["date_created", "amount"],
  defaultOrderby: "date_created",
  defaultOrdersens: "DESC",
  pageSize: 20,
  filters: [
    { name: "date_created", label: "日付", operator: "BETWEEN", type: "date" },
    {
      name: "kind",
      label: "種類",
      operator: "=",
      type: "choice",
      choices: labelledChoices(POINT_KIND_LABELS),
    },
  ],
} as const satisfies ListingDefinition<"date_created" | "amount">;

export type PointSort = (typeof POINT_LISTING.orderby)[number];
