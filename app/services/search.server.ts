/**
 * Product search and category browsing (spec §2 screen 8). Only listed products (published, not private)
 * are ever found. A page's facets, results and total come from one D1 batch: one round trip.
 */
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { pageCount } from "~/core/paginator";
import { inTitle, keywordMatch, type KeywordMatch } from "~/core/search-index";
import { keywordTerms, priceLimits, type SearchFilter, type SearchSort } from "~/core/search-filter";
import type { Database } from "~/db/client.server";
import { productSearch, productSearchGrams } from "~/db/search-index";
import { categories, features, productCategories, productFeatures, products, productTags, tags } from "~/db/schema";
import {
  listedProduct,
  MOST_REVIEWED_FIRST,
  NEWEST_FIRST,
  productSummaries,
  type ProductHits,
  sellingPriceSql,
  toSummary,
  type ProductSummary,
} from "./catalogue.server";

export const SEARCH_PAGE_SIZE = 24;

export interface FacetOption {
  slug: string;
  name: string;
}

export interface SearchFacets {
  /** The top categories: the tiles of the filter. */
  categories: (FacetOption & { icon: string })[];
  features: FacetOption[];
  troubles: FacetOption[];
  situations: FacetOption[];
}

/** The chosen category, with what its page shows: breadcrumb parent and subcategory links. */
export interface CategoryDetail extends FacetOption {
  description: string;
  parent: FacetOption | null;
  children: FacetOption[];
}

export interface SearchResults {
  products: ProductSummary[];
  total: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  totalPages: number;
}

export interface SearchPage {
  facets: SearchFacets;
  /** The filter's category, or null when none is chosen or the slug is unknown. */
  category: CategoryDetail | null;
  results: SearchResults;
}

// ─── Filter → SQL ───────────────────────────────────────────────────────────────────────────

/** A keyword index table and the MATCH expression to look up in it. */
type IndexLookup = { table: typeof productSearch | typeof productSearchGrams; expression: string };

/**
 * Ids of the rows an index lookup finds, further limited by `also` (another lookup's ids). The `+` keeps
 * the rowid test out of FTS5's own plan: handed to FTS5, each of `also`'s ids re-ran the MATCH (a query
 * mixing a 3+-character word with a 1–2-character one took ~50 s at 100,000 products instead of ~50 ms);
 * as a plain filter, `also` is gathered once and each match of the first lookup is tested against it.
 */
function lookupRows(db: Database, { table, expression }: IndexLookup, also?: IndexLookup) {
  const alsoIds = also
    ? db
        .select({ rowid: also.table.rowid })
        .from(also.table)
        .where(sql`${also.table} match ${also.expression}`)
    : undefined;
  return db
    .select({ rowid: sql<number>`${table.rowid}`.as("rowid") })
    .from(table)
    .where(and(sql`${table} match ${expression}`, alsoIds ? sql`+${table.rowid} in ${alsoIds}` : undefined));
}

/**
 * Ids of products whose indexed text has every word of the match: one index lookup, or two intersected
 * (words of 3+ characters and shorter ones); undefined when there is no word. Also the suggestions'
 * lookup (search-suggest.server.ts).
 */
export function matchingIds(db: Database, match: KeywordMatch) {
  const [first, second] = [
    match.trigram == null ? null : { table: productSearch, expression: match.trigram },
    match.grams == null ? null : { table: productSearchGrams, expression: match.grams },
  ].filter((lookup) => lookup != null);
  return first ? lookupRows(db, first, second) : undefined;
}

/** The products of a keyword: every word, in either kana script and either width, in the title, catch copy or description. */
function keywordHits(db: Database, q: string): ProductHits | undefined {
  return matchingIds(db, keywordMatch(keywordTerms(q)))?.as("hits");
}

const parentCategory = alias(categories, "parent_category");

/*
 * Filters are tests of a product id against a list each statement builds once (not a sub-select per product),
 * and of columns the listing indexes hold, so a page or a total walks index entries only.
 */

/** In the category, or in one of its subcategories (by primary category or product_categories). */
function categoryCondition(db: Database, slug: string): SQL | undefined {
  const categoryIds = db
    .select({ id: categories.id })
    .from(categories)
    .leftJoin(parentCategory, eq(parentCategory.id, categories.parentId))
    .where(or(eq(categories.slug, slug), eq(parentCategory.slug, slug)));
  return or(
    inArray(products.primaryCategoryId, categoryIds),
    inArray(products.id, db.select({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, categoryIds))),
  );
}

/** Has every one of the features. */
function featuresCondition(db: Database, slugs: string[]): SQL {
  const withEvery = db
    .select({ id: productFeatures.productId })
    .from(productFeatures)
    .innerJoin(features, eq(features.id, productFeatures.featureId))
    .where(inArray(features.slug, slugs))
    .groupBy(productFeatures.productId)
    .having(sql`count(*) = ${slugs.length}`);
  return inArray(products.id, withEvery);
}

function tagCondition(db: Database, kind: "trouble" | "situation", slug: string): SQL {
  const tagged = db
    .select({ id: productTags.productId })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .where(and(eq(tags.kind, kind), eq(tags.slug, slug)));
  return inArray(products.id, tagged);
}

/** The WHERE clause of a filter: always limited to listed products. */
function searchCondition(db: Database, filter: SearchFilter): SQL | undefined {
  const { atLeast, atMost } = priceLimits(filter);
  return and(
    listedProduct,
    filter.category ? categoryCondition(db, filter.category) : undefined,
    filter.features.length ? featuresCondition(db, filter.features) : undefined,
    atLeast != null ? sql`${sellingPriceSql} >= ${atLeast}` : undefined,
    atMost != null ? sql`${sellingPriceSql} <= ${atMost}` : undefined,
    filter.trouble ? tagCondition(db, "trouble", filter.trouble) : undefined,
    filter.situation ? tagCondition(db, "situation", filter.situation) : undefined,
  );
}

