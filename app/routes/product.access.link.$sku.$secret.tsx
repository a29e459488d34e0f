import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { ProductPage } from "~/components/product/ProductPage";
import { SHOP_NAME } from "~/core/site";
import { loadProductView } from "~/services/product-page.server";

// Private products are reachable only here, with their secret; search engines must not index them.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.title} | ${SHOP_NAME}` : `商品が見つかりません | ${SHOP_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return loadProductView(request, context, params.sku ?? "", { kind: "private-link", secret: params.secret ?? "" });
}

export default function PrivateProductRoute() {
  return <ProductPage view={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
