/**
 * Published reviews of a product (spec §3 Review: id, nickname, date_created, title, rate, review, gallery,
 * comment, comment_user) as statements to run inside the caller's D1 batch: a page of reviews, their
 * photos (review media in R2) and the count/average. HTML is sanitised here, once.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { formatDateJa } from "~/core/dates";
import { withHonorific } from "~/core/account/honorifics";
import type { Database } from "~/db/client.server";
import { media, reviews } from "~/db/schema";
import { sanitizeRichText } from "../html.server";
import { MEDIA_COLUMNS, toMediaItem, type MediaItem } from "../media.server";

export const REVIEWS_PAGE_SIZE = 5;

const published = (productId: SQL) => and(eq(reviews.productId, productId), eq(reviews.status, "published"));

/** One page (0-based) of a product's published reviews, newest first. */
export function reviewsQuery(db: Database, productId: SQL, page: number) {
  return db
    .select({
      id: reviews.id,
      nickname: reviews.nickname,
      title: reviews.title,
      rate: reviews.rate,
      review: reviews.review,
      comment: reviews.comment,
      dateCreated: reviews.createdAt,
    })
    .from(reviews)
    .where(published(productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset(page * REVIEWS_PAGE_SIZE);
}

/** The photos of the same page of reviews (keyed by the page's review ids, so it runs in the same batch). */
export function reviewGalleryQuery(db: Database, productId: SQL, page: number) {
  const pageIds = db
    .select({ id: reviews.id })
    .from(reviews)
    .where(published(productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset(page * REVIEWS_PAGE_SIZE);
  return db
    .select({ ...MEDIA_COLUMNS, reviewId: media.reviewId })
    .from(media)
    .where(inArray(media.reviewId, pageIds))
    .orderBy(asc(media.id));
}

/** How many published reviews a product has and their average (one decimal). */
export function reviewStatsQuery(db: Database, productId: SQL) {
  return db
    .select({ count: sql<number>`count(*)`, avg: sql<number>`coalesce(avg(${reviews.rate}), 0)` })
    .from(reviews)
    .where(published(productId));
}

export type ReviewRow = Awaited<ReturnType<typeof reviewsQuery>>[number];
export type ReviewPhotoRow = Awaited<ReturnType<typeof reviewGalleryQuery>>[number];

export interface ProductReview {
  id: number;
  nickname: string;
  /** The nickname as the page writes it, with さん unless it already ends in an honorific. */
  byline: string;
  title: string;
  rate: number;
  reviewHtml: string;
  /** The review's photos (spec §3 gallery: media items). */
  gallery: MediaItem[];
  /** Staff reply, labelled as staff. */
  commentHtml: string | null;
  dateCreated: string;
  /** The date as the page shows it (「2026年8月1日」, Japan time). */
  dateLabel: string;
}

export function toReviews(rows: ReviewRow[], photos: ReviewPhotoRow[]): ProductReview[] {
  return rows.map((row) => ({
    id: row.id,
    nickname: row.nickname,
    byline: withHonorific(row.nickname),
    title: row.title,
    rate: row.rate,
    reviewHtml: sanitizeRichText(row.review),
    gallery: photos.filter((photo) => photo.reviewId === row.id).map(toMediaItem),
    commentHtml: row.comment ? sanitizeRichText(row.comment) : null,
    dateCreated: row.dateCreated.toISOString(),
    dateLabel: formatDateJa(row.dateCreated),
  }));
}

export function toReviewStats(stats: { count: number; avg: number } | undefined) {
  const count = Number(stats?.count ?? 0);
  return { counter: count, avg: Math.round(Number(stats?.avg ?? 0) * 10) / 10 };
}

/** A page of reviews with the paging facts the API answers. */
export function reviewPage(rows: ReviewRow[], photos: ReviewPhotoRow[], page: number, stats: { count: number; avg: number } | undefined) {
  const { counter, avg } = toReviewStats(stats);
  return { reviews: toReviews(rows, photos), page, pages: Math.ceil(counter / REVIEWS_PAGE_SIZE), counter, avg };
}
