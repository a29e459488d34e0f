/**
 * GET /api/shell: the visitor's own header (login, cart and unread counts) for a page rendered anonymous —
 * maybe served from the edge cache (docs/decisions/0023-edge-cache.md) — which the header asks for after
 * load. Never stored by any cache.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadPageShell, methodNotAllowed } from "~/web/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return Response.json(await loadPageShell(request, context), { headers: { "Cache-Control": "private, no-store" } });
}

export const action = () => methodNotAllowed("GET");
