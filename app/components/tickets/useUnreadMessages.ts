import { useEffect, useState } from "react";
import { POLL_INTERVAL_MS } from "~/core/limits";
import { TICKET_API_HEADER } from "~/core/api-header";
import { usePolling } from "./usePolling";

export const LOAD_NEW_MESSAGES_URL = "/crm/api/customers/messages/load-new-messages";

/**
 * The unread-message count for the navigation badge (spec screen 15, §6, §7): the root loader's count,
 * then the length of /crm/api/customers/messages/load-new-messages polled every 5 s while the tab is
 * visible. `cache: "no-cache"` lets the browser revalidate with the ETag, so an unchanged list is a 304.
 */
export function useUnreadMessages(initial: number, enabled: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  usePolling(
    async (signal) => {
      const response = await fetch(LOAD_NEW_MESSAGES_URL, {
        cache: "no-cache",
        credentials: "same-origin",
        headers: { Accept: "application/json", [TICKET_API_HEADER.name]: TICKET_API_HEADER.value },
        signal,
      });
      if (!response.ok) return;
      const list = (await response.json()) as unknown;
      if (Array.isArray(list)) setCount(list.length);
    },
    { intervalMs: POLL_INTERVAL_MS, enabled },
  );
  return count;
}
