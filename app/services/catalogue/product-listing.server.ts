/**
 * The back office's product list (app/core/catalogue/product-listing.ts): one page, in the scope (a merchant sees
 * its own products only), with the categories and merchants its filters offer: the filters' choices, the count
 * and the page in one batch (`listProductsWithOptions`).
 */
import type { BatchResponse } from "drizzle-orm/batch";
import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { CatalogueScope } from "~/core/catalogue/catalogue-scope";
import type { ListingQuery } from "~/core/search/listing";
import { OWN_PRODUCTS, productListing, type ListingOption, type ProductListSort } from "~/core/catalogue/product-listing";
import { PRODUCT_TYPE_LABELS } from "~/core/catalogue/product-form-choices";
import { PRODUCT_STATE_LABELS, productStateOf, type ProductState } from "~/core/catalogue/product-status";
import { STOCK_ALERT_FILTER, STOCK_ALERTS, type StockAlert } from "~/core/catalogue/stock-alerts";
import { aliased, qualified, type Database } from "~/db/client.server";
import { categories, lastEditedOf, merchants, productCategories, products, productVariations, variationChoices } from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";
import { stockAlertCondition } from "./stock-alerts.server";
import { equalsFilter, likeFilter, listingClauses, loadListingPage, type ListingClauses, type ListingPage, type ListingSource } from "../search/listing.server";

export interface ProductListRow {
  id: number;
  sku: string;
  title: string;
  type: "simple" | "set" | "variation";
  typeLabel: string;
  state: ProductState;
  stateLabel: string;
  regularPrice: number;
  discountPrice: number | null;
  stock: number;
  variationCount: number;
  categoryName: string;
  merchantName: string | null;
  updatedAt: string;
}

/** The stock a row shows and the stock filter reads: the product's, or its variations' together. */
const stockSql = sql<number>`(case when ${products.type} = 'variation' then coalesce((select sum(${productVariations.inventory}) from ${productVariations} where ${productVariations.productId} = ${qualified(products.id)}), 0) else ${products.inventory} end)`;
const updatedSql = lastEditedOf(products);

/** Title, the product's SKU, or any SKU of its variations and their choices. */
const keywordText = sql`(${products.title} || ' ' || ${products.sku} || ' ' || coalesce((select group_concat(${productVariations.sku}, ' ') from ${productVariations} where ${productVariations.productId} = ${qualified(products.id)}), '') || ' ' || coalesce((select group_concat(${variationChoices.sku}, ' ') from ${variationChoices} join ${productVariations} on ${qualified(productVariations.id)} = ${qualified(variationChoices.variationId)} where ${qualified(productVariations.productId)} = ${qualified(products.id)}), ''))`;

function stateFilter(value: unknown): SQL | undefined {
  switch (value) {
    case "draft":
    case "archived":
      return eq(products.status, value);
    case "published":
      return and(eq(products.status, "published"), eq(products.isPrivate, false));
    case "private":
      return and(eq(products.status, "published"), eq(products.isPrivate, true));
    default:
      return undefined;
  }
}

