import { useUnreadMessages } from "../tickets/useUnreadMessages";
import { CountBadge } from "./CountBadge";

/**
 * The header's new-message count for a customer: the page's count, then followed every 5 s (paused in hidden
 * tabs). An island of the header (its polling loads after the first load; the server's count shows meanwhile).
 */
export function SupportBadge({ initial, follow }: { initial: number; follow: boolean }) {
  return <CountBadge count={useUnreadMessages(initial, follow)} label="新着メッセージ" />;
}
