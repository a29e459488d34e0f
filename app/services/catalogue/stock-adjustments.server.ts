/**
 * Stock adjustments (issue 17 item 3): a receipt or a correction of one stock — a product's, a variation's
 * or a variable choice's own, normal or pre-order — in ONE D1 batch:
 *   1. the 再入荷のお知らせ of the members waiting (restock-notices.server.ts), when the change leaves the
 *      item in stock (normal pool only);
 *   2. the `stock_movements` row, INSERT … SELECT: before and after read from the stock in the same batch,
 *      and only when the new stock stays within 0…MAX_STOCK and the product is in the editor's scope;
 *   3. the stock itself, only when that row went in (`changes() = 1`); a choice's variation by the same
 *      amount (orders take from both);
 *   4. the product's revision and updated_at (published pages and editors see the change).
 * Every condition is in the SQL, so two adjustments at once both record true values and the stock ends as
 * their sum; the mails go once. /crm/stock (restock.server.ts) and the product stock pages both come here.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { CatalogueActor, CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { productPath } from "~/core/catalogue/products";
import {
  choiceMovementReason,
  MAX_STOCK,
  STOCK_MESSAGES,
  stockAfter,
  stockChangeProblems,
  type StockChange,
  type StockPool,
  type StockTargetKey,
} from "~/core/catalogue/stock-adjustment";
import { aliased, type Database } from "~/db/client.server";
import { categories, products, productVariations, stockMovements, variationChoices } from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";
import { chunked, restockNoticeStatements, waitingRequests, type WaitingRequest } from "../member/restock-notices.server";

/** Which stock of the product, and which pool. */
export interface StockRequest {
  productId: number;
  target: StockTargetKey;
  pool: StockPool;
}

export type StockRefusal = { ok: false; status: 400 | 404 | 409; field: "target" | "pool" | "quantity" | "reason"; error: string };

export type StockAdjustmentResult = { ok: true; before: number; after: number; notified: number; title: string } | StockRefusal;

/** One stock figure: a table's row and column. */
export interface StockCell {
  table: "products" | "product_variations" | "variation_choices";
  column: "inventory" | "inventory_preorder_max";
  id: number;
}

interface ResolvedStock {
  product: { id: number; sku: string; title: string; categorySlug: string };
  variationId: number | null;
  /** As the notices and the /crm/stock notice name it: 商品名（タイプ名）. */
  title: string;
  cell: StockCell;
  /** A choice keeping its own stock moves its variation's stock by the same amount. */
  variationCell: StockCell | null;
  choice: { groupTitle: string; title: string } | null;
}

const refuse = (status: StockRefusal["status"], field: StockRefusal["field"], error: string): StockRefusal => ({ ok: false, status, field, error });

/** Tries before answering "raced": a refusal read back as fitting means the stock moved in between. */
const ATTEMPTS = 3;

/** Adjusts one stock of a product in `scope` by `change`, recorded for `actor`. */
export async function adjustStock(
  db: Database,
  scope: CatalogueScope,
  request: StockRequest,
  change: StockChange,
  actor: CatalogueActor,
  now: Date = new Date(),
): Promise<StockAdjustmentResult> {
  const problems = stockChangeProblems(change);
  if (problems.quantity) return refuse(400, "quantity", problems.quantity);
  if (problems.reason) return refuse(400, "reason", problems.reason);
  const stock = await resolveStock(db, scope, request);
  if ("ok" in stock) return stock;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const outcome = await tryAdjust(db, scope, stock, request.pool, change, actor, now);
    if (outcome) return outcome;
  }
  return refuse(409, "quantity", STOCK_MESSAGES.raced);
}

/** A stock figure as a sub-select (null when the row is gone or a choice shares its variation's stock). */
function cellValue(cell: StockCell): SQL {
  return sql`(select ${sql.identifier(cell.column)} from ${sql.identifier(cell.table)} where "id" = ${cell.id})`;
}

/**
 * One stock move, for the batch of whoever moves stock (an adjustment here, a CSV import's count in
 * catalogue-save.server.ts): the movement recorded with before/after read in SQL, then the stock, then a
 * choice's variation by the same amount. `fits` is the caller's condition on top of the stock staying
 * within 0…MAX_STOCK; the notices for `restock` (the members waiting) go first, each still conditioned on
 * the move happening and leaving the item in stock.
 */
export interface StockMove {
  productId: number;
  variationId: number | null;
  cell: StockCell;
  variationCell: StockCell | null;
  pool: StockPool;
  kind: "receipt" | "correction" | "import";
  /** The stock after the move, as SQL (it may read the stock before). */
  after: SQL;
  reason: string;
  /** The caller's own condition (the editor's scope, "only when it changes" …). */
  condition: SQL;
  restock: { requests: WaitingRequest[]; item: { title: string; url: string } } | null;
}

