/**
 * POST /api/product/calculate (spec §7): p, v, q, o / o[optionId], c, subscribe → the price fields of
 * spec §3 "Price calculation result" for the session's viewer, or the JSON number 0 when the product
 * cannot be priced (unknown, private, draft, malformed p).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { readSelection } from "~/core/catalogue/product-selection";
import * as v from "valibot";
import { methodNotAllowed, readApiFormData, requirePost, sessionViewer } from "~/web/http.server";
import { loadVisiblePricedProduct, priceSelection } from "~/services/catalogue/product-pricing.server";
import { IdSchema } from "~/core/validation";
import { readInput } from "~/web/input.server";

const ProductSchema = v.object({ p: IdSchema });

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const named = readInput(ProductSchema, form);
  if (!named.ok) return Response.json(0);
  const viewer = await sessionViewer(request, context);
  const shaped = await loadVisiblePricedProduct(context.db, named.input.p, viewer);
  if (!shaped) return Response.json(0);
  return Response.json(priceSelection(shaped, readSelection(form), viewer.now).price);
}

export { clientAction } from "~/components/connection/route-handlers";
