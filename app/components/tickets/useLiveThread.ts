import { useMemo, useRef, useState } from "react";
import { POLL_INTERVAL_MS } from "~/core/limits";
import { DEFAULT_TICKET_MODULE, TICKET_API_HEADER, ticketStateFromHeaders, type LiveTicketState, type TicketModule } from "~/core/tickets";
import type { ThreadMessage } from "~/web/types/tickets";
import { usePolling } from "./usePolling";

export type LiveTicket = LiveTicketState;

function mergeById(base: ThreadMessage[], extra: ThreadMessage[]): ThreadMessage[] {
  if (extra.length === 0) return base;
  const byId = new Map(base.map((message) => [message.id, message]));
  for (const message of extra) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The thread as it is now: the loader's messages and state, plus what polling
 * /crm/api/{module}/messages/receive/{ticketId} brought since: the list of messages after the `since`
 * cursor, the ticket's state in the X-Ticket-* headers, 304 when nothing changed. Polls every 5 s while
 * the tab is visible.
 */
export function useLiveThread({
  ticketId,
  module = DEFAULT_TICKET_MODULE,
  messages,
  ticket,
  enabled = true,
}: {
  ticketId: number;
  module?: TicketModule;
  messages: ThreadMessage[];
  ticket: LiveTicket;
  enabled?: boolean;
}) {
  const [polled, setPolled] = useState<{ messages: ThreadMessage[]; ticket: LiveTicket | null }>({ messages: [], ticket: null });
  const merged = useMemo(() => mergeById(messages, polled.messages), [messages, polled.messages]);
  const current = polled.ticket && polled.ticket.updated > ticket.updated ? polled.ticket : ticket;
  const cursor = useRef({ since: 0, updated: 0 });
  cursor.current = { since: merged.at(-1)?.id ?? 0, updated: current.updated };

  usePolling(
    async (signal) => {
      const { since, updated } = cursor.current;
      const response = await fetch(`/crm/api/${module}/messages/receive/${ticketId}?since=${since}&updated=${updated}`, {
        cache: "no-store",
        credentials: "same-origin",
        headers: { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value },
        signal,
      });
      if (response.status !== 200) return;
      const messages = (await response.json()) as unknown;
      const state = ticketStateFromHeaders(response.headers);
      if (!Array.isArray(messages)) return;
      setPolled((previous) => ({ messages: mergeById(previous.messages, messages as ThreadMessage[]), ticket: state ?? previous.ticket }));
    },
    { intervalMs: POLL_INTERVAL_MS, enabled },
  );

  return { messages: merged, ticket: current };
}
