/**
 * POST /api/cart/save-warehouse-notice (spec §7: notice): saves the note for the warehouse shipment
 * (at most 500 characters). Answers { ok: true } or 4xx { error, field: "notice" }; without JS, 303 back
 * to redirectTo (default /cart).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { OptionalTextSchema } from "~/core/validation";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { readInput } from "~/web/input.server";
import { cartFailure, saveNotices } from "~/services/cart/cart-actions.server";
import { cartActorFor, cartAnswer } from "~/web/cart/cart.server";

const WarehouseNoticeSchema = v.object({ notice: OptionalTextSchema });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const read = readInput(WarehouseNoticeSchema, form);
  if (!read.ok) return cartAnswer(request, form, cartFailure("notice", read.error));
  const actor = await cartActorFor(request, context);
  return cartAnswer(request, form, await saveNotices(actor, { warehouse: read.input.notice }));
}
