/**
 * The catalogue import's dry run (issue 17 item 4), pure: the records of a file (app/core/catalogue/catalogue-csv.ts)
 * set against what the shop holds, each product with its variations' records read by the editor's one
 * schema (app/core/catalogue/product-form.ts) exactly as the editor would save it. Answers, per record, 新規 / 変更
 * (each field before → after) / 変更なし, or why it is refused (column and Japanese message), and, per
 * product, what to save. A product and its variations are saved together or not at all, so a refused
 * record refuses the other records of its product too.
 */
import type { RowOutcome } from "./catalogue-csv-pages";
import { PRODUCT_EDITOR_TEXT } from "./product-editor";
import { parseProductForm, type ProductForm, type ProductFormInput } from "./product-form";
import { planStatusChange, type ProductState, type ProductStatusAction, type StatusChange } from "./product-status";
import { CATALOGUE_IMPORT_MESSAGES as M, columnHeader, firstLinesOfSkus, rowShapeProblems, type CatalogueCsvRow, type RowProblem } from "./catalogue-csv";
import {
  productCells,
  productInputFromCells,
  problemPlace,
  variationCells,
  variationInputFromCells,
  type CatalogueLookups,
  type CatalogueProduct,
  type Cells,
} from "./catalogue-csv-cells";

export interface CellChange {
  column: string;
  before: string;
  after: string;
}

export interface ImportRowReport {
  line: number;
  sku: string;
  parentSku: string | null;
  kind: CatalogueCsvRow["kind"];
  outcome: RowOutcome;
  changes: CellChange[];
  problems: RowProblem[];
}

/** What the shop already holds under a SKU named in the file. */
export interface SkuOwner {
  /** A choice's SKU (a variation's size, say) is the cart's key too, so no record may take it. */
  kind: "product" | "variation" | "choice";
  /** The product's SKU (the variation's product for a variation). */
  productSku: string;
  /** Whether the importing scope may change it (false: another merchant's). */
  inScope: boolean;
}

/** A stock count the import sets on a product or variation that already exists (a new one's is in its form). */
export interface StockChange {
  variationSku: string | null;
  pool: "stock" | "preorder";
  after: number;
}

/** One product to save: its form as the editor's schema read it, and what the editor's form does not carry. */
export interface ProductPlan {
  productSku: string;
  lines: number[];
  /** The product as it was read (null: a new product); its form and first publication are what a submission for approval compares with. */
  existing: { id: number; revision: number; form: ProductForm; publishedAt: Date | null } | null;
  form: ProductForm;
  /** The move to the state the file asks for (null: the state stays, a new product stays a draft). */
  status: StatusChange | null;
  stock: StockChange[];
  changed: boolean;
}

export interface ShopSide {
  /** Every SKU of the file the shop holds (as a product or a variation), in scope or not. */
  owners: ReadonlyMap<string, SkuOwner>;
  /** The in-scope products the file names, by SKU. */
  existing: ReadonlyMap<string, CatalogueProduct>;
  lookups: CatalogueLookups;
  /** The importing merchant (its products only, new ones are its own); null for staff. */
  merchantId: number | null;
  now: Date;
}

export interface ImportPlan {
  reports: ImportRowReport[];
  products: ProductPlan[];
}

/** Where the records of one product stand before its schema check. */
interface Group {
  productSku: string;
  productRow: CatalogueCsvRow | null;
  variationRows: CatalogueCsvRow[];
}

