/** /merchant/products.csv (a merchant's login only): the merchant's own products the list shows (its filters in the URL) as the catalogue CSV. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMerchantCatalogueEditor } from "~/web/account/auth.server";
import { catalogueCsvDownload } from "~/web/catalogue/catalogue-csv.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return catalogueCsvDownload(request, context, await requireMerchantCatalogueEditor(request, context));
}
