/**
 * The catalogue CSV import (issue 17 item 4): a file's dry run, kept in R2 under a `catalogue_imports` row
 * until the person who checked it applies it, and the apply. Applying first moves the import from
 * "checked" to "applying" in one conditional UPDATE, so a file is applied once however often "apply" is
 * pressed; then the kept records are read again against the shop as it is now (a product changed since
 * the dry run is refused, not overwritten) and each product is saved with its variations all or nothing.
 * Many products share one D1 batch (a Worker may make only so many D1 calls per request); when a batch
 * fails, its products are saved one by one so only the failing one is refused.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { CATALOGUE_IMPORT_MESSAGES as M, readCatalogueCsv, type CatalogueCsvRow } from "~/core/catalogue-csv";
import { keptRows, planCatalogueImport, type ImportPlan, type ImportRowReport, type ProductPlan } from "~/core/catalogue-import";
import { scopeMerchantId, type CatalogueActor, type CatalogueScope } from "~/core/catalogue-scope";
import type { Database } from "~/db/client.server";
import { catalogueImports, products } from "~/db/schema";
import { catalogueLookups, catalogueProductsBySku, chunks, IN_LIST_SIZE, skuOwners } from "./catalogue-records.server";
import { productSaveStatements } from "./catalogue-save.server";
import { randomToken } from "./sessions.server";

/** Products saved per D1 batch, and the most statements one batch carries. */
const PRODUCTS_PER_BATCH = 40;
const STATEMENTS_PER_BATCH = 400;

/** What the dry run stored: the records, their reports, and each product's revision as it was read. */
export interface StoredImportPlan {
  rows: CatalogueCsvRow[];
  reports: ImportRowReport[];
  /** Each planned product's revision at the dry run (null: it did not exist). */
  revisions: Record<string, number | null>;
}

export type AppliedOutcome = "applied" | "refused";

export interface AppliedRow {
  line: number;
  sku: string;
  outcome: AppliedOutcome;
  message: string | null;
}

export interface CatalogueImportView {
  token: string;
  filename: string;
  encoding: string;
  status: "checked" | "applying" | "applied" | "failed";
  createdAt: Date;
  appliedAt: Date | null;
  reports: ImportRowReport[];
  applied: AppliedRow[] | null;
}

const planKey = (token: string) => `catalogue-imports/${token}/plan.json`;
const resultKey = (token: string) => `catalogue-imports/${token}/result.json`;

/** Where the file's records stand against the shop, as the scope sees it (one read of each kind, batched). */
async function plannedAgainstShop(db: Database, scope: CatalogueScope, rows: readonly CatalogueCsvRow[], now: Date): Promise<ImportPlan> {
  const skus = rows.flatMap((row) => (row.parentSku ? [row.sku, row.parentSku] : [row.sku])).filter(Boolean);
  const [owners, lookups] = await Promise.all([skuOwners(db, scope, skus), catalogueLookups(db)]);
  const productSkus = [...new Set([...owners.values()].filter((owner) => owner.inScope).map((owner) => owner.productSku))];
  const existing = await catalogueProductsBySku(db, scope, productSkus);
  return planCatalogueImport(rows, { owners, existing, lookups, merchantId: scopeMerchantId(scope), now });
}

export type CheckResult = { ok: true; token: string } | { ok: false; error: string };

/** The dry run of an uploaded file: nothing in the catalogue changes; the plan waits in R2 for the apply. */
export async function checkCatalogueImport(
  db: Database,
  bucket: R2Bucket,
  input: { scope: CatalogueScope; userId: number; filename: string; bytes: Uint8Array; now: Date },
): Promise<CheckResult> {
  const read = readCatalogueCsv(input.bytes);
  if (!read.ok) return read;
  const plan = await plannedAgainstShop(db, input.scope, read.rows, input.now);
  const token = randomToken();
  const stored: StoredImportPlan = {
    rows: read.rows,
    reports: plan.reports,
    revisions: Object.fromEntries(plan.products.map((product) => [product.productSku, product.existing?.revision ?? null])),
  };
  await bucket.put(planKey(token), JSON.stringify(stored), { httpMetadata: { contentType: "application/json" } });
  await db.insert(catalogueImports).values({
    token,
    userId: input.userId,
    merchantId: scopeMerchantId(input.scope),
    filename: input.filename.slice(0, 200) || "catalogue.csv",
    encoding: read.encoding,
    rowCount: read.rows.length,
    refusedCount: plan.reports.filter((report) => report.outcome === "refused").length,
    r2Key: planKey(token),
    createdAt: input.now,
  });
  return { ok: true, token };
}

