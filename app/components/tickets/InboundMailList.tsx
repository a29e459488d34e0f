import { Form, Link } from "@remix-run/react";
import type { InboundListRow } from "~/web/types/tickets";

/**
 * The received support mails (/crm/inbound): each with what became of it and why, its text, a link to its
 * ticket and raw message; a held one with 追加する (into the ticket it names) and 破棄する. Plain forms.
 */
export function InboundMailList({ rows, view, action }: { rows: InboundListRow[]; view: "held" | "all"; action: string }) {
  if (rows.length === 0) {
    return (
      <p className="text-sm text-gray-700" data-testid="inbound-empty">
        {view === "held" ? "保留中のメールはありません。" : "受信したメールはまだありません。"}
      </p>
    );
  }
  return (
    <ul className="m-0 grid list-none gap-3 p-0">
      {rows.map((row) => (
        <li key={row.id} className="card grid gap-2 p-3" data-testid="inbound-mail">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
            <span
              className={`rounded px-2 py-0.5 text-xs ${row.outcome === "held" ? "bg-amber-100 text-amber-900" : "bg-gray-100 text-gray-800"}`}
              data-testid="inbound-outcome"
            >
              {row.outcomeLabel}
            </span>
            <time dateTime={row.receivedAt.iso}>{row.receivedAt.text}</time>
            <span data-testid="inbound-from">{row.fromAddress}</span>
            <span className="text-gray-600">→ {row.toAddress}</span>
          </div>
          <p className="m-0 font-bold" data-testid="inbound-subject">
            {row.subject || "（件名なし）"}
          </p>
          {row.reason && (
            <p className="m-0 text-sm text-amber-900" data-testid="inbound-reason">
              {row.reason}
            </p>
          )}
          {row.body && <p className="m-0 whitespace-pre-wrap break-words text-sm">{row.body}</p>}
          {row.attachmentNotes && <p className="m-0 whitespace-pre-wrap text-xs text-gray-700">{row.attachmentNotes}</p>}
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {row.ticketId != null && <Link to={`/crm/tickets/${row.ticketId}`}>お問い合わせ #{row.ticketId}</Link>}
            {row.hasRaw && (
              <a href={`/crm/inbound/${row.id}/raw`} download>
                メール原本（.eml）
              </a>
            )}
            {row.outcome === "held" && (
              <Form method="post" action={action} className="flex gap-2">
                <input type="hidden" name="id" value={row.id} />
                <input type="hidden" name="view" value={view} />
                {row.acceptable && (
                  <button type="submit" name="intent" value="accept" className="btn-primary">
                    お問い合わせに追加する
                  </button>
                )}
                <button type="submit" name="intent" value="discard" className="btn-secondary">
                  破棄する
                </button>
              </Form>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
