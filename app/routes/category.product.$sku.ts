/**
 * GET /category/product/{sku} (spec §2: "coupon product links of the form category/product/{sku}").
 * `?coupon=CODE` keeps that coupon in the session for this sku (skuCoupons) when the coupon exists, is
 * running and has its own price for the product (products_prices); the cart then prices the row with
 * it. The shopper is sent on to the product's canonical page /category/{slug}/{sku}, keeping any other
 * query parameters. Unknown, draft and private products are 404.
 *
 * The static segment "product" ranks above category.$categorySlug.$sku, so no category may use the
 * slug "product" (none does in the seed; tests/integration/api-cart.test.ts checks both).
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { TextOrNullSchema } from "~/core/validation";
import { getSession } from "~/web/account/auth.server";
import { invariantResponse } from "~/web/http.server";
import { parseQuery } from "~/web/input.server";
import { resolveCouponProductLink } from "~/services/cart/cart-api.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";

/** Coupon product links remembered per session (the session lives in a cookie). */
const MAX_SKU_COUPONS = 20;

const CouponLinkQuerySchema = v.object({ coupon: TextOrNullSchema });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { coupon } = parseQuery(url, CouponLinkQuerySchema);
  const link = await resolveCouponProductLink(context.db, params.sku ?? "", coupon, new Date());
  invariantResponse(link, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  url.searchParams.delete("coupon");
  const target = `${link.path}${url.search}`;
  if (!link.couponCode) {
    // A plain link (or a coupon that does not apply) is just another address of the product page.
    throw redirect(target, 301);
  }
  const session = await getSession(request, context);
  const kept = Object.entries(session.get("skuCoupons") ?? {}).filter(([sku]) => sku !== link.sku);
  // The cookie stays small: the newest links win.
  session.set("skuCoupons", Object.fromEntries([...kept.slice(-(MAX_SKU_COUPONS - 1)), [link.sku, link.couponCode]]));
  // 302, not 301: a browser must come back here (and store the coupon) each time the link is followed.
  throw redirect(target, { status: 302, headers: { "Set-Cookie": await context.sessionStorage.commitSession(session) } });
}
