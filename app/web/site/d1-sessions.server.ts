// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// relative imports only.
/**
 * The one place a request's D1 session is opened and its bookmark handed on (decision 0067; the rule itself
 * is app/core/site/d1-sessions.ts). The load context reads through the session it opens here (on Cloudflare,
 * the Vite dev server and the tests alike); the Worker entry (server.ts) puts the bookmark cookie on the
 * answer before the edge cache sees it. Background jobs (cron, queues, e-mail) use the binding itself, which
 * D1 always runs at the primary.
 */
import { bookmarkOfCookie, bookmarkSetCookie, bookmarkToCarry, d1SessionStart, withSessionArgument, type D1SessionStart } from "../../core/site/d1-sessions";
import { PRIVATE_CACHE_CONTROL } from "../../core/site/private-pages";
import type { D1Usage } from "../../db/client.server";

/** A request's D1 session: where it started, and the latest bookmark of what it read and wrote. */
export interface RequestD1Session {
  start: D1SessionStart;
  session: D1DatabaseSession;
}

/** Only over https is the cookie Secure (and `__Host-`): local runs serve plain http. */
function isHttps(request: Pick<Request, "url">): boolean {
  return new URL(request.url).protocol === "https:";
}

/** Opens the request's session where app/core/site/d1-sessions.ts says it starts. */
export function openD1Session(d1: D1Database, request: Pick<Request, "method" | "url" | "headers">): RequestD1Session {
  const start = d1SessionStart({ method: request.method, bookmark: bookmarkOfCookie(request.headers.get("Cookie"), isHttps(request)) });
  return { start, session: d1.withSession(withSessionArgument(start)) };
}

/**
 * The answer, with the session's bookmark in a cookie when the request was an action or wrote, and then
 * private: it belongs to this visitor (the edge cache never stores an answer that sets a cookie either).
 */
export function withD1Bookmark(
  response: Response,
  request: Pick<Request, "method" | "url">,
  d1: { d1Session: RequestD1Session; d1Usage: Pick<D1Usage, "writes"> },
): Response {
  const bookmark = bookmarkToCarry({ method: request.method, wrote: d1.d1Usage.writes > 0, bookmark: d1.d1Session.session.getBookmark() });
  if (!bookmark) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", bookmarkSetCookie(bookmark, isHttps(request)));
  if (!/\b(?:private|no-store)\b/i.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
