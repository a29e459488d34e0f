/** /user/orders/{id}/change: the member changes their order's delivery address and date themselves, within the shop's window (issue 38). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MemberHeading } from "~/components/member/MemberHeading";
import { OrderChangePage } from "~/components/orders/OrderChangePage";
import { shopNameOf } from "~/components/layout/page-title";
import { memberChangeAction, memberChangePageLoader } from "~/web/orders/shopper-order-change.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `お届け先・お届け日時の変更 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return memberChangePageLoader(request, context, params.id);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return memberChangeAction(request, context, params.id);
}

export default function MemberOrderChange() {
  const page = useLoaderData<typeof loader>();
  return (
    <>
      <MemberHeading
        title="お届け先・お届け日時の変更"
        trail={[
          { to: "/user/orders", label: "注文履歴" },
          { to: page.backHref, label: `ご注文 ${page.order.number}` },
        ]}
      />
      <OrderChangePage page={page} guest={false} />
    </>
  );
}
