/**
 * One product with everything its page shows, read in a single D1 batch with its pricing rows; and the
 * member's favorite and restock-request marks on it.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { MerchantDisclosure } from "~/core/merchant/merchant-disclosure";
import { withTax } from "~/core/tax";
import type { Database } from "~/db/client.server";
import { buyLater, favorites, productMedia, products, relatedProducts, stockRequests } from "~/db/schema";
import { listedProduct, productSummaries, toSummary } from "./catalogue.server";
import { sanitizeRichText } from "../html.server";
import {
  pricedProductsQueries,
  productIdOf,
  productScope,
  shapeBatchedProduct,
  type PricedProductsRows,
  type ProductRef,
  type ShapedProduct,
  type Viewer,
} from "./product-pricing.server";
import { reviewGalleryQuery, reviewsQuery, toReviews, type ReviewPhotoRow, type ReviewRow } from "./reviews.server";

const RELATED_LIMIT = 6;

function pageQueries(db: Database, ref: ProductRef, viewer: Viewer, reviewPage: number) {
  const productId = productIdOf(ref);
  return [
    db.select().from(productMedia).where(eq(productMedia.productId, productId)).orderBy(asc(productMedia.position)),
    relatedQuery(db, productId),
    reviewsQuery(db, productId, reviewPage),
    reviewGalleryQuery(db, productId, reviewPage),
    db
      .select({ productId: favorites.productId })
      .from(favorites)
      .where(and(eq(favorites.userId, viewer.userId ?? 0), eq(favorites.productId, productId))),
    buyLaterQuery(db, productId, viewer.userId),
  ] as const;
}

/** Whether the member keeps the product in their buy-later list (a guest keeps nothing). */
export function buyLaterQuery(db: Database, productId: SQL, userId: number | undefined) {
  return db
    .select({ id: buyLater.id })
    .from(buyLater)
    .where(and(eq(buyLater.userId, userId ?? 0), eq(buyLater.productId, productId)))
    .limit(1);
}

/**
 * Related products that are listed, in the merchant's order: the ids come from the product's own related
 * rows (a handful), each then read by primary key; never a walk of the listing index (tests/integration/
 * product-page-plans.test.ts).
 */
export function relatedQuery(db: Database, productId: SQL) {
  const hits = db
    .select({ rowid: sql<number>`${relatedProducts.relatedProductId}`.as("rowid") })
    .from(relatedProducts)
    .where(eq(relatedProducts.productId, productId))
    .as("hits");
  const position = sql`(select ${relatedProducts.position} from ${relatedProducts} where ${relatedProducts.productId} = ${productId} and ${relatedProducts.relatedProductId} = ${products.id})`;
  return productSummaries(db, listedProduct, [asc(position)], RELATED_LIMIT, 0, hits);
}

/** The 特定商取引法 details of the merchant that ships the product (null for the shop's own). */
function merchantDisclosure(shaped: ShapedProduct): MerchantDisclosure | null {
  const { merchantName, merchant } = shaped.head;
  if (shaped.product.merchantId == null || merchantName == null || merchant == null) return null;
  return { name: merchantName, ...merchant };
}

export type ProductAccess = { kind: "public" } | { kind: "private-link"; secret: string };

/** Subscription tier prices shown in the price box, tax incl. */
function tierTable(shaped: ShapedProduct) {
  return shaped.tiers
    .filter((tier) => tier.variationId == null)
    .sort((a, b) => a.quantity - b.quantity)
    .map((tier) => ({ quantity: tier.quantity, unitPrice: withTax(tier.unitPriceExclTax, shaped.product.taxRate) }));
}

/** The product page's statements (unrun; tests/integration/product-page-plans.test.ts pins their plans). */
export function productPageQueries(db: Database, ref: ProductRef, viewer: Viewer, reviewPage = 0) {
  const pricing = pricedProductsQueries(db, productScope(ref), viewer);
  return { pricing, page: pageQueries(db, ref, viewer, reviewPage) };
}