/** The problem a record has before its product is read: how its SKU and its product's relate to the shop. */
function ownershipProblem(row: CatalogueCsvRow, rowsBySku: ReadonlyMap<string, CatalogueCsvRow>, shop: ShopSide): RowProblem | null {
  const record = (message: string): RowProblem => ({ column: null, message });
  const owner = shop.owners.get(row.sku);
  if (owner && !owner.inScope) return { column: columnHeader("sku"), message: M.skuNotOwn };
  if (owner?.kind === "choice") return { column: columnHeader("sku"), message: PRODUCT_EDITOR_TEXT.skuTaken };
  if (row.kind === "product") return owner?.kind === "variation" ? record(M.kindChanged) : null;
  const parentSku = row.parentSku!;
  const parent = shop.owners.get(parentSku);
  if (parent && !parent.inScope) return { column: columnHeader("parent_sku"), message: M.parentNotOwn };
  if (parent?.kind === "variation" || rowsBySku.get(parentSku)?.kind === "variation")
    return { column: columnHeader("parent_sku"), message: M.parentIsVariation };
  if (owner?.kind === "product") return record(M.kindChanged);
  if (owner && owner.productSku !== parentSku) return { column: columnHeader("parent_sku"), message: M.unchangedParent };
  if (!parent && rowsBySku.get(parentSku)?.kind !== "product") return { column: columnHeader("parent_sku"), message: M.parentMissing };
  return null;
}

/** A new product's starting point: the editor's defaults, its SKU, and the importing merchant as its seller. */
function newProductInput(sku: string, hasVariations: boolean, merchantId: number | null): ProductFormInput {
  return {
    sku,
    type: hasVariations ? "variation" : "simple",
    merchantId,
    shippingFrom: merchantId == null ? "warehouse" : "merchant",
    variations: [],
    options: [],
    subscriptionPrices: [],
  } as ProductFormInput;
}

/** A product's form as input again (the base a record's cells go on top of). */
function inputOf(product: CatalogueProduct): ProductFormInput {
  return structuredClone(product.form) as unknown as ProductFormInput;
}

function changesOf(before: Cells, after: Cells, columns: readonly string[]): CellChange[] {
  return columns
    .filter((key) => key !== "sku" && key !== "parent_sku" && (before[key as keyof Cells] ?? "") !== (after[key as keyof Cells] ?? ""))
    .map((key) => ({
      column: columnHeader(key as keyof Cells & string as never),
      before: before[key as keyof Cells] ?? "",
      after: after[key as keyof Cells] ?? "",
    }));
}

