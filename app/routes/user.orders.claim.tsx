/** POST: mail the member a link that adds their earlier guest orders to the account (from /user/orders). */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { orderClaimRequestAction, orderClaimRequestLoader } from "~/web/orders/order-claim.server";

export function loader(_args: LoaderFunctionArgs) {
  return orderClaimRequestLoader();
}

export async function action({ request, context }: ActionFunctionArgs) {
  return orderClaimRequestAction(request, context);
}