/** Everything the product page shows, in one D1 round trip; null when it must 404. */
export async function loadProductPage(
  db: Database,
  ref: { sku: string },
  viewer: Viewer,
  access: ProductAccess,
  isSecretValid: (expected: string | null, given: string) => boolean,
  reviewPage = 0,
) {
  const { pricing, page } = productPageQueries(db, ref, viewer, reviewPage);
  const results = await db.batch([...pricing, ...page]);
  const [media, related, reviewRows, reviewPhotos, favorite, later] = results.slice(pricing.length) as unknown as [
    (typeof productMedia.$inferSelect)[],
    Parameters<typeof toSummary>[0][],
    ReviewRow[],
    ReviewPhotoRow[],
    { productId: number }[],
    { id: number }[],
  ];
  const shaped = shapeBatchedProduct(results.slice(0, pricing.length) as unknown as PricedProductsRows, viewer);
  if (!shaped || shaped.product.status === "draft") return null;
  const p = shaped.product;
  if (p.isPrivate) {
    if (access.kind !== "private-link" || !isSecretValid(p.secret, access.secret)) return null;
  } else if (access.kind === "private-link") {
    return null;
  }
  return {
    shaped,
    product: {
      id: p.id,
      sku: p.sku,
      title: p.title,
      catchcopy: p.catchcopy,
      descriptionHtml: sanitizeRichText(p.description),
      type: p.type,
      status: p.status,
      taxRate: p.taxRate,
      categorySlug: shaped.head.categorySlug,
      categoryName: shaped.head.categoryName,
      shippingFrom: p.shippingFrom,
      merchantName: shaped.head.merchantName,
      sellerSuspended: shaped.pricing.sellerSuspended === true,
      shippingDays: p.shippingDays,
      hideShippingInfo: p.hideShippingInfo,
      coldshipping: p.coldshipping,
      isDigital: p.isDigital,
      expiry: p.expiry,
      period: p.period,
      subscribe: p.subscribe,
      subscribeOnly: p.subscribeOnly,
      couponDisabled: p.couponDisabled,
      disableRequest: p.disableRequest,
      wrappingAvailable: !p.disableWrapping && p.shippingFrom === "warehouse",
      isPrivate: p.isPrivate,
      reviewCount: p.reviewCount,
      reviewAvg: p.reviewAvg / 10,
    },
    merchant: merchantDisclosure(shaped),
    variations: shaped.variations.map(
      ({ regularPrice: _r, discountPrice: _d, maxSubscription: _m, inventoryPreorderMax: _i, expiry: _e, deliveryIcon: _di, ...variation }) => variation,
    ),
    options: shaped.options,
    tiers: tierTable(shaped),
    excludedCouponCodes: shaped.excludedCouponCodes,
    media: media.map((item) => ({
      url: item.url,
      alt: item.alt || p.title,
      width: item.width,
      height: item.height,
      variationId: item.variationId,
    })),
    related: related.map(toSummary),
    reviews: toReviews(reviewRows, reviewPhotos),
    isFavorite: favorite.length > 0,
    inBuyLater: viewer.userId != null && later.length > 0,
  };
}

export type ProductPageData = NonNullable<Awaited<ReturnType<typeof loadProductPage>>>;

/** Toggles a favorite; answers the new state. */
export async function toggleFavorite(db: Database, userId: number, productId: number): Promise<boolean> {
  const removed = await db
    .delete(favorites)
    .where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)))
    .returning({ productId: favorites.productId });
  if (removed.length > 0) return false;
  await db.insert(favorites).values({ userId, productId }).onConflictDoNothing();
  return true;
}

/** Records a restock request once per member and item (repeat requests change nothing). */
export async function requestRestock(db: Database, userId: number, productId: number, variationId: number | null) {
  await db.insert(stockRequests).values({ userId, productId, variationId }).onConflictDoNothing();
}
