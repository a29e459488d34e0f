/**
 * POST /api/cart-remove (spec §7: p, v, o, c): removes a row, named by `line` (its id) or by p/v/o/c.
 * Answers { ok: true } or 4xx { error, field } (404 when the row is not in the shopper's cart);
 * without JS, 303 back to redirectTo (default /cart) with ?cart_error=…&message=….
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { deleteLine } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartAnswer, findPostedLine } from "~/web/cart/cart.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  const named = await findPostedLine(actor, form);
  return cartAnswer(request, form, named.ok ? await deleteLine(actor, named.line.id) : named);
}