export function stockMoveStatements(db: Database, move: StockMove, actor: CatalogueActor, now: Date) {
  const { cell, variationCell, after } = move;
  const before = cellValue(cell);
  const variationAfter = variationCell ? sql`(${cellValue(variationCell)} + ${after} - ${before})` : null;
  const fits = and(
    move.condition,
    sql`${after} between 0 and ${MAX_STOCK}`,
    variationAfter ? sql`${variationAfter} between 0 and ${MAX_STOCK}` : undefined,
  ) as SQL;
  // Members wait for the normal stock of the product or of the variation (a choice's comes with its variation's).
  const watchedAfter = move.pool === "stock" ? (variationAfter ?? after) : null;
  const notices =
    watchedAfter && move.restock && move.restock.requests.length
      ? restockNoticeStatements(db, move.restock.requests, move.restock.item, and(fits, sql`${watchedAfter} > 0`) as SQL, now)
      : [];
  const movement = db
    .insert(stockMovements)
    .select(
      sql`select null, ${move.productId}, ${move.variationId}, ${move.kind}, ${move.pool}, ${before}, ${after}, ${move.reason}, ${actor.userId}, ${actor.name}, ${now.getTime()} where ${fits}`,
    )
    .returning({ before: stockMovements.before, after: stockMovements.after });
  // `changes() = 1`: the movement above went in. Updates leave last_insert_rowid() at the movement.
  const applied = sql`changes() = 1`;
  const setStock = updateCell(db, cell, after, applied);
  const moveVariation = variationCell
    ? [
        updateCell(
          db,
          variationCell,
          sql`${cellValue(variationCell)} + (select "after" - "before" from ${stockMovements} where "id" = last_insert_rowid())`,
          applied,
        ),
      ]
    : [];
  return { notices, movement, rest: [setStock, ...moveVariation], applied, watchedAfter };
}

async function tryAdjust(
  db: Database,
  scope: CatalogueScope,
  stock: ResolvedStock,
  pool: StockPool,
  change: StockChange,
  actor: CatalogueActor,
  now: Date,
): Promise<StockAdjustmentResult | null> {
  const { product, cell, variationCell } = stock;
  const before = cellValue(cell);
  const after = change.mode === "set" ? sql`${change.amount}` : sql`(${before} + ${change.amount})`;
  const scopeCondition = productsInScope(scope);
  const inScope = sql`exists (select 1 from ${products} where ${products.id} = ${product.id}${scopeCondition ? sql` and ${scopeCondition}` : sql``})`;

  const requests = pool === "stock" ? await waitingRequests(db, product.id, stock.variationId) : [];
  const [firstChunk = [], ...laterChunks] = chunked(requests);
  const item = { title: stock.title, url: productPath(product) };
  const reason = stock.choice ? choiceMovementReason(stock.choice, change.reason) : change.reason;
  const { notices, movement, rest, applied, watchedAfter } = stockMoveStatements(
    db,
    {
      productId: product.id,
      variationId: stock.variationId,
      cell,
      variationCell,
      pool,
      kind: change.kind,
      after,
      reason,
      condition: inScope,
      restock: { requests: firstChunk, item },
    },
    actor,
    now,
  );
  const bump = db
    .update(products)
    .set({ revision: sql`${products.revision} + 1`, updatedAt: now, ...variationProductTotals(product.id) })
    .where(and(eq(products.id, product.id), applied));

  const results = await db.batch([...notices, movement, ...rest, bump] as unknown as Parameters<typeof db.batch>[0]);
  const marked = notices.length ? (results[notices.length - 1] as { id: number }[]).length : 0;
  const [recorded] = results[notices.length] as { before: number; after: number }[];
  if (!recorded) return refusalNow(db, stock, change);

  let notified = marked;
  if (watchedAfter) {
    const watched = variationCell ?? cell;
    for (const chunk of laterChunks) {
      const statements = restockNoticeStatements(db, chunk, item, sql`${cellValue(watched)} > 0`, now);
      const chunkResults = await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
      notified += (chunkResults.at(-1) as { id: number }[]).length;
    }
  }
  return { ok: true, before: recorded.before, after: recorded.after, notified, title: stock.title };
}

