/** /crm/products/import/{token} (staff, the one who uploaded): the dry run's report, and applying the kept records. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CatalogueImportReport } from "~/components/catalogue/CatalogueImportReport";
import { CrmNav } from "~/components/tickets/CrmNav";
import { STAFF_CATALOGUE_CSV_PATHS } from "~/core/catalogue/catalogue-csv-pages";
import { requireStaffCatalogueEditor } from "~/web/account/auth.server";
import type { CatalogueApplyActionData } from "~/web/types/catalogue-csv";
import { catalogueApplyAction, catalogueImportPage } from "~/web/catalogue/catalogue-csv.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品CSVの確認（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return catalogueImportPage(request, context, await requireStaffCatalogueEditor(request, context), STAFF_CATALOGUE_CSV_PATHS, params.token);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return catalogueApplyAction(request, context, await requireStaffCatalogueEditor(request, context), STAFF_CATALOGUE_CSV_PATHS, params.token);
}

export { clientLoader } from "~/components/connection/route-handlers";

export default function CrmCatalogueImportReport() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<CatalogueApplyActionData>();
  return (
    <div className="py-2">
      <CrmNav />
      <CatalogueImportReport page={page} error={result?.error ?? null} />
    </div>
  );
}
