/**
 * The ticket list's tabs by owner (issue 36 item 3): 自分の担当 (unread customer messages first), 未割り当て and
 * すべて, each over the open tickets with its count, and 期限切れ (issue 36 item 6), as canonical listing URLs (they work without JS).
 */
import { listingHref, type ListingQuery } from "~/core/search/listing";
import { parseListingQuery } from "~/core/search/listing-query";
import { OVERDUE_VIEW_HREF, TICKET_LISTING, type TicketSort } from "~/core/tickets/ticket-listing";

const PATH = "/crm/tickets";

export interface OwnerViewTab {
  label: string;
  count: number;
  href: string;
  current: boolean;
}

export function ownerViewTabs(query: ListingQuery<TicketSort>, counts: { mine: number; none: number; all: number; overdue: number }): OwnerViewTab[] {
  const blank = parseListingQuery(TICKET_LISTING, new URLSearchParams());
  const tab = (label: string, count: number, owner: "mine" | "none" | null, orderby: TicketSort = "updated"): OwnerViewTab => ({
    label,
    count,
    href: listingHref(PATH, TICKET_LISTING, blank, { inputs: { owner, status: "doing" }, orderby, ordersens: "DESC" }),
    current: (query.inputs.owner ?? null) === owner && query.inputs.status === "doing" && query.inputs.due == null,
  });
  const overdue = {
    label: "期限切れ",
    count: counts.overdue,
    href: OVERDUE_VIEW_HREF,
    current: query.inputs.due === "overdue" && query.inputs.status === "doing",
  };
  return [tab("自分の担当", counts.mine, "mine", "attention"), tab("未割り当て", counts.none, "none"), tab("すべて", counts.all, null), overdue];
}
