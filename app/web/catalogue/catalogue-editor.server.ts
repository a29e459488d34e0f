/**
 * The product editor over HTTP, shared by the staff (/crm/products…) and merchant (/merchant/products…)
 * routes, which stay thin: each passes the editor its guard returned (`requireStaffCatalogueEditor` /
 * `requireMerchantCatalogueEditor`). The list reads its query from the URL; the form is a plain POST read
 * by Conform with the product schema (JS on or off alike), so a refusal comes back with the typed values
 * and a message at each field, and adding or removing a row (variation, choice, option, tier) is a
 * Conform list intent the server answers by showing the form with the row added or gone. State changes
 * and duplication are their own small forms (`intent`). Done → redirect with a notice (PRG).
 */
import { parseSubmission } from "~/web/form-submission.server";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import * as v from "valibot";
import { parseListingQuery } from "~/core/search/listing-query";
import { PRODUCT_EDITOR_NOTICES, PRODUCT_EDITOR_TEXT, productEditorBase, productEditorPaths } from "~/core/catalogue/product-editor";
import { ProductFormSchema, type ProductFormInput } from "~/core/catalogue/product-form";
import { RevisionSchema } from "~/core/validation";
import { namedListingOptions, productListing } from "~/core/catalogue/product-listing";
import { PRODUCT_STATUS_ACTIONS, PRODUCT_STATUS_NOTICES, privateLinkPath, productStateOf, statusActionsFrom } from "~/core/catalogue/product-status";
import { loadEditorChoices, loadEditorProduct, type EditorProduct } from "~/services/catalogue/product-editor-reads.server";
import { changeProductStatus, createProduct, duplicateProduct, updateProduct } from "~/services/catalogue/product-editor.server";
import { listProductsWithOptions } from "~/services/catalogue/product-listing.server";
import type { CatalogueEditor } from "../account/auth.server";
import { purgeProductPages } from "../site/edge-cache.server";
import { invariantResponse, readFormData, redirectWithNotice } from "../http.server";
import { idParam, parseInput, redirectedNotice } from "../input.server";
import { canonicalListingRedirect } from "../search/listing.server";
import type { EditorProductSummary, ProductEditorActionData, ProductEditorData, ProductListData, ProductReviewState } from "../types/catalogue-editor";
import { PRODUCT_APPROVAL_TEXT } from "~/core/product-approvals/product-approvals";
import { openSubmissions, withdrawSubmission, type OpenSubmission } from "~/services/product-approvals/submissions.server";
import { settingsInForce } from "../settings/shop-settings.server";

const NOTICES = {
  ...PRODUCT_EDITOR_NOTICES,
  ...PRODUCT_STATUS_NOTICES,
  submitted: PRODUCT_APPROVAL_TEXT.submitted,
  submittedNew: PRODUCT_APPROVAL_TEXT.submittedNew,
  unchanged: PRODUCT_APPROVAL_TEXT.unchanged,
  withdrawn: PRODUCT_APPROVAL_TEXT.withdrawnNotice,
};
const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loadProductList(request: Request, context: AppLoadContext, editor: CatalogueEditor) {
  const url = new URL(request.url);
  // The filters' choices come in the list's own batch: the query is read against the choices the URL names,
  // then checked against the real ones; a URL that is not the canonical one (a choice that does not exist, a
  // parameter out of order) is redirected to it, the list read for it unused (one round trip).
  const named = namedListingOptions(url.searchParams);
  const asNamed = productListing(editor.scope.kind, named.categories, named.merchants);
  const query = parseListingQuery(asNamed, url.searchParams);
  // A merchant's open submissions are few: read beside the list, not after it.
  const [{ page, options }, open] = await Promise.all([
    listProductsWithOptions(context.db, editor.scope, named, query),
    editor.scope.kind === "merchant" ? openSubmissions(context.db, editor.scope.merchantId, "all") : new Map<number, OpenSubmission>(),
  ]);
  const definition = productListing(editor.scope.kind, options.categories, options.merchants);
  const canonical = canonicalListingRedirect(url, definition, parseListingQuery(definition, url.searchParams));
  if (canonical) throw canonical;
  const body: ProductListData = {
    scopeKind: editor.scope.kind,
    base: productEditorBase(editor.scope),
    page,
    reviews: Object.fromEntries(page.rows.flatMap((row) => (open.has(row.id) ? [[row.id, reviewStateOf(open.get(row.id)!)]] : []))),
    definition,
    notice: redirectedNotice(request, NOTICES),
  };
  return data(body, { headers: NO_STORE });
}