/** Reads one product's records with the editor's schema: the reports of its records and, when all are good, its plan. */
function planGroup(group: Group, shop: ShopSide): { reports: ImportRowReport[]; plan: ProductPlan | null } {
  const existing = shop.existing.get(group.productSku) ?? null;
  const rows = [...(group.productRow ? [group.productRow] : []), ...group.variationRows];
  const problems = new Map<number, RowProblem[]>(rows.map((row) => [row.line, []]));
  const ownLine = group.productRow?.line ?? rows[0]!.line;

  const base = existing ? inputOf(existing) : newProductInput(group.productSku, group.variationRows.length > 0, shop.merchantId);
  const read = group.productRow ? productInputFromCells(base, group.productRow.cells, shop.lookups) : { input: base, state: null, problems: [] };
  problems.get(ownLine)!.push(...read.problems);
  const input = read.input;
  if (shop.merchantId != null && input.merchantId != null && Number(input.merchantId) !== shop.merchantId) {
    problems.get(ownLine)!.push({ column: columnHeader("merchant"), message: "出品者は自店のまま変えられません。" });
  }
  // A merchant's product is always its own and shipped by itself (as the editor saves it).
  if (shop.merchantId != null) Object.assign(input, { merchantId: shop.merchantId, shippingFrom: "merchant" });

  const variations = [...((input.variations as unknown[] | undefined) ?? [])] as NonNullable<Parameters<typeof variationInputFromCells>[0]>[];
  const lineOfVariation = new Map<number, number>();
  for (const row of group.variationRows) {
    const index = variations.findIndex((variation) => variation.sku === row.sku);
    const merged = variationInputFromCells(index >= 0 ? variations[index]! : null, row);
    problems.get(row.line)!.push(...merged.problems);
    const at = index >= 0 ? index : variations.length;
    variations[at] = merged.input;
    lineOfVariation.set(at, row.line);
  }
  input.variations = variations;

  const parsed = parseProductForm(input);
  if (!parsed.ok) {
    const tiers = Array.isArray(input.subscriptionPrices) ? input.subscriptionPrices : [];
    for (const [field, messages] of Object.entries(parsed.errors)) {
      const place = problemPlace(field, tiers);
      const line = place.variation != null ? (lineOfVariation.get(place.variation) ?? ownLine) : ownLine;
      for (const message of messages) problems.get(line)!.push({ column: place.column, message });
    }
  }
  if (parsed.ok) {
    // The database would refuse an exclusion of a coupon that does not exist: say so in the dry run.
    const known = new Set(shop.lookups.coupons);
    const unknown = parsed.value.excludedCouponCodes.filter((code) => !known.has(code));
    if (unknown.length) problems.get(ownLine)!.push({ column: columnHeader("excluded_coupons"), message: PRODUCT_EDITOR_TEXT.couponUnknown(unknown) });
  }
  const refusedLines = rows.filter((row) => problems.get(row.line)!.length > 0).map((row) => row.line);
  if (refusedLines.length > 0 || !parsed.ok) {
    return {
      reports: rows.map((row) => {
        const own = problems.get(row.line)!;
        const others = refusedLines.filter((line) => line !== row.line);
        return report(row, "refused", [], own.length ? own : [{ column: null, message: `${M.productRefused}（${others.join("・")}行目）` }]);
      }),
      plan: null,
    };
  }

  const form = parsed.value;
  const status = statusMove(existing, read.state, form, shop.now);
  if (status && !status.ok) {
    const problem = { column: columnHeader("status"), message: status.refusal };
    return {
      reports: rows.map((row) =>
        report(row, "refused", [], row.line === ownLine ? [problem] : [{ column: null, message: `${M.productRefused}（${ownLine}行目）` }]),
      ),
      plan: null,
    };
  }
  const state = status?.change.state ?? existing?.state ?? "draft";
  const after: CatalogueProduct = { id: existing?.id ?? null, revision: existing?.revision ?? null, state, form };
  const reports: ImportRowReport[] = [];
  const stock: StockChange[] = [];
  if (group.productRow) {
    const row = group.productRow;
    if (!existing) reports.push(report(row, "create", [], []));
    else {
      const changes = changesOf(productCells(existing, shop.lookups), productCells(after, shop.lookups), Object.keys(row.cells));
      reports.push(report(row, changes.length ? "update" : "unchanged", changes, []));
      stock.push(...stockChanges(null, existing.form, form));
    }
  }
  for (const row of group.variationRows) {
    const before = existing?.form.variations.find((variation) => variation.sku === row.sku);
    const now = form.variations.find((variation) => variation.sku === row.sku)!;
    if (!before) reports.push(report(row, "create", [], []));
    else {
      const changes = changesOf(variationCells(before, group.productSku), variationCells(now, group.productSku), Object.keys(row.cells));
      reports.push(report(row, changes.length ? "update" : "unchanged", changes, []));
      stock.push(...stockChanges(row.sku, before, now));
    }
  }
  const changed = reports.some((entry) => entry.outcome !== "unchanged");
  return {
    reports,
    plan: {
      productSku: group.productSku,
      lines: rows.map((row) => row.line),
      existing:
        existing && existing.id != null
          ? { id: existing.id, revision: existing.revision ?? 0, form: existing.form, publishedAt: existing.publishedAt ?? null }
          : null,
      form,
      status: status?.change ?? null,
      stock,
      changed,
    },
  };
}

/** The editor's move that takes a product from its state to `target`. */
function actionTo(from: ProductState, target: ProductState): ProductStatusAction {
  if (target === "published") return "publish";
  if (target === "private") return "make_private";
  if (target === "archived") return "archive";
  return from === "archived" ? "restore" : "unpublish";
}

