/**
 * What the product's stock page reads (issue 17 item 3): every stock of the product as it is now — the
 * product's own (simple/set) or each variation's, with the choices that keep their own — and the stock
 * history, newest first. Every read carries the editor's scope.
 */
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { CatalogueScope } from "~/core/catalogue-scope";
import { STOCK_HISTORY_PAGE_SIZE, type StockMovementKind, type StockPool } from "~/core/stock-adjustment";
import type { Database } from "~/db/client.server";
import { products, productVariations, stockMovements, variationChoices } from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";

export interface ChoiceStock {
  id: number;
  sku: string;
  label: string;
  /** null = the choice uses its variation's stock. */
  stock: number | null;
}

export interface VariationStock {
  id: number;
  sku: string;
  title: string;
  status: string;
  stock: number;
  preorder: number;
  choices: ChoiceStock[];
}

export interface ProductStock {
  id: number;
  sku: string;
  title: string;
  type: "simple" | "set" | "variation";
  /** The product's own stock (simple/set); a variation product's is its variations'. */
  stock: number;
  preorder: number;
  variations: VariationStock[];
}

/** The product's stocks now, or null when the scope may not see it. */
export async function productStock(db: Database, scope: CatalogueScope, productId: number): Promise<ProductStock | null> {
  const [productRows, variationRows] = await db.batch([
    db
      .select({
        id: products.id,
        sku: products.sku,
        title: products.title,
        type: products.type,
        stock: products.inventory,
        preorder: products.inventoryPreorderMax,
      })
      .from(products)
      .where(and(eq(products.id, productId), productsInScope(scope))),
    db
      .select({
        id: productVariations.id,
        sku: productVariations.sku,
        title: productVariations.title,
        status: productVariations.status,
        stock: productVariations.inventory,
        preorder: productVariations.inventoryPreorderMax,
      })
      .from(productVariations)
      .innerJoin(products, eq(products.id, productVariations.productId))
      .where(and(eq(productVariations.productId, productId), productsInScope(scope)))
      .orderBy(asc(productVariations.position), asc(productVariations.id)),
  ]);
  const product = productRows[0];
  if (!product) return null;
  const choices = variationRows.length
    ? await db
        .select({
          id: variationChoices.id,
          variationId: variationChoices.variationId,
          sku: variationChoices.sku,
          groupTitle: variationChoices.groupTitle,
          title: variationChoices.title,
          stock: variationChoices.inventory,
        })
        .from(variationChoices)
        .where(
          inArray(
            variationChoices.variationId,
            variationRows.map((variation) => variation.id),
          ),
        )
        .orderBy(asc(variationChoices.position), asc(variationChoices.id))
    : [];
  return {
    ...product,
    variations: variationRows.map((variation) => ({
      ...variation,
      choices: choices
        .filter((choice) => choice.variationId === variation.id)
        .map((choice) => ({ id: choice.id, sku: choice.sku, label: `${choice.groupTitle}：${choice.title}`, stock: choice.stock })),
    })),
  };
}

export interface StockHistoryEntry {
  id: number;
  createdAt: Date;
  actorName: string;
  kind: StockMovementKind;
  pool: StockPool;
  variationTitle: string | null;
  before: number;
  after: number;
  reason: string;
}

/** A page (0-based) of the product's stock movements, newest first, and how many there are. */
export async function listStockMovements(
  db: Database,
  scope: CatalogueScope,
  productId: number,
  page: number,
): Promise<{ rows: StockHistoryEntry[]; total: number }> {
  const ofProduct = and(eq(stockMovements.productId, productId), productsInScope(scope));
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: stockMovements.id,
        createdAt: stockMovements.createdAt,
        actorName: stockMovements.actorName,
        kind: stockMovements.kind,
        pool: stockMovements.pool,
        variationTitle: productVariations.title,
        before: stockMovements.before,
        after: stockMovements.after,
        reason: stockMovements.reason,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .leftJoin(productVariations, eq(productVariations.id, stockMovements.variationId))
      .where(ofProduct)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(STOCK_HISTORY_PAGE_SIZE)
      .offset(page * STOCK_HISTORY_PAGE_SIZE),
    db.select({ total: count() }).from(stockMovements).innerJoin(products, eq(products.id, stockMovements.productId)).where(ofProduct),
  ]);
  return { rows, total: total?.total ?? 0 };
}
