/**
 * GET /api/user/addresses: the signed-in member's addresses as a JSON array (spec §3 Address fields plus
 * id; the default first). This is what GET /user/profile/addresses answers when the request asks for
 * JSON (Accept: application/json, or X-Requested-With: XMLHttpRequest): the Worker entry rewrites such a
 * request here (app/core/site/content-negotiation.ts). A guest gets 401 JSON. Each address carries the
 * `version` an edit or delete of it names; the ETag is the whole book's, which a list saved as a whole
 * names (see /user/profile/checkout/editAddress).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { addressBookState } from "~/core/address/address-book";
import { NEGOTIATED_VARY } from "~/core/site/content-negotiation";
import { methodNotAllowed } from "~/web/http.server";
import { ADDRESS_BOOK_PATH, requireMemberForApi } from "~/web/address/addresses.server";
import { listAddresses } from "~/services/address/addresses.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireMemberForApi(request, context, ADDRESS_BOOK_PATH);
  const book = addressBookState(await listAddresses(context.db, user.id));
  return Response.json(book.addresses, {
    headers: { "Cache-Control": "private, no-store", Vary: NEGOTIATED_VARY, ETag: `"${book.version}"` },
  });
}

export const action = () => methodNotAllowed("GET");
