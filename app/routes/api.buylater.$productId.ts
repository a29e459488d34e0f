/**
 * POST /api/buylater/{productId} (spec §7: "returns 1 when logged in, otherwise the client redirects
 * to login"), members only: the product's rows in the cart move to the buy-later list (only row `line`
 * when sent); a product not in the cart is saved for later. Answers 1. A guest gets 401 { error,
 * login_required } from a fetch, or (JS off) a 303 to /login?show=1&redirectTo=… coming back to
 * redirectTo (default /cart). Without JS a success returns to redirectTo with ?notice=buy_later, which the
 * page shows as the buy-later notice. Unknown products and rows not in the member's cart are 404.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { BUY_LATER_NOTICE } from "~/core/member/member-actions";
import * as v from "valibot";
import { OptionalIdSchema } from "~/core/validation";
import { isNavigation, loginRequired, methodNotAllowed, readApiFormData, requirePost, withNotice } from "~/web/http.server";
import { idParam, readInput } from "~/web/input.server";
import { cartFailure } from "~/services/cart/cart-actions.server";
import { buyLaterProduct } from "~/services/cart/cart-api.server";
import { cartActorFor, cartFailureJson, cartRedirect, cartReturnPath } from "~/web/cart/cart.server";

/** `line` narrows the move to one of the product's rows. */
const BuyLaterSchema = v.object({ line: OptionalIdSchema });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.productId, "商品ID");
  const form = await readApiFormData(request);
  const returnTo = cartReturnPath(form);
  const actor = await cartActorFor(request, context);
  if (actor.owner.userId == null) return loginRequired(request, returnTo);
  const read = readInput(BuyLaterSchema, form);
  const result = read.ok ? await buyLaterProduct(actor, productId, read.input.line) : cartFailure("line", read.error);
  if (isNavigation(request)) {
    return cartRedirect(result.ok ? withNotice(returnTo, BUY_LATER_NOTICE) : returnTo, result);
  }
  return result.ok ? Response.json(1) : cartFailureJson(result);
}

export { clientAction } from "~/components/connection/route-handlers";
