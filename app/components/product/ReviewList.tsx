import { Link } from "@remix-run/react";
import { formatDateJa } from "~/core/dates";
import type { ProductReview } from "~/services/reviews.server";
import { Gallery } from "../images/Gallery";
import { ReviewStars } from "../ReviewStars";

/**
 * Reviews with member nickname, date, rating and photos (tapping one opens the previewer; without JS it
 * opens the image); staff replies are labelled as staff. HTML is pre-sanitised.
 */
export function ReviewList({
  reviews,
  average,
  count,
  page,
  pages,
  pageHref,
}: {
  reviews: ProductReview[];
  average: number;
  count: number;
  page: number;
  pages: number;
  pageHref: (page: number) => string;
}) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-10">
      <h2 id="reviews-heading" className="text-lg">
        レビュー（{count}件）
      </h2>
      {count > 0 ? (
        <p className="flex items-center gap-2">
          <ReviewStars average={average} count={count} />
          <span className="text-sm">平均 {average.toFixed(1)}</span>
        </p>
      ) : (
        <p className="text-sm text-gray-600">まだレビューはありません。</p>
      )}
      <ul className="m-0 grid gap-4 p-0">
        {reviews.map((review) => (
          <li key={review.id} className="card list-none p-3" data-testid="review">
            <div className="flex flex-wrap items-center gap-x-3 text-sm">
              <ReviewStars average={review.rate} />
              <strong>{review.title}</strong>
            </div>
            <p className="m-0 text-xs text-gray-600">
              {review.byline}・{formatDateJa(review.dateCreated)}
            </p>
            <div className="text-sm" dangerouslySetInnerHTML={{ __html: review.reviewHtml }} />
            <Gallery items={review.gallery} label={`${review.byline}の写真`} />
            {review.commentHtml ? (
              <div className="mt-2 rounded bg-gray-50 p-2 text-sm" data-testid="staff-reply">
                <p className="m-0 text-xs font-bold">
                  <span className="badge bg-gray-700 text-white">スタッフ</span> ショップからの返信
                </p>
                <div dangerouslySetInnerHTML={{ __html: review.commentHtml }} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav aria-label="レビューのページ" className="mt-3 flex justify-between text-sm">
          {page > 0 ? <Link to={pageHref(page - 1)}>← 新しいレビュー</Link> : <span />}
          <span>
            {page + 1} / {pages}
          </span>
          {page + 1 < pages ? <Link to={pageHref(page + 1)}>以前のレビュー →</Link> : <span />}
        </nav>
      ) : null}
    </section>
  );
}
