/** The outbox's listing, apart from mail-outbox.ts so a message's page (its labels, its resend form) loads no listing code. */
import { labelledChoices, type ListingDefinition } from "../search/listing";
import { MAIL_KIND_LABELS, MAIL_STATUS_LABELS } from "./mail-outbox";

/**
 * The outbox as a generic listing (staff's /crm/mail-outbox, the local /dev/mailbox): newest first,
 * filtered by status, recipient (part of the address), kind and the day it was written.
 */
export const MAIL_OUTBOX_LISTING = {
  orderby: ["date_created", "sent", "attempts"],
  defaultOrderby: "date_created",
  defaultOrdersens: "DESC",
  pageSize: 30,
  filters: [
    { name: "status", label: "状態", operator: "=", type: "choice", choices: labelledChoices(MAIL_STATUS_LABELS, ["pending", "sending", "sent", "failed"]) },
    { name: "to", label: "宛先", operator: "LIKE", type: "text", placeholder: "メールアドレス（一部でも可）" },
    { name: "kind", label: "種類", operator: "=", type: "choice", choices: labelledChoices(MAIL_KIND_LABELS) },
    { name: "date_created", label: "作成日", operator: "BETWEEN", type: "date" },
  ],
} as const satisfies ListingDefinition<"date_created" | "sent" | "attempts">;

export type MailOutboxSort = (typeof MAIL_OUTBOX_LISTING.orderby)[number];
