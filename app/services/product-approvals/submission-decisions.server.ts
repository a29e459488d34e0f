/**
 * Staff decide a merchant's pending product submission (decision 0066), each decision ONE batch that starts
 * with the guard "this submission is still pending": of two staff deciding at once one batch lands and the
 * other is told who was first; a submission the merchant replaced or withdrew meanwhile is refused.
 *   承認: the payload is saved by the editor's own statements (updateProductStatements, as the editor and the
 *         CSV import save), guarded by the product's revision as read; a product never on sale is put on sale;
 *         refused when the product's form changed since the merchant submitted (its `before`), so staff never
 *         overwrite a change they did not see.
 *   差戻し: the live product is untouched; the comment is stored.
 * The merchant's mail is written in the same batch.
 */
import { and, eq, sql } from "drizzle-orm";
import { merchantScope, STAFF_SCOPE, type CatalogueActor } from "~/core/catalogue/catalogue-scope";
import { productEditorPaths } from "~/core/catalogue/product-editor";
import { parseProductForm, type ProductForm } from "~/core/catalogue/product-form";
import { planStatusChange } from "~/core/catalogue/product-status";
import { PRODUCT_APPROVAL_TEXT as T, type SubmissionKind, type SubmissionStatus } from "~/core/product-approvals/product-approvals";
import { sameProduct, submissionChanges } from "~/core/product-approvals/submission-changes";
import type { Database } from "~/db/client.server";
import { merchants, productSubmissions, products, users } from "~/db/schema";
import type { EmailFrame } from "~/mail/email-layout";
import { productApprovedMail, productReturnedMail } from "~/mail/product-approval-mails";
import { catalogueProducts } from "../catalogue/catalogue-records.server";
import { statusColumns } from "../catalogue/catalogue-save.server";
import { databaseIssues } from "../catalogue/product-editor-reads.server";
import { updateProductStatements, type Statement } from "../catalogue/product-editor-statements.server";
import { outboxStatement } from "../mail/mail-outbox.server";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { changeNames } from "./submission-reads.server";

export type DecisionResult = { ok: true; productId: number } | { ok: false; status: 404 | 409; error: string };

interface SubmissionFacts {
  id: number;
  productId: number;
  merchantId: number;
  kind: SubmissionKind;
  status: SubmissionStatus;
  payload: string;
  before: string | null;
  submitterEmail: string | null;
  submitterName: string;
  merchantName: string;
  merchantEmail: string;
  /** A newer submission of the same product exists (this one was replaced). */
  replaced: boolean;
}

async function readSubmission(db: Database, submissionId: number): Promise<SubmissionFacts | null> {
  const [row] = await db
    .select({
      id: productSubmissions.id,
      productId: productSubmissions.productId,
      merchantId: productSubmissions.merchantId,
      kind: productSubmissions.kind,
      status: productSubmissions.status,
      payload: productSubmissions.payload,
      before: productSubmissions.before,
      submitterEmail: users.email,
      submitterName: productSubmissions.submittedByName,
      merchantName: merchants.name,
      merchantEmail: sql<string>`coalesce(nullif(${merchants.contactEmail}, ''), ${merchants.email})`,
      replaced: sql<number>`exists (select 1 from product_submissions as later where later.product_id = ${productSubmissions.productId} and later.id > ${productSubmissions.id})`,
    })
    .from(productSubmissions)
    .innerJoin(merchants, eq(merchants.id, productSubmissions.merchantId))
    .leftJoin(users, eq(users.id, productSubmissions.submittedBy))
    .where(eq(productSubmissions.id, submissionId));
  return row ? { ...row, replaced: Boolean(row.replaced) } : null;
}

/** Why a submission that is no longer pending cannot be decided. */
function notPending(facts: SubmissionFacts): DecisionResult {
  if (facts.status === "withdrawn") return { ok: false, status: 409, error: facts.replaced ? T.replaced : T.withdrawn };
  return { ok: false, status: 409, error: T.alreadyDecided(facts.status) };
}

const stillPending = (db: Database, submissionId: number) =>
  guard(db, sql`exists (select 1 from ${productSubmissions} where ${productSubmissions.id} = ${submissionId} and ${productSubmissions.status} = 'pending')`);

function decided(
  db: Database,
  submissionId: number,
  staff: CatalogueActor,
  now: Date,
  columns: { status: "approved" | "returned"; staffComment?: string },
): Statement {
  return db
    .update(productSubmissions)
    .set({ ...columns, decidedBy: staff.userId, decidedByName: staff.name, decidedAt: now })
    .where(and(eq(productSubmissions.id, submissionId), eq(productSubmissions.status, "pending")));
}

