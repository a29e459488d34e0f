/** The staff ticket list's definition (generic listing), apart from the ticket rules (tickets.ts). */
import { labelledChoices, listingHref, type ListingDefinition } from "~/core/search/listing";
import { parseListingQuery } from "~/core/search/listing-query";
import { TICKET_CATEGORIES } from "~/core/tickets/ticket-categories";
import { CONFIRMATION_LABELS, PRIORITY_LABELS, STATUS_LABELS, type TicketPriority } from "~/core/tickets/ticket-labels";
import { OWNER_VIEWS } from "~/core/tickets/ticket-owners";

/**
 * /crm/tickets: sortable by last activity, creation, priority (high first when DESC), status, number, and
 * "attention" (tickets with unread customer messages first, then by last activity: an owner's view);
 * filtered by owner (the viewer's, nobody's), due times passed (期限切れ), status, priority, confirmation, category,
 * unread customer messages, the customer (name or e-mail), the order's number, a tag, キーワード (every word in the
 * customer, the order's number, the request, a message or a note: ticket-search.server.ts) and the day it arrived.
 * Every view is a GET URL.
 */
export const TICKET_LISTING = {
  orderby: ["updated", "date_created", "priority", "status", "id", "attention"],
  defaultOrderby: "updated",
  defaultOrdersens: "DESC",
  pageSize: 20,
  filters: [
    { name: "owner", label: "担当", operator: "=", type: "choice", choices: OWNER_VIEWS.map((view) => ({ value: view.value, label: view.label })) },
    { name: "due", label: "期限", operator: "=", type: "choice", choices: [{ value: "overdue", label: "期限切れ" }] },
    { name: "status", label: "状態", operator: "=", type: "choice", choices: labelledChoices(STATUS_LABELS, ["doing", "close"]) },
    {
      name: "priority",
      label: "優先度",
      operator: "=",
      type: "choice",
      choices: labelledChoices(PRIORITY_LABELS, ["high", "medium", "low"]),
    },
    {
      name: "confirmation",
      label: "解決確認",
      operator: "=",
      type: "choice",
      choices: labelledChoices(CONFIRMATION_LABELS, ["waiting", "resolved", "unresolved"]),
    },
    { name: "category", label: "種類", operator: "=", type: "choice", choices: TICKET_CATEGORIES.map((value) => ({ value, label: value })) },
    { name: "unread", label: "未読", operator: "=", type: "choice", choices: [{ value: "1", label: "未読メッセージあり" }] },
    { name: "customer", label: "お客様", operator: "LIKE", type: "text", placeholder: "名前またはメールアドレス" },
    { name: "order", label: "注文番号", operator: "LIKE", type: "text", placeholder: "例：20261120-0004" },
    { name: "tag", label: "タグ", operator: "LIKE", type: "text", placeholder: "例：返品" },
    { name: "content", label: "キーワード", operator: "LIKE", type: "text", placeholder: "本文・メモ・お客様・注文番号" },
    { name: "date_created", label: "受付日", operator: "BETWEEN", type: "date" },
  ],
} as const satisfies ListingDefinition<"updated" | "date_created" | "priority" | "status" | "id" | "attention">;
export type TicketSort = (typeof TICKET_LISTING.orderby)[number];

/** The open tickets past a due time, most urgent first (the 期限切れ tab and the /crm navigation's badge link). */
export const OVERDUE_VIEW_HREF = listingHref("/crm/tickets", TICKET_LISTING, parseListingQuery(TICKET_LISTING, new URLSearchParams()), {
  inputs: { due: "overdue", status: "doing" },
  orderby: "priority",
  ordersens: "DESC",
});

/** Sort rank of a priority: high first when sorted DESC. */
export const PRIORITY_RANK: Record<TicketPriority, number> = { high: 3, medium: 2, low: 1 };
