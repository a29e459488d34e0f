/** POST /api/product/delivery-icon/{id} (spec §7): icon_info (spec §3 "Delivery icon") and buylater. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { idParam, jsonError, methodNotAllowed, requirePost, sessionViewer } from "~/http.server";
import { loadDeliveryIcon, PRODUCT_NOT_FOUND_MESSAGE } from "~/services/product.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const { userId } = await sessionViewer(request, context);
  const found = await loadDeliveryIcon(context.db, productId, userId);
  if (!found) throw jsonError(404, PRODUCT_NOT_FOUND_MESSAGE);
  return Response.json({ icon_info: found.icon, buylater: found.buyLater });
}
