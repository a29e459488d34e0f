/**
 * Predictive search (issue 18): the products and categories suggested under the header's search box as
 * the shopper types. Products come from the keyword index (decision 0020) like the search page's, listed
 * products only, those with every word in the title first; categories by name. One D1 batch: one round trip.
 *
 * Cost does not grow with the catalogue: each product lookup takes only the SUGGEST_CANDIDATES newest
 * matching index rows (FTS5 walks its rowid order backwards and stops), reads those products by primary key
 * and ranks them by reviews — so a common word in a 100,000-product shop costs what a rare one does.
 */
import { asc, sql } from "drizzle-orm";
import { productImageSrc } from "~/core/catalogue/product-images";
import { productPath } from "~/core/catalogue/products";
import { keywordTerms } from "~/core/search/search-filter";
import { inTitle, keywordMatch, type KeywordMatch } from "~/core/search/search-index";
import { categoryMatches, SUGGEST_CATEGORY_LIMIT, SUGGEST_LIMIT } from "~/core/search/search-suggest";
import type { Database } from "~/db/client.server";
import { categories } from "~/db/schema";
import { listedProduct, MOST_REVIEWED_FIRST, orderByOf, productSummaries, toSummary, type ProductHits } from "../catalogue/catalogue.server";
import { matchingIds } from "./search-conditions.server";

export interface ProductSuggestion {
  title: string;
  sku: string;
  /** The product page. */
  url: string;
  /** The list thumbnail, or null when the product has no photo. */
  image: string | null;
  /** The selling price now, in yen (tax included). */
  price: number;
}

export interface CategorySuggestion {
  name: string;
  /** The parent category's name, for a subcategory (「飲料・お茶」 for 日本茶). */
  parent: string | null;
  /** The category page. */
  url: string;
}

export interface SearchSuggestions {
  /** The query the suggestions are for, normalised; "" when it was too short to suggest for. */
  query: string;
  categories: CategorySuggestion[];
  products: ProductSuggestion[];
}

/** Newest index rows each product lookup ranks; a bound on the rows read, whatever the catalogue's size. */
export const SUGGEST_CANDIDATES = 50;

/**
 * The newest SUGGEST_CANDIDATES products whose indexed text has every word of the match, newest first:
 * FTS5 walks the index backwards in rowid order and the LIMIT stops it.
 */
function newestMatches(db: Database, match: KeywordMatch): ProductHits | null {
  return (
    matchingIds(db, match)
      ?.orderBy(sql`rowid desc`)
      .limit(SUGGEST_CANDIDATES)
      .as("hits") ?? null
  );
}

/** The best reviewed listed products among the newest candidates (unrun). */
function productCandidates(db: Database, match: KeywordMatch) {
  const hits = newestMatches(db, match);
  return hits ? productSummaries(db, listedProduct, orderByOf(MOST_REVIEWED_FIRST), SUGGEST_LIMIT, 0, hits) : null;
}

/** The statements of one suggestion lookup, unrun: title hits, all hits, categories (tests pin their plans). */
export function suggestionQueries(db: Database, query: string) {
  const match = keywordMatch(keywordTerms(query));
  const titleHits = productCandidates(db, inTitle(match));
  const allHits = productCandidates(db, match);
  const categoryRows = db
    .select({ id: categories.id, slug: categories.slug, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id));
  return titleHits && allHits ? ([titleHits, allHits, categoryRows] as const) : null;
}

type CategoryRow = { id: number; slug: string; name: string; parentId: number | null };

function categorySuggestions(rows: CategoryRow[], query: string): CategorySuggestion[] {
  const names = new Map(rows.map((row) => [row.id, row.name]));
  // A top category before its subcategories: 「食器」 suggests キッチン・食器, then 器・食器.
  const ordered = [...rows.filter((row) => row.parentId == null), ...rows.filter((row) => row.parentId != null)];
  return ordered
    .filter((row) => categoryMatches(row.name, query))
    .slice(0, SUGGEST_CATEGORY_LIMIT)
    .map((row) => ({
      name: row.name,
      parent: row.parentId == null ? null : (names.get(row.parentId) ?? null),
      url: `/category/${encodeURIComponent(row.slug)}`,
    }));
}

/** Up to SUGGEST_LIMIT suggestions for a normalised query (see `suggestionQuery`); none for "". */
export async function suggestSearch(db: Database, query: string): Promise<SearchSuggestions> {
  const queries = query ? suggestionQueries(db, query) : null;
  if (!queries) return { query, categories: [], products: [] };
  const [titleRows, allRows, categoryRows] = await db.batch(queries);
  const suggestedCategories = categorySuggestions(categoryRows, query);
  const seen = new Set<string>();
  const suggestedProducts: ProductSuggestion[] = [];
  for (const summary of [...titleRows, ...allRows].map(toSummary)) {
    if (seen.has(summary.sku) || suggestedProducts.length + suggestedCategories.length >= SUGGEST_LIMIT) continue;
    seen.add(summary.sku);
    suggestedProducts.push({
      title: summary.title,
      sku: summary.sku,
      url: productPath(summary),
      image: summary.image ? productImageSrc(summary.image, "s") : null,
      price: summary.price,
    });
  }
  return { query, categories: suggestedCategories, products: suggestedProducts };
}
