import { formatDateTime, isoDateTime } from "~/core/dates";
import { DESK_SETTINGS_TEXT, type NextDue } from "~/core/tickets/desk-calendar";

const KIND_LABELS = { firstResponse: DESK_SETTINGS_TEXT.dueFirstResponse, resolution: DESK_SETTINGS_TEXT.dueResolution } as const;

/** A ticket's due time that matters now (staff only): 「初回返信期限 11/30 12:00」, marked 期限切れ once passed. */
export function DueTime({ due }: { due: NextDue | null }) {
  if (!due) return <span className="text-gray-500">—</span>;
  return (
    <span className="grid gap-0.5" data-testid="ticket-due">
      <span className="text-gray-700">{KIND_LABELS[due.kind]}</span>
      <time dateTime={isoDateTime(due.at)} className={due.overdue ? "font-bold text-red-700" : ""}>
        {formatDateTime(due.at)}
      </time>
      {due.overdue ? <span className="badge w-fit bg-red-100 text-red-800">{DESK_SETTINGS_TEXT.overdue}</span> : null}
    </span>
  );
}
