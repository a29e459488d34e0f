/** /crm/tickets/report.csv?from=&to= (staff only): the desk report of /crm/tickets/report for the same period, as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/web/account/auth.server";
import { deskReportCsv } from "~/web/tickets/desk-report.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return deskReportCsv(request, context);
}
