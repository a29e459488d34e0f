/**
 * The catalogue import's apply, out of the request (docs/decisions/0019-catalogue-import-queue.md).
 * "Apply" only moves the import from "checked" to "applying" in one conditional UPDATE (so it starts once
 * however often it is pressed) with the lines kept; then chunks of products are applied one at a time by
 * whoever runs `applyNextChunk` — the queue consumer, the 5-minute sweep for a stalled import, or (local
 * runs without a consumer) the progress page. Each chunk is first CLAIMED on the import's row (a
 * conditional UPDATE: nobody holds it, or the holder's claim is stalled); every batch that saves products
 * carries a guard on that claim and records the saved lines in the same batch, so a redelivered message,
 * two consumers or a takeover never apply a record twice. The kept records are read again against the shop
 * as it is now: a product changed since the dry run is refused, not overwritten, and each product is saved
 * with its variations all or nothing.
 */
import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { CATALOGUE_IMPORT_MESSAGES as M } from "~/core/catalogue/catalogue-csv";
import { keptRows, type ProductPlan } from "~/core/catalogue/catalogue-import";
import { applyOrder, PRODUCTS_PER_CHUNK, stallCutoff } from "~/core/catalogue/catalogue-import-progress";
import { merchantScope, STAFF_SCOPE, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import type { Database } from "~/db/client.server";
import { catalogueImports, products } from "~/db/schema";
import { importRow, plannedAgainstShop, readJson, type StoredImportPlan } from "./catalogue-import.server";
import { chunks, IN_LIST_SIZE } from "./catalogue-records.server";
import { productSaveStatements, type SaveContext } from "./catalogue-save.server";
import { guard } from "../orders/order-guards.server";
import { waitingRequestsOfProducts } from "../member/restock-notices.server";
import { randomToken } from "../account/sessions.server";
import { approvalRequired } from "../product-approvals/submissions.server";

/** Products saved per D1 batch, and the most statements one batch carries. */
const PRODUCTS_PER_BATCH = 40;
const STATEMENTS_PER_BATCH = 400;

export type StartResult = { ok: true; importId: number } | { ok: false; error: string; status: 404 | 409 | 400 };

/** Starts applying the kept records (`ticked` lines) of the user's import `token`, once; the chunks follow. */
export async function startCatalogueApply(
  db: Database,
  bucket: R2Bucket,
  input: { token: string; userId: number; actor: CatalogueActor; ticked: ReadonlySet<number>; now: Date },
): Promise<StartResult> {
  const row = await importRow(db, input.token, input.userId);
  if (!row) return { ok: false, error: M.notFound, status: 404 };
  if (row.status !== "checked") return { ok: false, error: M.alreadyApplied, status: 409 };
  const stored = await readJson<StoredImportPlan>(bucket, row.r2Key);
  if (!stored) return { ok: false, error: M.notFound, status: 404 };
  const kept = keptRows(stored.rows, stored.reports, input.ticked);
  if (kept.length === 0) return { ok: false, error: M.nothingChosen, status: 400 };
  const started = await db
    .update(catalogueImports)
    .set({
      status: "applying",
      applyLines: JSON.stringify(kept.map((entry) => entry.line)),
      appliedByName: input.actor.name,
      applyStartedAt: input.now,
      applyTotal: kept.length,
      productCount: applyOrder(kept).length,
      // "Last activity", so the sweep picks the import up if its first message never arrives.
      claimedAt: input.now,
    })
    .where(and(eq(catalogueImports.id, row.id), eq(catalogueImports.status, "checked")))
    .returning({ id: catalogueImports.id });
  if (started.length === 0) return { ok: false, error: M.alreadyApplied, status: 409 };
  return { ok: true, importId: row.id };
}

/** Imports applying whose chunk stalled (or whose next message never came): the sweep goes on with them. */
export async function stalledImports(db: Database, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: catalogueImports.id })
    .from(catalogueImports)
    .where(and(eq(catalogueImports.status, "applying"), lt(catalogueImports.claimedAt, stallCutoff(now))))
    .all();
  return rows.map((row) => row.id);
}

/** What a call of applyNextChunk did: a chunk applied with more to come, the last one, or nothing (held by another, not applying). */
export type ChunkOutcome = "more" | "done" | "none";

type ImportRow = typeof catalogueImports.$inferSelect;

