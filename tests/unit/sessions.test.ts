import { describe, expect, it } from "vitest";
import { SESSION_COOKIE_MAX_AGE_SECONDS, SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS, sessionExpired, sessionNeedsTouch } from "~/core/account/sessions";

const t0 = 1_800_000_000_000;
const HOUR = 60 * 60_000;

describe("session lifetime", () => {
  it("ends a staff session after 12 hours without a request, a customer's after 30 days", () => {
    expect(sessionExpired("staff", t0, t0 + 12 * HOUR - 1)).toBe(false);
    expect(sessionExpired("staff", t0, t0 + 12 * HOUR)).toBe(true);
    expect(sessionExpired("customer", t0, t0 + 12 * HOUR)).toBe(false);
    expect(sessionExpired("customer", t0, t0 + 30 * 24 * HOUR - 1)).toBe(false);
    expect(sessionExpired("customer", t0, t0 + 30 * 24 * HOUR)).toBe(true);
  });

  it("keeps the cookie as long as the longest session", () => {
    expect(SESSION_COOKIE_MAX_AGE_SECONDS * 1000).toBe(SESSION_IDLE_MS.customer);
  });

  it("writes the last-seen time only once per interval", () => {
    expect(sessionNeedsTouch(t0, t0 + SESSION_TOUCH_INTERVAL_MS - 1)).toBe(false);
    expect(sessionNeedsTouch(t0, t0 + SESSION_TOUCH_INTERVAL_MS)).toBe(true);
    expect(SESSION_TOUCH_INTERVAL_MS).toBeLessThan(SESSION_IDLE_MS.staff / 10);
  });
});
