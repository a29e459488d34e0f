/**
 * POST /api/cart-coupon (spec §7: code): applies a coupon when the cart engine accepts it. Answers
 * { ok: true } or 4xx { error, field: "coupon" } with the engine's Japanese text (expired, members
 * only, no eligible products …); without JS, 303 back with ?cart_error=coupon&message=….
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { OptionalTextSchema } from "~/core/validation";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { readInput } from "~/web/input.server";
import { applyCoupon, cartFailure } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartAnswer } from "~/web/cart/cart.server";

const CouponSchema = v.object({ code: OptionalTextSchema });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  const read = readInput(CouponSchema, form);
  return cartAnswer(request, form, read.ok ? await applyCoupon(actor, read.input.code) : cartFailure("coupon", read.error));
}
