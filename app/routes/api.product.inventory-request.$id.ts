/**
 * POST /api/product/inventory-request/{id} (spec §7: sku, title), members only: asks to be told when a
 * sold-out product, variation or variable choice is back. `sku` names what is wanted (the product's own
 * sku, a variation's or a choice's); the product page's form sends `v` (and `c`) instead. `title` is the
 * shopper-facing name the client shows; the shop's own title is what the notification uses. With JS it
 * answers { requested: true }; without JS it redirects back to redirectTo with a notice.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/web/auth.server";
import { PRODUCT_NOTICES, type ProductNotice } from "~/core/product-notices";
import { readSelection } from "~/core/product-selection";
import { safeRedirectPath } from "~/core/safe-redirect";
import {
  idParam,
  isNavigation,
  jsonError,
  loginRequired,
  methodNotAllowed,
  readApiFormData,
  redirectWithNotice,
  requirePost,
} from "~/web/http.server";
import { findApiProduct, requestRestockFor, type RestockRefusal } from "~/services/product-by-id.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/products";

const UNKNOWN_VARIATION_MESSAGE = "選択されたタイプが正しくありません。";
const UNKNOWN_SKU_MESSAGE = "指定された商品番号（SKU）はこの商品にありません。";
const SKU = /^[\w-]{1,64}$/;

const REFUSAL_NOTICES: Record<Exclude<RestockRefusal, "unknown_variation" | "unknown_sku">, ProductNotice> = {
  not_sold_out: "restock_not_needed",
  disabled: "restock_disabled",
  unavailable: "unavailable",
};

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const form = await readApiFormData(request);
  const rawVariation = form.get("v");
  const selection = readSelection(form);
  if (rawVariation != null && rawVariation !== "" && selection.variationId == null) throw jsonError(400, UNKNOWN_VARIATION_MESSAGE);
  const rawSku = form.get("sku");
  const sku = typeof rawSku === "string" && rawSku.trim() !== "" ? rawSku.normalize("NFKC").trim() : null;
  if ((rawSku != null && typeof rawSku !== "string") || (sku != null && !SKU.test(sku))) throw jsonError(400, UNKNOWN_SKU_MESSAGE);

  const product = await findApiProduct(context.db, productId);
  if (!product) throw jsonError(404, PRODUCT_NOT_FOUND_MESSAGE);
  const returnTo = safeRedirectPath(form.get("redirectTo"), product.url);
  const user = await getOptionalUser(request, context);
  if (!user) return loginRequired(request, returnTo);

  const outcome = await requestRestockFor(
    context.db,
    productId,
    { userId: user.id, now: new Date() },
    { sku, variationId: selection.variationId, choiceSku: selection.choiceSku },
  );
  if (!outcome) throw jsonError(404, PRODUCT_NOT_FOUND_MESSAGE);
  const navigation = isNavigation(request);
  if (!outcome.ok) {
    if (outcome.reason === "unknown_variation") throw jsonError(400, UNKNOWN_VARIATION_MESSAGE);
    if (outcome.reason === "unknown_sku") throw jsonError(400, UNKNOWN_SKU_MESSAGE);
    const notice = REFUSAL_NOTICES[outcome.reason];
    if (navigation) return redirectWithNotice(returnTo, notice);
    return jsonError(409, PRODUCT_NOTICES[notice].text);
  }
  if (navigation) return redirectWithNotice(returnTo, "restock_requested");
  return Response.json({ requested: true });
}