/** The statement setting one stock figure to `value` when `condition` holds. */
function updateCell(db: Database, cell: StockCell, value: SQL, condition: SQL) {
  const preorder = cell.column === "inventory_preorder_max";
  switch (cell.table) {
    case "products":
      return db
        .update(products)
        .set(preorder ? { inventoryPreorderMax: value } : { inventory: value })
        .where(and(eq(products.id, cell.id), condition));
    case "product_variations":
      return db
        .update(productVariations)
        .set(preorder ? { inventoryPreorderMax: value } : { inventory: value })
        .where(and(eq(productVariations.id, cell.id), condition));
    case "variation_choices":
      return db
        .update(variationChoices)
        .set({ inventory: value })
        .where(and(eq(variationChoices.id, cell.id), condition));
  }
}

/**
 * A variation product's own stock figures are the sums of its published variations' (listings read them),
 * kept in step with every adjustment; other products keep theirs.
 */
export function variationProductTotals(productId: number | SQL) {
  const sum = (column: string) =>
    sql`(select coalesce(sum(${sql.identifier(column)}), 0) from ${productVariations} where "product_id" = ${productId} and "status" = 'published')`;
  return {
    inventory: sql`case when "type" = 'variation' then ${sum("inventory")} else "inventory" end`,
    inventoryPreorderMax: sql`case when "type" = 'variation' then ${sum("inventory_preorder_max")} else "inventory_preorder_max" end`,
  };
}

/** Why the batch changed nothing, read from the stock as it is now; null when it would fit now (try again). */
async function refusalNow(db: Database, stock: ResolvedStock, change: StockChange): Promise<StockRefusal | null> {
  const [row] = await db.all<{ current: number | null; variation: number | null }>(
    sql`select ${cellValue(stock.cell)} as current, ${stock.variationCell ? cellValue(stock.variationCell) : sql`null`} as variation`,
  );
  if (row?.current == null) return refuse(404, "target", STOCK_MESSAGES.targetNotFound);
  const outcome = stockAfter(row.current, change, row.variation ?? undefined);
  return outcome.ok ? null : refuse(409, "quantity", outcome.error);
}

/** The product (in scope) and the stock the request names, or why it cannot be adjusted. */
async function resolveStock(db: Database, scope: CatalogueScope, request: StockRequest): Promise<ResolvedStock | StockRefusal> {
  const { productId, target, pool } = request;
  const column = pool === "preorder" ? "inventory_preorder_max" : "inventory";
  const [productRows, variationRows, choiceRows] = await db.batch([
    db
      .select({ id: products.id, sku: products.sku, title: products.title, type: products.type, categorySlug: categories.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
      .where(and(eq(products.id, productId), productsInScope(scope))),
    db
      .select({ id: productVariations.id, title: productVariations.title })
      .from(productVariations)
      .where(and(eq(productVariations.id, target.level === "variation" ? target.id : 0), eq(productVariations.productId, productId))),
    db
      .select({
        id: variationChoices.id,
        // Aliased: D1 returns a batch's rows by column name, and both tables have id and title.
        variationId: aliased(productVariations.id, "variation_id"),
        variationTitle: aliased(productVariations.title, "variation_title"),
        groupTitle: variationChoices.groupTitle,
        title: variationChoices.title,
        inventory: variationChoices.inventory,
      })
      .from(variationChoices)
      .innerJoin(productVariations, eq(productVariations.id, variationChoices.variationId))
      .where(and(eq(variationChoices.id, target.level === "choice" ? target.id : 0), eq(productVariations.productId, productId))),
  ]);
  const product = productRows[0];
  if (!product) return refuse(404, "target", STOCK_MESSAGES.productNotFound);
  if (target.level === "product") {
    if (product.type === "variation") return refuse(400, "target", STOCK_MESSAGES.variationRequired);
    return { product, variationId: null, title: product.title, cell: { table: "products", column, id: product.id }, variationCell: null, choice: null };
  }
  if (target.level === "variation") {
    const variation = variationRows[0];
    if (!variation) return refuse(404, "target", STOCK_MESSAGES.targetNotFound);
    const cell: StockCell = { table: "product_variations", column, id: variation.id };
    return { product, variationId: variation.id, title: `${product.title}（${variation.title}）`, cell, variationCell: null, choice: null };
  }
  const choice = choiceRows[0];
  if (!choice) return refuse(404, "target", STOCK_MESSAGES.targetNotFound);
  if (pool === "preorder") return refuse(400, "pool", STOCK_MESSAGES.choicePreorder);
  if (choice.inventory == null) return refuse(400, "target", STOCK_MESSAGES.choiceSharesStock);
  return {
    product,
    variationId: choice.variationId,
    title: `${product.title}（${choice.variationTitle}）`,
    cell: { table: "variation_choices", column: "inventory", id: choice.id },
    variationCell: { table: "product_variations", column: "inventory", id: choice.variationId },
    choice,
  };
}
