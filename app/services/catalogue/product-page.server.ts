/**
 * The product page's data, shared by the public URL and the private access link (app/web/catalogue/product.server.ts
 * reads the request and renders the reviews and related products).
 */
import { secretMatches } from "~/auth/secrets.server";
import { productBadges, productNotes } from "~/core/catalogue/product-notes";
import { productNotice, shownNotice } from "~/core/catalogue/product-notices";
import type { RawSelection } from "~/core/catalogue/product-selection";
import type { Database } from "~/db/client.server";
import { deliveryOf } from "~/core/cart/delivery";
import { loadProductPage, type ProductAccess } from "./product.server";
import { priceSelection, type Viewer } from "./product-pricing.server";

/** What the page's URL asks for beyond the product: the review page, the selection, the subscription quantity, a notice. */
export interface ProductPageQuery {
  reviewPage: number;
  selection: RawSelection;
  subscriptionQuantity: number;
  notice: string | null;
}

/**
 * The product priced for the viewer and the selection, with its badges, notes, delivery and notice; null
 * when it cannot be shown. `subscriptionsOffered`: the shop offers subscriptions to this visitor.
 */
export async function loadProductViewData(
  db: Database,
  sku: string,
  access: ProductAccess,
  viewer: Viewer,
  query: ProductPageQuery,
  subscriptionsOffered: boolean,
) {
  const page = await loadProductPage(db, { sku }, viewer, access, secretMatches, query.reviewPage);
  if (!page) return null;

  const { price, coupon, selection: resolved } = priceSelection(page.shaped, query.selection, viewer.now);
  const offered = page.product.subscribe && subscriptionsOffered;
  const subscription = offered
    ? priceSelection(page.shaped, { ...query.selection, quantity: query.subscriptionQuantity, subscribe: true }, viewer.now).price
    : null;
  const { shaped, ...view } = page;
  const notice = productNotice(query.notice);
  const delivery = deliveryOf(shaped.product, price.state);
  return {
    ...view,
    delivery,
    badges: productBadges(view.product, price, delivery),
    notes: productNotes(view.product, delivery),
    price,
    coupon,
    subscription,
    subscriptionOffered: offered,
    selection: {
      variationId: resolved.variation?.id ?? null,
      choiceSku: resolved.choice?.sku ?? null,
      optionChoiceIds: resolved.optionChoices.map(({ choice }) => choice.id),
      quantity: price.quantity,
      subscriptionQuantity: query.subscriptionQuantity,
    },
    reviewPage: query.reviewPage,
    loggedIn: viewer.userId != null,
    // Once requested, the page's own 「再入荷リクエスト済み」 says it: the redirect's notice would say it twice.
    notice:
      notice == null || (notice === "restock_requested" && price.state === "requested")
        ? null
        : shownNotice(notice, { variation: view.variations[0]?.vTitle, choice: resolved.variation?.choices[0]?.groupTitle }),
  };
}

export type ProductViewData = NonNullable<Awaited<ReturnType<typeof loadProductViewData>>>;