/** The state change a record asks for, by the editor's rules (null: none asked). */
function statusMove(existing: CatalogueProduct | null, target: ProductState | null, form: ProductForm, now: Date) {
  const from = existing?.state ?? "draft";
  if (target == null || target === from) return null;
  const facts = {
    status: from === "private" ? ("published" as const) : from,
    isPrivate: from === "private",
    type: form.type,
    secret: existing?.secret ?? null,
    publishedAt: existing?.publishedAt ?? null,
    sellableVariations: form.variations.filter((variation) => variation.status === "published").length,
  };
  return planStatusChange(facts, actionTo(from, target), now);
}

function stockChanges(
  variationSku: string | null,
  before: { inventory: number; inventoryPreorderMax: number },
  after: { inventory: number; inventoryPreorderMax: number },
): StockChange[] {
  const changes: StockChange[] = [];
  if (before.inventory !== after.inventory) changes.push({ variationSku, pool: "stock", after: after.inventory });
  if (before.inventoryPreorderMax !== after.inventoryPreorderMax) changes.push({ variationSku, pool: "preorder", after: after.inventoryPreorderMax });
  return changes;
}

function report(row: CatalogueCsvRow, outcome: RowOutcome, changes: CellChange[], problems: RowProblem[]): ImportRowReport {
  return { line: row.line, sku: row.sku, parentSku: row.parentSku, kind: row.kind, outcome, changes, problems };
}

/** The dry run of a file's records against the shop: every record's report (in file order) and the products to save. */
export function planCatalogueImport(rows: readonly CatalogueCsvRow[], shop: ShopSide): ImportPlan {
  const firstLines = firstLinesOfSkus(rows);
  const rowsBySku = new Map<string, CatalogueCsvRow>();
  for (const row of rows) if (row.sku && !rowsBySku.has(row.sku)) rowsBySku.set(row.sku, row);
  const reports = new Map<number, ImportRowReport>();
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const shape = rowShapeProblems(row, firstLines.get(row.sku) ?? row.line);
    const ownership = shape.length ? null : ownershipProblem(row, rowsBySku, shop);
    if (shape.length || ownership) {
      reports.set(row.line, report(row, "refused", [], shape.length ? shape : [ownership!]));
      continue;
    }
    const productSku = row.kind === "product" ? row.sku : row.parentSku!;
    const group = groups.get(productSku) ?? { productSku, productRow: null, variationRows: [] };
    if (row.kind === "product") group.productRow = row;
    else group.variationRows.push(row);
    groups.set(productSku, group);
  }
  const products: ProductPlan[] = [];
  for (const group of groups.values()) {
    // A variation whose product's own record was refused cannot be read against it.
    if (!group.productRow && rowsBySku.get(group.productSku)?.kind === "product" && !shop.existing.has(group.productSku)) {
      for (const row of group.variationRows)
        reports.set(row.line, report(row, "refused", [], [{ column: columnHeader("parent_sku"), message: M.parentMissing }]));
      continue;
    }
    const planned = planGroup(group, shop);
    for (const entry of planned.reports) reports.set(entry.line, entry);
    if (planned.plan?.changed) products.push(planned.plan);
  }
  return { reports: rows.map((row) => reports.get(row.line)!), products };
}

/** The file's records a person kept: the ones ticked, of those the dry run would create or change. */
export function keptRows(rows: readonly CatalogueCsvRow[], reports: readonly ImportRowReport[], ticked: ReadonlySet<number>): CatalogueCsvRow[] {
  const outcome = new Map(reports.map((entry) => [entry.line, entry.outcome]));
  return rows.filter((row) => ticked.has(row.line) && (outcome.get(row.line) === "create" || outcome.get(row.line) === "update"));
}

export interface ImportSummary {
  create: number;
  update: number;
  unchanged: number;
  refused: number;
}

export function summaryOf(reports: readonly ImportRowReport[]): ImportSummary {
  const summary: ImportSummary = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const entry of reports) summary[entry.outcome] += 1;
  return summary;
}
