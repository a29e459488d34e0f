/**
 * Writing the product keyword index (decision 0020; the tables are in migration 0014, not in the Drizzle
 * schema: FTS5 virtual tables). The statements go in the batch that saves the product, after its row, so a
 * saved title is searchable on the next request and the old one is not.
 */
import { asc, between, gt, sql, type SQL } from "drizzle-orm";
import { searchDocument } from "~/core/search/search-index";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema";
import { productSearch, productSearchGrams } from "~/db/search-index";

/** The product's rows in both indexes replaced by its current text. `productId` may be a subquery (a new product). */
export function searchIndexStatements(db: Database, productId: number | SQL, product: { title: string; catchcopy: string; description: string }) {
  const document = searchDocument(product);
  const rowid = typeof productId === "number" ? productId : sql<number>`${productId}`;
  return [
    db.delete(productSearch).where(sql`${productSearch.rowid} = ${rowid}`),
    db.delete(productSearchGrams).where(sql`${productSearchGrams.rowid} = ${rowid}`),
    db.insert(productSearch).values({ rowid, title: document.title, body: document.body }),
    db.insert(productSearchGrams).values({ rowid, title: document.gramsTitle, body: document.gramsBody }),
  ] as const;
}

/** Products indexed per batch while rebuilding. */
const REINDEX_CHUNK = 500;
/** Rows per multi-row INSERT: D1 binds at most 100 parameters to a statement (3 per row). */
const ROWS_PER_INSERT = 33;

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
}

/**
 * Every product indexed again from its stored text: after migration 0014 on an existing store, and after a
 * bulk load that wrote products without the services. A chunk's old rows go with one range DELETE per table
 * and its new ones in multi-row INSERTs, so a rebuild of 100,000 products is a few thousand statements.
 * Returns how many products were indexed.
 */
export async function reindexProductSearch(db: Database): Promise<number> {
  let after = 0;
  let indexed = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id, title: products.title, catchcopy: products.catchcopy, description: products.description })
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(REINDEX_CHUNK);
    const last = rows.at(-1);
    if (!last) return indexed;
    const documents = rows.map((row) => ({ rowid: row.id, ...searchDocument(row) }));
    await db.batch([
      db.delete(productSearch).where(between(productSearch.rowid, after + 1, last.id)),
      db.delete(productSearchGrams).where(between(productSearchGrams.rowid, after + 1, last.id)),
      ...chunks(documents, ROWS_PER_INSERT).flatMap((part) => [
        db.insert(productSearch).values(part.map(({ rowid, title, body }) => ({ rowid, title, body }))),
        db.insert(productSearchGrams).values(part.map(({ rowid, gramsTitle, gramsBody }) => ({ rowid, title: gramsTitle, body: gramsBody }))),
      ]),
    ]);
    after = last.id;
    indexed += rows.length;
  }
}
