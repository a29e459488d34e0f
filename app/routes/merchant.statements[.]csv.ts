/** /merchant/statements.csv?month=YYYY-MM&encoding= (a merchant's login only): the merchant's own statement of a month as CSV, UTF-8 with BOM or Shift_JIS. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMerchant } from "~/web/account/auth.server";
import { statementCsv } from "~/web/merchant/merchant-statements.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request, context);
  return statementCsv(request, context, merchant.merchantId);
}
