/**
 * POST /api/cart/save-warehouse-notice (spec §7: notice): saves the note for the warehouse shipment
 * (at most 500 characters). Answers { ok: true } or 4xx { error, field: "notice" }; without JS, 303 back
 * to redirectTo (default /cart).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { saveNotices } from "~/services/cart-actions.server";
import { cartActorFor, cartAnswer } from "~/web/cart.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await saveNotices(actor, { warehouse: form.get("notice") ?? "" }));
}
