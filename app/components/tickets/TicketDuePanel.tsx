import { formatDateTime, isoDateTime } from "~/core/dates";
import { DESK_SETTINGS_TEXT, type TicketDue } from "~/core/tickets/desk-calendar";

function DueLine({ label, at, done, overdue, testId }: { label: string; at: string | null; done: string | null; overdue: boolean; testId: string }) {
  return (
    <>
      <dt className="font-bold">{label}</dt>
      <dd className="m-0" data-testid={testId}>
        {at ? (
          <time dateTime={isoDateTime(at)} className={overdue ? "font-bold text-red-700" : ""}>
            {formatDateTime(at)}
          </time>
        ) : (
          "目標なし"
        )}
        {overdue ? <span className="badge ml-2 bg-red-100 text-red-800">{DESK_SETTINGS_TEXT.overdue}</span> : null}
        {done ? <span className="ml-2 text-xs text-gray-700">（{done}）</span> : null}
      </dd>
    </>
  );
}

/** The ticket's due times on the staff page (issue 36 item 6), counted in the desk's business hours when it arrived. */
export function TicketDuePanel({ due }: { due: TicketDue }) {
  return (
    <section aria-label="対応期限" className="mb-3 rounded border border-solid border-gray-200 px-3 py-2 text-sm">
      <dl className="m-0 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <DueLine
          label={DESK_SETTINGS_TEXT.dueFirstResponse}
          at={due.firstResponseDueAt}
          done={due.firstRespondedAt ? `${formatDateTime(due.firstRespondedAt)} に返信済み` : null}
          overdue={due.overdue.includes("firstResponse")}
          testId="due-first-response"
        />
        <DueLine
          label={DESK_SETTINGS_TEXT.dueResolution}
          at={due.resolutionDueAt}
          done={null}
          overdue={due.overdue.includes("resolution")}
          testId="due-resolution"
        />
      </dl>
    </section>
  );
}
