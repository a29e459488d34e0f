/**
 * The product's pages and calls as the web sees them: the page's data (the viewer from the session, the
 * review page, selection and notice from the URL) and the delivery-icon call's answer.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import { readSelection } from "~/core/catalogue/product-selection";
import { PageSchema, TextOrNullSchema } from "~/core/validation";
import { parseIpList, subscriptionOffered } from "~/core/catalogue/subscription";
import { loadDeliveryIcon } from "~/services/catalogue/product-api.server";
import { loadProductViewData } from "~/services/catalogue/product-page.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";
import type { ProductAccess } from "~/services/catalogue/product.server";
import { REVIEWS_PAGE_SIZE } from "~/services/catalogue/reviews.server";
import { clientIp, getSession } from "~/web/account/auth.server";
import { invariantJson, invariantResponse, requirePost, sessionViewer } from "~/web/http.server";
import { idParam, parseQuery } from "~/web/input.server";
import type { ProductPageData } from "~/web/types/product";

/** Review pages past this one are not linked; a URL asking for more shows this one. */
const MAX_REVIEW_PAGE = 1000;

/** The product page's own query (the selection, p/v/o/c/q, is read by readSelection). */
const ProductQuerySchema = v.object({
  rpage: v.pipe(
    PageSchema,
    v.transform((page) => Math.min(MAX_REVIEW_PAGE, page)),
  ),
  /** How many per subscription delivery: 1 … MAX_SUBSCRIPTION_QUANTITY, 1 when unreadable. */
  sq: v.fallback(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/),
      v.transform((text) => Math.min(MAX_SUBSCRIPTION_QUANTITY, Math.max(1, Number(text)))),
    ),
    1,
  ),
  notice: TextOrNullSchema,
});

/** The product page's data, shared by the public URL and the private access link (its route adds the markup). */
export async function loadProductView(request: Request, context: AppLoadContext, sku: string, access: ProductAccess): Promise<ProductPageData> {
  const session = await getSession(request, context);
  const viewer = { userId: session.get("userId"), cartId: session.get("cartId"), now: new Date() };
  const url = new URL(request.url);
  const { rpage: reviewPage, sq, notice } = parseQuery(url, ProductQuerySchema);
  const { env } = context.cloudflare;
  const offered = subscriptionOffered({
    publicSubscription: env.PUBLIC_SUBSCRIPTION === "true",
    allowedIps: parseIpList(env.SUBSCRIPTION_ALLOWED_IPS),
    clientIp: clientIp(request),
  });
  const query = {
    reviewPage,
    selection: readSelection(url.searchParams),
    subscriptionQuantity: sq,
    notice,
  };
  const found = await loadProductViewData(context.db, sku, access, viewer, query, offered);
  invariantResponse(found, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  return { ...found, reviewPage, reviewPages: Math.ceil(found.product.reviewCount / REVIEWS_PAGE_SIZE), path: url.pathname };
}

/**
 * The answer of POST /api/product/delivery-icon/{id} and /small/{productId} (spec §7, the same for both):
 * { icon_info, buylater }.
 */
export async function deliveryIconResponse(request: Request, context: AppLoadContext, rawId: string | undefined): Promise<Response> {
  requirePost(request);
  const productId = idParam(rawId, "商品ID");
  const found = await loadDeliveryIcon(context.db, productId, await sessionViewer(request, context));
  invariantJson(found, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  return Response.json({ icon_info: found.icon, buylater: found.buyLater });
}
