/**
 * POST /api/extra-fee/update (spec §7: fee = the payment method key — cod, bank_transfer,
 * konbini_postpay): chooses the payment method and answers its handling fee and the new total,
 * { extra_fee, total, payment_method }. An unknown method is 400, an empty cart 409 ({ error, field });
 * without JS, 303 back to redirectTo (default /cart) with ?cart_error=payment&message=….
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { OptionalTextSchema } from "~/core/validation";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { readInput } from "~/web/input.server";
import { cartFailure, choosePaymentMethod } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartAnswer } from "~/web/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";

/** The method key, judged by choosePaymentMethod. */
const PaymentSchema = v.object({ fee: OptionalTextSchema });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  const read = readInput(PaymentSchema, form);
  const result = read.ok ? await choosePaymentMethod(actor, read.input.fee) : cartFailure("payment", read.error);
  return cartAnswer(request, form, result, async () => {
    const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
    return { extra_fee: view.cart.extra_fee, total: view.cart.total, payment_method: view.paymentMethod };
  });
}
