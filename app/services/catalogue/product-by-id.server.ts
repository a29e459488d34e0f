/**
 * A product named by id in the /api/product/* calls (spec §7): just enough of it to act on, its reviews,
 * its related products and restock requests — each answering null when the API may not show it.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { sellingPrice } from "~/core/catalogue/pricing";
import { NO_SELECTION, selectionForSku } from "~/core/catalogue/product-selection";
import { productPath } from "~/core/catalogue/products";
import type { Database } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import { loadVisiblePricedProduct, priceSelection, type Viewer } from "./product-pricing.server";
import { relatedQuery, requestRestock } from "./product.server";
import { reviewGalleryQuery, reviewPage, reviewsQuery, reviewStatsQuery, toReviewStats } from "./reviews.server";

function apiVisibleById(productId: number): SQL | undefined {
  return and(eq(products.id, productId), eq(products.isPrivate, false), inArray(products.status, ["published", "archived"]));
}

/** Just enough of a product named by id to act on it (favorite, links back); null when not found. */
export async function findApiProduct(db: Database, productId: number) {
  const row = await db
    .select({ id: products.id, sku: products.sku, title: products.title, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(apiVisibleById(productId))
    .get();
  return row ? { ...row, url: productPath(row) } : null;
}

function visibleIdQuery(db: Database, productId: number) {
  return db.select({ id: products.id }).from(products).where(apiVisibleById(productId));
}

/** A page (0-based) of the published reviews of a product the API may show, with their photos; null when not found. */
export async function loadVisibleReviews(db: Database, productId: number, page: number) {
  const [visible, rows, photos, [stats]] = await db.batch([
    visibleIdQuery(db, productId),
    reviewsQuery(db, sql`${productId}`, page),
    reviewGalleryQuery(db, sql`${productId}`, page),
    reviewStatsQuery(db, sql`${productId}`),
  ]);
  return visible.length === 0 ? null : reviewPage(rows, photos, page, stats);
}

/** How many published reviews a product has and their average; null when not found. */
export async function loadReviewStats(db: Database, productId: number) {
  const [visible, [stats]] = await db.batch([visibleIdQuery(db, productId), reviewStatsQuery(db, sql`${productId}`)]);
  return visible.length === 0 ? null : toReviewStats(stats);
}

export interface RelatedItem {
  categorySlug: string;
  sku: string;
  image: string | null;
  title: string;
  reviewAvg: number;
  inventory: number;
  price: number;
}

/** The listed related products with their stock; null when the product itself is not found. */
export async function loadVisibleRelated(db: Database, productId: number): Promise<RelatedItem[] | null> {
  const [visible, rows] = await db.batch([visibleIdQuery(db, productId), relatedQuery(db, sql`${productId}`)]);
  if (visible.length === 0) return null;
  return rows.map((row) => ({
    categorySlug: row.categorySlug,
    sku: row.sku,
    image: row.image,
    title: row.title,
    reviewAvg: row.reviewAvgX10 / 10,
    inventory: row.inventory,
    price: sellingPrice(row),
  }));
}

export type RestockRefusal = "unknown_variation" | "unknown_sku" | "unavailable" | "not_sold_out" | "disabled";

/** What a restock request names: a SKU of the product, its variation, or a variation id and choice. */
export interface RestockTarget {
  sku: string | null;
  variationId: number | null;
  choiceSku: string | null;
}

/**
 * A member asks to be told when a sold-out product (or one variation of it) is back. Only sold-out
 * items qualify, never while they can be bought or pre-ordered, nor when the product disables requests;
 * asking twice records one request. A sold-out variable choice is recorded for its variation (stock
 * requests, and restocking, are per variation). Null when the product is not found.
 */
export async function requestRestockFor(
  db: Database,
  productId: number,
  viewer: Viewer & { userId: number },
  target: RestockTarget,
): Promise<{ ok: true } | { ok: false; reason: RestockRefusal } | null> {
  const shaped = await loadVisiblePricedProduct(db, productId, viewer);
  if (!shaped) return null;
  let { variationId, choiceSku } = target;
  if (target.sku != null) {
    const named = selectionForSku(target.sku, { sku: shaped.product.sku, variations: shaped.variations });
    if (!named || (variationId != null && named.variationId !== variationId)) return { ok: false, reason: "unknown_sku" };
    ({ variationId, choiceSku } = named);
  }
  if (variationId != null && !shaped.variations.some((variation) => variation.id === variationId)) {
    return { ok: false, reason: "unknown_variation" };
  }
  const { price } = priceSelection(shaped, { ...NO_SELECTION, variationId, choiceSku }, viewer.now);
  if (price.state === "unavailable") return { ok: false, reason: "unavailable" };
  if (price.state !== "sold_out" && price.state !== "requested") return { ok: false, reason: "not_sold_out" };
  if (shaped.product.disableRequest) return { ok: false, reason: "disabled" };
  await requestRestock(db, viewer.userId, productId, variationId);
  return { ok: true };
}
