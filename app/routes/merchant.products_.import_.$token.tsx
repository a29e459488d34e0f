/** /merchant/products/import/{token} (the merchant who uploaded): the dry run's report, and applying the kept records. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CatalogueImportReport } from "~/components/catalogue/CatalogueImportReport";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { MERCHANT_CATALOGUE_CSV_PATHS } from "~/core/catalogue/catalogue-csv-pages";
import { requireMerchantCatalogueEditor } from "~/web/account/auth.server";
import type { CatalogueApplyActionData } from "~/web/types/catalogue-csv";
import { catalogueApplyAction, catalogueImportPage } from "~/web/catalogue/catalogue-csv.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品CSVの確認（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return catalogueImportPage(request, context, await requireMerchantCatalogueEditor(request, context), MERCHANT_CATALOGUE_CSV_PATHS, params.token);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return catalogueApplyAction(request, context, await requireMerchantCatalogueEditor(request, context), MERCHANT_CATALOGUE_CSV_PATHS, params.token);
}

export { clientLoader } from "~/components/connection/route-handlers";

export default function MerchantCatalogueImportReport() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<CatalogueApplyActionData>();
  return (
    <div className="py-2">
      <MerchantNav />
      <CatalogueImportReport page={page} error={result?.error ?? null} />
    </div>
  );
}
