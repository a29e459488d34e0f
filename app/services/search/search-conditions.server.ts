/**
 * A search filter as SQL: the keyword's index lookups, the WHERE clause of the other filters and the
 * order of each sort. Shared by the results, their total and the facet counts (search.server.ts,
 * search-facet-counts.server.ts) and the suggestions (search-suggest.server.ts).
 */
import { and, between, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { inTitle, keywordMatch, type KeywordMatch } from "~/core/search/search-index";
import { isFiltered, keywordTerms, priceLimits, type SearchFilter, type SearchSort } from "~/core/search/search-filter";
import type { Database } from "~/db/client.server";
import { productSearch, productSearchGrams } from "~/db/search-index";
import { categories, features, LAST_FACET_BIT, productCategories, productFeatures, products, productTags, tags } from "~/db/schema";
import {
  listedAfter,
  listedProduct,
  type ListingOrder,
  MOST_REVIEWED_FIRST,
  NEWEST_FIRST,
  type ProductHits,
  sellingPriceSql,
  type TieredHits,
} from "../catalogue/catalogue.server";

/**
 * A search counts at most this many products (「1,000件以上の商品」), and a keyword search counts its facets
 * only up to it: counting stops there instead of walking every listed product or every hit of a broad
 * keyword on a large catalogue; the pages beyond go on by 次へ or by number (decisions 0022, 0026).
 */
export const LISTING_COUNT_CAP = 1000;

/**
 * Ids of products whose indexed text has every word of the match: one lookup in one keyword index (FTS5
 * intersects the words), undefined when there is no word. Also the suggestions' lookup (search-suggest.server.ts).
 */
export function matchingIds(db: Database, match: KeywordMatch) {
  const table = match.trigram != null ? productSearch : productSearchGrams;
  const expression = match.trigram ?? match.grams;
  if (expression == null) return undefined;
  return db
    .select({ rowid: sql<number>`${table.rowid}`.as("rowid") })
    .from(table)
    .where(sql`${table} match ${expression}`);
}

/** The products of a keyword: every word, in either kana script and either width, in the title, catch copy or description. */
export function keywordHits(db: Database, q: string): ProductHits | undefined {
  return matchingIds(db, keywordMatch(keywordTerms(q)))?.as("hits");
}

const parentCategory = alias(categories, "parent_category");

/*
 * Filters are tests of a product id against a list each statement builds once (not a sub-select per product),
 * and of columns the listing indexes hold, so a page or a total walks index entries only. The `+` keeps a
 * list from driving the statement (each of its ids looked up, then all of them sorted): the walk in the
 * page's order is what keeps page 400 as cheap as page 1.
 */
const idIn = (ids: SQLWrapper) => sql`+${products.id} in ${ids}`;

/**
 * In the category, or in one of its subcategories (by primary category or product_categories). A top category
 * with a facet bit is one bit of products.category_bits, which the listing indexes hold (decision 0030): no
 * list of the category's products is gathered. Any other category (a subcategory) is tested against lists.
 */
function categoryCondition(db: Database, slug: string): SQL {
  const categoryIds = db
    .select({ id: categories.id })
    .from(categories)
    .leftJoin(parentCategory, eq(parentCategory.id, categories.parentId))
    .where(or(eq(categories.slug, slug), eq(parentCategory.slug, slug)));
  const byLists = or(
    inArray(products.primaryCategoryId, categoryIds),
    inArray(products.id, db.select({ id: productCategories.productId }).from(productCategories).where(inArray(productCategories.categoryId, categoryIds))),
  );
  const topBit = db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), isNull(categories.parentId), between(categories.id, 1, LAST_FACET_BIT)));
  return sql`(case when (${topBit}) is not null then (${products.categoryBits} >> (${topBit})) & 1 else ${byLists} end)`;
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
  return idIn(withEvery);
}

function tagCondition(db: Database, kind: "trouble" | "situation", slug: string): SQL {
  const tagged = db
    .select({ id: productTags.productId })
    .from(productTags)
    .innerJoin(tags, eq(tags.id, productTags.tagId))
    .where(and(eq(tags.kind, kind), eq(tags.slug, slug)));
  return idIn(tagged);
}

