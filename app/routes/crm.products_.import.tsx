/** /crm/products/import (staff only): upload a catalogue CSV; its dry run opens at /crm/products/import/{token}. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { CatalogueImportUpload } from "~/components/catalogue/CatalogueImportUpload";
import { CrmNav } from "~/components/tickets/CrmNav";
import { STAFF_CATALOGUE_CSV_PATHS } from "~/core/catalogue/catalogue-csv-pages";
import { requireStaffCatalogueEditor } from "~/web/account/auth.server";
import { catalogueUploadAction } from "~/web/catalogue/catalogue-csv.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品CSVの取り込み（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaffCatalogueEditor(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return catalogueUploadAction(request, context, await requireStaffCatalogueEditor(request, context), STAFF_CATALOGUE_CSV_PATHS);
}

export default function CrmCatalogueImport() {
  const result = useActionData<typeof action>();
  return (
    <div className="py-2">
      <CrmNav />
      <CatalogueImportUpload paths={STAFF_CATALOGUE_CSV_PATHS} scopeLabel="ショップのすべての商品" error={result?.error ?? null} />
    </div>
  );
}
