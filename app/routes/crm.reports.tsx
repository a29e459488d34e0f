/** /crm/reports (staff only): sales for any period by day, month, payment method, member/guest, category, product and merchant (issue 37 item 2). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SalesReportPage } from "~/components/reports/SalesReportPage";
import { CrmNav } from "~/components/tickets/CrmNav";
import { SHOP_NAME } from "~/core/site/site";
import { requireStaff } from "~/web/account/auth.server";
import { salesReportPage } from "~/web/reports/sales-report.server";

export const meta: MetaFunction = () => [{ title: `売上レポート | ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return salesReportPage(request, context);
}

export default function CrmSalesReport() {
  const report = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <SalesReportPage report={report} />
    </div>
  );
}
