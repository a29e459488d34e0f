/**
 * Product search and category browsing (spec §2 screen 8). Only listed products (published, not private)
 * are ever found. A page's facets, results and total come from one D1 batch: one round trip.
 */
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { formatCount } from "~/core/money";
import { pageCount } from "~/core/paginator";
import type { SearchFilter } from "~/core/search/search-filter";
import type { Database } from "~/db/client.server";
import { categories, features, products, tags } from "~/db/schema";
import { keywordSummaries, orderByOf, productsOfHits, productSummaries, toSummary, type ProductHits, type ProductSummary } from "../catalogue/catalogue.server";
import { keywordHits, keywordTiers, LISTING_COUNT_CAP, searchCondition, searchOrder, searchSeek } from "./search-conditions.server";
import { facetCountQuery, toFacetCounts, walkedHits, type FacetBitRow, type FacetCounts } from "./search-facet-counts.server";

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
  /** Exact, or LISTING_COUNT_CAP when there are more (see totalText). */
  total: number;
  /** The count as the page shows it: 「75件」, 「1,000件以上」. */
  totalText: string;
  /** 0-based. */
  page: number;
  pageSize: number;
  /** Past the count's cap: the pages known so far (the next page is the last one linked). */
  totalPages: number;
  /** The SKU the next page follows (its 次へ link's keyset, `after`); null on the last page and in relevance order. */
  nextAfter: string | null;
}

export interface SearchPage {
  facets: SearchFacets;
  /** The filter's category, or null when none is chosen or the slug is unknown. */
  category: CategoryDetail | null;
  results: SearchResults;
  /** How many products each choice of the filter would find: keyword searches of at most LISTING_COUNT_CAP hits only (decision 0026). */
  facetCounts: FacetCounts | null;
}

// ─── Queries (unrun, so they can share one batch) ───────────────────────────────────────────

/**
 * One page of a filter's results and the first product of the next (unrun): found by its number (OFFSET),
 * or after the product its 次へ link names (a seek in the listing index, decision 0022).
 */
function resultsQuery(db: Database, filter: SearchFilter, pageSize: number, after: string | null, where: SQL | undefined, hits: ProductHits | undefined) {
  const seek = searchSeek(filter, after);
  // The seek first: of two bounds on one key (the seek's and a price filter's), SQLite seeks on the first.
  const found = and(seek, where);
  const order = searchOrder(db, filter);
  const offset = seek ? 0 : filter.page * pageSize;
  return hits
    ? keywordSummaries(db, hits, found, order, pageSize + 1, offset, keywordTiers(db, filter))
    : productSummaries(db, found, orderByOf(order), pageSize + 1, offset);
}

/**
 * The results and total queries of a filter (unrun; tests/integration/listing-plans.test.ts and
 * search-index.test.ts pin their plans). The count stops past LISTING_COUNT_CAP.
 */
export function searchQueries(db: Database, filter: SearchFilter, pageSize = SEARCH_PAGE_SIZE, after: string | null = null) {
  const where = searchCondition(db, filter);
  const hits = filter.q ? keywordHits(db, filter.q) : undefined;
  const found = hits
    ? db
        .select({ one: sql`1` })
        .from(hits)
        .crossJoin(productsOfHits)
        .where(and(eq(products.id, hits.rowid), where))
    : db
        .select({ one: sql`1` })
        .from(products)
        .where(where);
  return [resultsQuery(db, filter, pageSize, after, where, hits), db.select({ total: count() }).from(found.limit(LISTING_COUNT_CAP + 1).as("found"))] as const;
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
    db.select({ id: features.id, slug: features.slug, name: features.name }).from(features).orderBy(asc(features.position), asc(features.id)),
    db.select({ id: tags.id, kind: tags.kind, slug: tags.slug, name: tags.name }).from(tags).orderBy(asc(tags.position), asc(tags.id)),
  ] as const;
}

type CategoryRow = { id: number; slug: string; name: string; description: string; parentId: number | null; icon: string };
type FeatureRow = FacetOption & { id: number };
type TagRow = FeatureRow & { kind: "trouble" | "situation" };

