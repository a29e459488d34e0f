/** /crm/customers/{id}/addresses/{addressId} (staff only): correct one of the member's addresses, recorded. */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CustomerAddressPage } from "~/components/crm/customers/CustomerAddressPage";
import { SHOP_NAME } from "~/core/site/site";
import { requireStaff } from "~/web/account/auth.server";
import { customerAddressAction, loadCustomerAddressPage } from "~/web/customers/customers.server";

export const meta: MetaFunction = () => [{ title: `お届け先の修正（顧客管理）| ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadCustomerAddressPage(context, params.customerId, params.addressId);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return customerAddressAction(request, context, staff, params.customerId, params.addressId);
}

export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmCustomerAddress() {
  const { customer, address } = useLoaderData<typeof loader>();
  return <CustomerAddressPage customer={customer} address={address} />;
}
