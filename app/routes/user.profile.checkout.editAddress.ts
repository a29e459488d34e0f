/**
 * POST /user/profile/checkout/editAddress (spec §7; the checkout's address modal saves through it): one
 * change of the member's address book, each naming what it changes (issue 34 item 2) —
 * `intent=add` with the address fields; `intent=edit&id=…&version=…` with the fields (the version the page
 * showed: an address changed meanwhile is refused 409, never overwritten); `intent=delete&id=…&version=…`;
 * `intent=set_default&id=…`. The spec's form-encoded list (`addresses[0][lastname]=…`, or an `addresses`
 * field with JSON text) still replaces the whole book, but only with `version`, the whole book's version
 * the page showed: a book changed since (an address added in another tab) is refused 409, so the list
 * never deletes what its page did not show. A body naming no change changes nothing (400).
 * Answers `{ addresses, version, address }` (the book after the change, default first; its version; the
 * address added or edited); invalid fields 400 `{ error, form: { errors }, valide: false }`; another
 * member's id 404 and a stale page 409, both `{ error, addresses, version }`; a full book 409; a guest 401.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed, requirePost } from "~/web/http.server";
import { addressChangeAnswer, readPostedAddressChange, requireMemberForApi } from "~/web/address/addresses.server";

export const loader = () => methodNotAllowed("POST");

export async function action({ request, context }: ActionFunctionArgs) {
  requirePost(request);
  const user = await requireMemberForApi(request, context, "/checkout");
  return addressChangeAnswer(user.id, context, await readPostedAddressChange(request));
}