/** Claims the import's next chunk for a new claim id (null: applying elsewhere now, or not applying). */
async function claimChunk(db: Database, importId: number, now: Date): Promise<{ row: ImportRow; claim: string } | null> {
  const claim = randomToken();
  const [row] = await db
    .update(catalogueImports)
    .set({ claimId: claim, claimedAt: now })
    .where(
      and(
        eq(catalogueImports.id, importId),
        eq(catalogueImports.status, "applying"),
        or(isNull(catalogueImports.claimId), lt(catalogueImports.claimedAt, stallCutoff(now))),
      ),
    )
    .returning();
  return row ? { row, claim } : null;
}

const ours = (importId: number, claim: string) => and(eq(catalogueImports.id, importId), eq(catalogueImports.claimId, claim));

/** JSON array `column` with `values` added. */
const appended = (column: typeof catalogueImports.savedLines | typeof catalogueImports.refusals, values: unknown[]) =>
  sql`(select json_group_array(json(value)) from (select value from json_each(${column}) union all select value from json_each(${JSON.stringify(values)})))`;

interface Refusal {
  line: number;
  message: string;
}

/**
 * Applies the next chunk of the import if it can claim it; answers whether more chunks follow. What was
 * saved stays saved and recorded whatever happens next: after a fault the claim is released for the
 * queue's retry; if the Worker stops part-way, the chunk goes on once its claim is stalled (the sweep).
 */
export async function applyNextChunk(db: Database, bucket: R2Bucket, importId: number, now: Date): Promise<ChunkOutcome> {
  const claimed = await claimChunk(db, importId, now);
  if (!claimed) return "none";
  try {
    return await applyClaimedChunk(db, bucket, claimed, now);
  } catch (error) {
    // A fault (D1 or R2 unreachable …) part-way: what was saved is recorded with it; let the queue's retry
    // claim the chunk again at once instead of waiting for the claim to stall (best effort).
    await db
      .update(catalogueImports)
      .set({ claimId: null })
      .where(ours(importId, claimed.claim))
      .catch(() => undefined);
    throw error;
  }
}

async function applyClaimedChunk(db: Database, bucket: R2Bucket, { row, claim }: { row: ImportRow; claim: string }, now: Date): Promise<ChunkOutcome> {
  const importId = row.id;
  const stored = await readJson<StoredImportPlan>(bucket, row.r2Key);
  if (!stored || row.applyLines == null) {
    await db.update(catalogueImports).set({ status: "failed", claimId: null }).where(ours(importId, claim));
    return "none";
  }
  const kept = keptRows(stored.rows, stored.reports, new Set(JSON.parse(row.applyLines) as number[]));
  const units = applyOrder(kept).slice(row.nextProduct, row.nextProduct + PRODUCTS_PER_CHUNK);
  const saved = new Set(JSON.parse(row.savedLines) as number[]);
  const pendingLines = new Set(units.flatMap((unit) => (unit.lines.every((line) => saved.has(line)) ? [] : unit.lines)));
  const rows = kept.filter((entry) => pendingLines.has(entry.line));

  const scope = row.merchantId == null ? STAFF_SCOPE : merchantScope(row.merchantId);
  const actor: CatalogueActor = { userId: row.userId, name: row.appliedByName ?? "" };
  const outcome = rows.length ? await applyRows(db, { importId, claim, stored, rows, scope, actor, now }) : { refusals: [], unchanged: [], lost: false };
  if (outcome.lost) return "none";

  const nextProduct = row.nextProduct + units.length;
  const last = nextProduct >= row.productCount;
  const finished = await db
    .update(catalogueImports)
    .set({
      nextProduct,
      doneRows: sql`${catalogueImports.doneRows} + ${outcome.refusals.length + outcome.unchanged.length}`,
      refusedRows: sql`${catalogueImports.refusedRows} + ${outcome.refusals.length}`,
      refusals: appended(catalogueImports.refusals, outcome.refusals),
      // Records the shop already matches count as applied: it says what they say.
      savedLines: appended(catalogueImports.savedLines, outcome.unchanged),
      claimId: null,
      claimedAt: now,
      ...(last ? { status: "applied" as const, appliedAt: now } : {}),
    })
    .where(ours(importId, claim))
    .returning({ id: catalogueImports.id });
  if (finished.length === 0) return "none";
  return last ? "done" : "more";
}

