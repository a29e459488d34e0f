/**
 * POST /user/profile/validationAddress (spec §7): form-encoded address fields → 200
 * `{ form: { errors: { field: [message] } }, valide: boolean }`, validated with the same AddressSchema as
 * every address form. Touches no data, so guests at checkout may call it too. A body that is not a form
 * is 400.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { validateAddress } from "~/core/address-form";
import { methodNotAllowed, readApiFormData, requirePost } from "~/web/http.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request }: ActionFunctionArgs) {
  requirePost(request);
  const form = await readApiFormData(request);
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string" && !(name in fields)) fields[name] = value;
  const result = validateAddress(fields);
  return Response.json({ form: { errors: result.errors }, valide: result.valide }, { headers: { "Cache-Control": "no-store" } });
}
