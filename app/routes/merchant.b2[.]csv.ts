/** /merchant/b2.csv (a merchant's login only): the merchant's own parcels to ship as a ヤマト B2クラウド import file. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireMerchant } from "~/web/account/auth.server";
import { b2Download } from "~/web/orders/carrier-csv.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const merchant = await requireMerchant(request, context);
  return b2Download(context, { merchantId: merchant.merchantId }, `merchant${merchant.merchantId}`);
}
