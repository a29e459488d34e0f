import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { PRODUCT_NOTICES, type ProductNotice } from "~/core/catalogue/product-notices";
import { ReturnToSchema } from "~/core/validation";
import { addPostedToCart, refusedCartAddReturn } from "~/web/cart/cart-add.server";
import { isNavigation, methodNotAllowed, readFormData, requirePost, withNotice } from "~/web/http.server";
import { parseInput } from "~/web/input.server";

/**
 * POST /api/cart-add (spec §7: p, v, q, o, c, w, ispreorder, subscribe, crowdfundings_id, shipping_day,
 * plus intent, secret and redirectTo; see addToCart for what each does). A fetcher gets JSON
 * { ok, notice, redirect, cart_quantity, quantity } or 4xx { ok: false, notice, error }; a plain form post
 * (JS off) is redirected: back to the product page with a notice, or on to /cart (add and go, subscribe)
 * or /checkout (one-click members' buy now).
 */
export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readFormData(request);
  const { result, headers } = await addPostedToCart(request, context, form);
  const posted = parseInput(ReturnToSchema, form).redirectTo;
  const back = posted ?? "/cart";
  if (isNavigation(request)) {
    const refusedBack = posted ? refusedCartAddReturn(posted, form) : back;
    throw redirect(result.ok ? (result.next ?? withNotice(back, "added")) : withNotice(refusedBack, result.notice), { status: 303, headers });
  }
  return Response.json(
    result.ok
      ? {
          ok: true,
          notice: "added" satisfies ProductNotice,
          redirect: result.next ?? null,
          cart_quantity: result.cartQuantity,
          quantity: result.lineQuantity,
        }
      : { ok: false, notice: result.notice, error: result.message ?? PRODUCT_NOTICES[result.notice].text },
    { status: result.ok ? 200 : result.status, headers },
  );
}

export { clientAction } from "~/components/connection/route-handlers";
