/** /merchant/products/{id} (出品者): edit a product, change its state, duplicate it — see app/web/catalogue/catalogue-editor.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductEditorPage } from "~/components/catalogue/ProductEditorPage";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { requireMerchantCatalogueEditor } from "~/web/account/auth.server";
import { loadProductEditPage, productEditAction } from "~/web/catalogue/catalogue-editor.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品の編集 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadProductEditPage(request, context, await requireMerchantCatalogueEditor(request, context), params.productId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return productEditAction(request, context, await requireMerchantCatalogueEditor(request, context), params.productId);
}

export default function EditProduct() {
  return (
    <div className="py-2">
      <MerchantNav />
      <ProductEditorPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />
    </div>
  );
}
