/**
 * GET /coupon-get/{code} (spec §2: the coupon campaign link). A campaign running now under that code
 * (case-insensitive) is kept in the session (couponCampaign) and the shopper lands on /cart?campaign=1,
 * where the campaign banner shows and the cart applies it from its minimum amount. An ordinary coupon
 * code is applied to the cart (or kept on an empty one until items are added) and the shopper lands on
 * /cart?cart_notice=coupon&message=…. Otherwise the cart shows why not:
 * ?cart_error=coupon&message=… (ended or unknown campaign, expired coupon, members only, no eligible item …).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSession } from "~/web/account/auth.server";
import { followCouponLink } from "~/services/cart/cart-api.server";
import { CART_PATH, cartActorFor, withCartNotice, withCartResult } from "~/web/cart/cart.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await cartActorFor(request, context);
  const result = await followCouponLink(actor, params.code ?? "");
  if (!result.ok) throw redirect(withCartResult(CART_PATH, result), 303);
  const session = await getSession(request, context);
  let target: string;
  if ("campaign" in result) {
    session.set("couponCampaign", result.campaign);
    target = `${CART_PATH}?campaign=1`;
  } else {
    // A guest's cart made for the coupon is theirs from now on.
    if (actor.owner.userId == null) session.set("cartId", result.cartId);
    target = withCartNotice(CART_PATH, "coupon", result.message);
  }
  throw redirect(target, { status: 303, headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) } });
}
