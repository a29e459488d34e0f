/**
 * GET /api/postal/{prefix}: the YubinBango-format postal data of one 3-digit prefix
 * (`{"1000001":[13,"千代田区","千代田",""], …}`), from KV or, on a miss, from its origin (then cached in
 * KV). An unknown prefix answers `{}` (200), so the form's fields stay empty; a prefix that is not
 * 3 digits is 400 with a Japanese message; an unreachable origin is 503.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isPostalPrefix, POSTAL_PREFIX_MESSAGE } from "~/core/address/postal";
import { methodNotAllowed } from "~/web/http.server";
import {
  loadPostalPrefix,
  POSTAL_CACHE_CONTROL,
  POSTAL_EMPTY_CACHE_CONTROL,
  POSTAL_UNAVAILABLE_MESSAGE,
  PostalOriginError,
} from "~/services/address/postal.server";
import { postalDepsFor } from "~/web/address/postal.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const prefix = params.prefix ?? "";
  if (!isPostalPrefix(prefix)) {
    return Response.json({ error: POSTAL_PREFIX_MESSAGE }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  try {
    const loaded = await loadPostalPrefix(postalDepsFor(context, request), prefix);
    return new Response(loaded.text, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": loaded.known ? POSTAL_CACHE_CONTROL : POSTAL_EMPTY_CACHE_CONTROL,
        "X-Postal-Source": loaded.source,
      },
    });
  } catch (error) {
    if (!(error instanceof PostalOriginError)) throw error;
    console.error(error.message);
    return Response.json({ error: POSTAL_UNAVAILABLE_MESSAGE }, { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "60" } });
  }
}

export const action = () => methodNotAllowed("GET");
