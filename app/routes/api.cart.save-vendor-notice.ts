/**
 * POST /api/cart/save-vendor-notice (spec §7: merchants_id, notice): saves the note to one merchant
 * shipping goods in this cart (at most 500 characters; merchants not in the cart are ignored). Answers
 * { ok: true } or 4xx { error, field: "notice" }; without JS, 303 back to redirectTo (default /cart).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, parseId, readApiFormData, requirePost } from "~/web/http.server";
import { cartFailure, saveNotices } from "~/services/cart-actions.server";
import { CART_API_MESSAGES } from "~/services/cart-api.server";
import { cartActorFor, cartAnswer } from "~/web/cart.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const merchantId = parseId(form.get("merchants_id"));
  if (merchantId == null) return cartAnswer(request, form, cartFailure("notice", CART_API_MESSAGES.merchantInvalid));
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await saveNotices(actor, { vendors: [{ merchantId, notice: form.get("notice") ?? "" }] }));
}