function source(scope: CatalogueScope): ListingSource<ProductListSort> {
  return {
    scope: productsInScope(scope),
    sortColumns: { updated: updatedSql, title: products.title, sku: products.sku, price: products.regularPrice, stock: stockSql },
    idColumn: products.id,
    filters: {
      q: likeFilter(keywordText),
      state: stateFilter,
      category: (value) =>
        typeof value === "string"
          ? sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${qualified(products.id)} and ${productCategories.categoryId} = ${Number(value)})`
          : undefined,
      merchant: (value) =>
        value === OWN_PRODUCTS ? isNull(products.merchantId) : typeof value === "string" ? equalsFilter(products.merchantId)(value) : undefined,
      stock_max: (value) => (typeof value === "string" ? sql`${stockSql} <= ${Number(value)}` : undefined),
      [STOCK_ALERT_FILTER]: (value) => (STOCK_ALERTS.includes(value as StockAlert) ? stockAlertCondition(value as StockAlert) : undefined),
    },
  };
}

/** The list's filter choices: categories, and (for staff) merchants. */
export interface ListingOptions {
  categories: ListingOption[];
  merchants: ListingOption[];
}

function listingOptionQueries(db: Database) {
  return [
    db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.select({ id: merchants.id, name: merchants.name }).from(merchants).orderBy(asc(merchants.id)),
  ] as const;
}

const listingOptionsOf = (scope: CatalogueScope, categoryRows: ListingOption[], merchantRows: ListingOption[]): ListingOptions => ({
  categories: categoryRows,
  merchants: scope.kind === "staff" ? merchantRows : [],
});

export async function listingOptions(db: Database, scope: CatalogueScope): Promise<ListingOptions> {
  const [categoryRows, merchantRows] = await db.batch(listingOptionQueries(db));
  return listingOptionsOf(scope, categoryRows, merchantRows);
}

/** The total and the page of a listing's clauses (unrun; tests/integration/listing-plans.test.ts pins the page's plan). */
export function productListQueries(db: Database, { where, orderBy, limit, offset }: ListingClauses) {
  return [
    db.select({ n: count() }).from(products).where(where),
    db
      .select({
        id: products.id,
        sku: products.sku,
        title: products.title,
        type: products.type,
        status: products.status,
        isPrivate: products.isPrivate,
        regularPrice: products.regularPrice,
        discountPrice: products.discountPrice,
        stock: stockSql,
        variationCount: sql<number>`(select count(*) from ${productVariations} where ${productVariations.productId} = ${qualified(products.id)})`,
        categoryName: aliased(categories.name, "category_name"),
        merchantName: aliased(merchants.name, "merchant_name"),
        updatedAt: updatedSql,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
      .leftJoin(merchants, eq(merchants.id, products.merchantId))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
  ] as const;
}

/** The SQL clauses of a query of the list in the scope. */
export function productListClauses(
  scope: CatalogueScope,
  options: { categories: ListingOption[]; merchants: ListingOption[] },
  query: ListingQuery<ProductListSort>,
): ListingClauses {
  return listingClauses(productListing(scope.kind, options.categories, options.merchants), query, source(scope));
}

/**
 * The list with its filter choices read in the same batch (one round trip): the query was read against
 * `named`, the choices its URL names, and the caller checks it against the real ones it answers.
 */
export async function listProductsWithOptions(
  db: Database,
  scope: CatalogueScope,
  named: ListingOptions,
  query: ListingQuery<ProductListSort>,
): Promise<{ page: ListingPage<ProductListRow, ProductListSort>; options: ListingOptions }> {
  const definition = productListing(scope.kind, named.categories, named.merchants);
  let options: ListingOptions | null = null;
  const page = await loadListingPage(definition, query, source(scope), async (clauses) => {
    if (options) return productListPart(...(await db.batch(productListQueries(db, clauses))));
    const [categoryRows, merchantRows, counted, rows] = await db.batch([...listingOptionQueries(db), ...productListQueries(db, clauses)]);
    options = listingOptionsOf(scope, categoryRows, merchantRows);
    return productListPart(counted, rows);
  });
  return { page, options: options! };
}

type ProductListRows = BatchResponse<ReturnType<typeof productListQueries>>;

function productListPart(counted: ProductListRows[0], rows: ProductListRows[1]): { total: number; rows: ProductListRow[] } {
  return {
    total: counted[0]?.n ?? 0,
    rows: rows.map(({ status, isPrivate, updatedAt, ...row }) => {
      const state = productStateOf({ status, isPrivate });
      return {
        ...row,
        typeLabel: PRODUCT_TYPE_LABELS[row.type],
        state,
        stateLabel: PRODUCT_STATE_LABELS[state],
        stock: Number(row.stock),
        variationCount: Number(row.variationCount),
        updatedAt: new Date(Number(updatedAt)).toISOString(),
      };
    }),
  };
}

/** Every product the list's filters pick, in its order, on every page: what the catalogue CSV exports. */
export async function listedProductIds(
  db: Database,
  scope: CatalogueScope,
  options: { categories: ListingOption[]; merchants: ListingOption[] },
  query: ListingQuery<ProductListSort>,
): Promise<number[]> {
  const { where, orderBy } = productListClauses(scope, options, query);
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy);
  return rows.map((row) => row.id);
}
