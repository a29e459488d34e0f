/** /crm/orders/bulk/result (staff only): what a bulk action did, order by order, as its apply's redirect wrote it. */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BulkResults } from "~/components/crm/orders/BulkResults";
import { CrmNav } from "~/components/tickets/CrmNav";
import { shopNameOf } from "~/components/layout/page-title";
import { requireStaff } from "~/web/account/auth.server";
import { orderBulkResultPage } from "~/web/orders/order-bulk.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `一括操作の結果（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await orderBulkResultPage(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export default function CrmOrdersBulkResult() {
  const result = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <BulkResults result={result} />
    </div>
  );
}
