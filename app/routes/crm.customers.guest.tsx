/** /crm/customers/guest?email=… (staff only): a guest's orders, returns and tickets, known by their e-mail. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GuestRecordPage } from "~/components/crm/customers/GuestRecordPage";
import { SHOP_NAME } from "~/core/site/site";
import { requireStaff } from "~/web/account/auth.server";
import { loadGuestPage } from "~/web/customers/customers.server";

export const meta: MetaFunction = () => [{ title: `ゲスト購入のお客様（顧客管理）| ${SHOP_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadGuestPage(request, context);
}

export default function CrmGuestCustomer() {
  const { record } = useLoaderData<typeof loader>();
  return <GuestRecordPage record={record} />;
}
