/**
 * The price history (issue 17 item 3): `priceChangeStatements` writes the `price_changes` rows of a price
 * edit — the product editor puts them IN the batch of the edit — and `listPriceChanges` reads them for the
 * product's stock page. Placed orders keep their own prices (order_lines), so nothing here touches them.
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CatalogueActor, CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { PRICE_HISTORY_PAGE_SIZE, type PriceField } from "~/core/catalogue/price-history";
import type { Database } from "~/db/client.server";
import { priceChanges, products, productVariations } from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";

/** One price as it was and as it becomes (null = none, e.g. no sale price). */
export interface PriceChange {
  /** The variation whose own price changed; null/absent = the product's. */
  variationId?: number | null;
  field: PriceField;
  before: number | null;
  after: number | null;
}

/**
 * One INSERT per change whose price really differs (none when nothing changed), for the batch of the
 * edit. `when`, if given, is the SQL condition each row needs — e.g. the product still at the revision the
 * edit wrote (`sql\`(select revision from products where id = ${id}) = ${next}\``), or `sql\`changes() = 1\``
 * placed right after the guarded UPDATE (each row that goes in keeps changes() at 1 for the next) — so a
 * refused edit leaves no history.
 */
export function priceChangeStatements(
  db: Database,
  productId: number,
  changes: readonly PriceChange[],
  actor: CatalogueActor,
  now: Date = new Date(),
  when?: SQL,
) {
  return changes
    .filter((change) => change.before !== change.after)
    .map((change) =>
      db
        .insert(priceChanges)
        .select(
          sql`select null, ${productId}, ${change.variationId ?? null}, ${change.field}, ${change.before}, ${change.after}, ${actor.userId}, ${actor.name}, ${now.getTime()} where ${when ?? sql`1`}`,
        ),
    );
}

export interface PriceHistoryEntry {
  id: number;
  createdAt: Date;
  actorName: string;
  variationTitle: string | null;
  field: string;
  before: number | null;
  after: number | null;
}

/** A page (0-based) of the product's price changes, newest first, and how many there are. */
export async function listPriceChanges(
  db: Database,
  scope: CatalogueScope,
  productId: number,
  page: number,
): Promise<{ rows: PriceHistoryEntry[]; total: number }> {
  const ofProduct = and(eq(priceChanges.productId, productId), productsInScope(scope));
  const [rows, [total]] = await db.batch([
    db
      .select({
        id: priceChanges.id,
        createdAt: priceChanges.createdAt,
        actorName: priceChanges.actorName,
        variationTitle: productVariations.title,
        field: priceChanges.field,
        before: priceChanges.before,
        after: priceChanges.after,
      })
      .from(priceChanges)
      .innerJoin(products, eq(products.id, priceChanges.productId))
      .leftJoin(productVariations, eq(productVariations.id, priceChanges.variationId))
      .where(ofProduct)
      .orderBy(desc(priceChanges.createdAt), desc(priceChanges.id))
      .limit(PRICE_HISTORY_PAGE_SIZE)
      .offset(page * PRICE_HISTORY_PAGE_SIZE),
    db.select({ total: count() }).from(priceChanges).innerJoin(products, eq(products.id, priceChanges.productId)).where(ofProduct),
  ]);
  return { rows, total: total?.total ?? 0 };
}
