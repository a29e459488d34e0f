import { STATUS_LABELS, type TicketStatus } from "~/core/ticket-labels";

/** A ticket's status (対応中 / 終了) as a badge: the ticket's heading and both ticket lists. */
export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span className={`badge whitespace-nowrap ${status === "doing" ? "bg-green-700 text-white" : "bg-gray-500 text-white"}`} data-testid="ticket-status">
      {STATUS_LABELS[status]}
    </span>
  );
}
