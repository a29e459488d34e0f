/**
 * The statements that save one product of a catalogue import (app/services/catalogue-import.server.ts), all
 * or nothing in the D1 batch that carries them. They are the editor's own (app/services/product-editor-
 * statements.server.ts, in the order createProduct / updateProduct run them) — so a product saved from a
 * file is saved exactly as the editor saves it — plus what only the import does: the listing state the file
 * asks for, and each stock count it sets on what already exists, recorded as a stock movement "import".
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { ProductPlan, StockChange } from "~/core/catalogue-import";
import type { CatalogueActor } from "~/core/catalogue-scope";
import type { StatusChange } from "~/core/product-status";
import type { Database } from "~/db/client.server";
import { products, productVariations, stockMovements } from "~/db/schema";
import { createProductStatements, updateProductStatements, type Statement } from "./product-editor-statements.server";
import { randomToken } from "./sessions.server";

export interface SaveContext {
  actor: CatalogueActor;
  now: Date;
}

/** The reason the stock movements of an import carry. */
export const IMPORT_STOCK_REASON = "CSV取り込み";

/** The columns a move to another state writes (app/core/product-status.ts planStatusChange). */
function statusColumns(change: StatusChange) {
  return {
    status: change.status,
    isPrivate: change.isPrivate,
    ...(change.secret === "new" ? { secret: randomToken() } : {}),
    publishedAt: change.publishedAt,
  };
}

/** A stock count set by the file: the movement (before as the batch finds it; only when it differs) then the count. */
function stockStatements(db: Database, productId: number, change: StockChange, { actor, now }: SaveContext): Statement[] {
  const pool = change.pool === "stock" ? "inventory" : "inventory_preorder_max";
  const count = change.pool === "stock" ? { inventory: change.after } : { inventoryPreorderMax: change.after };
  // The columns of stock_movements in table order: id, product_id, variation_id, kind, pool, before, after, reason, actor_user_id, actor_name, created_at.
  const record = (variationId: SQL, before: SQL, from: SQL) =>
    db
      .insert(stockMovements)
      .select(
        sql`select null, ${productId}, ${variationId}, 'import', ${change.pool}, ${before}, ${change.after}, ${IMPORT_STOCK_REASON}, ${actor.userId}, ${actor.name}, ${now.getTime()} ${from} and ${before} <> ${change.after}`,
      );
  if (change.variationSku == null) {
    return [
      record(sql`null`, sql.raw(`products.${pool}`), sql`from products where products.id = ${productId}`),
      db.update(products).set(count).where(eq(products.id, productId)),
    ];
  }
  const variation = and(eq(productVariations.sku, change.variationSku), eq(productVariations.productId, productId));
  return [
    record(
      sql`product_variations.id`,
      sql.raw(`product_variations.${pool}`),
      sql`from product_variations where product_variations.sku = ${change.variationSku} and product_variations.product_id = ${productId}`,
    ),
    db.update(productVariations).set(count).where(variation),
  ];
}

/** A new product, as createProduct saves it, in the state the file asks for. */
function createStatements(db: Database, plan: ProductPlan, { actor, now }: SaveContext): Statement[] {
  return createProductStatements(db, plan.form, actor, now, plan.status ? statusColumns(plan.status) : {});
}

/** An edit, as updateProduct saves it (guarded by the revision the apply read), with the file's state and stock. */
function updateStatements(db: Database, plan: ProductPlan, existing: { id: number; revision: number }, context: SaveContext): Statement[] {
  const { id } = existing;
  const unchanged = sql`(select ${products.revision} from ${products} where ${products.id} = ${id}) = ${existing.revision}`;
  return [
    ...updateProductStatements(db, id, plan.form, unchanged, context.actor, context.now, plan.status ? statusColumns(plan.status) : {}),
    ...plan.stock.flatMap((change) => stockStatements(db, id, change, context)),
  ];
}

/** Every statement saving one planned product, in order, for one D1 batch. */
export function productSaveStatements(db: Database, plan: ProductPlan, context: SaveContext): Statement[] {
  return plan.existing ? updateStatements(db, plan, plan.existing, context) : createStatements(db, plan, context);
}
