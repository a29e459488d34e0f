/**
 * The member's notification mails as a generic listing (app/core/search/listing.ts): what it can be sorted and
 * filtered by. Shared by the pages, /api/user/mails and the service that turns it into SQL; each member
 * listing has its own module, so a page loads only its own (and its labels).
 */
import type { ListingDefinition } from "~/core/search/listing";

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
