/** /merchant/products/{id}/images: the product's photos (upload, alt text, order, main, replace, delete); see app/web/catalogue/product-images.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductPhotosPage } from "~/components/catalogue/ProductPhotosPage";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { loadProductPhotosPage, productPhotosAction } from "~/web/catalogue/product-images.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品画像（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export const loader = ({ request, params, context }: LoaderFunctionArgs) => loadProductPhotosPage("merchant", request, context, params.productId);

export const action = ({ request, params, context }: ActionFunctionArgs) => productPhotosAction("merchant", request, context, params.productId);

export default function MerchantProductPhotos() {
  return (
    <div className="py-2">
      <MerchantNav />
      <ProductPhotosPage page={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />
    </div>
  );
}
