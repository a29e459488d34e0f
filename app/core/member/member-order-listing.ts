/**
 * The member's past orders as a generic listing (app/core/search/listing.ts): what it can be sorted and filtered
 * by. Shared by the page, /api/user/orders and the service that turns it into SQL.
 */
import { labelledChoices, type ListingDefinition } from "~/core/search/listing";
import { ORDER_STATUS_LABELS } from "~/core/orders/orders";

/** Past orders: `title` matches the title of any item in the order. */
export const ORDER_LISTING = {
  orderby: ["date_created", "total"],
  defaultOrderby: "date_created",
  defaultOrdersens: "DESC",
  pageSize: 10,
  filters: [
    { name: "title", label: "商品名", operator: "LIKE", type: "text", placeholder: "例：タオル" },
    { name: "date_created", label: "注文日", operator: "BETWEEN", type: "date" },
    {
      name: "status",
      label: "状態",
      operator: "=",
      type: "choice",
      choices: labelledChoices(ORDER_STATUS_LABELS),
    },
  ],
} as const satisfies ListingDefinition<"date_created" | "total">;

export type OrderSort = (typeof ORDER_LISTING.orderby)[number];
