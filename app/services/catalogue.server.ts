/**
 * Catalogue reads for listings. Only published, non-private products of a selling merchant (or the shop's
 * own) are ever listed.
 */
import { and, asc, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { sellingPrice } from "~/core/pricing";
import type { Database } from "~/db/client.server";
import type { SubqueryWithSelection } from "drizzle-orm/sqlite-core";
import { categories, merchants, productMedia, products, PRODUCTS_BY_ID_INDEX, sellingPriceOf } from "~/db/schema";

export interface ProductSummary {
  sku: string;
  title: string;
  catchcopy: string;
  categorySlug: string;
  image: string | null;
  price: number;
  regularPrice: number;
  onSale: boolean;
  soldOut: boolean;
  reviewCount: number;
  reviewAvg: number;
}

/**
 * The product's seller sells now: the shop's own products always, a merchant's only while staff have not
 * suspended the merchant. The one SQL condition every listing, the pricing of the product page and the cart,
 * and the order-placing batch's guard use, so a suspension takes effect everywhere on the next request.
 * The active merchants are one list per statement (a handful of rows), and the merchant id is in the listing
 * indexes, so a listing tests it on index entries without reading a product row.
 */
export const sellerActive = sql<boolean>`(${products.merchantId} is null or ${products.merchantId} in (select ${merchants.id} from ${merchants} where ${merchants.status} = 'active'))`;

export const listedProduct = and(eq(products.status, "published"), eq(products.isPrivate, false), sellerActive);

/** The selling price in SQL, for filtering and sorting (the listing indexes hold the same expression). */
export const sellingPriceSql = sellingPriceOf(products);

const summaryColumns = {
  sku: products.sku,
  title: products.title,
  catchcopy: products.catchcopy,
  categorySlug: categories.slug,
  image: sql<
    string | null
  >`(select ${productMedia.url} from ${productMedia} where ${productMedia.productId} = ${products.id} order by ${productMedia.position} limit 1)`,
  regularPrice: products.regularPrice,
  discountPrice: products.discountPrice,
  inventory: products.inventory,
  inventoryPreorderMax: products.inventoryPreorderMax,
  reviewCount: products.reviewCount,
  reviewAvgX10: products.reviewAvg,
};

type SummaryRow = {
  sku: string;
  title: string;
  catchcopy: string;
  categorySlug: string;
  image: string | null;
  regularPrice: number;
  discountPrice: number | null;
  inventory: number;
  inventoryPreorderMax: number;
  reviewCount: number;
  reviewAvgX10: number;
};

export function toSummary(row: SummaryRow): ProductSummary {
  const price = sellingPrice(row);
  return {
    sku: row.sku,
    title: row.title,
    catchcopy: row.catchcopy,
    categorySlug: row.categorySlug,
    image: row.image,
    price,
    regularPrice: row.regularPrice,
    onSale: price < row.regularPrice,
    soldOut: row.inventory <= 0 && row.inventoryPreorderMax <= 0,
    reviewCount: row.reviewCount,
    reviewAvg: row.reviewAvgX10 / 10,
  };
}

/**
 * Product ids found by an index lookup (the keyword index): a subquery named "hits" with a `rowid` column.
 * A query given one reads it first and products by primary key (CROSS JOIN keeps that order), so it never
 * walks every listed product, which the planner would otherwise do through products_listing_idx.
 */
export type ProductHits = SubqueryWithSelection<{ rowid: SQL.Aliased<number> }, "hits">;

/**
 * A query (not yet run, so it can join a batch) of summary rows; map them with `toSummary`.
 * Without keyword hits the page is a deferred join: the ids of the page come from walking one listing index
 * (products_listed_*: condition and order in the index, so OFFSET skips index entries only), and only the rows
 * shown are then read by primary key, with their category and image.
 */
export function productSummaries(db: Database, where: SQL | undefined, orderBy: SQL[], limit: number, offset = 0, hits?: ProductHits) {
  if (!hits) {
    const page = db
      .select({ rowid: sql<number>`${products.id}`.as("rowid") })
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset)
      .as("hits");
    return summariesOf(db, page, undefined, orderBy, limit, 0);
  }
  return summariesOf(db, hits, where, orderBy, limit, offset);
}

/**
 * The products table as a keyword's hits join it: through products_by_id_idx, which holds every column a
 * filter, an order or a facet count reads (decision 0029). SQLite would otherwise look each hit up by rowid
 * and read its whole row (description and all), the cost of a broad keyword on a large catalogue.
 */
