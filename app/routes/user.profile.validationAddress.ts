/**
 * POST /user/profile/validationAddress (spec §7): form-encoded address fields → 200
 * `{ form: { errors: { field: [message] } }, valide: boolean }`, validated with the same AddressSchema as
 * every address form. Touches no data, so guests at checkout may call it too. A body that is not a form
 * is 400.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { validateAddress } from "~/core/address/address-form";
import * as v from "valibot";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";
import { parseInput } from "~/web/input.server";

/** The address fields as text; a file sent in their place is judged as absent. */
const TextFieldsSchema = v.record(v.string(), v.fallback(v.optional(v.string()), undefined));

export const loader = () => methodNotAllowed("POST");

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request);
  const result = validateAddress(parseInput(TextFieldsSchema, await readApiFormData(request)));
  return Response.json({ form: { errors: result.errors }, valide: result.valide }, { headers: { "Cache-Control": "no-store" } });
}
