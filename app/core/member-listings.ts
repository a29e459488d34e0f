/**
 * The member area's listings (generic listing, app/core/listing.ts): what each can be sorted and filtered
 * by. Shared by the pages, their /api/user/* JSON forms and the services that turn them into SQL.
 */
import { labelledChoices, type ListingDefinition } from "~/core/listing";
import { ORDER_STATUS_LABELS } from "~/core/orders";
import { POINT_KIND_LABELS } from "~/core/point-ledger";

/** Notification mails (spec screen 13): the four filter operators of spec §3 are the mail's fields. */
export const MAIL_LISTING = {
  orderby: ["date_created", "title", "readed"],
  defaultOrderby: "date_created",
  defaultOrdersens: "DESC",
  pageSize: 20,
  filters: [
    { name: "title", label: "件名", operator: "LIKE", type: "text", placeholder: "例：発送" },
    { name: "content", label: "本文", operator: "LIKE", type: "text", placeholder: "例：クーポン" },
    { name: "date_created", label: "受信日", operator: "BETWEEN", type: "date" },
    {
      name: "readed",
      label: "既読状態",
      operator: "=",
      type: "choice",
      choices: [
        { value: "0", label: "未読" },
        { value: "1", label: "既読" },
      ],
    },
  ],
} as const satisfies ListingDefinition<"date_created" | "title" | "readed">;

export type MailSort = (typeof MAIL_LISTING.orderby)[number];

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
