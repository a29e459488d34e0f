/**
 * POST /api/users/update-addresses (spec §7): the same changes and answers as
 * /user/profile/checkout/editAddress (see there) — one change naming its address, or `addresses` with the
 * version of the book shown — as a form or as JSON (`{ "intent": "edit", "id": 2, "version": "…", … }`,
 * `{ "addresses": [...], "version": "…" }`). Without `addresses` or an `intent` nothing changes (400).
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, requirePost } from "~/web/http.server";
import { addressChangeAnswer, readPostedAddressChange, requireMemberForApi } from "~/web/address/addresses.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const user = await requireMemberForApi(request, context);
  return addressChangeAnswer(user.id, context, await readPostedAddressChange(request));
}
