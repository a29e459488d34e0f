/**
 * The product's pages and calls as the web sees them: the page's loader (the viewer from the session, the
 * review page, selection and notice from the URL, the reviews and related products rendered to markup)
 * and the delivery-icon call's answer.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RelatedProducts } from "~/components/product/RelatedProducts";
import { ReviewList } from "~/components/product/ReviewList";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import { readSelection } from "~/core/product-selection";
import { parseIpList, subscriptionOffered } from "~/core/subscription";
import { loadDeliveryIcon } from "~/services/product-api.server";
import { loadProductViewData } from "~/services/product-page.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/products";
import type { ProductAccess } from "~/services/product.server";
import { REVIEWS_PAGE_SIZE } from "~/services/reviews.server";
import { clientIp, getSession } from "~/web/auth.server";
import { idParam, jsonError, requirePost, sessionViewer } from "~/web/http.server";
import type { ProductView } from "~/web/types/product";

/** The product page's loader, shared by the public URL and the private access link. */
export async function loadProductView(request: Request, context: AppLoadContext, sku: string, access: ProductAccess): Promise<ProductView> {
  const session = await getSession(request, context);
  const viewer = { userId: session.get("userId"), cartId: session.get("cartId"), now: new Date() };
  const url = new URL(request.url);
  const reviewPage = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get("rpage") ?? "0", 10) || 0));
  const { env } = context.cloudflare;
  const offered = subscriptionOffered({
    publicSubscription: env.PUBLIC_SUBSCRIPTION === "true",
    allowedIps: parseIpList(env.SUBSCRIPTION_ALLOWED_IPS),
    clientIp: clientIp(request),
  });
  const query = {
    reviewPage,
    selection: readSelection(url.searchParams),
    subscriptionQuantity: Math.min(MAX_SUBSCRIPTION_QUANTITY, Math.max(1, Number(url.searchParams.get("sq")) || 1)),
    notice: url.searchParams.get("notice"),
  };
  const found = await loadProductViewData(context.db, sku, access, viewer, query, offered);
  if (!found) throw new Response("お探しの商品は見つかりませんでした。", { status: 404 });
  const { reviews, related, ...view } = found;
  return {
    ...view,
    // The reviews and related products change nothing in the browser: their markup is made here, so the
    // page's script carries none of their code (ServerMarkup handles their taps).
    reviewsHtml: renderToStaticMarkup(
      createElement(ReviewList, {
        reviews,
        average: view.product.reviewAvg,
        count: view.product.reviewCount,
        page: reviewPage,
        pages: Math.ceil(view.product.reviewCount / REVIEWS_PAGE_SIZE),
        path: url.pathname,
      }),
    ),
    relatedHtml: renderToStaticMarkup(createElement(RelatedProducts, { products: related })),
    path: url.pathname,
  };
}

/**
 * The answer of POST /api/product/delivery-icon/{id} and /small/{productId} (spec §7, the same for both):
 * { icon_info, buylater }.
 */
export async function deliveryIconResponse(request: Request, context: AppLoadContext, rawId: string | undefined): Promise<Response> {
  requirePost(request);
  const productId = idParam(rawId, "商品ID");
  const found = await loadDeliveryIcon(context.db, productId, await sessionViewer(request, context));
  if (!found) throw jsonError(404, PRODUCT_NOT_FOUND_MESSAGE);
  return Response.json({ icon_info: found.icon, buylater: found.buyLater });
}
