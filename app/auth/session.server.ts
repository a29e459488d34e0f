import { createCookieSessionStorage, type SessionStorage } from "@remix-run/cloudflare";

export interface SessionData {
  userId: number;
  /** A guest's cart id (members' carts are found by user id). */
  cartId: string;
  /** Code of the coupon campaign taken from a /coupon-get/{code} link. */
  couponCampaign: string;
  /** sku → coupon code, from coupon product links: the row is priced with that coupon. */
  skuCoupons: Record<string, string>;
  /** The number of the order this visitor just placed (lets a guest see the thank-you page). */
  lastOrder: string;
  /** Private products whose secret link this visitor opened, oldest first, with the link's secret (their grant to buy it). */
  privateGrants: PrivateGrant[];
}

export interface PrivateGrant {
  productId: number;
  secret: string;
}

export interface SessionFlashData {
  notice: string;
}

export type AppSessionStorage = SessionStorage<SessionData, SessionFlashData>;

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** Local runs (wrangler dev, vite dev, tests) serve plain http, so only they may drop `Secure`. */
export function isLocalEnvironment(env: Pick<Env, "APP_ENV">): boolean {
  return env.APP_ENV === "development" || env.APP_ENV === "test";
}

/** Built per request: on Workers the secret arrives with the request's env. */
export function createSessionStorage(env: Pick<Env, "SESSION_SECRET" | "APP_ENV">): AppSessionStorage {
  if (!env.SESSION_SECRET) throw new Error("SESSION_SECRET is not set (wrangler secret put SESSION_SECRET)");
  return createCookieSessionStorage<SessionData, SessionFlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: !isLocalEnvironment(env),
      secrets: [env.SESSION_SECRET],
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  });
}
