/** /crm/orders/new/{draft} (staff only): the order being taken by phone or mail (受注登録, issue 38 item 3). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PhoneOrderPage } from "~/components/crm/orders/PhoneOrderPage";
import { shopNameOf } from "~/components/layout/page-title";
import { requireStaff } from "~/web/account/auth.server";
import { loadPhoneOrderPage, phoneOrderAction } from "~/web/orders/phone-order-page.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) => [{ title: `受注登録（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return loadPhoneOrderPage(request, context, staff, params.draftId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return phoneOrderAction(request, context, staff, params.draftId);
}

// A post that gets no answer keeps the page and what was typed (PhoneOrderFormError says so beside the form).
export { clientAction, shouldRevalidate } from "~/components/connection/route-handlers";

export default function CrmPhoneOrder() {
  return <PhoneOrderPage page={useLoaderData<typeof loader>()} />;
}
