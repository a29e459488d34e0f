import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductPage } from "~/components/product/ProductPage";
import { withProductMarkup } from "~/components/product/product-markup.server";
import { getSession } from "~/web/account/auth.server";
import { loadProductView } from "~/web/catalogue/product.server";
import { grantPrivateLink } from "~/web/cart/cart.server";
import { shopNameOf } from "~/components/layout/page-title";

// Private products are reachable only here, with their secret; search engines must not index them.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? `${data.product.title} | ${shopNameOf(matches)}` : `商品が見つかりません | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex, nofollow" },
];

/** The page, and the visitor's grant to buy the product kept in the session (cart-add and the cart check it). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const secret = params.secret ?? "";
  const view = withProductMarkup(await loadProductView(request, context, params.sku ?? "", { kind: "private-link", secret }));
  const session = await getSession(request, context);
  if (!grantPrivateLink(session, view.product.id, secret)) return view;
  return data(view, { headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) } });
}

export { clientLoader, shouldRevalidate } from "~/components/connection/route-handlers";

export default function PrivateProductRoute() {
  return <ProductPage view={useLoaderData<typeof loader>()} />;
}
