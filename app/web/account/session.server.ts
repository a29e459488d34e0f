// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// relative imports only.
import { createCookieSessionStorage, createSession, type Session, type SessionStorage } from "@remix-run/cloudflare";
import { LOCAL_SESSION_COOKIE_NAME, SESSION_COOKIE_MAX_AGE_SECONDS, SESSION_COOKIE_NAME } from "../../core/account/sessions";
import type { OrderLookupGrant } from "../../core/orders/order-lookup";
import type { Database } from "../../db/client.server";
import type { PrivateGrant } from "../../services/cart/cart-lines.server";
import { resolveSession, touchSession, type SignedIn } from "../../services/account/sessions.server";

export interface SessionData {
  /**
   * The signed-in member's id. Set by getSession from the server-side session (user_sessions) when the
   * cookie's `sessionToken` is still valid; never written to or read from the cookie itself.
   */
  userId: number;
  /** The token of the server-side session (app/services/account/sessions.server.ts). */
  sessionToken: string;
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

export interface AppSessionStorage extends SessionStorage<SessionData, SessionFlashData> {
  /**
   * The signed-in member and the header's counts behind a session from getSession, or null for a guest.
   * Resolved once per request (the storage is built per request), in one D1 round trip.
   */
  signedIn(session: AppSession): Promise<SignedIn | null>;
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
  /** Runs the occasional last-seen write after the response (ExecutionContext.waitUntil). */
  waitUntil(promise: Promise<unknown>): void;
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
  const resolve = (token: string): Promise<SignedIn | null> => {
    let found = resolved.get(token);
    if (!found) {
      const now = new Date();
      found = resolveSession(backend.db, token, now).then((result) => {
        if (result?.touch) backend.waitUntil(touchSession(backend.db, token, now));
        return result && { user: result.user, shell: result.shell };
      });
      resolved.set(token, found);
    }
    return found;
  };

  return {
    async getSession(cookieHeader, options) {
      // A cookie that is not even what we sign (a stale format, a hand-edited value) reads as no session:
      // Remix's unsign runs atob on it and would throw, answering 500 to every page.
      const session = await cookieStorage.getSession(cookieHeader, options).catch(() => cookieStorage.getSession(null, options));
      session.unset("userId");
      const token = session.get("sessionToken");
      if (token) {
        const signedIn = await resolve(token);
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
      return token ? resolve(token) : null;
    },
  };
}
