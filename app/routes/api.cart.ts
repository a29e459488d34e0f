/**
 * POST /api/cart (spec §7): the shopper's cart, computed fresh. Answers
 * { cart, warehouse_notice, vendor_notice, coupon_campaign, user_points, address } — cart is the
 * engine's Cart with each row's display details merged in (see apiCartPayload) — plus coupon_code,
 * payment_method, point_promo and buy_later. A plain form post (JS off) is sent on to the cart page.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isNavigation, methodNotAllowed, readApiFormData, requirePost } from "~/http.server";
import { cartActorFor } from "~/services/cart-actions.server";
import { apiCartPayload, cartReturnPath } from "~/services/cart-responses.server";
import { listOwnedLines, loadCart } from "~/services/cart.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  if (isNavigation(request)) return redirect(cartReturnPath(form), 303);
  const actor = await cartActorFor(request, context);
  const [view, stored] = await Promise.all([
    loadCart(actor.db, actor.owner, actor.session, actor.now),
    listOwnedLines(actor.db, actor.owner),
  ]);
  return Response.json(apiCartPayload(view, stored));
}
