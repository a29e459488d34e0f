/** /merchant/products/new (出品者): a new product, saved as a draft — see app/web/catalogue/catalogue-editor.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductEditorPage } from "~/components/catalogue/ProductEditorPage";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { requireMerchantCatalogueEditor } from "~/web/account/auth.server";
import { loadNewProductPage, productCreateAction } from "~/web/catalogue/catalogue-editor.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品の新規登録 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadNewProductPage(request, context, await requireMerchantCatalogueEditor(request, context));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return productCreateAction(request, context, await requireMerchantCatalogueEditor(request, context));
}

export default function NewProduct() {
  return (
    <div className="py-2">
      <MerchantNav />
      <ProductEditorPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />
    </div>
  );
}
