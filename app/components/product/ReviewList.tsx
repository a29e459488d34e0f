import type { ProductReview } from "~/web/types/product";
import { ReviewStars } from "../ReviewStars";
import { REVIEW_PHOTO_ATTRIBUTE } from "./ServerMarkup";

/**
 * Reviews with member nickname, date, rating and photos; staff replies are labelled as staff. HTML is
 * pre-sanitised. Rendered on the server only (ServerMarkup keeps the markup as it is), so it uses plain
 * links: a photo opens the image (with JS, the previewer), paging goes to the page.
 */
export function ReviewList({
  reviews,
  average,
  count,
  page,
  pages,
  path,
}: {
  reviews: ProductReview[];
  average: number;
  count: number;
  page: number;
  pages: number;
  /** The product page's path, for the paging links. */
  path: string;
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
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {pages > 1 ? <ReviewPager page={page} pages={pages} path={path} /> : null}
    </section>
  );
}

/** One review: rating, title, byline, text, photos and the shop's reply. */
function ReviewItem({ review }: { review: ProductReview }) {
  return (
    <li className="card list-none p-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 text-sm">
        <ReviewStars average={review.rate} />
        <strong>{review.title}</strong>
      </div>
      <p className="m-0 text-xs text-gray-600">
        {review.byline}・{review.dateLabel}
      </p>
      <div className="text-sm" dangerouslySetInnerHTML={{ __html: review.reviewHtml }} />
      {review.gallery.length > 0 ? <ReviewPhotos review={review} /> : null}
      {review.commentHtml ? (
        <div className="mt-2 rounded bg-gray-50 p-2 text-sm" data-testid="staff-reply">
          <p className="m-0 text-xs font-bold">
            <span className="badge bg-gray-700 text-white">スタッフ</span> ショップからの返信
          </p>
          <div dangerouslySetInnerHTML={{ __html: review.commentHtml }} />
        </div>
      ) : null}
    </li>
  );
}

/** A review's photos, each a plain link to the image (with JS, the previewer opens it). */
function ReviewPhotos({ review }: { review: ProductReview }) {
  return (
    <ul className="m-0 mt-2 flex flex-wrap gap-2 p-0" aria-label={`${review.byline}の写真`}>
      {review.gallery.map((photo, index) => (
        <li key={photo.id} className="list-none">
          <a
            href={photo.thumbnail_xl}
            target="_blank"
            rel="noopener noreferrer"
            {...{ [REVIEW_PHOTO_ATTRIBUTE]: "", "data-width": photo.width ?? undefined, "data-height": photo.height ?? undefined }}
            className="block h-20 w-20 overflow-hidden rounded border border-solid border-gray-300 bg-gray-100"
            aria-label={`${review.byline}の写真 ${index + 1}を拡大表示`}
          >
            <img src={photo.thumbnail_m} alt="" width={80} height={80} loading="lazy" className="h-full w-full object-cover" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Newer / older review pages: plain links back to the product page at its reviews. */
function ReviewPager({ page, pages, path }: { page: number; pages: number; path: string }) {
  const pageHref = (target: number) => `${path}?rpage=${target}#reviews`;
  return (
    <nav aria-label="レビューのページ" className="mt-3 flex justify-between text-sm">
      {page > 0 ? <a href={pageHref(page - 1)}>← 新しいレビュー</a> : <span />}
      <span>
        {page + 1} / {pages}
      </span>
      {page + 1 < pages ? <a href={pageHref(page + 1)}>以前のレビュー →</a> : <span />}
    </nav>
  );
}