/** The merchant's mail, to the login that submitted (or the merchant's contact address); none without an address. */
function mailStatements(
  db: Database,
  facts: SubmissionFacts,
  frame: EmailFrame,
  now: Date,
  template: (name: string, editorUrl: string) => ReturnType<typeof productApprovedMail>,
  decision: string,
): Statement[] {
  const to = facts.submitterEmail || facts.merchantEmail;
  if (!to) return [];
  const editorUrl = `${frame.origin}${productEditorPaths(merchantScope(facts.merchantId), facts.productId).edit}`;
  const name = facts.submitterEmail ? facts.submitterName : facts.merchantName;
  return [outboxStatement(db, { key: `product-review:${facts.id}:${decision}`, kind: "product_review", to, template: template(name, editorUrl), frame }, now)];
}

const APPROVE_ATTEMPTS = 3;

/** 承認: the payload goes live through the editor's statements, in one batch with the decision and the mail. */
export async function approveSubmission(db: Database, staff: CatalogueActor, submissionId: number, frame: EmailFrame, now: Date): Promise<DecisionResult> {
  for (let attempt = 1; ; attempt++) {
    const facts = await readSubmission(db, submissionId);
    if (!facts) return { ok: false, status: 404, error: T.notFound };
    if (facts.status !== "pending") return notPending(facts);
    const [live] = await catalogueProducts(db, STAFF_SCOPE, [facts.productId]);
    if (!live || live.id == null) return { ok: false, status: 404, error: T.notFound };
    const before = facts.before ? (JSON.parse(facts.before) as ProductForm) : null;
    if (before && !sameProduct(before, live.form)) return { ok: false, status: 409, error: T.productChanged };
    const parsed = parseProductForm(JSON.parse(facts.payload));
    if (!parsed.ok) return { ok: false, status: 409, error: T.invalidPayload(Object.values(parsed.errors).flat()[0] ?? "") };
    // The merchant's product stays its own and shipped by itself, whatever the payload says.
    const product: ProductForm = { ...parsed.value, merchantId: facts.merchantId, shippingFrom: "merchant" };
    const issues = await databaseIssues(db, product, facts.productId);
    const firstIssue = Object.values(issues.errors).flat()[0];
    if (issues.rowsNotOwned || firstIssue) return { ok: false, status: 409, error: T.invalidPayload(firstIssue ?? "行が商品のものではありません") };
    let extras = {};
    if (facts.kind === "new" && live.state === "draft") {
      const sellableVariations = product.variations.filter((variation) => variation.status === "published").length;
      const plan = planStatusChange(
        { status: "draft", isPrivate: false, type: product.type, secret: live.secret ?? null, publishedAt: live.publishedAt ?? null, sellableVariations },
        "publish",
        now,
      );
      if (!plan.ok) return { ok: false, status: 409, error: T.cannotPublish(plan.refusal) };
      extras = statusColumns(plan.change);
    }
    const changes = submissionChanges(before, product, await changeNames(db));
    const unchanged = sql`(select ${products.revision} from ${products} where ${products.id} = ${facts.productId}) = ${live.revision}`;
    const mail = mailStatements(
      db,
      facts,
      frame,
      now,
      (name, editorUrl) => productApprovedMail({ name, productTitle: product.title, kind: facts.kind, changes, editorUrl }),
      "approved",
    );
    try {
      await db.batch([
        stillPending(db, submissionId),
        ...updateProductStatements(db, facts.productId, product, unchanged, staff, now, extras),
        decided(db, submissionId, staff, now, { status: "approved" }),
        ...mail,
      ]);
      return { ok: true, productId: facts.productId };
    } catch (error) {
      if (!isGuardFailure(error)) throw error;
      // Lost to another decision, a replacing save, or a change of the product (a stock move): read again.
      if (attempt >= APPROVE_ATTEMPTS) {
        const again = await readSubmission(db, submissionId);
        return again && again.status !== "pending" ? notPending(again) : { ok: false, status: 409, error: T.busy };
      }
    }
  }
}

/** 差戻し with the staff's comment: the product is untouched; the merchant is mailed the comment. */
export async function returnSubmission(
  db: Database,
  staff: CatalogueActor,
  submissionId: number,
  comment: string,
  frame: EmailFrame,
  now: Date,
): Promise<DecisionResult> {
  const facts = await readSubmission(db, submissionId);
  if (!facts) return { ok: false, status: 404, error: T.notFound };
  if (facts.status !== "pending") return notPending(facts);
  const payload = JSON.parse(facts.payload) as ProductForm;
  const before = facts.before ? (JSON.parse(facts.before) as ProductForm) : null;
  const changes = submissionChanges(before, payload, await changeNames(db));
  const mail = mailStatements(
    db,
    facts,
    frame,
    now,
    (name, editorUrl) => productReturnedMail({ name, productTitle: payload.title, kind: facts.kind, changes, editorUrl, comment }),
    "returned",
  );
  try {
    await db.batch([stillPending(db, submissionId), decided(db, submissionId, staff, now, { status: "returned", staffComment: comment }), ...mail]);
    return { ok: true, productId: facts.productId };
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    const again = await readSubmission(db, submissionId);
    return again ? notPending(again) : { ok: false, status: 404, error: T.notFound };
  }
}
