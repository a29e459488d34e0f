/** Where products appear in the catalogue (their page, the category listings showing them), for the edge cache's purge. */
import { eq, inArray } from "drizzle-orm";
import type { ProductPlacement } from "~/core/site/edge-cache";
import type { Database } from "~/db/client.server";
import { categories, orderLines, productCategories, products } from "~/db/schema";

/**
 * Each product's sku, primary category and every category (with its parent) listing it, in one D1 round
 * trip. The category tree is a few dozen rows: read whole, its parents are looked up here.
 */
export async function productPlacements(db: Database, productIds: readonly number[]): Promise<ProductPlacement[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  const [rows, extras, tree] = await db.batch([
    db.select({ id: products.id, sku: products.sku, categoryId: products.primaryCategoryId }).from(products).where(inArray(products.id, ids)),
    db
      .select({ id: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, ids)),
    db.select({ id: categories.id, slug: categories.slug, parentId: categories.parentId }).from(categories),
  ]);
  const byId = new Map(tree.map((category) => [category.id, category]));
  return rows.flatMap((row) => {
    const primary = byId.get(row.categoryId);
    if (!primary) return [];
    const listedIn = new Set<string>();
    for (const categoryId of [row.categoryId, ...extras.filter((extra) => extra.id === row.id).map((extra) => extra.categoryId)]) {
      const category = byId.get(categoryId);
      if (!category) continue;
      listedIn.add(category.slug);
      const parent = category.parentId == null ? undefined : byId.get(category.parentId);
      if (parent) listedIn.add(parent.slug);
    }
    return [{ sku: row.sku, categorySlug: primary.slug, listedIn: [...listedIn] }];
  });
}

/** The products an order's lines took stock from. */
export async function orderedProductIds(db: Database, orderId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, orderId));
  return rows.map((row) => row.productId);
}
