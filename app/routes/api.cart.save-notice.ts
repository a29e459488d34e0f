/**
 * POST /api/cart/save-notice (spec §7: "vendor notices and warehouse notice, then go to /checkout"):
 * fields warehouse_notice and vendor_notice[<merchantId>]. Saves them, then a plain form post (JS off)
 * is sent on to /checkout (303) and a fetch gets { redirect: "/checkout" }. A refusal (too long, empty
 * cart) stays on the cart: 303 back to redirectTo (default /cart) with ?cart_error=notice&message=…, or
 * 4xx { error, field } for a fetch. Absent fields leave their notice as it is.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { isNavigation, methodNotAllowed, readApiFormData, requirePost } from "~/http.server";
import { cartActorFor, saveNotices } from "~/services/cart-actions.server";
import { cartFailureJson, cartRedirect, cartReturnPath } from "~/services/cart-responses.server";

const CHECKOUT_PATH = "/checkout";
const VENDOR_NOTICE_FIELD = /^vendor_notice\[(\d{1,9})\]$/;
/** More merchants than the shop has are not a real form. */
const MAX_VENDOR_NOTICES = 50;

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const vendors = [...form.entries()]
    .map(([name, notice]) => ({ match: VENDOR_NOTICE_FIELD.exec(name), notice }))
    .filter((entry): entry is { match: RegExpExecArray; notice: FormDataEntryValue } => entry.match != null)
    .map(({ match, notice }) => ({ merchantId: Number(match[1]), notice: notice as unknown }))
    .filter((vendor) => vendor.merchantId > 0)
    .slice(0, MAX_VENDOR_NOTICES);
  const actor = await cartActorFor(request, context);
  const result = await saveNotices(actor, { warehouse: form.get("warehouse_notice") ?? undefined, vendors });
  if (isNavigation(request)) return result.ok ? redirect(CHECKOUT_PATH, 303) : cartRedirect(cartReturnPath(form), result);
  return result.ok ? Response.json({ redirect: CHECKOUT_PATH }) : cartFailureJson(result);
}