export const productsOfHits = sql`${products} indexed by ${sql.identifier(PRODUCTS_BY_ID_INDEX)}`;

/**
 * A keyword's page of summary rows (unrun; map them with `toSummary`), a deferred join as listings are: the
 * hits are filtered and ranked on productsOfHits, and only the rows shown are then read by primary key, with
 * their category and image. The page carries its sort keys (`key0`…), so the rows shown are put in order
 * without working a key out again (the title hits' set, in relevance order).
 */
export function keywordSummaries(db: Database, hits: ProductHits, where: SQL | undefined, order: ListingOrder, limit: number, offset: number) {
  const keyNames = order.keys.map((_, index) => `key${index}`);
  const keys = Object.fromEntries(order.keys.map((key, index) => [keyNames[index]!, sql`${key}`.as(keyNames[index]!)]));
  const page = db
    .select({ rowid: sql<number>`${products.id}`.as("rowid"), ...keys })
    .from(hits)
    .crossJoin(productsOfHits)
    .where(and(eq(products.id, hits.rowid), where))
    .orderBy(...orderByOf({ keys: keyNames.map((name) => sql`${sql.identifier(name)}`), descending: order.descending }))
    .limit(limit)
    .offset(offset)
    .as("hits");
  const carried = keyNames.map((name) => sql`${sql.identifier("hits")}.${sql.identifier(name)}`);
  return summariesOf(db, page, undefined, orderByOf({ keys: carried, descending: order.descending }), limit, 0);
}

function summariesOf(db: Database, hits: ProductHits, where: SQL | undefined, orderBy: SQL[], limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(hits)
    .crossJoin(products)
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(and(eq(products.id, hits.rowid), where))
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

export interface HomeCatalogue {
  categories: { slug: string; name: string; icon: string }[];
  newArrivals: ProductSummary[];
  popular: ProductSummary[];
}

const HOME_SECTION_SIZE = 8;

/**
 * A listing order: its keys, then the id (which makes it total), all ascending or all descending, as in the
 * listing indexes (app/db/schema.ts), so a page walks one index in order — backwards when descending.
 */
export interface ListingOrder {
  keys: SQL[];
  descending: boolean;
}

export const NEWEST_FIRST: ListingOrder = { keys: [sql`${products.createdAt}`], descending: true };
export const MOST_REVIEWED_FIRST: ListingOrder = { keys: [sql`${products.reviewCount}`, sql`${products.reviewAvg}`], descending: true };

/** The ORDER BY of a listing order. */
export function orderByOf({ keys, descending }: ListingOrder): SQL[] {
  return [...keys, sql`${products.id}`].map((key) => (descending ? desc(key) : asc(key)));
}

/**
 * Listed after the product `sku` in `order` (the next page's seek, keyset paging): the index walk starts at
 * that product's keys instead of skipping every entry before them, so page 400 costs what page 1 costs.
 * The row value holds the id as the tie-breaker; the first key alone is what SQLite seeks on (it does not
 * seek on a row value led by an expression, the selling price). An unknown SKU finds nothing after it.
 */
export function listedAfter({ keys, descending }: ListingOrder, sku: string): SQL {
  const ofCursor = (columns: SQL[]) => sql`(select ${sql.join(columns, sql`, `)} from ${products} where ${products.sku} = ${sku})`;
  const [lead] = keys;
  const beyond = descending ? sql`<` : sql`>`;
  const rowValue = [...keys, sql`${products.id}`];
  return sql`${lead} ${descending ? sql`<=` : sql`>=`} ${ofCursor([lead!])} and (${sql.join(rowValue, sql`, `)}) ${beyond} ${ofCursor(rowValue)}`;
}

/** The home page's queries (unrun; tests/integration/listing-plans.test.ts pins their plans). */
export function homeQueries(db: Database) {
  return [
    db
      .select({ slug: categories.slug, name: categories.name, icon: categories.icon })
      .from(categories)
      .where(isNull(categories.parentId))
      .orderBy(asc(categories.position)),
    productSummaries(db, listedProduct, orderByOf(NEWEST_FIRST), HOME_SECTION_SIZE),
    productSummaries(db, listedProduct, orderByOf(MOST_REVIEWED_FIRST), HOME_SECTION_SIZE),
  ] as const;
}

/** Everything the home page shows, in one D1 round trip. */
export async function loadHomeCatalogue(db: Database): Promise<HomeCatalogue> {
  const [topCategories, newest, popular] = await db.batch(homeQueries(db));
  return { categories: topCategories, newArrivals: newest.map(toSummary), popular: popular.map(toSummary) };
}
