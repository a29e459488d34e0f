import { RETURN_STATUS_LABELS } from "~/core/returns/return-labels";
import type { ReturnRequestView } from "~/web/types/returns";

const STATUS_COLOURS: Record<ReturnRequestView["status"], string> = {
  requested: "bg-yellow-50 text-yellow-900",
  approved: "bg-blue-50 text-blue-900",
  refused: "bg-gray-100 text-gray-800",
  received: "bg-green-50 text-green-900",
};

/** A return request's state as a badge: the request's card and the staff's list of requests. */
export function ReturnStatusBadge({ status }: { status: ReturnRequestView["status"] }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-bold ${STATUS_COLOURS[status]}`} data-testid="return-status">
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}
