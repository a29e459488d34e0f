import { Link } from "@remix-run/react";
import { CONFIRMATION_LABELS, STATUS_LABELS } from "~/core/tickets/ticket-labels";
import type { CustomerTicketSummary } from "~/web/types/tickets";
import { formatDateTime } from "~/core/dates";
import { StatusBadge } from "./StatusBadge";

/** The member's tickets on /user/support, newest activity first, unread staff replies counted. */
export function CustomerTicketList({ tickets }: { tickets: CustomerTicketSummary[] }) {
  if (tickets.length === 0) return null;
  return (
    <section aria-labelledby="history-heading" className="mb-8">
      <h2 id="history-heading" className="text-lg">
        お問い合わせ履歴
      </h2>
      <ul className="m-0 grid gap-2 p-0" data-testid="ticket-list">
        {tickets.map((ticket) => (
          <li key={ticket.id} className="min-w-0 list-none">
            <Link
              to={`/user/support/${ticket.id}`}
              className="card block overflow-hidden p-3 text-gray-900 no-underline hover:bg-gray-50"
              data-testid="ticket-row"
            >
              <span className="flex flex-wrap items-center gap-2 text-sm">
                <strong>#{ticket.id}</strong>
                <StatusBadge status={ticket.status} label={STATUS_LABELS[ticket.status]} />
                {ticket.confirmation ? (
                  <span className="badge whitespace-nowrap bg-amber-100 text-amber-900">{CONFIRMATION_LABELS[ticket.confirmation]}</span>
                ) : null}
                {ticket.unread > 0 ? (
                  <span className="badge whitespace-nowrap bg-brand text-white" data-testid="ticket-unread">
                    新着 {ticket.unread}件
                  </span>
                ) : null}
                <span className="ml-auto text-xs text-gray-600">
                  更新 <time dateTime={ticket.updatedAt}>{formatDateTime(ticket.updatedAt)}</time>
                </span>
              </span>
              <span className="mt-1 block text-sm font-bold">
                {ticket.category}・{ticket.trouble}
              </span>
              <span className="block truncate text-xs text-gray-700">{ticket.lastMessage}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
