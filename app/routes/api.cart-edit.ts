/**
 * POST /api/cart-edit (spec §7: p, v, o, c, w, q): changes a row's quantity (q) and/or gift wrapping
 * (w = 1/0). The row is named by `line` (its id) or by p/v/o/c (see findNamedLine). Answers
 * { ok: true } or 4xx { error, field } (stock limit 409, wrapping refused 409, row not found 404);
 * without JS, 303 back to redirectTo (default /cart) with ?cart_error=…&message=….
 * Nothing changes when any part is refused.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readApiFormData, requirePost } from "~/http.server";
import { cartActorFor, changeQuantity, toggleWrapping, type CartActor } from "~/services/cart-actions.server";
import { CART_API_MESSAGES, findNamedLine, readFlag } from "~/services/cart-api.server";
import { cartAnswer, cartFailure, type CartResult } from "~/services/cart-responses.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await editLine(actor, form));
}

async function editLine(actor: CartActor, form: FormData): Promise<CartResult> {
  const quantity = form.get("q");
  const wrapping = readFlag(form.get("w"));
  if (wrapping === "invalid") return cartFailure("wrapping", CART_API_MESSAGES.wrappingInvalid);
  if (quantity == null && wrapping == null) return cartFailure("quantity", CART_API_MESSAGES.nothingToChange);
  const named = await findNamedLine(actor, form);
  if (!named.ok) return named;
  const { line } = named;
  const wrappingChanges = wrapping != null && wrapping !== line.wrapping;
  if (wrappingChanges) {
    const result = await toggleWrapping(actor, line.id, wrapping);
    if (!result.ok) return result;
  }
  if (quantity != null) {
    const result = await changeQuantity(actor, line.id, quantity);
    if (!result.ok) {
      // The quantity is refused: the wrapping change made a moment ago is undone, so nothing changes.
      if (wrappingChanges) await toggleWrapping(actor, line.id, line.wrapping);
      return result;
    }
  }
  return { ok: true };
}
