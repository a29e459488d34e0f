/**
 * POST /api/cart/save-notice (spec §7: "vendor notices and warehouse notice, then go to /checkout"):
 * fields warehouse_notice and vendor_notice[<merchantId>]. Saves them, then a plain form post (JS off)
 * is sent on to /checkout (303) and a fetch gets { redirect: "/checkout" }. A refusal (too long, empty
 * cart) stays on the cart: 303 back to redirectTo (default /cart) with ?cart_error=notice&message=…, or
 * 4xx { error, field } for a fetch. Absent fields leave their notice as it is.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { readShipmentNotices } from "~/core/orders/shipment-notices";
import { isNavigation, methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { saveNotices } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartFailureJson, cartRedirect, cartReturnPath } from "~/web/cart/cart.server";

const CHECKOUT_PATH = "/checkout";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  const result = await saveNotices(actor, readShipmentNotices(form));
  if (isNavigation(request)) return result.ok ? redirect(CHECKOUT_PATH, 303) : cartRedirect(cartReturnPath(form), result);
  return result.ok ? Response.json({ redirect: CHECKOUT_PATH }) : cartFailureJson(result);
}
