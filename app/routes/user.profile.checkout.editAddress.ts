/**
 * POST /user/profile/checkout/editAddress (spec §7): the member's whole address list, form-encoded
 * (`addresses[0][lastname]=…`, or an `addresses` field with JSON text). Entries with an id replace that
 * address, entries without one are added, addresses left out are deleted; exactly one default.
 * Answers `{ addresses: [...] }` (the saved list, in the order sent, with ids); invalid entries 400
 * `{ error, form: { errors: { "addresses[1].phone": [...] } }, valide: false }`; another member's id 404;
 * more than 20 entries 409; a guest 401.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, requirePost } from "~/web/http.server";
import { readPostedAddressList, requireMemberForApi, saveListAnswer } from "~/web/addresses.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const user = await requireMemberForApi(request, context, "/checkout");
  return saveListAnswer(user.id, context, await readPostedAddressList(request));
}
