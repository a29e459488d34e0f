/** /crm/reports.csv?by=&from=&to=&encoding= (staff only): the sales report of /crm/reports as CSV, UTF-8 with BOM or Shift_JIS. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/web/account/auth.server";
import { salesReportCsv } from "~/web/reports/sales-report.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return salesReportCsv(request, context);
}
