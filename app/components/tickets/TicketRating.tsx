import { formatDateTime } from "~/core/dates";
import { resolvedLabel, scoreLabel } from "~/core/tickets/satisfaction";

/** Staff's view of the customer's answer to the satisfaction mail (issue 36 item 10): score, 解決した or not, comment. */
export function TicketRating({ rating }: { rating: { score: number; resolved: boolean | null; comment: string | null; createdAt: Date | string } }) {
  return (
    <section aria-labelledby="ticket-rating-heading" className="card mb-3 grid gap-1 p-3 text-sm" data-testid="ticket-rating">
      <h2 id="ticket-rating-heading" className="m-0 text-base">
        お客様の評価
      </h2>
      <p className="m-0">
        評価：<strong data-testid="ticket-rating-score">{`${rating.score}（${scoreLabel(rating.score)}）`}</strong>／解決：
        <span data-testid="ticket-rating-resolved">{resolvedLabel(rating.resolved)}</span>
        <span className="ml-2 text-gray-600">{formatDateTime(rating.createdAt)}</span>
      </p>
      {rating.comment ? (
        <blockquote className="m-0 whitespace-pre-wrap border-l-4 border-l-solid border-gray-300 pl-2" data-testid="ticket-rating-comment">
          {rating.comment}
        </blockquote>
      ) : null}
    </section>
  );
}
