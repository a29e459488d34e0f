/** /crm/orders/new (staff only): 受注登録 — choose the member or take a guest's details (issue 38 item 3). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PhoneOrderStartPage } from "~/components/crm/orders/PhoneOrderStartPage";
import { shopNameOf } from "~/components/layout/page-title";
import { requireStaff } from "~/web/account/auth.server";
import { loadPhoneOrderStart, phoneOrderStartAction } from "~/web/orders/phone-order-start.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) => [{ title: `受注登録（CS）| ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return loadPhoneOrderStart(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return phoneOrderStartAction(request, context, staff);
}

export default function CrmPhoneOrderStart() {
  return <PhoneOrderStartPage page={useLoaderData<typeof loader>()} />;
}
