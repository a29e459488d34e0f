/**
 * POST /api/cart/save-vendor-notice (spec §7: merchants_id, notice): saves the note to one merchant
 * shipping goods in this cart (at most 500 characters; merchants not in the cart are ignored). Answers
 * { ok: true } or 4xx { error, field: "notice" }; without JS, 303 back to redirectTo (default /cart).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { IdSchema, OptionalTextSchema } from "~/core/validation";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { readInput } from "~/web/input.server";
import { cartFailure, saveNotices } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartAnswer } from "~/web/cart/cart.server";

const VendorNoticeSchema = v.object({ merchants_id: IdSchema, notice: OptionalTextSchema });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const read = readInput(VendorNoticeSchema, form);
  if (!read.ok) return cartAnswer(request, form, cartFailure("notice", read.error));
  const actor = await cartActorFor(request, context);
  const { merchants_id: merchantId, notice } = read.input;
  return cartAnswer(request, form, await saveNotices(actor, { vendors: [{ merchantId, notice }] }));
}
