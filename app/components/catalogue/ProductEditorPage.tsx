import { Link } from "@remix-run/react";
import { Notice } from "~/components/member/Notice";
import type { ProductEditorActionData, ProductEditorData } from "~/web/types/catalogue-editor";
import { ProductStatusPanel } from "./ProductStatusPanel";
import { ProductForm } from "./ProductEditorForm";
import { ProductReviewBanner } from "../product-approvals/ProductReviewBanner";

/**
 * The product editor (create and edit, staff and merchant): a plain POST form. Whatever the server sends
 * back — a refusal with its messages, or the form with a row added or removed — is shown with the values
 * as typed; a saved product comes back from its redirect.
 */
export function ProductEditorPage({ data, actionData }: { data: ProductEditorData; actionData: ProductEditorActionData | null }) {
  const product = data.product;
  return (
    <div className="mx-auto max-w-4xl">
      <p className="m-0 text-sm">
        <Link to={data.base}>← 商品一覧</Link>
      </p>
      <h1 className="m-0 mt-2 text-xl">{product ? `商品の編集：${product.title}` : "商品の新規登録"}</h1>
      <Notice text={data.notice} />
      <ProductReviewBanner approval={data.approval} isNew={product === null} />
      {product ? <ProductStatusPanel product={product} error={actionData?.kind === "status" ? actionData.error : null} /> : null}
      {/* A saved product (a new revision) or a submission sent, withdrawn or decided starts its form from the values now shown. */}
      <ProductForm
        key={`${product?.revision ?? "new"}:${data.approval.review?.status ?? ""}:${data.approval.review?.submittedAt ?? ""}`}
        data={data}
        lastResult={actionData?.kind === "form" ? actionData.lastResult : null}
      />
    </div>
  );
}
