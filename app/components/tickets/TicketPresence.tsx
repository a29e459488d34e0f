import { useCallback, useEffect, useRef, useState } from "react";
import { TICKET_API_HEADER } from "~/core/site/api-header";
import { PRESENCE_BEAT_MS, presenceText, type PresentColleague } from "~/core/tickets/ticket-presence";
import { usePolling } from "./usePolling";

/**
 * Who else has this ticket open on the staff page, and who is typing a reply (issue 36 item 7; JS only):
 * the page beats /crm/api/tickets/presence/{id} every few seconds while visible — at once when it opens and
 * when its reply box is first typed in — and shows the colleagues the answer names. A reply sent meanwhile
 * is still guarded on the server (a newer message stops it).
 */
export function TicketPresence({ ticketId }: { ticketId: number }) {
  const [colleagues, setColleagues] = useState<PresentColleague[]>([]);
  const typedSinceBeat = useRef(false);

  const beat = useCallback(
    async (signal?: AbortSignal) => {
      const body = new URLSearchParams({ typing: typedSinceBeat.current ? "1" : "0" });
      typedSinceBeat.current = false;
      const response = await fetch(`/crm/api/tickets/presence/${ticketId}`, {
        method: "POST",
        body,
        credentials: "same-origin",
        headers: { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value },
        signal,
      });
      if (response.status !== 200) return;
      const answer = (await response.json()) as { colleagues?: PresentColleague[] };
      setColleagues(Array.isArray(answer.colleagues) ? answer.colleagues : []);
    },
    [ticketId],
  );
  usePolling(beat, { intervalMs: PRESENCE_BEAT_MS });

  useEffect(() => {
    void beat().catch(() => undefined);
    // The reply box (#reply, an island of its own) may appear after this one: listen on the document.
    const onInput = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest("#reply")) return;
      const first = !typedSinceBeat.current;
      typedSinceBeat.current = true;
      if (first) void beat().catch(() => undefined);
    };
    document.addEventListener("input", onInput);
    return () => document.removeEventListener("input", onInput);
  }, [beat]);

  if (colleagues.length === 0) return null;
  return (
    <div role="status" className="mb-3 grid gap-1 rounded bg-sky-50 px-3 py-2 text-sm" data-testid="ticket-presence">
      {colleagues.map((colleague) => (
        <p key={colleague.id} className="m-0">
          {presenceText(colleague)}
        </p>
      ))}
    </div>
  );
}
