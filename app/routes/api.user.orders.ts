/**
 * GET or POST /api/user/orders: the member's past orders as the generic listing's JSON (spec §7, §3 "Past
 * order"). Parameters as every listing: query[page|orderby (date_created, total)|ordersens],
 * inputs[title] (LIKE on any item's title), inputs[date_created][from|to] (BETWEEN), inputs[status] ("=").
 * Answer: { query, inputs, operators, data: [{ id, number, date_created, status, status_label, total,
 * orderdetails: [{ id, sku, title, quantity, variation: { picture }, product: { id, picture } }], shipments: [{ id, status,
 * status_label, sender, carrier_label, tracking_number, tracking_url, shipped_on, expected_delivery: { earliest, latest },
 * delivered_on }] }], detail } (shipments: where each parcel is; null fields before it ships).
 * Orders cannot be removed: POST with `id` is 403. A guest gets 401.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parseListingQuery } from "~/core/search/listing-query";
import { ORDER_LISTING } from "~/core/member/member-order-listing";
import { invariantJson, readApiFormData, requireApiUser, requirePost } from "~/web/http.server";
import { listOrders, orderListingJson } from "~/services/orders/orders.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, context, "/user/orders");
  const query = parseListingQuery(ORDER_LISTING, new URL(request.url).searchParams);
  return Response.json(orderListingJson(await listOrders(context.db, user.id, query)), { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request, "GET, POST");
  const user = await requireApiUser(request, context, "/user/orders");
  const form = await readApiFormData(request);
  invariantJson(!form.has("id"), "ご注文は削除できません。", { status: 403 });
  const query = parseListingQuery(ORDER_LISTING, form);
  return Response.json(orderListingJson(await listOrders(context.db, user.id, query)), { headers: NO_STORE });
}
