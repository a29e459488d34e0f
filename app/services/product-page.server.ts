/** The product page's loader, shared by the public URL and the private access link. */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RelatedProducts } from "~/components/product/RelatedProducts";
import { ReviewList } from "~/components/product/ReviewList";
import { getSession } from "~/auth/auth.server";
import { secretMatches } from "~/auth/secrets.server";
import { MAX_SUBSCRIPTION_QUANTITY } from "~/core/limits";
import { productBadges, productNotes } from "~/core/product-notes";
import { productNotice, shownNotice } from "~/core/product-notices";
import { readSelection } from "~/core/product-selection";
import { parseIpList, subscriptionOffered } from "~/core/subscription";
import { deliveryOf } from "~/core/delivery";
import { loadProductPage, type ProductAccess } from "./product.server";
import { priceSelection } from "./product-pricing.server";
import { REVIEWS_PAGE_SIZE } from "./reviews.server";

export async function loadProductView(request: Request, context: AppLoadContext, sku: string, access: ProductAccess) {
  const session = await getSession(request, context);
  const viewer = { userId: session.get("userId"), cartId: session.get("cartId"), now: new Date() };
  const url = new URL(request.url);
  const reviewPage = Math.max(0, Math.min(1000, Number.parseInt(url.searchParams.get("rpage") ?? "0", 10) || 0));
  const page = await loadProductPage(context.db, { sku }, viewer, access, secretMatches, reviewPage);
  if (!page) throw new Response("お探しの商品は見つかりませんでした。", { status: 404 });

  const selection = readSelection(url.searchParams);
  const { price, coupon, selection: resolved } = priceSelection(page.shaped, selection, viewer.now);
  const { env } = context.cloudflare;
  const offered =
    page.product.subscribe &&
    subscriptionOffered({
      publicSubscription: env.PUBLIC_SUBSCRIPTION === "true",
      allowedIps: parseIpList(env.SUBSCRIPTION_ALLOWED_IPS),
      clientIp: request.headers.get("CF-Connecting-IP"),
    });
  const subscriptionQuantity = Math.min(MAX_SUBSCRIPTION_QUANTITY, Math.max(1, Number(url.searchParams.get("sq")) || 1));
  const subscription = offered
    ? priceSelection(page.shaped, { ...selection, quantity: subscriptionQuantity, subscribe: true }, viewer.now).price
    : null;
  const { shaped, reviews, related, ...view } = page;
  const notice = productNotice(url.searchParams.get("notice"));
  const delivery = deliveryOf(shaped.product, price.state);
  return {
    ...view,
    delivery,
    badges: productBadges(view.product, price, delivery),
    notes: productNotes(view.product, delivery),
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
    price,
    coupon,
    subscription,
    subscriptionOffered: offered,
    selection: {
      variationId: resolved.variation?.id ?? null,
      choiceSku: resolved.choice?.sku ?? null,
      optionChoiceIds: resolved.optionChoices.map(({ choice }) => choice.id),
      quantity: price.quantity,
      subscriptionQuantity,
    },
    reviewPage,
    loggedIn: viewer.userId != null,
    // Once requested, the page's own 「再入荷リクエスト済み」 says it: the redirect's notice would say it twice.
    notice:
      notice == null || (notice === "restock_requested" && price.state === "requested")
        ? null
        : shownNotice(notice, { variation: view.variations[0]?.vTitle, choice: resolved.variation?.choices[0]?.groupTitle }),
    path: url.pathname,
  };
}

export type ProductView = Awaited<ReturnType<typeof loadProductView>>;
