/**
 * POST /api/product/delivery-icon/{id} (spec §7): icon_info (spec §3 "Delivery icon", following the
 * product's purchase state: app/core/delivery) and buylater.
 */
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { idParam, jsonError, methodNotAllowed, requirePost, sessionViewer } from "~/http.server";
import { loadDeliveryIcon } from "~/services/product-api.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/services/product.server";

export const loader = () => methodNotAllowed("POST");

export const action = ({ request, params, context }: ActionFunctionArgs) => answerDeliveryIcon(request, context, params.id);

/** The answer of this call and of /api/product/delivery-icon/small/{productId}, which says the same. */
export async function answerDeliveryIcon(request: Request, context: AppLoadContext, rawId: string | undefined) {
  requirePost(request);
  const productId = idParam(rawId, "商品ID");
  const found = await loadDeliveryIcon(context.db, productId, await sessionViewer(request, context));
  if (!found) throw jsonError(404, PRODUCT_NOT_FOUND_MESSAGE);
  return Response.json({ icon_info: found.icon, buylater: found.buyLater });
}
