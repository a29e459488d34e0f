/** /crm/orders/b2.csv (staff only): every parcel to ship — the warehouse's and the merchants' — as a ヤマト B2クラウド import file. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/web/account/auth.server";
import { b2Download } from "~/web/orders/carrier-csv.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return b2Download(context, { merchantId: null }, "all");
}
