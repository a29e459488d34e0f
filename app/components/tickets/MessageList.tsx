import { useEffect, useRef } from "react";
import { THREAD_SCROLL_DELAY_MS } from "~/core/limits";
import { LATEST_MESSAGE_ANCHOR } from "~/core/site/result-anchor";
import type { ThreadMessage } from "~/web/types/tickets";
import { formatDateTime } from "~/core/dates";
import { island } from "../island";

// The attachments' thumbnails show as the server drew them (links to the full images) until the code that
// opens them in the previewer arrives.
const Gallery = island(() => import("../images/Gallery").then((module) => module.Gallery));

/**
 * The messages of a ticket (spec screen 2), oldest first, each with its sender (staff are カスタマーサービス)
 * and attachments. New messages are announced politely; the view scrolls to the last message 1 s after
 * it is shown and when new ones arrive.
 */
export function MessageList({ messages }: { messages: ThreadMessage[] }) {
  const endRef = useRef<HTMLDivElement>(null);
  const count = useRef(messages.length);
  useEffect(() => {
    const timer = setTimeout(() => endRef.current?.scrollIntoView({ block: "end" }), THREAD_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (messages.length > count.current) endRef.current?.scrollIntoView({ block: "end", behavior: "smooth" });
    count.current = messages.length;
  }, [messages.length]);
  return (
    <section aria-labelledby="messages-heading">
      <h2 id="messages-heading" className="text-base">
        メッセージ
      </h2>
      <ol className="m-0 grid gap-3 p-0" aria-live="polite" aria-relevant="additions" data-testid="messages">
        {messages.map((message, index) => {
          const staff = message.fromadmin != null;
          return (
            <li
              key={message.id}
              id={index === messages.length - 1 ? LATEST_MESSAGE_ANCHOR : undefined}
              className={`list-none rounded-lg p-3 ${staff ? "mr-6 bg-gray-100" : "ml-6 bg-brand-light"}`}
              data-testid="message"
              data-from={staff ? "staff" : "customer"}
            >
              <p className="m-0 flex flex-wrap items-baseline gap-x-2 text-xs text-gray-700">
                <strong className="text-sm text-gray-900" data-testid="message-sender">
                  {message.name}
                </strong>
                <time dateTime={message.date_created}>{formatDateTime(message.date_created)}</time>
              </p>
              {message.message ? (
                <p className="m-0 mt-1 whitespace-pre-wrap break-words text-sm" data-testid="message-text">
                  {message.message}
                </p>
              ) : null}
              <Gallery items={message.gallery} label={`${message.name}からの添付画像`} />
            </li>
          );
        })}
      </ol>
      <div ref={endRef} />
    </section>
  );
}
