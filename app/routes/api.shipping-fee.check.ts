/**
 * POST /api/shipping-fee/check (spec §7: address fields — postal_code, prefecture 1–47, city,
 * address1 …): the cart's shipping figures for that address,
 * { shipping_fee, coldshipping_total, split_shipping_fee, shipments, total }.
 *
 * In this shop the shipping fee does not depend on the region: every shipment (the warehouse, each
 * merchant) has one nationwide fee and free-shipping threshold, so the address is only validated
 * (postal code 7 digits after normalisation, prefecture 1–47) and the figures are the cart's own.
 * Bad input is 400 { error, form: { errors: { postal_code?, prefecture? } } }; without JS, 303 back to
 * redirectTo (default /cart) with ?cart_error=address&message=….
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { ShippingAddressSchema } from "~/core/address/postal-schema";
import { isNavigation, methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { fieldsOf } from "~/web/input.server";
import { cartFailure } from "~/services/cart/cart-actions.server";
import { apiShipment } from "~/services/cart/cart-payload.server";
import { loadCart } from "~/services/cart/cart-view.server";
import { cartActorFor, cartFailureJson, cartRedirect, cartReturnPath } from "~/web/cart/cart.server";

/** Absent fields are judged as empty ones, so their own messages say what to type. */
const ShippingAddressFormSchema = v.object({
  postal_code: v.optional(ShippingAddressSchema.entries.postal_code, ""),
  prefecture: v.optional(ShippingAddressSchema.entries.prefecture, ""),
});

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const parsed = v.safeParse(ShippingAddressFormSchema, fieldsOf(form));
  if (!parsed.success) {
    const errors = v.flatten<typeof ShippingAddressSchema>(parsed.issues).nested ?? {};
    const failure = cartFailure("address", errors.postal_code?.[0] ?? errors.prefecture?.[0] ?? parsed.issues[0].message);
    if (isNavigation(request)) return cartRedirect(cartReturnPath(form), failure);
    return cartFailureJson(failure, { form: { errors } });
  }
  if (isNavigation(request)) return cartRedirect(cartReturnPath(form), { ok: true });
  const actor = await cartActorFor(request, context);
  const { cart } = await loadCart(actor.db, actor.owner, actor.session, actor.now);
  return Response.json({
    shipping_fee: cart.shipping_fee,
    coldshipping_total: cart.coldshipping_total,
    split_shipping_fee: cart.split_shipping_fee,
    shipments: cart.shipments.map(apiShipment),
    total: cart.total,
  });
}
