/**
 * POST /api/cart-points (spec §7: amount; "Returns points and form.errors"): points to use, members
 * only, at most min(points held, 1000, cart total); 0 removes them. Answers
 * { points, form: { errors: {} } }, or on refusal 4xx { points (still in use), form: { errors: { amount: [message] } }, error, field }
 * (401 for guests); without JS, 303 back with ?cart_error=points&message=….
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { OptionalTextSchema } from "~/core/validation";
import { isNavigation, methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { readInput } from "~/web/input.server";
// Aliased: a name starting with "use" reads as a React hook to the linter.
import { applyPoints as spendPoints, cartFailure } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartFailureJson, cartRedirect, cartReturnPath } from "~/web/cart/cart.server";
import { loadCart } from "~/services/cart/cart-view.server";

/** The points typed, judged by applyPoints (whole number, full-width digits too). */
const PointsSchema = v.object({ amount: OptionalTextSchema });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  const read = readInput(PointsSchema, form);
  const result = read.ok ? await spendPoints(actor, read.input.amount) : cartFailure("points", read.error);
  if (isNavigation(request)) return cartRedirect(cartReturnPath(form), result);
  if (result.ok) {
    const view = await loadCart(actor.db, actor.owner, actor.session, actor.now);
    return Response.json({ points: view.cart.points, max_points: view.cart.max_points, total: view.cart.total, form: { errors: {} } });
  }
  const points = actor.owner.userId == null ? 0 : (await loadCart(actor.db, actor.owner, actor.session, actor.now)).cart.points;
  return cartFailureJson(result, { points, form: { errors: { amount: [result.error] } } });
}
