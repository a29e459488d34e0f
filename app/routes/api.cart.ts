/**
 * POST /api/cart (spec §7): the shopper's cart, computed fresh. Answers
 * { cart, warehouse_notice, vendor_notice, coupon_campaign, user_points, address } in the spec's field
 * names — each row of cart.list is the spec's cart line with its displayed row (see apiCartPayload) —
 * plus coupon_code, payment_method, point_promo and buy_later. A plain form post (JS off) is sent on to
 * the cart page.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isNavigation, methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { apiCartPayload } from "~/services/cart/cart-payload.server";
import { cartActorFor, cartReturnPath } from "~/web/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  if (isNavigation(request)) return redirect(cartReturnPath(form), 303);
  const actor = await cartActorFor(request, context);
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  return Response.json(apiCartPayload(view, { isMember: actor.owner.userId != null, now: actor.now }));
}