/**
 * A filter's conditions apart: the ones every count keeps (listed, features, price) and the single-choice ones
 * a facet count replaces (category, お悩み, シーン); undefined where the filter does not choose.
 */
export function filterConditions(db: Database, filter: SearchFilter) {
  const { atLeast, atMost } = priceLimits(filter);
  return {
    kept: and(
      listedProduct,
      filter.features.length ? featuresCondition(db, filter.features) : undefined,
      atLeast != null ? sql`${sellingPriceSql} >= ${atLeast}` : undefined,
      atMost != null ? sql`${sellingPriceSql} <= ${atMost}` : undefined,
    ),
    category: filter.category ? categoryCondition(db, filter.category) : undefined,
    trouble: filter.trouble ? tagCondition(db, "trouble", filter.trouble) : undefined,
    situation: filter.situation ? tagCondition(db, "situation", filter.situation) : undefined,
  };
}

/** The WHERE clause of a filter: always limited to listed products. */
export function searchCondition(db: Database, filter: SearchFilter): SQL | undefined {
  const { kept, category, trouble, situation } = filterConditions(db, filter);
  return and(kept, category, trouble, situation);
}

/**
 * Relevance: products with every word in the title first, then the best reviewed (the shop's sales signal
 * in a listing), then the newest. The title test is one more index lookup, not a score per row.
 */
function relevanceOrder(db: Database, q: string): ListingOrder {
  const inTitleIds = matchingIds(db, inTitle(keywordMatch(keywordTerms(q))));
  return { keys: [...(inTitleIds ? [sql`${inArray(products.id, inTitleIds)}`] : []), ...MOST_REVIEWED_FIRST.keys], descending: true };
}

/**
 * A keyword that is the filter's only choice, as tiers (keywordSummaries, decision 0033): in relevance order the
 * title hits, then the other hits; in any other order, all the hits. Undefined with another choice, whose
 * test could make a walk read the whole index.
 */
export function keywordTiers(db: Database, filter: SearchFilter): TieredHits | undefined {
  const match = keywordMatch(keywordTerms(filter.q));
  const hitIds = matchingIds(db, match);
  if (!hitIds || isFiltered({ ...filter, q: "" })) return undefined;
  if (filter.sort !== "relevance") {
    const order = SORT_ORDERS[filter.sort];
    return { tiers: [{ ids: hitIds, keys: order.keys }], order };
  }
  const titleIds = matchingIds(db, inTitle(match));
  const tiers = titleIds
    ? [
        { ids: titleIds, keys: [sql`1`, ...MOST_REVIEWED_FIRST.keys] },
        { ids: hitIds, except: titleIds, keys: [sql`0`, ...MOST_REVIEWED_FIRST.keys] },
      ]
    : [{ ids: hitIds, keys: MOST_REVIEWED_FIRST.keys }];
  return { tiers, order: MOST_REVIEWED_FIRST };
}

/** Each order matches a listing index (app/db/schema.ts), so a page needs no sort. */
const SORT_ORDERS: Record<Exclude<SearchSort, "relevance">, ListingOrder> = {
  new: NEWEST_FIRST,
  price_asc: { keys: [sellingPriceSql], descending: false },
  price_desc: { keys: [sellingPriceSql], descending: true },
  reviews: MOST_REVIEWED_FIRST,
};

/** The order of a filter's results. */
export function searchOrder(db: Database, filter: SearchFilter): ListingOrder {
  return filter.sort === "relevance" ? relevanceOrder(db, filter.q) : SORT_ORDERS[filter.sort];
}

/** Where the filter's page starts when it follows the product `after` (a 次へ link's keyset); else undefined. */
export function searchSeek(filter: SearchFilter, after: string | null): SQL | undefined {
  return after && filter.sort !== "relevance" ? listedAfter(SORT_ORDERS[filter.sort], after) : undefined;
}
