import type { TicketStatus } from "~/core/tickets/ticket-labels";

/**
 * A ticket's status (対応中 / 終了) as a badge: the ticket's heading and both ticket lists. The status picks
 * its colour; the label (STATUS_LABELS) is the caller's, so the staff list takes it from its loader.
 */
export function StatusBadge({ status, label }: { status: TicketStatus; label: string }) {
  return (
    <span className={`badge whitespace-nowrap ${status === "doing" ? "bg-green-700 text-white" : "bg-gray-500 text-white"}`} data-testid="ticket-status">
      {label}
    </span>
  );
}
