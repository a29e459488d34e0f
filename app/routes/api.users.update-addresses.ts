/**
 * POST /api/users/update-addresses (spec §7): `addresses` → the saved `{ addresses }`. The same list
 * semantics as /user/profile/checkout/editAddress (see there); the body may be a form (`addresses` JSON
 * text or addresses[0][field] fields) or JSON (`[...]` or `{ "addresses": [...] }`).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, requirePost } from "~/web/http.server";
import { readPostedAddressList, requireMemberForApi, saveListAnswer } from "~/web/addresses.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const user = await requireMemberForApi(request, context);
  return saveListAnswer(user.id, context, await readPostedAddressList(request));
}
