/**
 * /crm/customers (staff only): find a member by name, reading, e-mail, phone or order number — and the
 * guests an e-mail or order number finds — on the generic listing. Works without JS.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CustomerSearchPage } from "~/components/crm/customers/CustomerSearchPage";
import { SHOP_NAME } from "~/core/site/site";
import { requireStaff } from "~/web/account/auth.server";
import { loadCustomerSearch } from "~/web/customers/customers.server";

export const meta: MetaFunction = () => [{ title: `顧客管理（CS）| ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadCustomerSearch(request, context);
}

export default function CrmCustomers() {
  const { definition, page, guests, moreGuests } = useLoaderData<typeof loader>();
  return <CustomerSearchPage definition={definition} page={page} guests={guests} moreGuests={moreGuests} />;
}
