/**
 * POST /api/remove-coupon/{couponId} (spec §7): takes that coupon off the cart — the entered one, when
 * its id is this. An id that is not applied (another coupon, an unknown id) changes nothing and answers
 * 404 { error: このクーポンはカートに適用されていません。, field: "coupon" }; an automatic coupon 409.
 * A malformed id is 400. Answers { ok: true }; without JS, 303 back to redirectTo (default /cart), a
 * refusal carried as ?cart_error=coupon&message=….
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { idParam } from "~/web/input.server";
import { removeCoupon } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartAnswer } from "~/web/cart/cart.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const couponId = idParam(params.couponId, "クーポンID");
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await removeCoupon(actor, couponId));
}
