/** /crm/orders/{id}/edit (staff only): 受注内容の編集 — the delivery and the lines of a placed order (issue 38). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderEditPage } from "~/components/crm/orders/OrderEditPage";
import { shopNameOf } from "~/components/layout/page-title";
import { requireStaff } from "~/web/account/auth.server";
import { loadOrderEditPage, orderEditAction } from "~/web/orders/crm-order-edit.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `受注内容の編集 ${loaded?.order.number ?? ""}（CS）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadOrderEditPage(request, context, params.orderId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return orderEditAction(request, context, params.orderId, staff);
}

export default function CrmOrderEdit() {
  return <OrderEditPage page={useLoaderData<typeof loader>()} />;
}
