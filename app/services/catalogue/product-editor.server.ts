/**
 * Creating, editing, duplicating a product and moving it between its states (issue 17), each ONE D1 batch
 * (app/services/catalogue/product-editor-statements.server.ts): the product with its variations, choices, options,
 * tiers and links never half-applies. An edit carries the revision it was made on; the batch's first
 * statement fails the whole batch when the product moved on meanwhile (two saves at once: one wins, the
 * other is told 「他の人が先に更新しました」). SKUs are unique across products, variations and choices:
 * checked first for a message at the field, and again inside the batch against a racing save.
 * Every write is limited to the scope (a merchant: its own products, always shipped by itself).
 */
import { and, eq, sql } from "drizzle-orm";
import type { CatalogueActor, CatalogueScope } from "~/core/catalogue/catalogue-scope";
import { copySku, copyTitle, PRODUCT_EDITOR_TEXT } from "~/core/catalogue/product-editor";
import { parseProductForm, type ProductForm } from "~/core/catalogue/product-form";
import { planStatusChange, type ProductState, type ProductStatusAction } from "~/core/catalogue/product-status";
import type { Database } from "~/db/client.server";
import { products, productVariations } from "~/db/schema";
import { productsInScope } from "./catalogue-scope.server";
import { guard, isGuardFailure } from "../orders/order-guards.server";
import { createProductStatements, productRefBySku, updateProductStatements, type Statement } from "./product-editor-statements.server";
import { catalogueProducts } from "./catalogue-records.server";
import { approvalOffSql, approvalRequired, submissionStatements, submitProductEdit } from "../product-approvals/submissions.server";
import { PRODUCT_APPROVAL_TEXT } from "~/core/product-approvals/product-approvals";
import { databaseIssues, loadEditorProduct, type FieldErrors } from "./product-editor-reads.server";
import { randomToken } from "../account/sessions.server";

/** outcome: absent when saved on the product; a merchant's save while approval is on (decision 0066) is submitted, or not sent as unchanged. */
export type EditorResult =
  { ok: true; productId: number; outcome?: "submitted" | "unchanged" } | { ok: false; status: 400 | 404 | 409; error: string; fieldErrors?: FieldErrors };

const notFound: EditorResult = { ok: false, status: 404, error: PRODUCT_EDITOR_TEXT.notFound };
const stale: EditorResult = { ok: false, status: 409, error: PRODUCT_EDITOR_TEXT.stale };
const invalid = (fieldErrors: FieldErrors): EditorResult => ({ ok: false, status: 400, error: PRODUCT_EDITOR_TEXT.check, fieldErrors });

/** A merchant's product is always its own and shipped by itself, whatever the form says. */
function withinScope(scope: CatalogueScope, product: ProductForm): ProductForm {
  return scope.kind === "merchant" ? { ...product, merchantId: scope.merchantId, shippingFrom: "merchant" } : product;
}

async function checked(db: Database, product: ProductForm, productId: number | null): Promise<EditorResult | null> {
  const { errors, rowsNotOwned } = await databaseIssues(db, product, productId);
  if (rowsNotOwned) return { ok: false, status: 409, error: PRODUCT_EDITOR_TEXT.rowNotOwned };
  return Object.keys(errors).length > 0 ? invalid(errors) : null;
}

/** After a batch failed on a guard or unique index: the SKU fields now taken, or the race message. */
async function skuRaceResult(db: Database, product: ProductForm, productId: number | null): Promise<EditorResult> {
  const { errors } = await databaseIssues(db, product, productId);
  return Object.keys(errors).length > 0 ? invalid(errors) : { ok: false, status: 409, error: PRODUCT_EDITOR_TEXT.skuTakenRace };
}

/** A new product, as a draft, with its first stock recorded as receipts. `input`: the form's values or a plain object. */
export async function createProduct(db: Database, scope: CatalogueScope, actor: CatalogueActor, input: unknown, now: Date): Promise<EditorResult> {
  const parsed = parseProductForm(input);
  if (!parsed.ok) return invalid(parsed.errors);
  const product = withinScope(scope, parsed.value);
  const refusal = await checked(db, product, null);
  if (refusal) return refusal;
  // A merchant's new product while approval is on: created as a draft with its submission "new" in the same
  // batch; it goes on sale when staff approve. Otherwise the batch checks approval is still off.
  const approval = scope.kind === "merchant" && (await approvalRequired(db));
  const lead: Statement[] = scope.kind === "merchant" && !approval ? [guard(db, approvalOffSql())] : [];
  const submission =
    approval && product.merchantId != null
      ? submissionStatements(
          db,
          { productRef: productRefBySku(product.sku), merchantId: product.merchantId, kind: "new", source: "editor", payload: product, before: null, actor },
          now,
        )
      : [];
  const statements = [...lead, ...createProductStatements(db, product, actor, now), ...submission];
  try {
    const results = await db.batch(statements as [Statement, ...Statement[]]);
    const [created] = results[lead.length + 1] as { id: number }[];
    return approval ? { ok: true, productId: created!.id, outcome: "submitted" } : { ok: true, productId: created!.id };
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    if (lead.length > 0 && (await approvalRequired(db))) return { ok: false, status: 409, error: PRODUCT_APPROVAL_TEXT.approvalTurnedOn };
    return skuRaceResult(db, product, null);
  }
}

