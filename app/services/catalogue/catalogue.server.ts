/**
 * Catalogue reads for listings. Only published, non-private products of a selling merchant (or the shop's
 * own) are ever listed.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { sellingPrice } from "~/core/catalogue/pricing";
import type { Database } from "~/db/client.server";
import type { SubqueryWithSelection, WithSubqueryWithSelection } from "drizzle-orm/sqlite-core";
import type { TypedQueryBuilder } from "drizzle-orm/query-builders/query-builder";
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
 * From this many ids, a keyword's tier is found by walking its order's listing index (decision 0033): about
 * one listed product in 100 or more is one of them, so a page is full after a short walk, where ranking every
 * id costs more. Fewer ids are ranked as they are found: a walk could read the whole index for them.
 */
export const BROAD_KEYWORD_HITS = 1000;

/** Product ids from a keyword index (search-conditions.server.ts `matchingIds`). */
export type KeywordIds = TypedQueryBuilder<{ rowid: SQL.Aliased<number> }>;

/**
 * One tier of a keyword's page, in rank order (relevance: the title hits, then the others): its ids (less an
 * earlier tier's, `except`) and the keys its rows carry, in the order's key places.
 */
export interface HitsTier {
  ids: KeywordIds;
  except?: KeywordIds;
  keys: SQL[];
}

/** A keyword alone, tier after tier, each tier walked in `order` (a listing index's) when it is broad. */
export interface TieredHits {
  tiers: HitsTier[];
  order: ListingOrder;
}

type IdList = ProductHits | WithSubqueryWithSelection<{ rowid: SQL.Aliased<number> }, string>;

/**
 * A keyword's page of summary rows (unrun; map them with `toSummary`), a deferred join as listings are: the
 * hits are filtered and ranked on productsOfHits, and only the rows shown are then read by primary key, with
 * their category and image. The page carries its sort keys (`key0`…), so the rows shown are put in order
 * without working a key out again (the title hits' set, in relevance order). With `tiered`, each tier of
 * BROAD_KEYWORD_HITS ids or more is found by walking the listing index instead, testing each entry against
 * the ids, until the page is full (decision 0033).
 */
export function keywordSummaries(
  db: Database,
  hits: ProductHits,
  where: SQL | undefined,
  order: ListingOrder,
  limit: number,
  offset: number,
  tiered?: TieredHits,
) {
  const keyNames = order.keys.map((_, index) => `key${index}`);
  const columnsOf = (keys: SQL[]) => ({
    rowid: sql<number>`${products.id}`.as("rowid"),
    ...Object.fromEntries(keys.map((key, index) => [keyNames[index]!, sql`${key}`.as(keyNames[index]!)])),
  });
  const rankedByKeys = orderByOf({ keys: keyNames.map((name) => sql`${sql.identifier(name)}`), descending: order.descending });
  const ranked = (ids: IdList, keys: SQL[], test?: SQL) =>
    db
      .select(columnsOf(keys))
      .from(ids)
      .crossJoin(productsOfHits)
      .where(and(eq(products.id, ids.rowid), test, where))
      .orderBy(...rankedByKeys);
  if (!tiered) return inOrderOfKeys(db, ranked(hits, order.keys).limit(limit).offset(offset).as("hits"), keyNames, order.descending, limit);
  // Each list of ids is gathered once per statement (a materialized CTE): a column filter such as the
  // title's reads the whole doclist of the words, however few it finds.
  const lists = new Map<KeywordIds, WithSubqueryWithSelection<{ rowid: SQL.Aliased<number> }, string>>();
  const listOf = (ids: KeywordIds) => lists.get(ids) ?? lists.set(ids, db.$with(`ids${lists.size}`).as(ids)).get(ids)!;
  const inList = (id: SQLWrapper, ids: KeywordIds) => sql`${id} in ${db.select({ rowid: listOf(ids).rowid }).from(listOf(ids))}`;
  // Which way a tier goes is in its arms' LIMITs: SQLite works a LIMIT out when the arm starts, and a LIMIT
  // of 0 skips the arm (a constant subquery in WHERE would be tested row by row, after the walk began).
  const upTo = (arm: { getSQL(): SQL }, taken: SQL) => sql`select * from (${arm.getSQL()} limit (case when ${taken} then ${offset + limit} else 0 end))`;
  const arms = tiered.tiers.flatMap(({ ids, except, keys }) => {
    const left = (id: SQLWrapper) => (except ? sql`not ${inList(id, except)}` : undefined);
    const list = listOf(ids);
    const sample = db
      .select({ one: sql`1` })
      .from(list)
      .where(left(list.rowid))
      .limit(BROAD_KEYWORD_HITS)
      .as("sample");
    const broad = sql`(${db.select({ ids: count() }).from(sample)}) >= ${BROAD_KEYWORD_HITS}`;
    const walked = db
      .select(columnsOf(keys))
      .from(products)
      .where(and(inList(sql`+${products.id}`, ids), left(products.id), where))
      .orderBy(...orderByOf(tiered.order));
    return [upTo(walked, broad), upTo(ranked(list, keys, left(products.id)), sql`not (${broad})`)];
  });
  const gathered = [...lists].map(([ids, list]) => sql`${sql.identifier(list._.alias)} as materialized ${ids}`);
  const page = db
    .select({
      rowid: sql<number>`${sql.identifier("rowid")}`.as("rowid"),
      ...Object.fromEntries(keyNames.map((name) => [name, sql`${sql.identifier(name)}`.as(name)])),
    })
    .from(sql`(with ${sql.join(gathered, sql`, `)} ${sql.join(arms, sql` union all `)} limit ${limit} offset ${offset})`)
    .as("hits");
  return inOrderOfKeys(db, page, keyNames, order.descending, limit);
}

/** The rows shown of a page of ids that carries its order's keys (`key0`…), read by primary key and put in that order. */
function inOrderOfKeys(db: Database, page: ProductHits, keyNames: string[], descending: boolean, limit: number) {
  const carried = keyNames.map((name) => sql`${sql.identifier("hits")}.${sql.identifier(name)}`);
  return summariesOf(db, page, undefined, orderByOf({ keys: carried, descending }), limit, 0);
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
/** Equal reviews: the newest first (relevance ends in this order too, decision 0033). */
export const MOST_REVIEWED_FIRST: ListingOrder = {
  keys: [sql`${products.reviewCount}`, sql`${products.reviewAvg}`, sql`${products.createdAt}`],
  descending: true,
};

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
