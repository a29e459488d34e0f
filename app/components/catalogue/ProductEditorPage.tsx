import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { useServerValidatedForm } from "~/components/forms/useServerValidatedForm";
import { Notice } from "~/components/member/MemberHeading";
import type { ProductEditorActionData, ProductEditorData } from "~/web/types/catalogue-editor";
import type { FieldMeta } from "./EditorFields";
import { OptionRows } from "./OptionRows";
import { ProductBasicsSection } from "./ProductBasicsSection";
import { ProductDeliverySection } from "./ProductDeliverySection";
import { ProductStatusPanel } from "./ProductStatusPanel";
import { VariationRows } from "./VariationRows";

const FORM_ID = "product-editor";

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
      {product ? <ProductStatusPanel product={product} error={actionData?.kind === "status" ? actionData.error : null} /> : null}
      {/* A saved product (a new revision) starts its form from the saved values. */}
      <ProductForm key={product?.revision ?? "new"} data={data} lastResult={actionData?.kind === "form" ? actionData.lastResult : null} />
    </div>
  );
}

function ProductForm({ data, lastResult }: { data: ProductEditorData; lastResult: SubmissionResult<string[]> | null }) {
  const [form, fields] = useServerValidatedForm<Record<string, unknown>>({ id: FORM_ID, lastResult, defaultValue: data.defaultValue });
  const navigation = useNavigation();
  const product = data.product;
  const root = fields as unknown as Record<string, FieldMeta>;
  return (
    // Inputs show their values as defaults: another reply (a row added, a refusal) renders the form anew.
    <Form
      key={textHash(JSON.stringify(lastResult))}
      method="post"
      id={FORM_ID}
      noValidate
      aria-describedby={form.errors ? form.errorId : undefined}
      className="mt-4"
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {product ? <input type="hidden" name="revision" value={product.revision} /> : null}
      <ProductBasicsSection fields={root} choices={data.choices} />
      <VariationRows fields={root} />
      <OptionRows fields={root} />
      <ProductDeliverySection fields={root} choices={data.choices} scopeKind={data.scopeKind} product={product} />
      <div className="mt-4 flex justify-end gap-2">
        <button type="submit" className="btn-primary" disabled={navigation.state === "submitting"} data-testid="product-save">
          {product ? "保存する" : "下書きとして登録する"}
        </button>
      </div>
    </Form>
  );
}

/** A short fingerprint of a text (djb2), to key the form by the reply it shows. */
function textHash(text: string): string {
  let hash = 5381;
  for (let index = 0; index < text.length; index++) hash = (hash * 33) ^ text.charCodeAt(index);
  return (hash >>> 0).toString(36);
}
