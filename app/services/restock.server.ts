/**
 * Restocking (spec §1 "request a restock of sold-out items"): staff add stock to a product or one of its
 * variations, and every member with an open request for it gets a notification mail and their request is
 * marked notified — the stock, the mails and the marks in the same D1 batch.
 */
import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { MAX_RESTOCK_QUANTITY, RESTOCK_MESSAGES } from "~/core/restock";
import { aliased, type Database } from "~/db/client.server";
import { categories, products, productVariations, stockRequests, users } from "~/db/schema";
import { restockMail } from "~/mail/restock-mails";
import { mailStatement } from "./mails.server";
import { productPath } from "~/core/products";

/** Requests notified per D1 batch (each adds a mail statement; ids are bound parameters). */
const REQUESTS_PER_BATCH = 50;

export type RestockResult = { ok: true; inventory: number; notified: number; title: string } | { ok: false; status: 400 | 404; error: string };

/**
 * Adds `quantity` to the stock of a product (simple/set) or of one variation (variation products), then
 * tells every member waiting for it: requests for that variation, and requests made for the product
 * without a variation.
 */
export async function restockItem(
  db: Database,
  item: { productId: number; variationId: number | null; quantity: number },
  now: Date = new Date(),
): Promise<RestockResult> {
  const { productId, variationId, quantity } = item;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_RESTOCK_QUANTITY) return { ok: false, status: 400, error: RESTOCK_MESSAGES.quantity };
  const waiting = and(
    eq(stockRequests.productId, productId),
    isNull(stockRequests.notifiedAt),
    variationId == null ? isNull(stockRequests.variationId) : or(eq(stockRequests.variationId, variationId), isNull(stockRequests.variationId)),
  );
  const [productRows, variationRows, requests] = await db.batch([
    db
      .select({ id: products.id, sku: products.sku, title: products.title, type: products.type, categorySlug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
      .where(eq(products.id, productId)),
    db
      .select({ id: productVariations.id, title: productVariations.title })
      .from(productVariations)
      .where(and(eq(productVariations.id, variationId ?? 0), eq(productVariations.productId, productId))),
    db
      .select({ id: stockRequests.id, userId: stockRequests.userId, lastname: users.lastname, firstname: users.firstname })
      .from(stockRequests)
      .innerJoin(users, eq(users.id, stockRequests.userId))
      .where(waiting),
  ]);
  const product = productRows[0];
  if (!product) return { ok: false, status: 404, error: RESTOCK_MESSAGES.productNotFound };
  if (product.type === "variation" && variationId == null) return { ok: false, status: 400, error: RESTOCK_MESSAGES.variationRequired };
  const variation = variationRows[0];
  if (variationId != null && !variation) return { ok: false, status: 404, error: RESTOCK_MESSAGES.variationNotFound };

  const title = variation ? `${product.title}（${variation.title}）` : product.title;
  const url = productPath(product);
  const addStock = variation
    ? db
        .update(productVariations)
        .set({ inventory: sql`${productVariations.inventory} + ${quantity}` })
        .where(eq(productVariations.id, variation.id))
        .returning({ inventory: productVariations.inventory })
    : db
        .update(products)
        .set({ inventory: sql`${products.inventory} + ${quantity}` })
        .where(eq(products.id, product.id))
        .returning({ inventory: products.inventory });

  const notify = (chunk: typeof requests) => [
    ...chunk.map((request) =>
      mailStatement(db, request.userId, restockMail({ name: `${request.lastname} ${request.firstname}`, product: { title, url } }), now),
    ),
    db
      .update(stockRequests)
      .set({ notifiedAt: now })
      .where(
        and(
          inArray(
            stockRequests.id,
            chunk.map((request) => request.id),
          ),
          isNull(stockRequests.notifiedAt),
        ),
      ),
  ];
  const [firstChunk = [], ...laterChunks] = chunked(requests, REQUESTS_PER_BATCH);
  const [stocked] = await db.batch([addStock, ...(firstChunk.length ? notify(firstChunk) : [])]);
  for (const chunk of laterChunks) {
    const [first, ...rest] = notify(chunk);
    if (first) await db.batch([first, ...rest]);
  }
  return { ok: true, inventory: stocked[0]?.inventory ?? 0, notified: requests.length, title };
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** A product or variation by its SKU, as the staff form names it; null when no such SKU. */
export async function findStockTarget(db: Database, sku: string): Promise<{ productId: number; variationId: number | null } | null> {
  const [productRows, variationRows] = await db.batch([
    db.select({ id: products.id }).from(products).where(eq(products.sku, sku)),
    db.select({ id: productVariations.id, productId: productVariations.productId }).from(productVariations).where(eq(productVariations.sku, sku)),
  ]);
  if (productRows[0]) return { productId: productRows[0].id, variationId: null };
  if (variationRows[0]) return { productId: variationRows[0].productId, variationId: variationRows[0].id };
  return null;
}

/** Items members are waiting for, most requested first, with their current stock (staff page). */
export async function listWaitingItems(db: Database) {
  const rows = await db
    .select({
      productId: products.id,
      sku: products.sku,
      title: products.title,
      productInventory: products.inventory,
      variationId: stockRequests.variationId,
      variationSku: aliased(productVariations.sku, "variation_sku"),
      variationTitle: aliased(productVariations.title, "variation_title"),
      variationInventory: aliased(productVariations.inventory, "variation_inventory"),
      requests: count(),
    })
    .from(stockRequests)
    .innerJoin(products, eq(products.id, stockRequests.productId))
    .leftJoin(productVariations, eq(productVariations.id, stockRequests.variationId))
    .where(isNull(stockRequests.notifiedAt))
    .groupBy(stockRequests.productId, stockRequests.variationId)
    .orderBy(desc(count()), products.sku)
    .all();
  return rows.map((row) => ({
    key: `${row.productId}-${row.variationId ?? 0}`,
    sku: row.variationSku ?? row.sku,
    title: row.variationTitle ? `${row.title}（${row.variationTitle}）` : row.title,
    inventory: row.variationId != null ? (row.variationInventory ?? 0) : row.productInventory,
    requests: row.requests,
  }));
}
