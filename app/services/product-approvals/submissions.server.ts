/**
 * A merchant's product saves while the owner's setting `merchantProductApproval` is on (decision 0066): the
 * live product stays as it is and the save is stored as a pending submission, in ONE batch that withdraws
 * the product's pending submission first (a newer save replaces it; the partial unique index
 * product_submissions_pending_idx keeps one pending per product whatever races). The editor's and the CSV
 * import's save paths call these; staff decide them in ./submission-decisions.server.ts.
 */
import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CatalogueActor, CatalogueScope } from "~/core/catalogue/catalogue-scope";
import type { ProductForm } from "~/core/catalogue/product-form";
import { PRODUCT_APPROVAL_TEXT, submissionKindOf, type SubmissionKind, type SubmissionStatus } from "~/core/product-approvals/product-approvals";
import { sameProduct } from "~/core/product-approvals/submission-changes";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import type { Database } from "~/db/client.server";
import { products, productSubmissions } from "~/db/schema";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { currentSettingSql, loadShopSettings } from "../settings/shop-settings.server";
import { productsInScope } from "../catalogue/catalogue-scope.server";
import type { Statement } from "../catalogue/product-editor-statements.server";

/** Whether a merchant's saves wait for staff now (the settings in force, read fresh). */
export async function approvalRequired(db: Database): Promise<boolean> {
  return (await loadShopSettings(db)).merchantProductApproval;
}

/**
 * The setting as an SQL condition, for the batch of a merchant's direct save: an owner turning approval on
 * while the save is under way makes the save fail instead of going live unreviewed.
 */
export function approvalOffSql(): SQL {
  return sql`${currentSettingSql("$.merchantProductApproval", DEFAULT_SHOP_SETTINGS.merchantProductApproval ? 1 : 0)} = 0`;
}

export interface NewSubmission {
  /** The product's id, or the SQL finding a product the same batch creates. */
  productRef: number | SQL;
  merchantId: number;
  kind: SubmissionKind;
  source: "editor" | "csv";
  payload: ProductForm;
  before: ProductForm | null;
  actor: CatalogueActor;
}

/** Withdraws the product's pending submission (replaced) and stores the new one as pending. */
export function submissionStatements(db: Database, submission: NewSubmission, now: Date): Statement[] {
  const productId = submission.productRef as number;
  return [
    db
      .update(productSubmissions)
      .set({ status: "withdrawn", decidedAt: now, decidedByName: submission.actor.name, decidedBy: submission.actor.userId })
      .where(and(eq(productSubmissions.productId, productId), eq(productSubmissions.status, "pending"))),
    db.insert(productSubmissions).values({
      productId,
      merchantId: submission.merchantId,
      kind: submission.kind,
      source: submission.source,
      payload: JSON.stringify(submission.payload),
      before: submission.before ? JSON.stringify(submission.before) : null,
      submittedBy: submission.actor.userId,
      submittedByName: submission.actor.name,
      submittedAt: now,
    }),
  ];
}

export type SubmitResult = { ok: true; productId: number; outcome: "submitted" | "unchanged" } | { ok: false; status: 404 | 409; error: string };

/**
 * A merchant's edit of `productId` (made on `revision`), stored for approval: refused when the product moved
 * on meanwhile (the guard of the batch, as a direct save is); not stored when it changes nothing.
 */
export async function submitProductEdit(
  db: Database,
  scope: Extract<CatalogueScope, { kind: "merchant" }>,
  actor: CatalogueActor,
  product: { id: number; publishedAt: Date | string | null; form: ProductForm },
  revision: number,
  payload: ProductForm,
  now: Date,
): Promise<SubmitResult> {
  const kind = submissionKindOf(product);
  // An edit that changes nothing is not sent to staff; a product never on sale is, as its request to go on sale.
  if (kind === "edit" && sameProduct(product.form, payload)) return { ok: true, productId: product.id, outcome: "unchanged" };
  const unchanged = sql`(select ${products.revision} from ${products} where ${products.id} = ${product.id} and ${productsInScope(scope)}) = ${revision}`;
  const statements = submissionStatements(
    db,
    { productRef: product.id, merchantId: scope.merchantId, kind, source: "editor", payload, before: product.form, actor },
    now,
  );
  try {
    await db.batch([guard(db, unchanged), ...statements]);
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    return { ok: false, status: 409, error: PRODUCT_APPROVAL_TEXT.busy };
  }
  return { ok: true, productId: product.id, outcome: "submitted" };
}

/** The merchant withdraws its product's pending submission (nothing else changes). */
export async function withdrawSubmission(
  db: Database,
  scope: Extract<CatalogueScope, { kind: "merchant" }>,
  productId: number,
  actor: CatalogueActor,
  now: Date,
) {
  const withdrawn = await db
    .update(productSubmissions)
    .set({ status: "withdrawn", decidedAt: now, decidedBy: actor.userId, decidedByName: actor.name })
    .where(and(eq(productSubmissions.productId, productId), eq(productSubmissions.merchantId, scope.merchantId), eq(productSubmissions.status, "pending")))
    .returning({ id: productSubmissions.id });
  return withdrawn.length === 1;
}

/** A product's submission as its merchant sees it: the newest, while it waits or was returned. */
export interface OpenSubmission {
  id: number;
  productId: number;
  kind: SubmissionKind;
  status: Extract<SubmissionStatus, "pending" | "returned">;
  staffComment: string;
  submittedAt: Date;
  decidedAt: Date | null;
  payload: ProductForm;
}

/**
 * The newest submission of each product among `productIds` of the merchant (or of all its products), when it
 * is pending or returned.
 */
export async function openSubmissions(db: Database, merchantId: number, productIds: readonly number[] | "all"): Promise<Map<number, OpenSubmission>> {
  if (productIds !== "all" && productIds.length === 0) return new Map();
  const newest = sql`${productSubmissions.id} = (select max(newer.id) from ${productSubmissions} as newer where newer.product_id = ${productSubmissions.productId})`;
  const rows = await db
    .select()
    .from(productSubmissions)
    .where(
      and(
        eq(productSubmissions.merchantId, merchantId),
        productIds === "all" ? inArray(productSubmissions.status, ["pending", "returned"]) : inArray(productSubmissions.productId, [...productIds]),
        newest,
      ),
    )
    .orderBy(desc(productSubmissions.id));
  const open = new Map<number, OpenSubmission>();
  for (const row of rows) {
    if (row.status !== "pending" && row.status !== "returned") continue;
    open.set(row.productId, {
      id: row.id,
      productId: row.productId,
      kind: row.kind,
      status: row.status,
      staffComment: row.staffComment,
      submittedAt: row.submittedAt,
      decidedAt: row.decidedAt,
      payload: JSON.parse(row.payload) as ProductForm,
    });
  }
  return open;
}
