/** /crm/merchants/{id}/statements.csv?month=YYYY-MM&encoding= (staff only): a merchant's statement of a month as CSV, UTF-8 with BOM or Shift_JIS. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/web/account/auth.server";
import { idParam } from "~/web/input.server";
import { statementCsv } from "~/web/merchant/merchant-statements.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return statementCsv(request, context, idParam(params.merchantId, "出店者ID"));
}
