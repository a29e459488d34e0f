/** POST /api/product/reviews/count/{id} (spec §7): average rate and number of published reviews. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "~/web/input.server";
import { invariantJson, methodNotAllowed, requirePost } from "~/web/http.server";
import { loadReviewStats } from "~/services/catalogue/product-by-id.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const stats = await loadReviewStats(context.db, productId);
  invariantJson(stats, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  return Response.json({ avg: stats.avg, counter: stats.counter });
}
