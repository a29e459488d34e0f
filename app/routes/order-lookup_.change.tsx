/** The guest changes the delivery address and date of the order their lookup opened, within the shop's window (issue 38). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { OrderChangePage } from "~/components/orders/OrderChangePage";
import { shopNameOf } from "~/components/layout/page-title";
import { guestChangeAction, guestChangePageLoader } from "~/web/orders/shopper-order-change.server";

export const meta: MetaFunction = ({ matches }) => [{ title: `お届け先・お届け日時の変更 | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return guestChangePageLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return guestChangeAction(request, context);
}

export default function GuestOrderChange() {
  return (
    <div className="mx-auto max-w-4xl py-4">
      <h1 className="m-0 mb-3 text-xl">お届け先・お届け日時の変更</h1>
      <OrderChangePage page={useLoaderData<typeof loader>()} guest />
    </div>
  );
}
