/**
 * POST /api/remove-coupon/{couponId} (spec §7): takes the entered coupon off the cart (automatic
 * coupons and the campaign are not entered, so they stay). The id must be a well-formed id (else 400);
 * removing is idempotent. Answers { ok: true }; without JS, 303 back to redirectTo (default /cart).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { idParam, methodNotAllowed, readApiFormData, requirePost } from "~/http.server";
import { cartActorFor, removeCoupon } from "~/services/cart-actions.server";
import { cartAnswer } from "~/services/cart-responses.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  idParam(params.couponId, "クーポンID");
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await removeCoupon(actor));
}
