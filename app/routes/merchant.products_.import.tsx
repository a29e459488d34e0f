/** /merchant/products/import (a merchant's login only): upload a CSV of the merchant's own products; its dry run opens at /merchant/products/import/{token}. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData } from "@remix-run/react";
import { CatalogueImportUpload } from "~/components/catalogue/CatalogueImportUpload";
import { MerchantNav } from "~/components/merchant/MerchantNav";
import { MERCHANT_CATALOGUE_CSV_PATHS } from "~/core/catalogue/catalogue-csv-pages";
import { requireMerchantCatalogueEditor } from "~/web/account/auth.server";
import { catalogueUploadAction } from "~/web/catalogue/catalogue-csv.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `商品CSVの取り込み（出品者）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireMerchantCatalogueEditor(request, context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  return catalogueUploadAction(request, context, await requireMerchantCatalogueEditor(request, context), MERCHANT_CATALOGUE_CSV_PATHS);
}

export default function MerchantCatalogueImport() {
  const result = useActionData<typeof action>();
  return (
    <div className="py-2">
      <MerchantNav />
      <CatalogueImportUpload paths={MERCHANT_CATALOGUE_CSV_PATHS} scopeLabel="自店の商品" error={result?.error ?? null} />
    </div>
  );
}
