import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { FormErrors } from "~/components/forms/FormErrors";
import { useServerValidatedForm } from "~/components/forms/useServerValidatedForm";
import type { ProductEditorData } from "~/web/types/catalogue-editor";
import type { FieldMeta } from "./EditorFields";
import { OptionRows } from "./OptionRows";
import { ProductBasicsSection } from "./ProductBasicsSection";
import { ProductDeliverySection } from "./ProductDeliverySection";
import { VariationRows } from "./VariationRows";

const FORM_ID = "product-editor";

/** The product editor's form (an island of ProductEditorPage), validated by the server. */
export function ProductForm({ data, lastResult }: { data: ProductEditorData; lastResult: SubmissionResult<string[]> | null }) {
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
