/**
 * Staff replies to product reviews (spec §1, §3 Review comment / comment_user): staff write plain text,
 * stored as simple HTML in reviews.comment with the staff member and time; the product page shows it
 * labelled as staff. Only published reviews are listed.
 */
import { and, count, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { pageCount } from "~/core/paginator";
import { REVIEW_REPLY_MAX_LENGTH, REVIEW_REPLY_TEXT, REVIEWS_ADMIN_PAGE_SIZE, reviewFilter, type ReviewFilter } from "~/core/catalogue/review-replies";
import { aliased, type Database } from "~/db/client.server";
import { categories, products, reviews } from "~/db/schema";
import { sanitizeRichText } from "../html.server";
import { productPath } from "~/core/catalogue/products";

export { REVIEW_REPLY_TEXT, reviewFilter, type ReviewFilter };

/** Escapes the five characters that carry meaning in HTML, as numeric references (the stored replies' own form). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain text → the stored HTML: paragraphs on blank lines, line breaks kept, everything escaped. */
export function replyTextToHtml(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** The stored HTML → the text staff edit (tags dropped, paragraphs and breaks as new lines). */
export function replyHtmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/p>\s*<p[^>]*>/gi, "\n\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .trim();
}

export interface AdminReview {
  id: number;
  product: { title: string; url: string };
  nickname: string;
  title: string;
  rate: number;
  reviewHtml: string;
  replyText: string;
  replyHtml: string | null;
  commentedAt: string | null;
  createdAt: string;
}

export async function listReviewsForReply(
  db: Database,
  filter: ReviewFilter,
  page: number,
): Promise<{ reviews: AdminReview[]; total: number; pages: number; page: number }> {
  const conditions: (SQL | undefined)[] = [eq(reviews.status, "published")];
  if (filter === "unreplied") conditions.push(isNull(reviews.comment));
  if (filter === "replied") conditions.push(isNotNull(reviews.comment));
  const where = and(...conditions);
  const [totals, rows] = await db.batch([
    db.select({ n: count() }).from(reviews).where(where),
    db
      .select({
        id: reviews.id,
        nickname: reviews.nickname,
        title: reviews.title,
        rate: reviews.rate,
        review: reviews.review,
        comment: reviews.comment,
        commentedAt: reviews.commentedAt,
        createdAt: reviews.createdAt,
        productTitle: aliased(products.title, "product_title"),
        sku: products.sku,
        categorySlug: categories.slug,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_ADMIN_PAGE_SIZE)
      .offset(page * REVIEWS_ADMIN_PAGE_SIZE),
  ]);
  const total = totals[0]?.n ?? 0;
  return {
    total,
    page,
    pages: pageCount(total, REVIEWS_ADMIN_PAGE_SIZE),
    reviews: rows.map((row) => ({
      id: row.id,
      product: { title: row.productTitle, url: productPath({ categorySlug: row.categorySlug, sku: row.sku }) },
      nickname: row.nickname,
      title: row.title,
      rate: row.rate,
      reviewHtml: sanitizeRichText(row.review),
      replyText: row.comment ? replyHtmlToText(row.comment) : "",
      replyHtml: row.comment ? sanitizeRichText(row.comment) : null,
      commentedAt: row.commentedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

export type ReviewReplyResult = { ok: true; notice: string } | { ok: false; status: 400 | 404; error: string };

/** Saves (or, with `text` null, removes) staff's reply to a published review. */
export async function saveReviewReply(
  db: Database,
  staffId: number,
  reviewId: number,
  text: string | null,
  now: Date = new Date(),
): Promise<ReviewReplyResult> {
  const trimmed = text?.trim() ?? null;
  if (trimmed !== null && trimmed === "") return { ok: false, status: 400, error: REVIEW_REPLY_TEXT.empty };
  if (trimmed !== null && trimmed.length > REVIEW_REPLY_MAX_LENGTH) return { ok: false, status: 400, error: REVIEW_REPLY_TEXT.tooLong };
  const result = await db
    .update(reviews)
    .set(
      trimmed === null
        ? { comment: null, commentUserId: null, commentedAt: null }
        : { comment: replyTextToHtml(trimmed), commentUserId: staffId, commentedAt: now },
    )
    .where(and(eq(reviews.id, reviewId), eq(reviews.status, "published")));
  if (result.meta.changes !== 1) return { ok: false, status: 404, error: REVIEW_REPLY_TEXT.notFound };
  return { ok: true, notice: trimmed === null ? REVIEW_REPLY_TEXT.removed : REVIEW_REPLY_TEXT.saved };
}
