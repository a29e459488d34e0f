/**
 * The demo products, saved the way the product editor and the CSV import save a new product: each one's
 * form values read by the editor's one schema (parseProductForm — a product it refuses stops the seed with
 * its SKU and the schema's messages, so the demo cannot drift from the editor's rules) and written by the
 * editor's own statements (createProductStatements), many products to a D1 batch.
 *
 * What the editor does not write rides on the product row (DemoProduct.columns: listing state, private
 * link, review figures, dates); the rows' ids are the catalogue's (NewRowIds); the stock they start with is
 * not recorded as a receipt (CreationOptions.receipts).
 *
 * Idempotent: a demo product whose SKU or id is already used is left alone, as it is — never overwritten
 * with what the demo changed — and a missing one is created again with its own ids.
 */
import { sql } from "drizzle-orm";
import type { CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { parseProductForm, type ProductForm } from "~/core/catalogue/product-form";
import type { Database } from "~/db/client.server";
import { createProductStatements, type Statement } from "~/services/catalogue/product-editor-statements.server";
import type { DemoProduct } from "./catalogue";

/** Products per D1 batch, and the most statements one batch carries (as the CSV import packs them). */
const PRODUCTS_PER_BATCH = 40;
const STATEMENTS_PER_BATCH = 400;

/** The editor's form, read by its schema; throws with the SKU and every message when the schema refuses it. */
export function demoProductForm(product: DemoProduct): ProductForm {
  const parsed = parseProductForm(product.form);
  if (parsed.ok) return parsed.value;
  const messages = Object.entries(parsed.errors).map(([field, texts]) => `${field || "(form)"}: ${texts.join(" / ")}`);
  throw new Error(`The product editor's schema refuses demo product ${product.sku}: ${messages.join("; ")}`);
}

/** The SKUs and ids among `products` already used in the database (2 bound parameters whatever their number). */
async function takenKeys(db: Database, products: readonly DemoProduct[]): Promise<{ skus: Set<string>; ids: Set<number> }> {
  const rows = await db.all<{ id: number; sku: string }>(
    sql`select id, sku from products
        where sku in (select value from json_each(${JSON.stringify(products.map((product) => product.sku))}))
           or id in (select value from json_each(${JSON.stringify(products.map((product) => product.ids.product))}))`,
  );
  return { skus: new Set(rows.map((row) => row.sku)), ids: new Set(rows.map((row) => row.id)) };
}

async function runBatch(db: Database, statements: readonly Statement[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

interface PlannedProduct {
  sku: string;
  statements: Statement[];
}

/** Saves the planned products a batch at a time; when a batch fails, product by product, to name the one that fails. */
async function saveAll(db: Database, planned: readonly PlannedProduct[]): Promise<void> {
  const groups: PlannedProduct[][] = [];
  let size = STATEMENTS_PER_BATCH;
  for (const product of planned) {
    const last = groups.at(-1);
    if (!last || last.length >= PRODUCTS_PER_BATCH || size + product.statements.length > STATEMENTS_PER_BATCH) {
      groups.push([product]);
      size = product.statements.length;
    } else {
      last.push(product);
      size += product.statements.length;
    }
  }
  for (const group of groups) {
    try {
      await runBatch(
        db,
        group.flatMap((product) => product.statements),
      );
    } catch {
      for (const product of group) {
        try {
          await runBatch(db, product.statements);
        } catch (error) {
          throw new Error(`Demo product ${product.sku} could not be saved: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
        }
      }
    }
  }
}

/**
 * Creates the demo products not in the database yet; answers how many it created. Every form is read first,
 * so a refused one stops the seed before anything is written.
 */
export async function seedProducts(db: Database, products: readonly DemoProduct[], actor: CatalogueActor, now: Date): Promise<number> {
  const forms = products.map((product) => ({ product, form: demoProductForm(product) }));
  const taken = await takenKeys(db, products);
  const planned = forms
    .filter(({ product }) => !taken.skus.has(product.sku) && !taken.ids.has(product.ids.product))
    .map(({ product, form }) => ({
      sku: product.sku,
      statements: createProductStatements(db, form, actor, now, product.columns, { ids: product.ids, receipts: false }),
    }));
  await saveAll(db, planned);
  return planned.length;
}
