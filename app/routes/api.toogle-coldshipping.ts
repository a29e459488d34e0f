/**
 * POST /api/toogle-coldshipping (spec §7, the spec's spelling): switches cold delivery on or off for
 * items where it is optional (required cold items always ship cold). Answers
 * { ok: true, coldshipping: { required, optional, chosen }, coldshipping_total, total }; without JS,
 * 303 back to redirectTo (default /cart). An empty cart is 409.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { toggleColdshipping } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartAnswer } from "~/web/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await toggleColdshipping(actor), async () => {
    const { cart } = await loadCart(actor.db, actor.owner, actor.session, actor.now);
    return { ok: true, coldshipping: cart.coldshipping, coldshipping_total: cart.coldshipping_total, total: cart.total };
  });
}
