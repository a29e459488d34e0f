/** /merchant/products/{id}/stock (the product's merchant; another merchant's product is 404): the stocks, their adjustment and the stock and price histories. The work is in app/web/catalogue/catalogue-stock.server.ts. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProductStockPage } from "~/components/catalogue/ProductStockPage";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { loadProductStockPage, productStockAction } from "~/web/catalogue/catalogue-stock.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `在庫と価格の履歴（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadProductStockPage(request, context, "merchant", params.productId);
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return productStockAction(request, context, "merchant", params.productId);
}

export default function MerchantProductStock() {
  return (
    <div className="py-2">
      <MerchantNav />
      <ProductStockPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>() ?? null} />
    </div>
  );
}
