/** /crm/orders.csv (staff only): the order list with the same filters and order as /crm/orders, every page, as CSV. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireStaff } from "~/web/account/auth.server";
import { orderDeskCsv } from "~/web/orders/crm-orders.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context);
  return orderDeskCsv(request, context);
}
