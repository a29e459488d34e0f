/** POST /api/product/related/load/{id} (spec §7): related products (spec §3 "Related product"). */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "~/web/input.server";
import { invariantJson, methodNotAllowed, requirePost } from "~/web/http.server";
import { loadVisibleRelated } from "~/services/catalogue/product-by-id.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";

const RELATED_TITLE = "この商品を見た方におすすめ";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const related = await loadVisibleRelated(context.db, productId);
  invariantJson(related, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  return Response.json({
    related: related.map((item) => ({
      category: item.categorySlug,
      product: item.sku,
      image: item.image,
      title: item.title,
      review_avg: item.reviewAvg,
      inventory: item.inventory,
      product_price: item.price,
    })),
    related_title: RELATED_TITLE,
  });
}