/** Saves an edit made on `revision`; refused (nothing changed) when the product moved on meanwhile. */
export async function updateProduct(
  db: Database,
  scope: CatalogueScope,
  actor: CatalogueActor,
  productId: number,
  revision: number,
  input: unknown,
  now: Date,
): Promise<EditorResult> {
  const current = await currentRevision(db, scope, productId);
  if (current === null) return notFound;
  const parsed = parseProductForm(input);
  if (!parsed.ok) return invalid(parsed.errors);
  if (current !== revision) return stale;
  const product = withinScope(scope, parsed.value);
  const refusal = await checked(db, product, productId);
  if (refusal) return refusal;
  if (scope.kind === "merchant" && (await approvalRequired(db))) {
    const [live] = await catalogueProducts(db, scope, [productId]);
    if (!live) return notFound;
    return submitProductEdit(db, scope, actor, { id: productId, publishedAt: live.publishedAt ?? null, form: live.form }, revision, product, now);
  }
  const revisionHeld = sql`(select ${products.revision} from ${products} where ${products.id} = ${productId} and ${productsInScope(scope) ?? sql`1`}) = ${revision}`;
  // A merchant's direct save also holds only while approval is off (an owner may turn it on meanwhile).
  const unchanged = scope.kind === "merchant" ? sql`${revisionHeld} and ${approvalOffSql()}` : revisionHeld;
  const statements = updateProductStatements(db, productId, product, unchanged, actor, now);
  try {
    await db.batch(statements as [Statement, ...Statement[]]);
    return { ok: true, productId };
  } catch (error) {
    if (!isGuardFailure(error)) throw error;
    if ((await currentRevision(db, scope, productId)) !== revision) return stale;
    if (scope.kind === "merchant" && (await approvalRequired(db))) return { ok: false, status: 409, error: PRODUCT_APPROVAL_TEXT.approvalTurnedOn };
    return skuRaceResult(db, product, productId);
  }
}

async function currentRevision(db: Database, scope: CatalogueScope, productId: number): Promise<number | null> {
  const [row] = await db
    .select({ revision: products.revision })
    .from(products)
    .where(and(eq(products.id, productId), productsInScope(scope)))
    .limit(1);
  return row?.revision ?? null;
}

const COPY_ATTEMPTS = 20;

/**
 * A copy of the product as a new draft: every field, variation, option, tier and link, with SKUs ending in
 * -COPY (-COPY2 … while taken) and no stock (stock is received on the copy's stock page). Photos stay with
 * the original.
 */
export async function duplicateProduct(db: Database, scope: CatalogueScope, actor: CatalogueActor, productId: number, now: Date): Promise<EditorResult> {
  const original = await loadEditorProduct(db, scope, productId);
  if (!original) return notFound;
  const form = original.form;
  let last: EditorResult = notFound;
  for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
    const rename = (sku: unknown) => copySku(String(sku), attempt);
    last = await createProduct(
      db,
      scope,
      actor,
      {
        ...form,
        sku: rename(form.sku),
        title: copyTitle(String(form.title)),
        inventory: 0,
        inventoryPreorderMax: 0,
        variations: (form.variations ?? []).map((variation) => ({
          ...variation,
          id: null,
          sku: rename(variation.sku),
          inventory: 0,
          inventoryPreorderMax: 0,
          choices: (variation.choices ?? []).map((choice) => ({
            ...choice,
            id: null,
            sku: rename(choice.sku),
            inventory: choice.inventory == null ? null : 0,
          })),
        })),
        options: (form.options ?? []).map((option) => ({ ...option, id: null, choices: (option.choices ?? []).map((choice) => ({ ...choice, id: null })) })),
      },
      now,
    );
    const skuTaken = !last.ok && Object.values(last.fieldErrors ?? {}).some((messages) => messages.includes(PRODUCT_EDITOR_TEXT.skuTaken));
    if (!skuTaken) return last;
  }
  return last;
}

export type StatusResult = { ok: true; state: ProductState } | { ok: false; status: 404 | 409; error: string };

/**
 * Moves the product to another state (app/core/catalogue/product-status.ts) in one guarded UPDATE: refused when the
 * product changed since the page showed `revision`.
 */
export async function changeProductStatus(
  db: Database,
  scope: CatalogueScope,
  productId: number,
  revision: number,
  action: ProductStatusAction,
  now: Date,
): Promise<StatusResult> {
  const [[product], [variations]] = await db.batch([
    db
      .select({
        status: products.status,
        isPrivate: products.isPrivate,
        type: products.type,
        secret: products.secret,
        publishedAt: products.publishedAt,
        revision: products.revision,
      })
      .from(products)
      .where(and(eq(products.id, productId), productsInScope(scope))),
    db
      .select({ sellable: sql<number>`count(*)` })
      .from(productVariations)
      .where(and(eq(productVariations.productId, productId), eq(productVariations.status, "published"))),
  ]);
  if (!product) return notFound as StatusResult;
  if (product.revision !== revision) return stale as StatusResult;
  const plan = planStatusChange({ ...product, sellableVariations: variations?.sellable ?? 0 }, action, now);
  if (!plan.ok) return { ok: false, status: 409, error: plan.refusal };
  const { change } = plan;
  // A merchant's product never on sale goes on sale by staff approval while approval is on (decision 0066).
  const firstSale = scope.kind === "merchant" && change.status === "published" && product.publishedAt == null;
  if (firstSale && (await approvalRequired(db))) return { ok: false, status: 409, error: PRODUCT_APPROVAL_TEXT.awaitingFirstApproval };
  const updated = await db
    .update(products)
    .set({
      status: change.status,
      isPrivate: change.isPrivate,
      ...(change.secret === "new" ? { secret: randomToken() } : {}),
      publishedAt: change.publishedAt,
      updatedAt: now,
      revision: sql`${products.revision} + 1`,
    })
    .where(and(eq(products.id, productId), eq(products.revision, revision), productsInScope(scope), firstSale ? approvalOffSql() : undefined))
    .returning({ id: products.id });
  return updated.length === 1 ? { ok: true, state: change.state } : (stale as StatusResult);
}
