/** POST /api/product/delivery-icon/small/{productId} (spec §7): the same answer as the large icon call. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/web/http.server";
import { deliveryIconResponse } from "~/web/catalogue/product.server";

export const loader = () => methodNotAllowed("POST");

export const action = ({ request, params, context }: ActionFunctionArgs) => deliveryIconResponse(request, context, params.productId);
