/**
 * GET /api/product/form/data/{id} (spec §7): what the purchase form needs to decide what to offer —
 * whether subscriptions are open to this visitor (allowed_ip, public_subscription), the product, the
 * favorite flag and whether a member is logged in.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseIpList } from "~/core/catalogue/subscription";
import { invariantJson, methodNotAllowed, sessionViewer } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { loadApiProduct } from "~/services/catalogue/product-api.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const productId = idParam(params.id, "商品ID");
  const viewer = await sessionViewer(request, context);
  const found = await loadApiProduct(context.db, productId, viewer);
  invariantJson(found, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  const { env } = context.cloudflare;
  const clientIp = request.headers.get("CF-Connecting-IP");
  return Response.json({
    allowed_ip: clientIp != null && parseIpList(env.SUBSCRIPTION_ALLOWED_IPS).includes(clientIp),
    public_subscription: env.PUBLIC_SUBSCRIPTION === "true",
    product: found.product,
    is_favorite: found.isFavorite,
    logged: viewer.userId != null,
  });
}

export const action = () => methodNotAllowed("GET");
