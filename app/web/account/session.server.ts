// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// relative imports only.
import { createCookieSessionStorage, createSession, type Session, type SessionStorage } from "@remix-run/cloudflare";
import { LOCAL_SESSION_COOKIE_NAME, SESSION_COOKIE_MAX_AGE_SECONDS, SESSION_COOKIE_NAME } from "../../core/account/sessions";
import type { OrderLookupGrant } from "../../core/orders/order-lookup";
import type { PrivateGrant } from "../../services/cart/cart-lines.server";
import { createDatabase, type Database } from "../../db/client.server";
import type { D1Target } from "../../db/d1-calls.server";
import type { SessionCheckJoin } from "../../db/session-check-join.server";
import { documentPathOf } from "../../core/site/document-path";
import { redirect } from "@remix-run/cloudflare";
import { resolveSession, sameSessionUser, touchSession, type SessionUser } from "../../services/account/sessions.server";
import type { ShellState } from "../../services/site/shell.server";

export interface SessionData {
  /**
   * The signed-in member's id. Set by getSession from the server-side session (user_sessions) when the
   * cookie's `sessionToken` is still valid; never written to or read from the cookie itself.
   */
  userId: number;
  /** The token of the server-side session (app/services/account/sessions.server.ts). */
  sessionToken: string;
  /**
   * Who the session signed in, as they were when it was last checked: a page request reads with it at once,
   * while the check of the token travels in the page's own batch (decision 0069). Never trusted alone.
   */
  signedInAs: SessionUser;
  /** A guest's cart id (members' carts are found by user id). */
  cartId: string;
  /** Code of the coupon campaign taken from a /coupon-get/{code} link. */
  couponCampaign: string;
  /** sku → coupon code, from coupon product links: the row is priced with that coupon. */
  skuCoupons: Record<string, string>;
  /** The number of the order this visitor just placed (lets a guest see the thank-you page). */
  lastOrder: string;
  /** The guest order this visitor found at /order-lookup (number and e-mail), shown until it expires. */
  orderLookup: OrderLookupGrant;
  /** Private products whose secret link this visitor opened, oldest first, with the link's secret (their grant to buy it). */
  privateGrants: PrivateGrant[];
}

export interface SessionFlashData {
  notice: string;
}

export type AppSession = Session<SessionData, SessionFlashData>;

/** A signed-in visitor: who, and the header's counts (on a page, they arrive with the page's own batch). */
export interface SignedIn {
  user: SessionUser;
  shell: Promise<ShellState>;
}

export interface AppSessionStorage extends SessionStorage<SessionData, SessionFlashData> {
  /**
   * The signed-in member and the header's counts behind a session from getSession, or null for a guest.
   * Resolved once per request (the storage is built per request).
   */
  signedIn(session: AppSession): Promise<SignedIn | null>;
  /**
   * On a page request whose session check failed: the redirect that puts the cookie right (decision 0069), or
   * null. The entry's hooks answer it whatever the routes made of their refused reads: Drizzle wraps a refused
   * single statement into its own error, which Remix would answer with 500.
   */
  endedSessionAnswer(): Promise<Response | null>;
}

/** Local runs (wrangler dev, vite dev, tests) serve plain http, so only they may drop `Secure`. */
export function isLocalEnvironment(env: Pick<Env, "APP_ENV">): boolean {
  return env.APP_ENV === "development" || env.APP_ENV === "test";
}

/** `__Host-` pins the cookie to this exact host over https (no Domain, Path=/, Secure): outside local runs. */
export function sessionCookieName(env: Pick<Env, "APP_ENV">): string {
  return isLocalEnvironment(env) ? LOCAL_SESSION_COOKIE_NAME : SESSION_COOKIE_NAME;
}

export interface SessionBackend {
  db: Database;
  /** The same database without the page check's join: what the check itself reads through when it goes first. */
  checkDb: Database;
  /** Runs the occasional last-seen write after the response (ExecutionContext.waitUntil). */
  waitUntil(promise: Promise<unknown>): void;
  /**
   * On a page request (GET, HEAD): the request's D1, whose next read batch the session check joins, and the
   * request's URL, which a failed check sends the browser back to (decision 0069). Actions check first.
   */
  pageCheck?: { join: SessionCheckJoin<D1Target>; url: string; cookieHeader: string | null };
}

/**
 * Built per request: on Workers the secret arrives with the request's env. The cookie is signed and holds
 * the session token and a guest's small state (cart id, coupon links); who is signed in lives in D1.
 */
