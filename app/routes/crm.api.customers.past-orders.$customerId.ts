/**
 * GET /crm/api/customers/past-orders/{customerId} (spec §7, §3 Past order): the customer's recent orders
 * with their lines, for the new-ticket form. A customer may ask only for their own (403 otherwise);
 * staff for anyone. Answer: [{ id, number, date_created, orderdetails: [{ id, sku, title,
 * variation: { picture }, product: { id, picture } }] }].
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { idParam } from "~/web/input.server";
import { invariantJson, methodNotAllowed, requireApiUser } from "~/web/http.server";
import { pastOrders } from "~/services/tickets/ticket-references.server";

export const NOT_YOUR_ORDERS_MESSAGE = "ほかのお客様のご注文は表示できません。";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const customerId = idParam(params.customerId, "お客様ID");
  const user = await requireApiUser(request, context, "/user/support");
  invariantJson(user.role === "staff" || user.id === customerId, NOT_YOUR_ORDERS_MESSAGE, { status: 403 });
  return Response.json(await pastOrders(context.db, customerId), { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed("GET");