/** The import `token` of this user (null: none, or someone else's). */
async function importRow(db: Database, token: string, userId: number) {
  const [row] = await db
    .select()
    .from(catalogueImports)
    .where(and(eq(catalogueImports.token, token), eq(catalogueImports.userId, userId)))
    .limit(1);
  return row ?? null;
}

async function readJson<T>(bucket: R2Bucket, key: string): Promise<T | null> {
  const object = await bucket.get(key);
  return object ? ((await object.json()) as T) : null;
}

/** The dry run (and, once applied, what was applied) of the user's import `token`; null when there is none. */
export async function loadCatalogueImport(db: Database, bucket: R2Bucket, token: string, userId: number): Promise<CatalogueImportView | null> {
  const row = await importRow(db, token, userId);
  if (!row) return null;
  const [plan, applied] = await Promise.all([readJson<StoredImportPlan>(bucket, row.r2Key), readJson<AppliedRow[]>(bucket, resultKey(token))]);
  if (!plan) return null;
  return {
    token,
    filename: row.filename,
    encoding: row.encoding,
    status: row.status,
    createdAt: row.createdAt,
    appliedAt: row.appliedAt,
    reports: plan.reports,
    applied,
  };
}

export type ApplyResult = { ok: true; applied: AppliedRow[] } | { ok: false; error: string; status: 404 | 409 | 400 };

