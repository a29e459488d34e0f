/**
 * How many products a keyword search finds for each choice the filter offers (decision 0026): the number
 * beside each category tile, feature tile and お悩み / シーン option. Counted from the keyword index's hits,
 * each product read by primary key as the total reads it, so the cost follows the keyword's matches and
 * never the size of the catalogue. A listing without a keyword is the whole listed catalogue: not counted.
 */
import { and, count, countDistinct, eq, sql } from "drizzle-orm";
import { alias, union } from "drizzle-orm/sqlite-core";
import type { SearchFilter } from "~/core/search-filter";
import type { Database } from "~/db/client.server";
import { categories, features, productCategories, productFeatures, products, productTags, tags } from "~/db/schema";
import { keywordHits, searchCondition } from "./search-conditions.server";

export interface FacetCounts {
  /** Results with no category chosen (the すべて tile). */
  anyCategory: number;
  /** By top category slug: results with that category (or one of its subcategories) instead of the chosen one. */
  categories: Record<string, number>;
  /** By feature slug: results with that feature ticked as well as the ticked ones. */
  features: Record<string, number>;
  /** By tag slug: results with that お悩み / シーン instead of the chosen one. */
  troubles: Record<string, number>;
  situations: Record<string, number>;
}

/** The keyword's hits joined to their products, limited by the filter with `without` left out of it. */
function matched(db: Database, filter: SearchFilter, without: Partial<SearchFilter> = {}) {
  const hits = keywordHits(db, filter.q);
  if (!hits) throw new Error("facet counts need a keyword");
  return { hits, on: and(eq(products.id, hits.rowid), searchCondition(db, { ...filter, ...without })) };
}

const topCategory = alias(categories, "top_category");

/** Per top category: a product counts once under each top category it is placed in (primary or extra, or a subcategory of it). */
function categoryCountQuery(db: Database, filter: SearchFilter) {
  const primary = matched(db, filter, { category: null });
  const extra = matched(db, filter, { category: null });
  const placements = union(
    db
      .select({ productId: sql<number>`${products.id}`.as("product_id"), categoryId: sql<number>`${products.primaryCategoryId}`.as("category_id") })
      .from(primary.hits)
      .crossJoin(products)
      .where(primary.on),
    db
      .select({ productId: sql<number>`${products.id}`.as("product_id"), categoryId: sql<number>`${productCategories.categoryId}`.as("category_id") })
      .from(extra.hits)
      .crossJoin(products)
      .innerJoin(productCategories, eq(productCategories.productId, products.id))
      .where(extra.on),
  ).as("placements");
  return db
    .select({ slug: topCategory.slug, count: countDistinct(placements.productId) })
    .from(placements)
    .innerJoin(categories, eq(categories.id, placements.categoryId))
    .innerJoin(topCategory, eq(topCategory.id, sql`coalesce(${categories.parentId}, ${categories.id})`))
    .groupBy(topCategory.slug);
}

function anyCategoryCountQuery(db: Database, filter: SearchFilter) {
  const { hits, on } = matched(db, filter, { category: null });
  return db.select({ total: count() }).from(hits).crossJoin(products).where(on);
}

function featureCountQuery(db: Database, filter: SearchFilter) {
  const { hits, on } = matched(db, filter);
  return db
    .select({ slug: features.slug, count: count() })
    .from(hits)
    .crossJoin(products)
    .innerJoin(productFeatures, eq(productFeatures.productId, products.id))
    .innerJoin(features, eq(features.id, productFeatures.featureId))
    .where(on)
    .groupBy(features.slug);
}

function tagCountQuery(db: Database, filter: SearchFilter, kind: "trouble" | "situation") {
  const { hits, on } = matched(db, filter, { [kind]: null });
  return db
    .select({ slug: tags.slug, count: count() })
    .from(hits)
    .crossJoin(products)
    .innerJoin(productTags, eq(productTags.productId, products.id))
    .innerJoin(tags, and(eq(tags.id, productTags.tagId), eq(tags.kind, kind)))
    .where(on)
    .groupBy(tags.slug);
}

/** The counts' queries of a keyword search (unrun, for the page's batch; tests/integration/search-index.test.ts pins their plans). */
export function facetCountQueries(db: Database, filter: SearchFilter) {
  return [
    anyCategoryCountQuery(db, filter),
    categoryCountQuery(db, filter),
    featureCountQuery(db, filter),
    tagCountQuery(db, filter, "trouble"),
    tagCountQuery(db, filter, "situation"),
  ] as const;
}

type SlugCount = { slug: string; count: number };
const bySlug = (rows: SlugCount[]) => Object.fromEntries(rows.map((row) => [row.slug, row.count]));

export function toFacetCounts([anyCategory, categoryRows, featureRows, troubleRows, situationRows]: [
  { total: number }[],
  SlugCount[],
  SlugCount[],
  SlugCount[],
  SlugCount[],
]): FacetCounts {
  return {
    anyCategory: anyCategory[0]?.total ?? 0,
    categories: bySlug(categoryRows),
    features: bySlug(featureRows),
    troubles: bySlug(troubleRows),
    situations: bySlug(situationRows),
  };
}
