/**
 * Restocking by SKU (/crm/stock, spec §1 "request a restock of sold-out items"): staff add stock to a
 * product or one of its variations — a receipt through adjustStock (stock-adjustments.server.ts), recorded
 * in the product's stock history — and every member waiting for it gets a 再入荷のお知らせ, in the same batch.
 * The page lists the items members are waiting for.
 */
import { count, desc, eq, isNull } from "drizzle-orm";
import { STAFF_SCOPE, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { RESTOCK_MESSAGES } from "~/core/catalogue/restock";
import { STOCK_MESSAGES } from "~/core/catalogue/stock-adjustment";
import { aliased, type Database } from "~/db/client.server";
import { products, productVariations, stockRequests } from "~/db/schema";
import { adjustStock } from "../catalogue/stock-adjustments.server";

export type RestockResult =
  { ok: true; inventory: number; notified: number; title: string } | { ok: false; status: 400 | 404 | 409; field: "sku" | "quantity"; error: string };

/**
 * Adds `quantity` to the stock of a product (simple/set) or of one variation (variation products), then
 * tells every member waiting for it: requests for that variation, and requests made for the product
 * without a variation.
 */
export async function restockItem(
  db: Database,
  item: { productId: number; variationId: number | null; quantity: number },
  actor: CatalogueActor,
  now: Date = new Date(),
): Promise<RestockResult> {
  const result = await adjustStock(
    db,
    STAFF_SCOPE,
    { productId: item.productId, target: item.variationId == null ? { level: "product" } : { level: "variation", id: item.variationId }, pool: "stock" },
    { kind: "receipt", mode: "add", amount: item.quantity, reason: "" },
    actor,
    now,
  );
  if (!result.ok) {
    // The form names items by SKU: a variation product asks for the variation's.
    const error = result.error === STOCK_MESSAGES.variationRequired ? RESTOCK_MESSAGES.variationRequired : result.error;
    return { ok: false, status: result.status, field: result.field === "quantity" ? "quantity" : "sku", error };
  }
  return { ok: true, inventory: result.after, notified: result.notified, title: result.title };
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
    productId: row.productId,
    sku: row.variationSku ?? row.sku,
    title: row.variationTitle ? `${row.title}（${row.variationTitle}）` : row.title,
    inventory: row.variationId != null ? (row.variationInventory ?? 0) : row.productInventory,
    requests: row.requests,
  }));
}