function toFacets(categoryRows: CategoryRow[], featureRows: FeatureRow[], tagRows: TagRow[]): SearchFacets {
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

/** The page's results from its rows (one more than a page when there is a next) and the (capped) count. */
function toResults(rows: Parameters<typeof toSummary>[0][], counted: number, filter: SearchFilter, pageSize: number): SearchResults {
  const shown = rows.slice(0, pageSize);
  const more = rows.length > pageSize;
  const overCap = counted > LISTING_COUNT_CAP;
  const total = overCap ? LISTING_COUNT_CAP : counted;
  return {
    products: shown.map(toSummary),
    total,
    totalText: `${formatCount(total)}件${overCap ? "以上" : ""}`,
    page: filter.page,
    pageSize,
    totalPages: overCap ? Math.max(pageCount(total, pageSize), filter.page + (more ? 2 : 1)) : pageCount(total, pageSize),
    nextAfter: more && filter.sort !== "relevance" ? (shown.at(-1)?.sku ?? null) : null,
  };
}

// ─── Entry points ───────────────────────────────────────────────────────────────────────────

/** One page of listed products matching the filter, with the total count (one round trip). */
export async function searchProducts(db: Database, filter: SearchFilter, pageSize = SEARCH_PAGE_SIZE): Promise<SearchResults> {
  const [rows, countRows] = await db.batch(searchQueries(db, filter, pageSize));
  return toResults(rows, countRows[0]?.total ?? 0, filter, pageSize);
}

/** The filter's choices: top categories, features, troubles and situations, in display order (one round trip). */
export async function loadSearchFacets(db: Database): Promise<SearchFacets> {
  const [categoryRows, featureRows, tagRows] = await db.batch(facetQueries(db));
  return toFacets(categoryRows, featureRows, tagRows);
}

/**
 * Everything the search and category pages show — facets, chosen category, results, total, counts — in one
 * round trip; `after`: the SKU the page follows when it was reached by a 次へ link (`listingCursor`).
 */
export async function loadSearchPage(db: Database, filter: SearchFilter, after: string | null = null, pageSize = SEARCH_PAGE_SIZE): Promise<SearchPage> {
  const [results, total] = searchQueries(db, filter, pageSize, after);
  if (!filter.q) {
    const [categoryRows, featureRows, tagRows, rows, countRows] = await db.batch([...facetQueries(db), results, total]);
    return { ...toPage(categoryRows, featureRows, tagRows, filter), results: toResults(rows, countRows[0]?.total ?? 0, filter, pageSize), facetCounts: null };
  }
  // The counts' statement walks the hits the filter finds without its single choices: with none chosen,
  // its walk is the total too, so a plain keyword search walks its hits twice (rank, count), not three times.
  const counts = facetCountQuery(db, filter);
  if (!filter.category && !filter.trouble && !filter.situation) {
    const [categoryRows, featureRows, tagRows, rows, facetRows] = await db.batch([...facetQueries(db), results, counts]);
    return keywordPage(categoryRows, featureRows, tagRows, toResults(rows, walkedHits(facetRows), filter, pageSize), facetRows, filter);
  }
  const [categoryRows, featureRows, tagRows, rows, countRows, facetRows] = await db.batch([...facetQueries(db), results, total, counts]);
  return keywordPage(categoryRows, featureRows, tagRows, toResults(rows, countRows[0]?.total ?? 0, filter, pageSize), facetRows, filter);
}

function keywordPage(
  categoryRows: CategoryRow[],
  featureRows: FeatureRow[],
  tagRows: TagRow[],
  results: SearchResults,
  facetRows: FacetBitRow[],
  filter: SearchFilter,
): SearchPage {
  const choices = {
    categories: categoryRows.filter((row) => row.parentId == null),
    features: featureRows,
    troubles: tagRows.filter((row) => row.kind === "trouble"),
    situations: tagRows.filter((row) => row.kind === "situation"),
  };
  return { ...toPage(categoryRows, featureRows, tagRows, filter), results, facetCounts: toFacetCounts(facetRows, choices) };
}

function toPage(categoryRows: CategoryRow[], featureRows: FeatureRow[], tagRows: TagRow[], filter: SearchFilter) {
  return { facets: toFacets(categoryRows, featureRows, tagRows), category: toCategoryDetail(categoryRows, filter.category) };
}
