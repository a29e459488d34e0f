/**
 * POST /api/product/delivery-icon/{id} (spec §7): icon_info (spec §3 "Delivery icon", following the
 * product's purchase state: app/core/cart/delivery) and buylater.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/web/http.server";
import { deliveryIconResponse } from "~/web/catalogue/product.server";

export const loader = () => methodNotAllowed("POST");

export const action = ({ request, params, context }: ActionFunctionArgs) => deliveryIconResponse(request, context, params.id);
