import { useRef } from "react";
import { TICKET_API_HEADER } from "~/core/site/api-header";
import { POLL_INTERVAL_MS } from "~/core/limits";
import { DEFAULT_TICKET_MODULE, ticketStateFromHeaders } from "~/core/tickets/ticket-polling";
import type { ThreadMessage } from "~/web/types/tickets";
import { useHydrated } from "../forms/useHydrated";
import type { PolledThread } from "./useLiveThread";
import { usePolling } from "./usePolling";

/**
 * Keeps a thread fresh: with JS it polls /crm/api/{module}/messages/receive/{ticketId} every 5 s while the
 * tab is visible — the messages after the `since` cursor, the ticket's state in the X-Ticket-* headers,
 * 304 when nothing changed — and hands what came to `onReceive`; without JS (and until its code is there)
 * it is a link reloading the page.
 */
export function ThreadPolling({
  ticketId,
  since,
  updated,
  reloadHref,
  onReceive,
}: {
  ticketId: number;
  since: number;
  updated: number;
  reloadHref: string;
  onReceive: (answer: PolledThread) => void;
}) {
  const hydrated = useHydrated();
  const cursor = useRef({ since, updated });
  cursor.current = { since, updated };

  usePolling(
    async (signal) => {
      const response = await fetch(
        `/crm/api/${DEFAULT_TICKET_MODULE}/messages/receive/${ticketId}?since=${cursor.current.since}&updated=${cursor.current.updated}`,
        {
          cache: "no-store",
          credentials: "same-origin",
          headers: { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value },
          signal,
        },
      );
      if (response.status !== 200) return;
      const messages = (await response.json()) as unknown;
      if (!Array.isArray(messages)) return;
      onReceive({ messages: messages as ThreadMessage[], ticket: ticketStateFromHeaders(response.headers) });
    },
    { intervalMs: POLL_INTERVAL_MS },
  );

  return hydrated ? null : (
    <p className="m-0 text-sm">
      <a href={reloadHref} data-testid="reload-link">
        最新のメッセージを表示（再読み込み）
      </a>
    </p>
  );
}
