/**
 * POST /api/cart-edit (spec §7: p, v, o, c, w, q): changes a row's quantity (q) and/or gift wrapping
 * (w = 1/0). The row is named by `line` (its id) or by p/v/o/c (see readNamedLine). The quantity is
 * forced into range (spec §5: a number, 1 … the row maximum). Answers { ok: true }, or when q had to be
 * changed { ok: true, adjusted: true, quantity, message }; 4xx { error, field } when refused (wrapping
 * refused 409, row not found 404) — then nothing changes. Without JS, 303 back to redirectTo (default
 * /cart) with ?cart_error=…&message=… or ?cart_notice=quantity&cart_line=…&message=….
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { absentAsNull, FlagSchema } from "~/core/validation";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { readInput } from "~/web/input.server";
import { cartFailure, changeQuantity, toggleWrapping, type CartResult } from "~/services/cart/cart-actions.server";
import type { CartActor } from "~/services/cart/cart.server";
import { cartActorFor, cartAnswer, findPostedLine } from "~/web/cart/cart.server";

/** q is forced into range, never refused (spec §5); at least one of q and w is sent. */
const CartEditSchema = v.pipe(
  v.object({ q: absentAsNull(v.string()), w: FlagSchema }),
  v.check((edit) => edit.q != null || edit.w != null),
);

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await editLine(actor, form));
}

async function editLine(actor: CartActor, form: FormData): Promise<CartResult> {
  const read = readInput(CartEditSchema, form);
  if (!read.ok) return cartFailure(read.field === "w" ? "wrapping" : "quantity", read.error);
  const { q: quantity, w: wrapping } = read.input;
  const named = await findPostedLine(actor, form);
  if (!named.ok) return named;
  const { line } = named;
  const wrappingChanges = wrapping != null && wrapping !== line.wrapping;
  if (wrappingChanges) {
    const result = await toggleWrapping(actor, line.id, wrapping);
    if (!result.ok) return result;
  }
  if (quantity == null) return { ok: true };
  const result = await changeQuantity(actor, line.id, quantity);
  // The row went missing meanwhile: the wrapping change made a moment ago is undone, so nothing changes.
  if (!result.ok && wrappingChanges) await toggleWrapping(actor, line.id, line.wrapping);
  return result;
}