function reviewStateOf(submission: OpenSubmission): ProductReviewState {
  return {
    status: submission.status,
    kind: submission.kind,
    staffComment: submission.staffComment,
    submittedAt: submission.submittedAt.toISOString(),
    decidedAt: submission.decidedAt?.toISOString() ?? null,
  };
}

/** Whether a merchant's saves wait for staff (the settings in force; staff never wait). */
async function approvalRequiredFor(context: AppLoadContext, editor: CatalogueEditor): Promise<boolean> {
  return editor.scope.kind === "merchant" && (await settingsInForce(context)).merchantProductApproval;
}

/** A new product's starting values: a merchant's ships from the merchant. */
function blankProduct(editor: CatalogueEditor): ProductFormInput {
  return editor.scope.kind === "merchant"
    ? { shippingFrom: "merchant", merchantId: editor.scope.merchantId, taxRate: "10", shippingDays: 2 }
    : { shippingFrom: "warehouse", taxRate: "10", shippingDays: 1 };
}

export async function loadNewProductPage(request: Request, context: AppLoadContext, editor: CatalogueEditor) {
  const body: ProductEditorData = {
    scopeKind: editor.scope.kind,
    base: productEditorBase(editor.scope),
    choices: await loadEditorChoices(context.db, editor.scope),
    defaultValue: blankProduct(editor),
    product: null,
    notice: null,
    approval: { required: await approvalRequiredFor(context, editor), review: null },
  };
  return data(body, { headers: NO_STORE });
}

function summaryOf(editor: CatalogueEditor, product: EditorProduct): EditorProductSummary {
  const state = productStateOf(product);
  const onSale = state === "published" || state === "private";
  return {
    id: product.id,
    revision: product.revision,
    sku: product.sku,
    title: product.title,
    state,
    actions: statusActionsFrom(state),
    publishedAt: product.publishedAt,
    updatedAt: product.updatedAt,
    publicPath: state === "published" ? `/category/${product.categorySlug}/${encodeURIComponent(product.sku)}` : null,
    privateLink: onSale && product.isPrivate && product.secret ? privateLinkPath(product.sku, product.secret) : null,
    stock: product.stock,
    paths: productEditorPaths(editor.scope, product.id),
  };
}

async function editorProductOr404(context: AppLoadContext, editor: CatalogueEditor, rawId: string | undefined) {
  const product = await loadEditorProduct(context.db, editor.scope, idParam(rawId, "商品ID"));
  invariantResponse(product, PRODUCT_EDITOR_TEXT.notFound, { status: 404 });
  return product;
}

export async function loadProductEditPage(request: Request, context: AppLoadContext, editor: CatalogueEditor, rawId: string | undefined) {
  const product = await editorProductOr404(context, editor, rawId);
  const [choices, open, required] = await Promise.all([
    loadEditorChoices(context.db, editor.scope),
    editor.scope.kind === "merchant" ? openSubmissions(context.db, editor.scope.merchantId, [product.id]) : null,
    approvalRequiredFor(context, editor),
  ]);
  const submission = open?.get(product.id) ?? null;
  const body: ProductEditorData = {
    scopeKind: editor.scope.kind,
    base: productEditorBase(editor.scope),
    choices,
    // A merchant goes on from what it submitted (waiting, or returned to be corrected), not from the live product.
    defaultValue: submission ? submission.payload : product.form,
    product: summaryOf(editor, product),
    notice: redirectedNotice(request, NOTICES),
    approval: { required, review: submission ? reviewStateOf(submission) : null },
  };
  return data(body, { headers: NO_STORE });
}

function readProductForm(form: FormData) {
  return parseSubmission(form, { schema: ProductFormSchema, disableAutoCoercion: true, rowChanges: true });
}

type Submission = ReturnType<typeof readProductForm>;

/** The form shown again: its values, the schema's or the service's messages at their fields. */
function formReply(submission: Submission, status: number, refusal?: { error: string; fieldErrors?: Record<string, string[]> }) {
  const lastResult = refusal ? submission.reply({ formErrors: [refusal.error], fieldErrors: refusal.fieldErrors }) : submission.reply();
  return data<ProductEditorActionData>({ kind: "form", lastResult }, { status });
}

