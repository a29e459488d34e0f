/**
 * POST /api/cart/campaigns (spec §7, "returns point_promo"): the cart's promotion banners,
 * { point_promo, coupon_campaign, total_points_rate } — the running point promo (or null) and the coupon
 * campaign kept in the session from a /coupon-get/{code} link (or null). Without JS, 303 to the cart.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isNavigation, methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { apiCouponCampaign, apiPointPromo } from "~/services/cart/cart-payload.server";
import { cartActorFor, cartReturnPath } from "~/web/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  if (isNavigation(request)) return redirect(cartReturnPath(form), 303);
  const actor = await cartActorFor(request, context);
  const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  return Response.json({
    point_promo: apiPointPromo(view.pointPromo),
    coupon_campaign: apiCouponCampaign(view.couponCampaign),
    total_points_rate: view.cart.total_points_rate,
  });
}
