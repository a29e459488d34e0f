/**
 * /crm/orders/{id} (staff only): one order — lines and amounts as the buyer sees them, shipments,
 * payment, customer, history and notes, refunds and returns — and its actions, each a form that works
 * without JS (POST → redirect back with a notice).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderDeskPage } from "~/components/crm/orders/OrderDeskPage";
import { requireStaff } from "~/web/account/auth.server";
import { loadOrderDeskPage, orderDeskAction } from "~/web/orders/crm-orders.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `ご注文 ${loaded?.detail.order.number ?? ""}（CS）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return data(await loadOrderDeskPage(request, context, params.orderId), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return orderDeskAction(request, context, params.orderId, staff);
}

export default function CrmOrder() {
  const { notice, ...order } = useLoaderData<typeof loader>();
  return <OrderDeskPage order={order} notice={notice} />;
}
