/**
 * What the staff review page (/crm/product-approvals) reads: the pending submissions, oldest first, each with
 * its changes before → after against the product as it was when submitted, and whether the product changed
 * since (then it cannot be approved as is); and the latest decisions. Decision 0066.
 */
import { asc, desc, eq, ne } from "drizzle-orm";
import { STAFF_SCOPE } from "~/core/catalogue/catalogue-scope";
import type { ProductForm } from "~/core/catalogue/product-form";
import type { SubmissionKind, SubmissionStatus } from "~/core/product-approvals/product-approvals";
import { sameProduct, submissionChanges, type ChangeNames, type FieldChange } from "~/core/product-approvals/submission-changes";
import type { Database } from "~/db/client.server";
import { categories, features, merchants, products, productSubmissions, tags } from "~/db/schema";
import { catalogueProducts } from "../catalogue/catalogue-records.server";

/** Pending submissions one page shows (oldest first); more wait for the next visit. */
export const REVIEW_PAGE_LIMIT = 50;
const RECENT_DECISIONS = 20;

/** The names a submission's changes show for the categories, features and tags it refers to by id. */
export async function changeNames(db: Database): Promise<ChangeNames> {
  const [categoryRows, featureRows, tagRows] = await db.batch([
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: features.id, name: features.name }).from(features),
    db.select({ id: tags.id, name: tags.name }).from(tags),
  ]);
  const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return { categories: byId(categoryRows), features: byId(featureRows), tags: byId(tagRows) };
}

export interface PendingSubmission {
  id: number;
  productId: number;
  sku: string;
  productTitle: string;
  merchantName: string;
  kind: SubmissionKind;
  source: "editor" | "csv";
  submittedByName: string;
  submittedAt: Date;
  changes: FieldChange[];
  /** The product's form changed since it was submitted (approving would overwrite that): staff return it. */
  productChanged: boolean;
}

export interface DecidedSubmission {
  id: number;
  productId: number;
  productTitle: string;
  merchantName: string;
  kind: SubmissionKind;
  status: SubmissionStatus;
  staffComment: string;
  decidedByName: string;
  decidedAt: Date | null;
}

export async function loadReviewPage(db: Database): Promise<{ pending: PendingSubmission[]; recent: DecidedSubmission[] }> {
  const columns = {
    id: productSubmissions.id,
    productId: productSubmissions.productId,
    kind: productSubmissions.kind,
    status: productSubmissions.status,
    source: productSubmissions.source,
    payload: productSubmissions.payload,
    before: productSubmissions.before,
    submittedByName: productSubmissions.submittedByName,
    submittedAt: productSubmissions.submittedAt,
    staffComment: productSubmissions.staffComment,
    decidedByName: productSubmissions.decidedByName,
    decidedAt: productSubmissions.decidedAt,
    productTitle: products.title,
    sku: products.sku,
    merchantName: merchants.name,
  };
  const [pendingRows, recentRows] = await db.batch([
    db
      .select(columns)
      .from(productSubmissions)
      .innerJoin(products, eq(products.id, productSubmissions.productId))
      .innerJoin(merchants, eq(merchants.id, productSubmissions.merchantId))
      .where(eq(productSubmissions.status, "pending"))
      .orderBy(asc(productSubmissions.submittedAt), asc(productSubmissions.id))
      .limit(REVIEW_PAGE_LIMIT),
    db
      .select(columns)
      .from(productSubmissions)
      .innerJoin(products, eq(products.id, productSubmissions.productId))
      .innerJoin(merchants, eq(merchants.id, productSubmissions.merchantId))
      .where(ne(productSubmissions.status, "pending"))
      .orderBy(desc(productSubmissions.decidedAt), desc(productSubmissions.id))
      .limit(RECENT_DECISIONS),
  ]);
  const [names, live] = await Promise.all([
    changeNames(db),
    catalogueProducts(
      db,
      STAFF_SCOPE,
      pendingRows.map((row) => row.productId),
    ),
  ]);
  const liveForm = new Map(live.map((product) => [product.id, product.form]));
  const pending = pendingRows.map((row): PendingSubmission => {
    const before = row.before ? (JSON.parse(row.before) as ProductForm) : null;
    const now = liveForm.get(row.productId);
    return {
      id: row.id,
      productId: row.productId,
      sku: row.sku,
      productTitle: row.productTitle,
      merchantName: row.merchantName,
      kind: row.kind,
      source: row.source,
      submittedByName: row.submittedByName,
      submittedAt: row.submittedAt,
      changes: submissionChanges(before, JSON.parse(row.payload) as ProductForm, names),
      productChanged: before != null && now != null && !sameProduct(before, now),
    };
  });
  const recent = recentRows.map((row): DecidedSubmission => ({
    id: row.id,
    productId: row.productId,
    productTitle: row.productTitle,
    merchantName: row.merchantName,
    kind: row.kind,
    status: row.status,
    staffComment: row.staffComment,
    decidedByName: row.decidedByName,
    decidedAt: row.decidedAt,
  }));
  return { pending, recent };
}
