/**
 * GET /coupon-get/{code} (spec §2: the coupon campaign link). A campaign running now under that code
 * (case-insensitive) is kept in the session (couponCampaign) and the shopper lands on /cart?campaign=1,
 * where the campaign banner shows and the cart applies it from its minimum amount. An unknown or
 * ended campaign lands on the cart with ?cart_error=coupon&message=このキャンペーンは終了したか、存在しません。
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getSession } from "~/auth/auth.server";
import { CART_API_MESSAGES, findActiveCampaign } from "~/services/cart-api.server";
import { CART_PATH, cartFailure, withCartResult } from "~/services/cart-responses.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const campaign = await findActiveCampaign(context.db, params.code ?? "", new Date());
  if (!campaign) throw redirect(withCartResult(CART_PATH, cartFailure("coupon", CART_API_MESSAGES.campaignUnknown, 404)), 303);
  const session = await getSession(request, context);
  session.set("couponCampaign", campaign.code);
  throw redirect(`${CART_PATH}?campaign=1`, {
    status: 303,
    headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) },
  });
}