export function createSessionStorage(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">, backend: SessionBackend): AppSessionStorage {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set (wrangler secret put SESSION_SECRET)");
  const cookieStorage = createCookieSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: sessionCookieName(env),
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: !isLocalEnvironment(env),
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
    },
  });
  const resolved = new Map<string, Promise<SignedIn | null>>();
  /** A failed page check's redirect, once a check rides in the page's batch. */
  let endedAnswer: Promise<Response | null> = Promise.resolve(null);
  const touchIfDue = (token: string, now: Date, found: { touch: boolean } | null) => {
    if (found?.touch) backend.waitUntil(touchSession(backend.db, token, now));
  };

  /** Checked before anything is read: an action, or a cookie from before the claim was kept. */
  const checkFirst = async (token: string): Promise<SignedIn | null> => {
    const now = new Date();
    const found = await resolveSession(backend.checkDb, token, now);
    touchIfDue(token, now, found);
    return found && { user: found.user, shell: Promise.resolve(found.shell) };
  };

  /**
   * A page reads as `claimed` at once; the check joins the page's batch, and until it passes no answer of
   * this request's D1 reaches the page. A session that ended (or a user who changed) sends the browser back
   * to the same page with the cookie put right, to be rendered as a guest (or as the user is now).
   */
  const checkInPageBatch = (
    token: string,
    claimed: SessionUser,
    cookieHeader: string | null,
    pageCheck: NonNullable<SessionBackend["pageCheck"]>,
  ): SignedIn => {
    const now = new Date();
    const rider = pageCheck.join.checkRider();
    const found = resolveSession(createDatabase(rider.d1), token, now);
    found.catch(rider.cancel);
    const passed = found.then(async (session) => {
      touchIfDue(token, now, session);
      if (session && sameSessionUser(session.user, claimed)) return session;
      const cookie = await cookieStorage.getSession(cookieHeader);
      if (session) cookie.set("signedInAs", session.user);
      else {
        cookie.unset("sessionToken");
        cookie.unset("signedInAs");
      }
      throw redirect(documentPathOf(new URL(pageCheck.url)), { headers: { "Set-Cookie": await cookieStorage.commitSession(cookie) } });
    });
    pageCheck.join.holdAnswersUntil(passed.then(() => undefined));
    endedAnswer = passed.then(
      () => null,
      (reason: unknown) => (reason instanceof Response ? reason : null),
    );
    const shell = passed.then((session) => session.shell);
    // A page whose header is not rendered (a data request of one route) never reads the counts.
    shell.catch(() => {});
    return { user: claimed, shell };
  };

  /** The request's cookie, as getSession read it: what a failed check's redirect puts right. */
  let requestCookie: string | null = null;
  const resolve = (token: string, claimed: SessionUser | undefined): Promise<SignedIn | null> => {
    let found = resolved.get(token);
    if (!found) {
      found = backend.pageCheck && claimed ? Promise.resolve(checkInPageBatch(token, claimed, requestCookie, backend.pageCheck)) : checkFirst(token);
      resolved.set(token, found);
    }
    return found;
  };

  const storage: AppSessionStorage = {
    async getSession(cookieHeader, options) {
      // A cookie that is not even what we sign (a stale format, a hand-edited value) reads as no session:
      // Remix's unsign runs atob on it and would throw, answering 500 to every page.
      const session = await cookieStorage.getSession(cookieHeader, options).catch(() => cookieStorage.getSession(null, options));
      session.unset("userId");
      const token = session.get("sessionToken");
      if (token) {
        requestCookie = cookieHeader ?? null;
        const signedIn = await resolve(token, session.get("signedInAs"));
        if (signedIn) session.set("userId", signedIn.user.id);
        else session.unset("sessionToken");
      }
      return session;
    },
    async commitSession(session, options) {
      const { userId, ...stored } = session.data;
      // userId is only ever resolved from the token: set without one, the user would silently not be signed in.
      if (userId != null && !stored.sessionToken) throw new Error('Sign users in with signInSession(), not session.set("userId")');
      // `data` is the partial, flash-carrying shape createSession takes at run time (its type says Data).
      return cookieStorage.commitSession(createSession<SessionData, SessionFlashData>(stored as SessionData, session.id), options);
    },
    destroySession: (session, options) => cookieStorage.destroySession(session, options),
    async signedIn(session) {
      const token = session.get("sessionToken");
      return token ? resolve(token, session.get("signedInAs")) : null;
    },
    endedSessionAnswer: () => endedAnswer,
  };
  // A page carrying a session starts its check at once: a loader that reads before it asks who is signed in
  // (the home page's catalogue) then still carries the check in its batch instead of answering first.
  const { pageCheck } = backend;
  if (pageCheck?.cookieHeader?.includes(`${sessionCookieName(env)}=`)) {
    pageCheck.join.holdCallsUntil(storage.getSession(pageCheck.cookieHeader).then(() => undefined));
  }
  return storage;
}
