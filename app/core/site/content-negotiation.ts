/**
 * Content negotiation for page URLs that also answer JSON (spec §7: GET /user/profile/addresses is both
 * the member's address page and, for a script, the list of addresses). The Worker entry rewrites such a
 * request to the JSON resource route before Remix routes it (server.ts). `remix vite:dev` does not run
 * server.ts, so there the page's loader redirects such a request to the JSON route instead. Pure: no I/O.
 */

/** Page path → the resource route that answers it as JSON. */
export const JSON_ALTERNATES: Readonly<Record<string, string>> = {
  "/user/profile/addresses": "/api/user/addresses",
};

/** Headers a page that has a JSON alternate must vary on. */
export const NEGOTIATED_VARY = "Accept, X-Requested-With";

function quality(params: string[]): number {
  for (const param of params) {
    const [name, value] = param.split("=").map((part) => part.trim());
    if (name === "q") {
      const q = Number(value);
      return Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 1;
    }
  }
  return 1;
}

/**
 * True when the client asks for JSON rather than HTML: an Accept header that ranks application/json
 * (or another JSON type) above text/html, or the X-Requested-With: XMLHttpRequest header scripts send.
 * Browsers' navigations (text/html first, *\/* last) and a bare *\/* get the page.
 */
export function prefersJson(accept: string | null, requestedWith: string | null = null): boolean {
  if ((requestedWith ?? "").toLowerCase() === "xmlhttprequest") return true;
  let json = 0;
  let html = 0;
  for (const range of (accept ?? "").split(",")) {
    const [type = "", ...params] = range.split(";");
    const mediaType = type.trim().toLowerCase();
    const q = quality(params);
    if (mediaType === "application/json" || /^[a-z]+\/[a-z0-9.+-]*\+json$/.test(mediaType)) json = Math.max(json, q);
    else if (mediaType === "text/html" || mediaType === "application/xhtml+xml") html = Math.max(html, q);
  }
  return json > 0 && json > html;
}

/** The JSON route to serve instead, for a GET/HEAD of a negotiated page that prefers JSON; else null. */
export function jsonAlternatePath(request: { method: string; pathname: string; accept: string | null; requestedWith: string | null }): string | null {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const pathname = request.pathname.length > 1 ? request.pathname.replace(/\/+$/, "") : request.pathname;
  const alternate = JSON_ALTERNATES[pathname];
  if (!alternate) return null;
  return prefersJson(request.accept, request.requestedWith) ? alternate : null;
}

/**
 * The request Remix should route: a negotiated page asked for as JSON becomes a request for its JSON
 * route (same method, headers and cookies); any other request is returned as it is.
 */
export function negotiateJsonRequest(request: Request): Request {
  const url = new URL(request.url);
  const alternate = jsonAlternatePath({
    method: request.method,
    pathname: url.pathname,
    accept: request.headers.get("Accept"),
    requestedWith: request.headers.get("X-Requested-With"),
  });
  if (!alternate) return request;
  url.pathname = alternate;
  return new Request(url, request);
}
