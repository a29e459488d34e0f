// Imported by vite.config.ts, where the ~/ alias does not exist yet: relative imports only.
/**
 * Request and response safety shared by the Worker entry and the Vite dev server:
 * refuse cross-site state changes, and send the security headers on every response.
 */
import type { D1Usage } from "./db/client.server";
import { isLocalEnvironment } from "./web/account/session.server";
import { isCrossSiteMutation, isOneClickUnsubscribe } from "./core/site/request-origin";
import { isPrivatePath, PRIVATE_CACHE_CONTROL } from "./core/site/private-pages";

export const CROSS_SITE_REFUSED_MESSAGE = "別のサイトから送信されたリクエストのため、処理できませんでした。ページを再読み込みしてからもう一度お試しください。";

export function refuseCrossSiteMutation(request: Request): Response | null {
  const crossSite = isCrossSiteMutation({
    method: request.method,
    url: request.url,
    origin: request.headers.get("Origin"),
    secFetchSite: request.headers.get("Sec-Fetch-Site"),
    referer: request.headers.get("Referer"),
  });
  return crossSite ? new Response(CROSS_SITE_REFUSED_MESSAGE, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } }) : null;
}

/**
 * The request Remix is given. Remix has a same-host check of its own for a page's POST (an Origin that is not
 * the Host is thrown as an error: a 500); the guard above is the shop's, and it lets exactly one cross-origin
 * POST through on purpose — the one-click unsubscribe, which the provider's servers post with their own
 * Origin — so Remix gets that one without it.
 */
export function requestForRemix(request: Request): Request {
  if (!request.headers.has("Origin") || !isOneClickUnsubscribe({ method: request.method, url: request.url })) return request;
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return new Request(request, { headers });
}

/** Headers every response carries; documents add a nonce-based CSP in entry.server. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "geolocation=(), microphone=(), payment=()",
};

/** A fresh CSP nonce: one per request (app/load-context.ts). */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The nonce a document's policy allows its inline scripts by, or null (no policy, or one by hashes). */
export function nonceOfPolicy(policy: string | null): string | null {
  return policy ? (/'nonce-([^']+)'/.exec(policy)?.[1] ?? null) : null;
}

/**
 * A document's policy. Its inline scripts are allowed by the render's nonce, or — a copy the edge cache
 * serves to every visitor — by the SHA-256 of each (base64), so no nonce is shared between visitors.
 */
export function documentContentSecurityPolicy(inlineScripts: { nonce: string } | { sha256: string[] }): string {
  const allowed = "nonce" in inlineScripts ? [`'nonce-${inlineScripts.nonce}'`] : inlineScripts.sha256.map((hash) => `'sha256-${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...allowed].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Two years of https only, for this host and its subdomains (sent outside local runs, which serve http). */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * Adds the base headers, `private, no-store` to one visitor's answers that did not say how they may be kept
 * (app/core/site/private-pages.ts), a frame-ancestors CSP where none was set, HSTS outside local runs, and the D1
 * round trips, rows read, statements that write and rows written as Server-Timing only when SERVER_TIMING is "on"
 * (the bench's servers; the write bench reads the last two): production
 * responses do not tell how much work a request caused.
 */
export function finishResponse(response: Response, env: Pick<Env, "APP_ENV" | "SERVER_TIMING">, d1: D1Usage, request: Pick<Request, "url">): Response {
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value);
  if (!headers.has("Cache-Control") && isPrivatePath(new URL(request.url).pathname)) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", "frame-ancestors 'none'");
  if (!isLocalEnvironment(env)) headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  if (env.SERVER_TIMING === "on") {
    headers.append(
      "Server-Timing",
      `d1;desc="round trips";dur=${d1.roundTrips}, d1-sequential;desc="sequential round trips";dur=${d1.sequentialTrips}, d1-rows;desc="rows read";dur=${d1.rowsRead}, d1-unmetered;desc="statements without meta";dur=${d1.unmeteredStatements}, ` +
        `d1-writes;desc="statements that write";dur=${d1.writes}, d1-rows-written;desc="rows written";dur=${d1.rowsWritten}`,
    );
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
