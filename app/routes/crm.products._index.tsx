/** /crm/products (スタッフ): the products on the generic listing — see app/web/catalogue/catalogue-editor.server.ts. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProductListPage } from "~/components/catalogue/ProductListPage";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireStaffCatalogueEditor } from "~/web/account/auth.server";
import { loadProductList } from "~/web/catalogue/catalogue-editor.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品管理 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadProductList(request, context, await requireStaffCatalogueEditor(request, context));
}

export default function ProductList() {
  return (
    <div className="py-2">
      <CrmNav />
      <ProductListPage data={useLoaderData<typeof loader>()} />
    </div>
  );
}
