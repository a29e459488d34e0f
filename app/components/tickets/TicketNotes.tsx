import { useEffect, useId, useRef } from "react";
import { formatDateTime, isoDateTime } from "~/core/dates";
import { NOTE_MAX_LENGTH, NOTE_TEXT, NOTES_ANCHOR } from "~/core/tickets/ticket-notes";
import type { ThreadActionData, TicketNote } from "~/web/types/tickets";
import { ConnectionNotice } from "../connection/ConnectionNotice";
import { useShopFetcher } from "../connection/useShopFetcher";

interface Colleague {
  id: number;
  name: string;
}

/**
 * The ticket's internal notes on the staff page (issue 36 item 4): what colleagues wrote for each other, and
 * a form to add one, telling the colleagues chosen (or @mentioned) with an in-app notice. Only the staff
 * route renders it; the customer's page is never given the notes. Without JS the form posts and comes back
 * here (#notes); with JS a fetcher, the list refreshed by the page's reload.
 */
export function TicketNotes({
  notes,
  colleagues,
  viewerId,
  action,
  pageError,
}: {
  notes: TicketNote[];
  colleagues: Colleague[];
  viewerId: number;
  action: string;
  pageError: ThreadActionData | null;
}) {
  const fetcher = useShopFetcher<ThreadActionData>({ key: "ticket-note" });
  const formRef = useRef<HTMLFormElement>(null);
  const noteId = useId();
  const errorId = useId();
  const result = fetcher.data ?? (pageError?.intent === "note" ? pageError : null);
  const error = result && !result.ok ? result : null;
  const added = fetcher.state === "idle" && fetcher.data?.ok === true;

  useEffect(() => {
    if (added) formRef.current?.reset();
  }, [added]);

  const others = colleagues.filter((colleague) => colleague.id !== viewerId);
  return (
    <section id={NOTES_ANCHOR} aria-labelledby="ticket-notes-heading" className="mb-3 grid gap-2 rounded bg-amber-50 p-3 text-sm" data-testid="ticket-notes">
      <h2 id="ticket-notes-heading" className="m-0 text-base">
        {NOTE_TEXT.heading}
        <span className="ml-2 text-xs font-normal text-gray-700">{NOTE_TEXT.hint}</span>
      </h2>
      {notes.length > 0 ? (
        <ol className="m-0 grid list-none gap-2 p-0">
          {notes.map((note) => (
            <li key={note.id} id={`note-${note.id}`} className="rounded bg-white p-2" data-testid="ticket-note">
              <p className="m-0 text-xs text-gray-700">
                {note.author}・<time dateTime={isoDateTime(note.createdAt)}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="m-0 whitespace-pre-wrap break-words">{note.body}</p>
              {note.notified.length > 0 ? <p className="m-0 text-xs text-gray-700">通知：{note.notified.join("、")}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <fetcher.Form ref={formRef} method="post" action={action} className="grid gap-2" aria-label="社内メモを残す">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor={noteId} className="font-bold">
          メモ
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={3}
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={error?.message ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="field"
        />
        {error ? (
          <p id={errorId} role="alert" className="field-error m-0">
            {error.error}
          </p>
        ) : null}
        {others.length > 0 ? (
          <fieldset className="m-0 flex flex-wrap gap-3 border-0 p-0">
            <legend className="mb-1 p-0 text-xs text-gray-700">知らせる同僚（本文に「@姓」と書いても知らせます）</legend>
            {others.map((colleague) => (
              <label key={colleague.id} className="flex items-center gap-1">
                <input type="checkbox" name="mention" value={colleague.id} />
                {colleague.name}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="flex items-center gap-3">
          <button type="submit" className="btn-secondary" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "保存中…" : "メモを残す"}
          </button>
          {added ? (
            <span role="status" className="text-green-800">
              {NOTE_TEXT.added}
            </span>
          ) : null}
        </div>
        <ConnectionNotice failed={fetcher.failed} onRetry={fetcher.retry} />
      </fetcher.Form>
    </section>
  );
}
