// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// no imports.
/**
 * Which copy of the database a request reads (decision 0067, D1 read replication through the Sessions API).
 * Every request reads through one D1 session: a visitor's reads may come from the nearest replica, except
 * where they must not — an action (any method but GET/HEAD: the writes and the reads that guard them) starts
 * at the primary, and a visitor who has written carries the session's bookmark in a short-lived cookie, so
 * their next requests read a copy at least as new as their own write. Pure: no I/O.
 */

/** Where a D1 session starts: the primary, wherever is nearest, or a copy at least as new as a bookmark. */
export type D1SessionStart = "first-primary" | "first-unconstrained" | { bookmark: string };

/**
 * The bookmark cookie. `__Host-` pins it to this exact host over https (no Domain, Path=/, Secure); local
 * runs serve plain http and use the plain name (as the session cookie does).
 */
export const D1_BOOKMARK_COOKIE_NAME = "__Host-d1-bookmark";
export const LOCAL_D1_BOOKMARK_COOKIE_NAME = "d1-bookmark";

/**
 * How long a visitor's reads wait for their own write: far longer than a replica lags behind the primary
 * (seconds at most), short enough that the cookie (which makes catalogue pages personal, decision 0023)
 * soon stops keeping them off the edge cache. Every later write sets it again.
 */
export const D1_BOOKMARK_MAX_AGE_SECONDS = 300;

/**
 * A bookmark as D1 writes it (four hex groups, e.g. `00000085-0000024c-00004c6d-8e61117b…`). The cookie is
 * the visitor's to change: anything else is ignored, never handed to D1.
 */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/i;

export function isD1Bookmark(value: string | null | undefined): value is string {
  return value != null && BOOKMARK.test(value);
}

/** Reads (GET, HEAD) may come from a replica; any other method is an action. */
export function isReadOnlyMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

/**
 * Where this request's session starts: an action at the primary (its guards never read a replica); a read
 * of a visitor who has written at their bookmark; any other read wherever D1 finds nearest.
 */
export function d1SessionStart(request: { method: string; bookmark: string | null }): D1SessionStart {
  if (!isReadOnlyMethod(request.method)) return "first-primary";
  return isD1Bookmark(request.bookmark) ? { bookmark: request.bookmark } : "first-unconstrained";
}

/** The argument `withSession` takes for a start. */
export function withSessionArgument(start: D1SessionStart): string {
  return typeof start === "string" ? start : start.bookmark;
}

export function d1BookmarkCookieName(secure: boolean): string {
  return secure ? D1_BOOKMARK_COOKIE_NAME : LOCAL_D1_BOOKMARK_COOKIE_NAME;
}

/** The bookmark the request's cookie carries (valid ones only), or null. */
export function bookmarkOfCookie(cookieHeader: string | null, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = d1BookmarkCookieName(secure);
  for (const pair of cookieHeader.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    if (isD1Bookmark(value)) return value;
  }
  return null;
}

/**
 * The bookmark the answer hands the visitor, or null: after an action (any post), or a read that wrote (a
 * link that confirms something, then shows it). A plain read changes nothing of the visitor's, so it sets no
 * cookie (an anonymous catalogue page stays storable in the edge cache).
 */
export function bookmarkToCarry(request: { method: string; wrote: boolean; bookmark: string | null }): string | null {
  if (!isD1Bookmark(request.bookmark)) return null;
  return !isReadOnlyMethod(request.method) || request.wrote ? request.bookmark : null;
}

/** The Set-Cookie of the bookmark: HttpOnly, SameSite=Lax, Secure over https, for D1_BOOKMARK_MAX_AGE_SECONDS. */
export function bookmarkSetCookie(bookmark: string, secure: boolean): string {
  const attributes = [`${d1BookmarkCookieName(secure)}=${bookmark}`, "Path=/", `Max-Age=${D1_BOOKMARK_MAX_AGE_SECONDS}`, "HttpOnly", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
