/** What the product editor's pages (/crm/products…, /merchant/products…) answer and their components read (types only). */
import type { SubmissionResult } from "@conform-to/react";
import type { ListingDefinition } from "~/core/search/listing";
import type { ProductListSort } from "~/core/catalogue/product-listing";
import type { ProductFormInput } from "~/core/catalogue/product-form";
import type { ProductState, ProductStatusAction } from "~/core/catalogue/product-status";
import type { ListingPage } from "~/services/search/listing.server";
import type { EditorChoices, EditorProduct } from "~/services/catalogue/product-editor-reads.server";
import type { ProductListRow } from "~/services/catalogue/product-listing.server";

export type { EditorChoices, EditorProduct, ProductListRow };

export type EditorScopeKind = "staff" | "merchant";

/** A merchant's product while its change waits for staff or was returned (decision 0066). */
export interface ProductReviewState {
  status: "pending" | "returned";
  kind: "new" | "edit";
  /** The staff's comment of a 差戻し. */
  staffComment: string;
  submittedAt: string;
  decidedAt: string | null;
}

export interface ProductListData {
  scopeKind: EditorScopeKind;
  base: string;
  page: ListingPage<ProductListRow>;
  /** A merchant's listed products with an open submission, by product id. */
  reviews: Record<number, ProductReviewState>;
  /** The listing's filters and sorts for this scope (the categories and merchants to pick from). */
  definition: ListingDefinition<ProductListSort>;
  notice: string | null;
}

/** The product as the edit page shows it beside the form. */
export interface EditorProductSummary {
  id: number;
  revision: number;
  sku: string;
  title: string;
  state: ProductState;
  actions: readonly ProductStatusAction[];
  publishedAt: string | null;
  updatedAt: string | null;
  /** The shop's page of the product (shown while it is published), and the private link (リンク限定). */
  publicPath: string | null;
  privateLink: string | null;
  stock: EditorProduct["stock"];
  paths: { list: string; edit: string; images: string; stock: string };
}

export interface ProductEditorData {
  scopeKind: EditorScopeKind;
  base: string;
  choices: EditorChoices;
  defaultValue: ProductFormInput;
  /** null on the create page. */
  product: EditorProductSummary | null;
  notice: string | null;
  /** A merchant's saves wait for staff (the owner's setting); the product's open submission, whose values the form shows. */
  approval: { required: boolean; review: ProductReviewState | null };
}

/** A save that did not go through: the form's reply (values and messages), or a refused state change. */
export type ProductEditorActionData = { kind: "form"; lastResult: SubmissionResult<string[]> } | { kind: "status"; error: string };
