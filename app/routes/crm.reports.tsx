/** /crm/reports (staff only): sales for any period by day, month, payment method, member/guest, category, product and merchant (issue 37 item 2). */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SalesReportPage } from "~/components/reports/SalesReportPage";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireStaff } from "~/web/account/auth.server";
import { salesReportPage } from "~/web/reports/sales-report.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `売上レポート | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

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
