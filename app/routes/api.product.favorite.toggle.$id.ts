/**
 * POST /api/product/favorite/toggle/{id} (spec §7), members only. With JS (a fetcher) it answers
 * { is_favorite }; without JS (a form post) it redirects back to the form's redirectTo.
 */
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/web/account/auth.server";
import { idParam, parseInput } from "~/web/input.server";
import { invariantJson, isNavigation, loginRequired, methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { findApiProduct } from "~/services/catalogue/product-by-id.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";
import { toggleFavorite } from "~/services/catalogue/product.server";
import { ReturnToSchema } from "~/core/validation";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const form = await readApiFormData(request);
  const product = await findApiProduct(context.db, productId);
  invariantJson(product, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  const returnTo = parseInput(ReturnToSchema, form).redirectTo ?? product.url;
  const user = await getOptionalUser(request, context);
  if (!user) return loginRequired(request, returnTo);
  const isFavorite = await toggleFavorite(context.db, user.id, productId);
  if (isNavigation(request)) return redirect(returnTo, 303);
  return Response.json({ is_favorite: isFavorite });
}

export { clientAction } from "~/components/connection/route-handlers";
