import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductPage } from "~/components/product/ProductPage";
import { withProductMarkup } from "~/components/product/product-markup.server";
import { loadProductView } from "~/web/catalogue/product.server";
import { shopNameOf } from "~/components/layout/page-title";

// A product that is not there is root's error page, titled by root's meta.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data ? [{ title: `${data.product.title} | ${shopNameOf(matches)}` }, { name: "description", content: data.product.catchcopy || data.product.title }] : [];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const view = withProductMarkup(await loadProductView(request, context, params.sku ?? "", { kind: "public" }));
  // The category part may be any category (or an old slug): answer on the canonical URL.
  if (params.categorySlug !== view.product.categorySlug) {
    const url = new URL(request.url);
    throw redirect(`/category/${view.product.categorySlug}/${view.product.sku}${url.search}`, 301);
  }
  return view;
}

export { clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export default function ProductRoute() {
  return <ProductPage view={useLoaderData<typeof loader>()} />;
}
