/** /crm/orders/new/{draft}/confirm (staff only): 受注登録の確認 — the priced order, then 注文を確定する (issue 38 item 3). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PhoneOrderConfirmPage } from "~/components/crm/orders/PhoneOrderConfirmPage";
import { shopNameOf } from "~/components/layout/page-title";
import { requireStaff } from "~/web/account/auth.server";
import { loadPhoneOrderConfirm, phoneOrderPlaceAction } from "~/web/orders/phone-order-start.server";

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  { title: `受注登録の確認（CS）| ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return loadPhoneOrderConfirm(context, staff, params.draftId);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return phoneOrderPlaceAction(request, context, staff, params.draftId);
}

// A post that gets no answer keeps the page and says so beside its button (components/connection).
export { clientAction } from "~/components/connection/route-handlers";

export default function CrmPhoneOrderConfirm() {
  return <PhoneOrderConfirmPage page={useLoaderData<typeof loader>()} />;
}
