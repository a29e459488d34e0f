/** /crm/products/{id}/images: the product's photos (upload, alt text, order, main, replace, delete); see app/web/catalogue/product-images.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductPhotosPage } from "~/components/catalogue/ProductPhotosPage";
import { CrmNav } from "~/components/tickets/CrmNav";
import { loadProductPhotosPage, productPhotosAction } from "~/web/catalogue/product-images.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品画像（スタッフ）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export const loader = ({ request, params, context }: LoaderFunctionArgs) => loadProductPhotosPage("staff", request, context, params.productId);

export const action = ({ request, params, context }: ActionFunctionArgs) => productPhotosAction("staff", request, context, params.productId);

export default function CrmProductPhotos() {
  return (
    <div className="py-2">
      <CrmNav />
      <ProductPhotosPage page={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />
    </div>
  );
}
