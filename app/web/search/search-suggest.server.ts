/**
 * GET /api/search/suggest?q=…: the header's predictive search as JSON (app/services/search/search-suggest.server.ts).
 * Any query string is answered 200: a missing, blank, too short or garbled `q` gets no suggestions, a long
 * one is cut like the search page's. Nothing in it depends on who asks, so shared caches may keep it.
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { SUGGEST_CACHE_CONTROL, suggestionQuery } from "~/core/search/search-suggest";
import { suggestSearch } from "~/services/search/search-suggest.server";

export async function searchSuggestResponse(request: Request, context: AppLoadContext): Promise<Response> {
  const query = suggestionQuery(new URL(request.url).searchParams.get("q") ?? "");
  return Response.json(await suggestSearch(context.db, query), { headers: { "Cache-Control": SUGGEST_CACHE_CONTROL } });
}
