/**
 * A merchant's commission (decision 0060): its own rate (merchants.commission_bp) and the categories it pays
 * another rate on (merchant_category_commissions), which staff set on /crm/merchants/{id}; and a line's rate as
 * a statement reads it (the product's main category, or the nearest category above it, with a rate of its own).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { lineRate, type CommissionRates } from "~/core/merchant/merchant-statements";
import type { Database } from "~/db/client.server";
import { categories, merchantCategoryCommissions, merchants } from "~/db/schema";

/** The reads a statement needs for its rates, for the caller's batch (commissionRatesOf reads their rows). */
export function commissionRatesQueries(db: Database, merchantId: number) {
  return [
    db.select({ bp: merchants.commissionBp }).from(merchants).where(eq(merchants.id, merchantId)),
    db
      .select({ categoryId: merchantCategoryCommissions.categoryId, bp: merchantCategoryCommissions.commissionBp })
      .from(merchantCategoryCommissions)
      .where(eq(merchantCategoryCommissions.merchantId, merchantId)),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
  ] as const;
}

type RateRows = [{ bp: number }[], { categoryId: number; bp: number }[], { id: number; parentId: number | null }[]];

/** A line's rate by its product's main category, from commissionRatesQueries' rows. */
export function commissionRatesOf([merchantRows, overrides, categoryRows]: RateRows): (categoryId: number) => number {
  const rates: CommissionRates = { merchantBp: merchantRows[0]?.bp ?? 0, categories: new Map(overrides.map((row) => [row.categoryId, row.bp])) };
  const parents = new Map(categoryRows.map((row) => [row.id, row.parentId]));
  return (categoryId) => lineRate(categoryId, rates, parents);
}

export interface CommissionSettings {
  merchantBp: number;
  overrides: { categoryId: number; label: string; bp: number }[];
  /** Every category as a picker offers it: a subcategory after its parent, named 「親 › 子」. */
  categories: { id: number; label: string }[];
}

/** What the commission section of /crm/merchants/{id} shows; null when there is no such merchant. */
export async function loadCommissionSettings(db: Database, merchantId: number): Promise<CommissionSettings | null> {
  const [merchantRate, overrides] = commissionRatesQueries(db, merchantId);
  const [merchantRows, overrideRows, categoryRows] = await db.batch([
    merchantRate,
    overrides,
    db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
  ]);
  if (!merchantRows[0]) return null;
  const labels = categoryLabels(categoryRows);
  return {
    merchantBp: merchantRows[0].bp,
    overrides: overrideRows.map((row) => ({ ...row, label: labels.get(row.categoryId) ?? "" })).sort((a, b) => a.label.localeCompare(b.label, "ja")),
    categories: treeOrder(categoryRows).map((row) => ({ id: row.id, label: labels.get(row.id)! })),
  };
}

type CategoryRow = { id: number; name: string; parentId: number | null };

function categoryLabels(rows: readonly CategoryRow[]): Map<number, string> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const labelOf = (row: CategoryRow, depth = 0): string => {
    const parent = row.parentId == null ? undefined : byId.get(row.parentId);
    return parent && depth < 8 ? `${labelOf(parent, depth + 1)} › ${row.name}` : row.name;
  };
  return new Map(rows.map((row) => [row.id, labelOf(row)]));
}

/** The categories with each one's subcategories right after it (rows come in the shop's order). */
function treeOrder(rows: readonly CategoryRow[]): CategoryRow[] {
  const known = new Set(rows.map((row) => row.id));
  const children = (parentId: number | null) =>
    rows.filter((row) => (parentId == null ? row.parentId == null || !known.has(row.parentId) : row.parentId === parentId));
  const ordered: CategoryRow[] = [];
  const visit = (row: CategoryRow) => {
    if (ordered.includes(row)) return;
    ordered.push(row);
    children(row.id).forEach(visit);
  };
  children(null).forEach(visit);
  return ordered;
}

/** Sets the merchant's own rate; false when there is no such merchant. */
export async function saveMerchantCommission(db: Database, merchantId: number, bp: number): Promise<boolean> {
  // updated_at is the merchant form's version: a rate saved beside it must not make an open form stale.
  const updated = await db.update(merchants).set({ commissionBp: bp }).where(eq(merchants.id, merchantId)).returning({ id: merchants.id });
  return updated.length > 0;
}

/**
 * Gives a category its own rate for the merchant (or changes it): written only when both exist, in the
 * statement itself, so a category deleted meanwhile is refused rather than failing its foreign key.
 */
export async function saveCategoryCommission(
  db: Database,
  merchantId: number,
  categoryId: number,
  bp: number,
): Promise<"saved" | "no_category" | "no_merchant"> {
  const [saved] = await db
    .insert(merchantCategoryCommissions)
    .select(
      db
        .select({ merchantId: merchants.id, categoryId: categories.id, commissionBp: sql<number>`${bp}`.as("commission_bp") })
        .from(merchants)
        .innerJoin(categories, eq(categories.id, categoryId))
        .where(eq(merchants.id, merchantId)),
    )
    .onConflictDoUpdate({ target: [merchantCategoryCommissions.merchantId, merchantCategoryCommissions.categoryId], set: { commissionBp: bp } })
    .returning({ categoryId: merchantCategoryCommissions.categoryId });
  if (saved) return "saved";
  const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
  return merchant ? "no_category" : "no_merchant";
}

/** Takes a category's own rate away (the merchant's applies again); false when it had none. */
export async function removeCategoryCommission(db: Database, merchantId: number, categoryId: number): Promise<boolean> {
  const removed = await db
    .delete(merchantCategoryCommissions)
    .where(and(eq(merchantCategoryCommissions.merchantId, merchantId), eq(merchantCategoryCommissions.categoryId, categoryId)))
    .returning({ categoryId: merchantCategoryCommissions.categoryId });
  return removed.length > 0;
}
