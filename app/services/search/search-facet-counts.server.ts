/**
 * How many products a keyword search finds for each choice the filter offers (decision 0026): the number
 * beside each category tile, feature tile and お悩み / シーン option. One statement in the page's batch walks
 * the keyword index's hits once, reading each product by primary key as the total does, and groups them by
 * their facet bit sets (products.feature_bits, tag_bits, category_bits: a few hundred distinct sets at most);
 * the sets are then split into counts per choice here. The walk stops past LISTING_COUNT_CAP hits: a broad
 * keyword (タオル on a large catalogue) shows its choices without numbers, as a listing without a keyword
 * does, so the cost is bounded whatever the size of the catalogue.
 */
import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { SearchFilter } from "~/core/search/search-filter";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { filterConditions, keywordHits, LISTING_COUNT_CAP } from "./search-conditions.server";
import { productsOfHits } from "../catalogue/catalogue.server";

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

/**
 * Which counts a group of products feeds: each kind leaves its own choice out of the filter; `walked` is
 * one row, the number of hits the statement walked (at most LISTING_COUNT_CAP + 1).
 */
const KIND = { categories: 0, features: 1, troubles: 2, situations: 3, walked: 4 } as const;

export type FacetBitRow = { kind: number; bits: number; products: number };

const flag = (condition: SQL | undefined) => condition ?? sql`1`;

/** The counts' one statement of a keyword search (unrun, for the page's batch; tests pin its plan). */
export function facetCountQuery(db: Database, filter: SearchFilter) {
  const hits = keywordHits(db, filter.q);
  if (!hits) throw new Error("facet counts need a keyword");
  const { kept, category, trouble, situation } = filterConditions(db, filter);
  const matched = db.$with("matched").as(
    db
      .select({
        categoryBits: sql<number>`${products.categoryBits}`.as("category_bits"),
        featureBits: sql<number>`${products.featureBits}`.as("feature_bits"),
        tagBits: sql<number>`${products.tagBits}`.as("tag_bits"),
        inCategory: sql<number>`${flag(category)}`.as("in_category"),
        inTrouble: sql<number>`${flag(trouble)}`.as("in_trouble"),
        inSituation: sql<number>`${flag(situation)}`.as("in_situation"),
      })
      .from(hits)
      .crossJoin(productsOfHits)
      .where(and(eq(products.id, hits.rowid), kept))
      // Past the cap the counts are not shown, so the walk stops there. The LIMIT also keeps SQLite from
      // copying the CTE into each group (drizzle cannot say AS MATERIALIZED).
      .limit(LISTING_COUNT_CAP + 1),
  );
  // Used four times, so SQLite walks it once into a temporary table; each group leaves its own choice out.
  const { categoryBits, featureBits, tagBits, inCategory, inTrouble, inSituation } = matched;
  const grouped = (from: Pick<Database, "select">, kind: number, bits: SQL.Aliased<number>, where: SQL) =>
    from
      .select({ kind: sql<number>`${kind}`.as("kind"), bits: sql<number>`${bits}`.as("bits"), products: count() })
      .from(matched)
      .where(where)
      .groupBy(sql`${bits}`);
  return grouped(db.with(matched), KIND.categories, categoryBits, sql`${inTrouble} and ${inSituation}`)
    .unionAll(grouped(db, KIND.features, featureBits, sql`${inCategory} and ${inTrouble} and ${inSituation}`))
    .unionAll(grouped(db, KIND.troubles, tagBits, sql`${inCategory} and ${inSituation}`))
    .unionAll(grouped(db, KIND.situations, tagBits, sql`${inCategory} and ${inTrouble}`))
    .unionAll(db.select({ kind: sql<number>`${KIND.walked}`, bits: sql<number>`0`, products: count() }).from(matched));
}

type Choice = { id: number; slug: string };

/** Per choice, the products of the groups whose bit set holds the choice's id. */
function countsOf(rows: FacetBitRow[], kind: number, choices: Choice[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const choice of choices) counts[choice.slug] = 0;
  for (const row of rows.filter((candidate) => candidate.kind === kind)) {
    const bits = BigInt(row.bits);
    for (const choice of choices) if ((bits >> BigInt(choice.id)) & 1n) counts[choice.slug]! += row.products;
  }
  return counts;
}

/**
 * How many of the keyword's hits the statement walked, LISTING_COUNT_CAP + 1 at most: those the filter finds
 * without its category, お悩み and シーン (so, when it chooses none of them, the search's own capped total).
 */
export function walkedHits(rows: FacetBitRow[]): number {
  return rows.find((row) => row.kind === KIND.walked)?.products ?? 0;
}

/** The counts per choice; null when the keyword has more hits than LISTING_COUNT_CAP (not all were walked). */
export function toFacetCounts(
  rows: FacetBitRow[],
  choices: { categories: Choice[]; features: Choice[]; troubles: Choice[]; situations: Choice[] },
): FacetCounts | null {
  if (walkedHits(rows) > LISTING_COUNT_CAP) return null;
  return {
    anyCategory: rows.filter((row) => row.kind === KIND.categories).reduce((total, row) => total + row.products, 0),
    categories: countsOf(rows, KIND.categories, choices.categories),
    features: countsOf(rows, KIND.features, choices.features),
    troubles: countsOf(rows, KIND.troubles, choices.troubles),
    situations: countsOf(rows, KIND.situations, choices.situations),
  };
}
