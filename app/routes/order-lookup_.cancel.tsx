/** The confirmation step of cancelling the guest order the lookup opened (its dialog without JS). */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CancelOrderPage } from "~/components/orders/CancelOrderPage";
import { guestCancelAction, guestCancelPageLoader } from "~/web/orders/order-cancellation.server";
import { shopNameOf } from "~/components/layout/page-title";

export const meta: MetaFunction = ({ matches }) => [{ title: `ご注文のキャンセル | ${shopNameOf(matches)}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return guestCancelPageLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return guestCancelAction(request, context);
}

export { clientAction } from "~/components/connection/route-handlers";

export default function GuestCancelOrder() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl py-4">
      <CancelOrderPage page={page} refused={refused} heading={<h1 className="m-0 text-xl">ご注文のキャンセル</h1>} />
    </div>
  );
}
