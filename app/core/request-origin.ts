/**
 * Cross-site request forgery guard: a state-changing request must come from our own origin.
 * Browsers send Origin on every cross-site POST (and Sec-Fetch-Site on modern ones), so a mismatch
 * or an opaque "null" origin is refused. Requests with neither header are not from a browser page
 * and cannot carry a victim's cookies in a forged way, so they pass.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestOriginFacts {
  method: string;
  url: string;
  origin: string | null;
  secFetchSite: string | null;
}

export function isCrossSiteMutation({ method, url, origin, secFetchSite }: RequestOriginFacts): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (secFetchSite === "cross-site" || secFetchSite === "same-site") return true;
  if (origin == null) return false;
  return origin !== new URL(url).origin;
}
