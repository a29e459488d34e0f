/** /merchant/sales.csv?by=day|product&from=&to=&encoding= (a merchant's login only): a table of /merchant/sales as CSV, UTF-8 with BOM or Shift_JIS. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMerchant } from "~/web/account/auth.server";
import { merchantSalesCsv } from "~/web/reports/merchant-sales.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request, context);
  return merchantSalesCsv(request, context, merchant.merchantId);
}
