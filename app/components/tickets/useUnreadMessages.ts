import { useEffect, useRef, useState } from "react";
import { POLL_INTERVAL_MS } from "~/core/limits";
import { TICKET_API_HEADER } from "~/core/site/api-header";
import { usePolling } from "./usePolling";

export const LOAD_NEW_MESSAGES_URL = "/crm/api/customers/messages/load-new-messages";

/** Dispatched on `window` when an open thread has read replies that arrived (useLiveThread): the badge asks again at once. */
const MESSAGES_READ_EVENT = "ticket-messages-read";

/** Tells the header's badge that replies were just read, so it drops them now rather than at its next poll. */
export function announceMessagesRead(): void {
  window.dispatchEvent(new Event(MESSAGES_READ_EVENT));
}

/**
 * The unread-message count for the navigation badge (spec screen 15, §6, §7): the root loader's count,
 * then the length of /crm/api/customers/messages/load-new-messages polled every 5 s while the tab is
 * visible, and at once when an open thread has read new replies. `cache: "no-cache"` lets the browser
 * revalidate with the ETag, so an unchanged list is a 304.
 */
export function useUnreadMessages(initial: number, enabled: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  const load = useRef(async (signal: AbortSignal) => {
    const response = await fetch(LOAD_NEW_MESSAGES_URL, {
      cache: "no-cache",
      credentials: "same-origin",
      headers: { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value },
      signal,
    });
    if (!response.ok) return;
    const list = (await response.json()) as unknown;
    if (Array.isArray(list)) setCount(list.length);
  }).current;
  usePolling(load, { intervalMs: POLL_INTERVAL_MS, enabled });
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    // A failed request is retried by the next poll.
    const askAgain = () => void load(controller.signal).catch(() => undefined);
    window.addEventListener(MESSAGES_READ_EVENT, askAgain);
    return () => {
      window.removeEventListener(MESSAGES_READ_EVENT, askAgain);
      controller.abort();
    };
  }, [enabled, load]);
  return count;
}
