/** GET /api/search/suggest?q=…: predictive search for the header's search box (app/web/search/search-suggest.server.ts). */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { methodNotAllowed } from "~/web/http.server";
import { searchSuggestResponse } from "~/web/search/search-suggest.server";

export const loader = ({ request, context }: LoaderFunctionArgs) => searchSuggestResponse(request, context);

export const action = () => methodNotAllowed("GET");
