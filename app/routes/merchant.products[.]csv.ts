/** /merchant/products.csv (a merchant's login only): the merchant's own products as the catalogue CSV. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMerchantCatalogueEditor } from "~/web/auth.server";
import { catalogueCsvDownload } from "~/web/catalogue-csv.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return catalogueCsvDownload(context, await requireMerchantCatalogueEditor(request, context));
}
