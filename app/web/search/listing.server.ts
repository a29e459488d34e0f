/**
 * A listing page's URL over HTTP: the redirect to its canonical form (the query itself is parsed in
 * app/core/search/listing.ts), and the row-removal form of app/components/listing/Listing.tsx.
 */
import { redirect } from "@remix-run/cloudflare";
import * as v from "valibot";
import { listingSearchParams, type ListingDefinition, type ListingQuery } from "~/core/search/listing";
import { IdOrNullSchema, IdSchema, TextOrNullSchema } from "~/core/validation";
import { parseQuery } from "~/web/input.server";

/** A row's removal form: intent=remove, the row's id, and `back`, the view of the list to return to. */
export const RemoveRowSchema = v.object({ intent: v.literal("remove"), id: IdSchema, back: TextOrNullSchema });

const RemoveConfirmSchema = v.object({ remove: IdOrNullSchema });

/** The row whose removal a page asks to confirm without JS (?remove=<id>), or null. */
export function confirmRemoveId(request: Request | URL): number | null {
  return parseQuery(request, RemoveConfirmSchema).remove;
}

/**
 * The listing page's own URL in its canonical form — defaults, empty and unknown fields left out, as after
 * a plain GET form sent without JS — as a redirect, or null when the URL already is canonical. `keep`
 * names page parameters outside the listing query that survive (the removal confirmation, a notice).
 */
export function canonicalListingRedirect<Sort extends string>(
  url: URL,
  definition: ListingDefinition<Sort>,
  query: ListingQuery<Sort>,
  keep: string[] = ["remove", "notice"],
): Response | null {
  const params = listingSearchParams(definition, query);
  for (const name of keep) {
    const value = url.searchParams.get(name);
    if (value != null) params.set(name, value);
  }
  const canonical = params.toString();
  if (canonical === url.search.replace(/^\?/, "")) return null;
  return redirect(canonical ? `${url.pathname}?${canonical}` : url.pathname);
}
