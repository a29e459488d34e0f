/**
 * GET /crm/api/customers/load-product/{productId} (spec §7): the product a new ticket is about
 * ({ id, sku, title, type, status, picture, url }). Customers see listed products and those they bought;
 * staff see any. 404 otherwise.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { idParam } from "~/web/input.server";
import { invariantJson, methodNotAllowed, requireApiUser } from "~/web/http.server";
import { productForTicket } from "~/services/tickets/ticket-references.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const productId = idParam(params.productId, "商品ID");
  const user = await requireApiUser(request, context, "/user/support");
  const product = await productForTicket(context.db, user, productId);
  invariantJson(product, TICKET_TEXT.productNotFound, { status: 404 });
  return Response.json(product, { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed("GET");