/** Runs statements as one D1 batch; false when it failed (and nothing of it was saved). */
async function saveTogether(db: Database, statements: BatchItem<"sqlite">[]): Promise<boolean> {
  const [first, ...rest] = statements;
  if (!first) return true;
  try {
    await db.batch([first, ...rest]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves a group of products in one batch; when it fails, each half on its own, down to the one product
 * that fails — so a few bad products among thousands cost a few more batches, not one per product.
 */
async function saveGroup(db: Database, group: readonly PlannedSave[]): Promise<{ product: ProductPlan; saved: boolean }[]> {
  if (
    await saveTogether(
      db,
      group.flatMap((entry) => entry.statements),
    )
  )
    return group.map((entry) => ({ product: entry.product, saved: true }));
  if (group.length === 1) return [{ product: group[0]!.product, saved: false }];
  const half = Math.ceil(group.length / 2);
  return [...(await saveGroup(db, group.slice(0, half))), ...(await saveGroup(db, group.slice(half)))];
}

/** Why each product's own batch failed: changed since it was read, or refused by the database (an SKU taken meanwhile …). */
async function failuresOf(db: Database, failed: readonly ProductPlan[]): Promise<[ProductPlan, string][]> {
  if (failed.length === 0) return [];
  const revisions = new Map<string, number>();
  for (const chunk of chunks(
    failed.map((product) => product.productSku),
    IN_LIST_SIZE,
  )) {
    for (const row of await db.select({ sku: products.sku, revision: products.revision }).from(products).where(inArray(products.sku, chunk)))
      revisions.set(row.sku, row.revision);
  }
  return failed.map((product) => {
    const now = revisions.get(product.productSku);
    const changed = product.existing ? now !== product.existing.revision : now !== undefined;
    return [product, changed ? M.changedSince : M.saveFailed];
  });
}

/**
 * Applies the kept records (`ticked` lines) of the user's import `token` once: the first call moves it to
 * "applying" and saves; any other call (a second click, a reload) is refused without touching anything.
 */
export async function applyCatalogueImport(
  db: Database,
  bucket: R2Bucket,
  input: { token: string; userId: number; scope: CatalogueScope; actor: CatalogueActor; ticked: ReadonlySet<number>; now: Date },
): Promise<ApplyResult> {
  const row = await importRow(db, input.token, input.userId);
  if (!row) return { ok: false, error: M.notFound, status: 404 };
  const stored = await readJson<StoredImportPlan>(bucket, row.r2Key);
  if (!stored) return { ok: false, error: M.notFound, status: 404 };
  const kept = keptRows(stored.rows, stored.reports, input.ticked);
  if (kept.length === 0) return { ok: false, error: M.nothingChosen, status: 400 };
  const claimed = await db
    .update(catalogueImports)
    .set({ status: "applying" })
    .where(and(eq(catalogueImports.id, row.id), eq(catalogueImports.status, "checked")))
    .returning({ id: catalogueImports.id });
  if (claimed.length === 0) return { ok: false, error: M.alreadyApplied, status: 409 };

  let applied: AppliedRow[];
  try {
    applied = await saveKept(db, stored, kept, input);
  } catch (error) {
    // A fault (D1 unreachable …) part-way: what was saved stays saved, each product whole; the import is
    // marked failed so it is not applied again over what it already changed.
    await db.update(catalogueImports).set({ status: "failed" }).where(eq(catalogueImports.id, row.id));
    throw error;
  }
  await bucket.put(resultKey(input.token), JSON.stringify(applied), { httpMetadata: { contentType: "application/json" } });
  await db.update(catalogueImports).set({ status: "applied", appliedAt: input.now }).where(eq(catalogueImports.id, row.id));
  return { ok: true, applied };
}

/** Reads the kept records against the shop as it is now and saves each product; answers every kept record's outcome. */
async function saveKept(
  db: Database,
  stored: StoredImportPlan,
  kept: CatalogueCsvRow[],
  input: { scope: CatalogueScope; actor: CatalogueActor; now: Date },
): Promise<AppliedRow[]> {
  const plan = await plannedAgainstShop(db, input.scope, kept, input.now);
  const skuByLine = new Map(kept.map((row) => [row.line, row.sku]));
  const outcome = new Map<number, AppliedRow>();
  for (const report of plan.reports) {
    if (report.outcome === "refused")
      outcome.set(report.line, {
        line: report.line,
        sku: report.sku,
        outcome: "refused",
        message: report.problems.map((problem) => problem.message).join(" "),
      });
  }
  const toSave = plan.products.filter((product) => {
    const planned = stored.revisions[product.productSku];
    const stale = planned === undefined ? false : (product.existing?.revision ?? null) !== planned;
    if (stale) for (const line of product.lines) outcome.set(line, { line, sku: skuByLine.get(line) ?? "", outcome: "refused", message: M.changedSince });
    return !stale;
  });

  const failed: ProductPlan[] = [];
  for (const group of packed(db, toSave, input)) {
    for (const entry of await saveGroup(db, group)) {
      if (entry.saved) for (const line of entry.product.lines) outcome.set(line, { line, sku: skuByLine.get(line) ?? "", outcome: "applied", message: null });
      else failed.push(entry.product);
    }
  }
  for (const [product, message] of await failuresOf(db, failed)) {
    for (const line of product.lines) outcome.set(line, { line, sku: skuByLine.get(line) ?? "", outcome: "refused", message });
  }
  // Records unchanged against the shop as it is now count as applied: the shop already says what they say.
  for (const row of kept) if (!outcome.has(row.line)) outcome.set(row.line, { line: row.line, sku: row.sku, outcome: "applied", message: null });

  return kept.map((row) => outcome.get(row.line)!);
}

interface PlannedSave {
  product: ProductPlan;
  statements: BatchItem<"sqlite">[];
}

/** The products' statements in groups that fit one D1 batch. */
function packed(db: Database, plans: readonly ProductPlan[], input: { actor: CatalogueActor; now: Date }): PlannedSave[][] {
  const groups: PlannedSave[][] = [];
  let current: PlannedSave[] = [];
  let size = 0;
  for (const product of plans) {
    const statements = productSaveStatements(db, product, input);
    if (current.length >= PRODUCTS_PER_BATCH || (current.length > 0 && size + statements.length > STATEMENTS_PER_BATCH)) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push({ product, statements });
    size += statements.length;
  }
  if (current.length) groups.push(current);
  return groups;
}
