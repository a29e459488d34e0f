/**
 * The catalogue CSV import (issue 17 item 4): a file's dry run, kept in R2 under a `catalogue_imports` row
 * until the person who checked it applies it, and the import's page (its report, then its progress and
 * per-row results). The apply itself runs in chunks off the request: catalogue-import-apply.server.ts.
 */
import { and, eq } from "drizzle-orm";
import { CATALOGUE_IMPORT_MESSAGES as M, readCatalogueCsv, type CatalogueCsvRow } from "~/core/catalogue/catalogue-csv";
import type { CatalogueLookups } from "~/core/catalogue/catalogue-csv-cells";
import { keptRows, planCatalogueImport, type ImportPlan, type ImportRowReport } from "~/core/catalogue/catalogue-import";
import { importProgress, type ImportProgress } from "~/core/catalogue/catalogue-import-progress";
import { scopeMerchantId, type CatalogueScope } from "~/core/catalogue/catalogue-scope";
import type { Database } from "~/db/client.server";
import { catalogueImports } from "~/db/schema";
import { catalogueLookups, catalogueProductsBySku, skuOwners } from "./catalogue-records.server";
import { randomToken } from "../account/sessions.server";

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
  id: number;
  token: string;
  filename: string;
  encoding: string;
  status: "checked" | "applying" | "applied" | "failed";
  createdAt: Date;
  appliedAt: Date | null;
  reports: ImportRowReport[];
  progress: ImportProgress;
  /** Every kept record's outcome, once the apply is over. */
  applied: AppliedRow[] | null;
}

const planKey = (token: string) => `catalogue-imports/${token}/plan.json`;

/** Where the file's records stand against the shop, as the scope sees it (one read of each kind, batched). */
export async function plannedAgainstShop(
  db: Database,
  scope: CatalogueScope,
  rows: readonly CatalogueCsvRow[],
  now: Date,
): Promise<{ plan: ImportPlan; lookups: CatalogueLookups }> {
  const skus = rows.flatMap((row) => (row.parentSku ? [row.sku, row.parentSku] : [row.sku])).filter(Boolean);
  const [owners, lookups] = await Promise.all([skuOwners(db, scope, skus), catalogueLookups(db)]);
  const productSkus = [...new Set([...owners.values()].filter((owner) => owner.inScope).map((owner) => owner.productSku))];
  const existing = await catalogueProductsBySku(db, scope, productSkus);
  return { plan: planCatalogueImport(rows, { owners, existing, lookups, merchantId: scopeMerchantId(scope), now }), lookups };
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
  const { plan } = await plannedAgainstShop(db, input.scope, read.rows, input.now);
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
export async function importRow(db: Database, token: string, userId: number) {
  const [row] = await db
    .select()
    .from(catalogueImports)
    .where(and(eq(catalogueImports.token, token), eq(catalogueImports.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function readJson<T>(bucket: R2Bucket, key: string): Promise<T | null> {
  const object = await bucket.get(key);
  return object ? ((await object.json()) as T) : null;
}

/** The dry run (its progress, and once applied, what was applied) of the user's import `token`; null when there is none. */
export async function loadCatalogueImport(db: Database, bucket: R2Bucket, token: string, userId: number): Promise<CatalogueImportView | null> {
  const row = await importRow(db, token, userId);
  if (!row) return null;
  const plan = await readJson<StoredImportPlan>(bucket, row.r2Key);
  if (!plan) return null;
  return {
    id: row.id,
    token,
    filename: row.filename,
    encoding: row.encoding,
    status: row.status,
    createdAt: row.createdAt,
    appliedAt: row.appliedAt,
    reports: plan.reports,
    progress: importProgress(row),
    applied: row.status === "applied" || row.status === "failed" ? appliedRows(plan, row) : null,
  };
}

/** Each kept record's outcome: refused with its reason, applied, or (an apply cut short) not applied. */
function appliedRows(plan: StoredImportPlan, row: typeof catalogueImports.$inferSelect): AppliedRow[] {
  const kept = keptRows(plan.rows, plan.reports, new Set(JSON.parse(row.applyLines ?? "[]") as number[]));
  const saved = new Set(JSON.parse(row.savedLines) as number[]);
  const refusals = new Map((JSON.parse(row.refusals) as { line: number; message: string }[]).map((entry) => [entry.line, entry.message]));
  return kept.map((entry): AppliedRow => {
    const refusal = refusals.get(entry.line);
    if (refusal !== undefined) return { line: entry.line, sku: entry.sku, outcome: "refused", message: refusal };
    return saved.has(entry.line)
      ? { line: entry.line, sku: entry.sku, outcome: "applied", message: null }
      : { line: entry.line, sku: entry.sku, outcome: "refused", message: M.interrupted };
  });
}
