/** The confirmation step of cancelling one of the member's orders (the order page's dialog without JS). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MemberHeading } from "~/components/member/MemberHeading";
import { CancelOrderPage } from "~/components/orders/CancelOrderPage";
import { memberCancelAction, memberCancelPageLoader } from "~/web/orders/order-cancellation.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => [
  { title: `ご注文のキャンセル ${loaded?.order.number ?? ""} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return memberCancelPageLoader(request, context, params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return memberCancelAction(request, context, params.id);
}

export { clientAction } from "~/components/connection/route-handlers";

export default function MemberCancelOrder() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <CancelOrderPage
      page={page}
      refused={refused}
      heading={
        <MemberHeading
          title="ご注文のキャンセル"
          trail={[
            { to: "/user/orders", label: "注文履歴" },
            { to: page.backHref, label: `ご注文 ${page.order.number}` },
          ]}
        />
      }
    />
  );
}
