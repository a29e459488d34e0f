/** POST /api/product/delivery-icon/small/{productId} (spec §7): the same answer as the large icon call. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/http.server";
import { answerDeliveryIcon } from "./api.product.delivery-icon.$id";

export const loader = () => methodNotAllowed("POST");

export const action = ({ request, params, context }: ActionFunctionArgs) => answerDeliveryIcon(request, context, params.productId);
