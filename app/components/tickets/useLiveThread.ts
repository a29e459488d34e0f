import { useMemo, useState } from "react";
import type { LiveTicketState } from "~/core/tickets/ticket-polling";
import type { ThreadMessage } from "~/web/types/tickets";
import { announceMessagesRead } from "./useUnreadMessages";

export type LiveTicket = LiveTicketState;

/** What one poll brought: the messages after the cursor, and the ticket's state when its headers carried it. */
export type PolledThread = { messages: ThreadMessage[]; ticket: LiveTicket | null };

function mergeById(base: ThreadMessage[], extra: ThreadMessage[]): ThreadMessage[] {
  if (extra.length === 0) return base;
  const byId = new Map(base.map((message) => [message.id, message]));
  for (const message of extra) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The thread as it is now: the loader's messages and state, plus what polling (ThreadPolling) brought
 * since, handed to `receive`. The ticket is the loader's or the polled one, either keeping its identity.
 */
export function useLiveThread({ messages, ticket }: { messages: ThreadMessage[]; ticket: LiveTicket }) {
  const [polled, setPolled] = useState<PolledThread>({ messages: [], ticket: null });
  const merged = useMemo(() => mergeById(messages, polled.messages), [messages, polled.messages]);
  const current = polled.ticket && polled.ticket.updated > ticket.updated ? polled.ticket : ticket;
  const receive = (answer: PolledThread) => {
    setPolled((previous) => ({ messages: mergeById(previous.messages, answer.messages), ticket: answer.ticket ?? previous.ticket }));
    // The poll that brought them marked them read: the header's badge drops them now.
    if (answer.messages.length > 0) announceMessagesRead();
  };
  return { messages: merged, ticket: current, since: merged.at(-1)?.id ?? 0, receive };
}
