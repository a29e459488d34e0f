/**
 * /crm/orders (staff only): every order on the generic listing — filtered by number, customer, state,
 * payment method, sender and day, sorted, paged — and the CSV of the view. Works without JS.
 */
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BulkSelectionBar } from "~/components/crm/orders/BulkSelectionBar";
import { OrderDeskListing } from "~/components/crm/orders/OrderDeskListing";
import { CrmNav } from "~/components/tickets/CrmNav";
import { requireStaff } from "~/web/account/auth.server";
import { loadOrderDeskListing } from "~/web/orders/crm-orders.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `注文管理（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadOrderDeskListing(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export default function CrmOrders() {
  const { definition, page, csvHref } = useLoaderData<typeof loader>();
  return (
    <div className="py-2">
      <CrmNav />
      <h1 className="text-xl">注文管理</h1>
      <div className="mt-4">
        <BulkSelectionBar pageOrderIds={page.rows.map((row) => row.id)} />
        <OrderDeskListing definition={definition} page={page} csvHref={csvHref} />
      </div>
    </div>
  );
}
