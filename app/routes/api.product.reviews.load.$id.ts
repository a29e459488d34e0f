/**
 * POST /api/product/reviews/load/{id} (spec §7): one page (0-based, `page` in the body or the query) of
 * published reviews (spec §3 "Review"), HTML sanitised, staff replies labelled, photos as `gallery`
 * (media items: id, ext, folder, filename, thumbnail_m, thumbnail_xl, width, height).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { idParam, parseQuery, readInput } from "~/web/input.server";
import { invariantJson, methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { loadVisibleReviews } from "~/services/catalogue/product-by-id.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";
import { PageSchema } from "~/core/validation";

const STAFF_COMMENT_USER = "スタッフ";

/** `page` may come in the body or the query; an unreadable one is page 0. */
const PageFieldSchema = v.object({ page: v.optional(PageSchema) });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const form = await readApiFormData(request);
  const fromBody = readInput(PageFieldSchema, form);
  const page = (fromBody.ok ? fromBody.input.page : undefined) ?? parseQuery(request, PageFieldSchema).page ?? 0;
  const found = await loadVisibleReviews(context.db, productId, page);
  invariantJson(found, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  return Response.json({
    reviews: found.reviews.map((review) => ({
      id: review.id,
      nickname: review.nickname,
      date_created: review.dateCreated,
      title: review.title,
      rate: review.rate,
      review: review.reviewHtml,
      gallery: review.gallery,
      comment: review.commentHtml,
      comment_user: review.commentHtml ? STAFF_COMMENT_USER : null,
    })),
    page: found.page,
    pages: found.pages,
    counter: found.counter,
  });
}
