/**
 * POST /api/product/inventory-request/{id} (spec §7: sku, title), members only: asks to be told when a
 * sold-out product, variation or variable choice is back. `sku` names what is wanted (the product's own
 * sku, a variation's or a choice's); the product page's form sends `v` (and `c`) instead. `title` is the
 * shopper-facing name the client shows; the shop's own title is what the notification uses. With JS it
 * answers { requested: true }; without JS it redirects back to redirectTo with a notice.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import * as v from "valibot";
import { getOptionalUser } from "~/web/account/auth.server";
import { PRODUCT_NOTICES, type ProductNotice } from "~/core/catalogue/product-notices";
import { readSelection } from "~/core/catalogue/product-selection";
import { idParam, parseApiForm } from "~/web/input.server";
import { invariantJson, isNavigation, jsonError, loginRequired, methodNotAllowed, redirectWithNotice, requirePost, withQueryParam } from "~/web/http.server";
import { findApiProduct, requestRestockFor, type RestockRefusal } from "~/services/catalogue/product-by-id.server";
import { PRODUCT_NOT_FOUND_MESSAGE } from "~/core/catalogue/products";
import { absentAsNull, optionalId, ReturnPathSchema } from "~/core/validation";

const UNKNOWN_VARIATION_MESSAGE = "選択されたタイプが正しくありません。";
const UNKNOWN_SKU_MESSAGE = "指定された商品番号（SKU）はこの商品にありません。";

const RestockRequestSchema = v.object({
  /** The product page's form names a variation by id (and a variable choice by `c`, read with the selection). */
  v: optionalId(UNKNOWN_VARIATION_MESSAGE),
  /** The spec's call names the sku; empty is none. */
  sku: absentAsNull(
    v.pipe(
      v.string(UNKNOWN_SKU_MESSAGE),
      v.transform((text) => text.normalize("NFKC").trim()),
      v.union(
        [
          v.pipe(
            v.literal(""),
            v.transform(() => null),
          ),
          v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/, UNKNOWN_SKU_MESSAGE)),
        ],
        UNKNOWN_SKU_MESSAGE,
      ),
    ),
  ),
  redirectTo: ReturnPathSchema,
});

const REFUSAL_NOTICES: Record<Exclude<RestockRefusal, "unknown_variation" | "unknown_sku">, ProductNotice> = {
  not_sold_out: "restock_not_needed",
  disabled: "restock_disabled",
  unavailable: "unavailable",
};

export const loader = () => methodNotAllowed("POST");

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePost(request);
  const productId = idParam(params.id, "商品ID");
  const { form, input } = await parseApiForm(request, RestockRequestSchema);

  const product = await findApiProduct(context.db, productId);
  invariantJson(product, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  const picked = readSelection(form);
  // Back to the page as it was asked from: the sold-out variation (and choice) it showed, not the product's first look.
  const returnTo = withPicked(input.redirectTo ?? product.url, input.v, picked.choiceSku);
  const user = await getOptionalUser(request, context);
  if (!user) return loginRequired(request, returnTo);

  const outcome = await requestRestockFor(
    context.db,
    productId,
    { userId: user.id, now: new Date() },
    { sku: input.sku, variationId: input.v, choiceSku: picked.choiceSku },
  );
  invariantJson(outcome, PRODUCT_NOT_FOUND_MESSAGE, { status: 404 });
  const navigation = isNavigation(request);
  if (!outcome.ok) {
    invariantJson(outcome.reason !== "unknown_variation", UNKNOWN_VARIATION_MESSAGE);
    invariantJson(outcome.reason !== "unknown_sku", UNKNOWN_SKU_MESSAGE);
    const notice = REFUSAL_NOTICES[outcome.reason];
    if (navigation) return redirectWithNotice(returnTo, notice);
    return jsonError(409, PRODUCT_NOTICES[notice].text);
  }
  if (navigation) return redirectWithNotice(returnTo, "restock_requested");
  return Response.json({ requested: true });
}

export { clientAction } from "~/components/connection/route-handlers";

/** The product page's path with the variation (`v`) and variable choice (`c`) the form had picked. */
function withPicked(path: string, variationId: number | null, choiceSku: string | null): string {
  const withVariation = variationId != null ? withQueryParam(path, "v", String(variationId)) : path;
  return choiceSku != null ? withQueryParam(withVariation, "c", choiceSku) : withVariation;
}
