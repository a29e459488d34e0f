/**
 * Cross-site request forgery guard: a state-changing request must come from our own origin.
 * Browsers send Origin on every cross-site POST (and Sec-Fetch-Site on modern ones), so a mismatch
 * or an opaque "null" origin is refused. A request with neither (an old browser, a privacy proxy that
 * strips them, a script) must show a Referer from our own origin instead, or it is refused too:
 * nothing state-changing is accepted without some proof of where it came from.
 */
import { NEWSLETTER_UNSUBSCRIBE_PATH } from "../mail/newsletter";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface RequestOriginFacts {
  method: string;
  url: string;
  origin: string | null;
  secFetchSite: string | null;
  referer: string | null;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * RFC 8058's one-click unsubscribe: the mail provider's servers POST to the newsletter's signed link, from
 * no page of ours (their own Origin, or none). The signed link is its own proof, and all it can do is stop
 * that member's newsletter.
 */
export function isOneClickUnsubscribe({ method, url }: Pick<RequestOriginFacts, "method" | "url">): boolean {
  return method.toUpperCase() === "POST" && new URL(url).pathname === NEWSLETTER_UNSUBSCRIBE_PATH;
}

export function isCrossSiteMutation({ method, url, origin, secFetchSite, referer }: RequestOriginFacts): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (isOneClickUnsubscribe({ method, url })) return false;
  if (secFetchSite === "cross-site" || secFetchSite === "same-site") return true;
  const own = new URL(url).origin;
  if (origin != null) return origin !== own;
  if (secFetchSite != null) return false; // same-origin or none (typed by the user), from a browser
  return referer == null || originOf(referer) !== own;
}