/**
 * Relevance: products with every word in the title first, then the best reviewed (the shop's sales signal
 * in a listing), then the newest. The title test is one more index lookup, not a score per row.
 */
function relevanceOrder(db: Database, q: string): SQL[] {
  const inTitleIds = matchingIds(db, inTitle(keywordMatch(keywordTerms(q))));
  return [
    ...(inTitleIds ? [desc(inArray(products.id, inTitleIds))] : []),
    desc(products.reviewCount),
    desc(products.reviewAvg),
    desc(products.createdAt),
    desc(products.id),
  ];
}

/** Each order matches a listing index (app/db/schema.ts), so a page needs no sort. */
const SORT_ORDERS: Record<Exclude<SearchSort, "relevance">, SQL[]> = {
  new: NEWEST_FIRST,
  price_asc: [asc(sellingPriceSql), asc(products.id)],
  price_desc: [desc(sellingPriceSql), asc(products.id)],
  reviews: MOST_REVIEWED_FIRST,
};

// ─── Queries (unrun, so they can share one batch) ───────────────────────────────────────────

/** The results and total queries of a filter (unrun; tests/integration/search-index.test.ts pins their plans). */
export function searchQueries(db: Database, filter: SearchFilter, pageSize = SEARCH_PAGE_SIZE) {
  const where = searchCondition(db, filter);
  const hits = filter.q ? keywordHits(db, filter.q) : undefined;
  const order = filter.sort === "relevance" ? relevanceOrder(db, filter.q) : SORT_ORDERS[filter.sort];
  return [
    productSummaries(db, where, order, pageSize, filter.page * pageSize, hits),
    hits
      ? db
          .select({ total: count() })
          .from(hits)
          .crossJoin(products)
          .where(and(eq(products.id, hits.rowid), where))
      : db.select({ total: count() }).from(products).where(where),
  ] as const;
}

function facetQueries(db: Database) {
  return [
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        name: categories.name,
        description: categories.description,
        parentId: categories.parentId,
        icon: categories.icon,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db.select({ slug: features.slug, name: features.name }).from(features).orderBy(asc(features.position), asc(features.id)),
    db.select({ kind: tags.kind, slug: tags.slug, name: tags.name }).from(tags).orderBy(asc(tags.position), asc(tags.id)),
  ] as const;
}

type CategoryRow = { id: number; slug: string; name: string; description: string; parentId: number | null; icon: string };
type TagRow = { kind: "trouble" | "situation"; slug: string; name: string };

function toFacets(categoryRows: CategoryRow[], featureRows: FacetOption[], tagRows: TagRow[]): SearchFacets {
  const option = ({ slug, name }: FacetOption): FacetOption => ({ slug, name });
  return {
    categories: categoryRows.filter((row) => row.parentId == null).map(({ slug, name, icon }) => ({ slug, name, icon })),
    features: featureRows.map(option),
    troubles: tagRows.filter((row) => row.kind === "trouble").map(option),
    situations: tagRows.filter((row) => row.kind === "situation").map(option),
  };
}

function toCategoryDetail(categoryRows: CategoryRow[], slug: string | null): CategoryDetail | null {
  const category = slug ? categoryRows.find((row) => row.slug === slug) : undefined;
  if (!category) return null;
  const parent = category.parentId == null ? undefined : categoryRows.find((row) => row.id === category.parentId);
  return {
    slug: category.slug,
    name: category.name,
    description: category.description,
    parent: parent ? { slug: parent.slug, name: parent.name } : null,
    children: categoryRows.filter((row) => row.parentId === category.id).map(({ slug, name }) => ({ slug, name })),
  };
}

function toResults(rows: Parameters<typeof toSummary>[0][], countRows: { total: number }[], filter: SearchFilter, pageSize: number): SearchResults {
  const total = countRows[0]?.total ?? 0;
  return { products: rows.map(toSummary), total, page: filter.page, pageSize, totalPages: pageCount(total, pageSize) };
}

// ─── Entry points ───────────────────────────────────────────────────────────────────────────

/** One page of listed products matching the filter, with the total count (one round trip). */
export async function searchProducts(db: Database, filter: SearchFilter, pageSize = SEARCH_PAGE_SIZE): Promise<SearchResults> {
  const [rows, countRows] = await db.batch(searchQueries(db, filter, pageSize));
  return toResults(rows, countRows, filter, pageSize);
}

/** The filter's choices: top categories, features, troubles and situations, in display order (one round trip). */
export async function loadSearchFacets(db: Database): Promise<SearchFacets> {
  const [categoryRows, featureRows, tagRows] = await db.batch(facetQueries(db));
  return toFacets(categoryRows, featureRows, tagRows);
}

/** Everything the search and category pages show — facets, chosen category, results, total — in one round trip. */
export async function loadSearchPage(db: Database, filter: SearchFilter, pageSize = SEARCH_PAGE_SIZE): Promise<SearchPage> {
  const [categoryRows, featureRows, tagRows, rows, countRows] = await db.batch([...facetQueries(db), ...searchQueries(db, filter, pageSize)]);
  return {
    facets: toFacets(categoryRows, featureRows, tagRows),
    category: toCategoryDetail(categoryRows, filter.category),
    results: toResults(rows, countRows, filter, pageSize),
  };
}
