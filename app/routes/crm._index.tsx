/** /crm: the owner's dashboard, staff's first page (issue 37 item 1); customers get 403. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/reports/DashboardPage";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireStaff } from "~/web/account/auth.server";
import { loadDashboard } from "~/services/reports/dashboard.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `ダッシュボード | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data({ dashboard: await loadDashboard(context.db) }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function CrmDashboard() {
  const { dashboard } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <DashboardPage dashboard={dashboard} />
    </div>
  );
}