interface ChunkInput {
  importId: number;
  claim: string;
  stored: StoredImportPlan;
  rows: StoredImportPlan["rows"];
  scope: Parameters<typeof plannedAgainstShop>[1];
  actor: CatalogueActor;
  now: Date;
}

interface PlannedSave {
  product: ProductPlan;
  statements: BatchItem<"sqlite">[];
}

/** Plans the chunk's records against the shop now and saves each product; answers refusals, lines already as the file says, and whether the claim was lost. */
async function applyRows(db: Database, input: ChunkInput): Promise<{ refusals: Refusal[]; unchanged: number[]; lost: boolean }> {
  const { plan, lookups } = await plannedAgainstShop(db, input.scope, input.rows, input.now);
  const outcome = new Map<number, Refusal | "saved">();
  for (const report of plan.reports) {
    if (report.outcome === "refused") outcome.set(report.line, { line: report.line, message: report.problems.map((problem) => problem.message).join(" ") });
  }
  const toSave = plan.products.filter((product) => {
    const planned = input.stored.revisions[product.productSku];
    const stale = planned === undefined ? false : (product.existing?.revision ?? null) !== planned;
    if (stale) for (const line of product.lines) outcome.set(line, { line, message: M.changedSince });
    return !stale;
  });
  const waiting = await waitingRequestsOfProducts(
    db,
    toSave.flatMap((product) => (product.existing && product.stock.length ? [product.existing.id] : [])),
  );
  const context: SaveContext = {
    actor: input.actor,
    now: input.now,
    waiting,
    categorySlugs: new Map(lookups.categories.map((category) => [category.id, category.slug])),
    approval: input.scope.kind === "merchant" && (await approvalRequired(db)),
  };
  const failed: ProductPlan[] = [];
  for (const group of packed(db, toSave, context)) {
    const results = await saveGroup(db, input, group);
    if (results === "lost") return { refusals: [], unchanged: [], lost: true };
    for (const entry of results) {
      if (entry.saved) for (const line of entry.product.lines) outcome.set(line, "saved");
      else failed.push(entry.product);
    }
  }
  for (const [product, message] of await failuresOf(db, failed)) for (const line of product.lines) outcome.set(line, { line, message });
  const refusals: Refusal[] = [];
  const unchanged: number[] = [];
  for (const entry of input.rows) {
    const result = outcome.get(entry.line);
    if (result === undefined) unchanged.push(entry.line);
    else if (result !== "saved") refusals.push(result);
  }
  return { refusals, unchanged, lost: false };
}

/** The products' statements in groups that fit one D1 batch. */
function packed(db: Database, plans: readonly ProductPlan[], context: SaveContext): PlannedSave[][] {
  const groups: PlannedSave[][] = [];
  let current: PlannedSave[] = [];
  let size = 0;
  for (const product of plans) {
    const statements = productSaveStatements(db, product, context);
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

/**
 * Saves a group of products in one batch that first checks the claim is still ours and last records their
 * lines as saved; when it fails, each half on its own, down to the one product that fails — so a few bad
 * products among thousands cost a few more batches, not one per product. "lost": another took the claim.
 */
async function saveGroup(db: Database, input: ChunkInput, group: readonly PlannedSave[]): Promise<{ product: ProductPlan; saved: boolean }[] | "lost"> {
  const lines = group.flatMap((entry) => entry.product.lines);
  const claimHeld = sql`exists (select 1 from ${catalogueImports} where ${catalogueImports.id} = ${input.importId} and ${catalogueImports.claimId} = ${input.claim})`;
  const record = db
    .update(catalogueImports)
    .set({ savedLines: appended(catalogueImports.savedLines, lines), doneRows: sql`${catalogueImports.doneRows} + ${lines.length}` })
    .where(ours(input.importId, input.claim));
  try {
    await db.batch([guard(db, claimHeld), ...group.flatMap((entry) => entry.statements), record]);
    return group.map((entry) => ({ product: entry.product, saved: true }));
  } catch {
    const [held] = await db.select({ id: catalogueImports.id }).from(catalogueImports).where(ours(input.importId, input.claim));
    if (!held) return "lost";
    if (group.length === 1) return [{ product: group[0]!.product, saved: false }];
  }
  const half = Math.ceil(group.length / 2);
  const first = await saveGroup(db, input, group.slice(0, half));
  if (first === "lost") return first;
  const second = await saveGroup(db, input, group.slice(half));
  if (second === "lost") return second;
  return [...first, ...second];
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
