/**
 * The statements that save one product of a catalogue import (./catalogue-import-apply.server.ts), all or
 * nothing in the D1 batch that carries them. They are the editor's own (./product-editor-statements.server.ts,
 * in the order createProduct / updateProduct run them) — so a product saved from a
 * file is saved exactly as the editor saves it — plus what only the import does: the listing state the file
 * asks for, and each stock count it sets on what already exists, moved through the stock adjustments'
 * statements (a stock movement "import", and the restock notices when the item comes back in stock).
 */
import { eq, sql } from "drizzle-orm";
import type { ProductPlan, StockChange } from "~/core/catalogue/catalogue-import";
import type { CatalogueActor } from "~/core/catalogue/catalogue-scope";
import type { StatusChange } from "~/core/catalogue/product-status";
import type { Database } from "~/db/client.server";
import { productPath } from "~/core/catalogue/products";
import { products } from "~/db/schema";
import { createProductStatements, productRefBySku, updateProductStatements, type Statement } from "./product-editor-statements.server";
import { guard } from "../orders/order-guards.server";
import { submissionStatements } from "../product-approvals/submissions.server";
import { submissionKindOf } from "~/core/product-approvals/product-approvals";
import { sameProduct } from "~/core/product-approvals/submission-changes";
import { answeredBy, type WaitingRequest } from "../member/restock-notices.server";
import { randomToken } from "../account/sessions.server";
import { stockMoveStatements, variationProductTotals, type StockCell } from "./stock-adjustments.server";

export interface SaveContext {
  actor: CatalogueActor;
  now: Date;
  /** The open 再入荷 requests of the products saved, by product id (restock-notices.server.ts). */
  waiting: ReadonlyMap<number, (WaitingRequest & { variationId: number | null })[]>;
  /** Category slugs by id, for the product's URL in a restock notice. */
  categorySlugs: ReadonlyMap<number, string>;
  /** A merchant's import while the owner's approval setting is on: products are submitted, not saved (decision 0066). */
  approval: boolean;
}

/** The reason the stock movements of an import carry. */
export const IMPORT_STOCK_REASON = "CSV取り込み";

/** The columns a move to another state writes (app/core/catalogue/product-status.ts planStatusChange). */
export function statusColumns(change: StatusChange) {
  return {
    status: change.status,
    isPrivate: change.isPrivate,
    ...(change.secret === "new" ? { secret: randomToken() } : {}),
    publishedAt: change.publishedAt,
  };
}

/**
 * A stock count set by the file, moved as a stock adjustment moves it (stock-adjustments.server.ts): the
 * movement "import" with before/after read in the batch (only when it differs), the count, and the
 * 再入荷のお知らせ of the members waiting when it leaves the item in stock.
 */
function stockStatements(db: Database, plan: ProductPlan, productId: number, change: StockChange, context: SaveContext): Statement[] {
  const { form } = plan;
  const variation = change.variationSku == null ? null : form.variations.find((entry) => entry.sku === change.variationSku);
  const variationId = variation?.id ?? null;
  if (change.variationSku != null && variationId == null) return [];
  const column = change.pool === "stock" ? "inventory" : "inventory_preorder_max";
  const cell: StockCell = variationId == null ? { table: "products", column, id: productId } : { table: "product_variations", column, id: variationId };
  const after = sql`${change.after}`;
  const before = sql`(select ${sql.identifier(column)} from ${sql.identifier(cell.table)} where "id" = ${cell.id})`;
  const waiting = answeredBy(context.waiting.get(productId) ?? [], variationId);
  const categorySlug = context.categorySlugs.get(form.primaryCategoryId) ?? "";
  const { notices, movement, rest } = stockMoveStatements(
    db,
    {
      productId,
      variationId,
      cell,
      variationCell: null,
      pool: change.pool,
      kind: "import",
      after,
      reason: IMPORT_STOCK_REASON,
      condition: sql`${before} <> ${after}`,
      restock: waiting.length
        ? {
            requests: waiting,
            item: { title: variation ? `${form.title}（${variation.title}）` : form.title, url: productPath({ categorySlug, sku: form.sku }) },
          }
        : null,
    },
    context.actor,
    context.now,
  );
  return [...notices, movement, ...rest];
}

/** A new product, as createProduct saves it, in the state the file asks for. */
function createStatements(db: Database, plan: ProductPlan, { actor, now }: SaveContext): Statement[] {
  return createProductStatements(db, plan.form, actor, now, plan.status ? statusColumns(plan.status) : {});
}

/** An edit, as updateProduct saves it (guarded by the revision the apply read), with the file's state and stock. */
function updateStatements(db: Database, plan: ProductPlan, existing: { id: number; revision: number }, context: SaveContext): Statement[] {
  const { id } = existing;
  const unchanged = sql`(select ${products.revision} from ${products} where ${products.id} = ${id}) = ${existing.revision}`;
  const stock = plan.stock.flatMap((change) => stockStatements(db, plan, id, change, context));
  return [
    ...updateProductStatements(db, id, plan.form, unchanged, context.actor, context.now, plan.status ? statusColumns(plan.status) : {}),
    ...stock,
    // A variation product's own figures are its variations' sums (as after an adjustment).
    ...(stock.length ? [db.update(products).set(variationProductTotals(id)).where(eq(products.id, id))] : []),
  ];
}

/**
 * A merchant's product while approval is on: a new one is created as a draft with its submission "new"; an
 * edit leaves the product's form as it is and is submitted (when it changes anything, or asks a product never
 * on sale to go on sale). Stock counts are operational and move at once; a state the file asks for applies
 * unless it would put a product never on sale on sale (its approval does that).
 */
function submittedStatements(db: Database, plan: ProductPlan, context: SaveContext): Statement[] {
  const { actor, now } = context;
  const merchantId = plan.form.merchantId!;
  const submission = (productRef: number | ReturnType<typeof productRefBySku>, before: ProductPlan["form"] | null, kind: "new" | "edit") =>
    submissionStatements(db, { productRef, merchantId, kind, source: "csv", payload: plan.form, before, actor }, now);
  if (!plan.existing) return [...createProductStatements(db, plan.form, actor, now), ...submission(productRefBySku(plan.form.sku), null, "new")];
  const { id, revision, form, publishedAt } = plan.existing;
  const kind = submissionKindOf({ publishedAt });
  const goesOnSale = plan.status?.status === "published";
  const status = plan.status && !(goesOnSale && kind === "new") ? statusColumns(plan.status) : {};
  const submits = !sameProduct(form, plan.form) || (kind === "new" && goesOnSale);
  const stock = plan.stock.flatMap((change) => stockStatements(db, plan, id, change, context));
  return [
    guard(db, sql`(select ${products.revision} from ${products} where ${products.id} = ${id}) = ${revision}`),
    ...(submits ? submission(id, form, kind) : []),
    ...stock,
    db
      .update(products)
      .set({ ...status, ...(stock.length ? variationProductTotals(id) : {}), revision: sql`${products.revision} + 1`, updatedAt: now })
      .where(eq(products.id, id)),
  ];
}

/** Every statement saving one planned product, in order, for one D1 batch. */
export function productSaveStatements(db: Database, plan: ProductPlan, context: SaveContext): Statement[] {
  if (context.approval) return submittedStatements(db, plan, context);
  return plan.existing ? updateStatements(db, plan, plan.existing, context) : createStatements(db, plan, context);
}
