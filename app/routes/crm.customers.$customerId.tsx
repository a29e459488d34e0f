/**
 * /crm/customers/{id} (staff only; members with role customer, anyone else 404): the member's record with
 * its forms — points adjustment (staff within the owner's limit), suspend / resume (the owner only).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CustomerRecordPage } from "~/components/crm/customers/CustomerRecordPage";
import { SHOP_NAME } from "~/core/site/site";
import { requireStaff } from "~/web/account/auth.server";
import { customerAction, loadCustomerPage } from "~/web/customers/customers.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.record.profile.name ?? "会員"} 様（顧客管理）| ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return loadCustomerPage(request, context, staff, params.customerId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return customerAction(request, context, staff, params.customerId);
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmCustomer() {
  const { record, isOwner, notice } = useLoaderData<typeof loader>();
  return <CustomerRecordPage record={record} isOwner={isOwner} notice={notice} />;
}
