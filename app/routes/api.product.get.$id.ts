/** POST /api/product/get/{id} (spec §7): the product's identity, price and stock state. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { invariantJson, methodNotAllowed, requirePost, sessionViewer } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { loadApiProduct } from "~/services/catalogue/product-api.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const found = await loadApiProduct(context.db, productId, await sessionViewer(request, context));
  invariantJson(found, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  return Response.json({ product: found.product });
}
