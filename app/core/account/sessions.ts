/**
 * How long a signed-in session lasts (ARCHITECTURE "Running the shop": sessions are server-side). A session
 * ends at logout, at a password change (the others), or after this long without a request; staff, who can
 * read every customer's tickets, sooner. Pure: time is passed in.
 */
import { DAY_MS } from "../dates";

export type SessionRole = "customer" | "staff" | "merchant";

/** What staff who are not the owner are told when they try an owner's action (decision 0055). */
export const OWNER_ONLY_MESSAGE = "この操作はショップのオーナーだけが行えます。";

export const SESSION_IDLE_MS: Record<SessionRole, number> = {
  customer: 30 * DAY_MS,
  staff: 12 * 60 * 60_000,
  // A merchant's login sees buyers' delivery addresses: as short as staff's.
  merchant: 12 * 60 * 60_000,
};

/**
 * The session cookie's name. `__Host-` pins it to this exact host over https (no Domain, Path=/, Secure);
 * local runs serve plain http and use the plain name.
 */
export const SESSION_COOKIE_NAME = "__Host-session";
export const LOCAL_SESSION_COOKIE_NAME = "__session";

/** The cookie outlives no session: it lasts as long as the longest idle period. */
export const SESSION_COOKIE_MAX_AGE_SECONDS = Math.max(...Object.values(SESSION_IDLE_MS)) / 1000;

/**
 * The last-seen time is written at most this often (a write per request would cost every page a D1
 * write); the idle expiry is therefore exact to within this interval.
 */
export const SESSION_TOUCH_INTERVAL_MS = 10 * 60_000;

export function sessionExpired(role: SessionRole, lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= SESSION_IDLE_MS[role];
}

export function sessionNeedsTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= SESSION_TOUCH_INTERVAL_MS;
}
