/**
 * The page a request is for, as a same-site path: a single-fetch data request (`/x.data`, `/_root.data`)
 * names its page's document, and Remix's own parameters (`_routes`, `_data`, `index`) are dropped. Where a
 * redirect sends the browser back to the page it asked for.
 */
const REMIX_PARAMS = ["_routes", "_data", "index"];

export function documentPathOf(url: URL): string {
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const params = new URLSearchParams(url.search);
  for (const name of REMIX_PARAMS) params.delete(name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
