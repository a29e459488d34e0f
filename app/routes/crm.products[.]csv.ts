/** /crm/products.csv (staff only): the products the list shows (its filters in the URL; none: every product) as the catalogue CSV, to edit in a spreadsheet and import again. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaffCatalogueEditor } from "~/web/account/auth.server";
import { catalogueCsvDownload } from "~/web/catalogue/catalogue-csv.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return catalogueCsvDownload(request, context, await requireStaffCatalogueEditor(request, context));
}
