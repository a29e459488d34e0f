/**
 * POST /api/product/check/coupon-discount/{id} (spec §7: "returns discount"): what the best coupon takes
 * off this viewer's selection (optional fields v, q, o, c, subscribe), its code, and the coupon itself with
 * every spec §3 Coupon field; 0 / null / null when none applies.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readSelection } from "~/core/catalogue/product-selection";
import { invariantJson, methodNotAllowed, readApiFormData, requirePost, sessionViewer } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { apiCoupon } from "~/services/checkout/coupon-rules.server";
import { couponForSelection, loadVisiblePricedProduct, priceSelection } from "~/services/catalogue/product-pricing.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const form = await readApiFormData(request);
  const viewer = await sessionViewer(request, context);
  const shaped = await loadVisiblePricedProduct(context.db, productId, viewer);
  invariantJson(shaped, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  const { price } = priceSelection(shaped, readSelection(form), viewer.now);
  const coupon = couponForSelection(shaped, price, viewer.now);
  return Response.json({
    discount: price.max_discount,
    code: coupon?.rule.code ?? null,
    coupon: coupon ? apiCoupon(coupon.rule, coupon) : null,
  });
}