/**
 * The form again after a row was added or removed: the values as typed (with the row change), no
 * messages — the half-filled form is not being saved yet.
 */
function rowChangeReply(submission: Submission) {
  return data<ProductEditorActionData>({ kind: "form", lastResult: { ...submission.reply(), error: undefined } });
}

/** POST /…/products/new: the product is created as a draft, or the form comes back. */
export async function productCreateAction(request: Request, context: AppLoadContext, editor: CatalogueEditor, now: Date = new Date()) {
  const submission = readProductForm(await readFormData(request));
  if (submission.status === undefined) return rowChangeReply(submission);
  if (submission.status !== "success") return formReply(submission, 400);
  const result = await createProduct(context.db, editor.scope, editor.actor, submission.payload, now);
  if (!result.ok) return formReply(submission, result.status, result);
  throw redirectWithNotice(productEditorPaths(editor.scope, result.productId).edit, result.outcome === "submitted" ? "submittedNew" : "created");
}

const PageFormSchema = v.variant("intent", [
  v.object({
    intent: v.literal("status"),
    revision: RevisionSchema,
    action: v.picklist(PRODUCT_STATUS_ACTIONS),
  }),
  v.object({ intent: v.literal("duplicate") }),
  v.object({ intent: v.literal("withdraw") }),
]);

const RevisionFieldSchema = v.object({ revision: RevisionSchema });

/** POST /…/products/{id}: the product's form (save or a row intent), a state change, or a duplicate. */
export async function productEditAction(request: Request, context: AppLoadContext, editor: CatalogueEditor, rawId: string | undefined, now: Date = new Date()) {
  const productId = idParam(rawId, "商品ID");
  const form = await readFormData(request);
  const { db } = context;
  if (form.has("intent")) {
    const input = parseInput(PageFormSchema, form);
    if (input.intent === "withdraw") {
      await editorProductOr404(context, editor, rawId);
      const withdrawn = editor.scope.kind === "merchant" && (await withdrawSubmission(db, editor.scope, productId, editor.actor, now));
      if (!withdrawn) return data<ProductEditorActionData>({ kind: "status", error: PRODUCT_APPROVAL_TEXT.nothingToWithdraw }, { status: 409 });
      throw redirectWithNotice(productEditorPaths(editor.scope, productId).edit, "withdrawn");
    }
    if (input.intent === "duplicate") {
      const result = await duplicateProduct(db, editor.scope, editor.actor, productId, now);
      invariantResponse(result.ok || result.status !== 404, PRODUCT_EDITOR_TEXT.notFound, { status: 404 });
      if (!result.ok) return data<ProductEditorActionData>({ kind: "status", error: result.error }, { status: result.status });
      throw redirectWithNotice(productEditorPaths(editor.scope, result.productId).edit, "duplicated");
    }
    const result = await changeProductStatus(db, editor.scope, productId, input.revision, input.action, now);
    invariantResponse(result.ok || result.status !== 404, PRODUCT_EDITOR_TEXT.notFound, { status: 404 });
    if (!result.ok) return data<ProductEditorActionData>({ kind: "status", error: result.error }, { status: result.status });
    await purgeProductPages(context, [productId]);
    throw redirectWithNotice(productEditorPaths(editor.scope, productId).edit, input.action);
  }
  const { revision } = parseInput(RevisionFieldSchema, form);
  const submission = readProductForm(form);
  if (submission.status !== "success") {
    // Another merchant's product answers 404 before its form is read back.
    await editorProductOr404(context, editor, rawId);
    return submission.status === undefined ? rowChangeReply(submission) : formReply(submission, 400);
  }
  const result = await updateProduct(db, editor.scope, editor.actor, productId, revision, submission.payload, now);
  invariantResponse(result.ok || result.status !== 404, PRODUCT_EDITOR_TEXT.notFound, { status: 404 });
  if (!result.ok) return formReply(submission, result.status, result);
  if (result.outcome) throw redirectWithNotice(productEditorPaths(editor.scope, productId).edit, result.outcome);
  await purgeProductPages(context, [productId]);
  throw redirectWithNotice(productEditorPaths(editor.scope, productId).edit, "saved");
}
