import { describe, expect, it } from "vitest";
import { COUPON_THROTTLE, couponThrottleSteps, LOGIN_THROTTLE, loginThrottleSteps, minutesUntil, throttleVerdict } from "~/core/site/throttle";

const t0 = 1_800_000_000_000;

describe("throttle rules", () => {
  it("counts a login under e-mail+IP first, then the network, then the e-mail alone", () => {
    const steps = loginThrottleSteps("a@example.jp", "203.0.113.7");
    expect(steps.map((step) => [step.key, step.rule.maxAttempts, step.onSuccess])).toEqual([
      ["login:email-ip:a@example.jp|203.0.113.7", 5, "reset"],
      ["login:ip:203.0.113.7", LOGIN_THROTTLE.ip.maxAttempts, "forgive"],
      ["login:email:a@example.jp", LOGIN_THROTTLE.email.maxAttempts, "reset"],
    ]);
    expect(loginThrottleSteps("a@example.jp", null).map((step) => step.key)).toEqual(["login:email-ip:a@example.jp|-", "login:email:a@example.jp"]);
  });

  it("locks one address from one network sooner than the address from everywhere", () => {
    expect(LOGIN_THROTTLE.emailAndIp.maxAttempts).toBe(5);
    expect(LOGIN_THROTTLE.email.maxAttempts).toBeGreaterThan(LOGIN_THROTTLE.emailAndIp.maxAttempts);
  });

  it("counts coupon codes per cart and per network, forgiving an accepted code", () => {
    expect(couponThrottleSteps("cart-1", "198.51.100.1")).toEqual([
      { key: "coupon:cart:cart-1", rule: COUPON_THROTTLE.cart, onSuccess: "forgive" },
      { key: "coupon:ip:198.51.100.1", rule: COUPON_THROTTLE.ip, onSuccess: "forgive" },
    ]);
  });

  it("allows up to the limit and refuses the next until the window ends", () => {
    const steps = loginThrottleSteps("a@example.jp", "203.0.113.7");
    const ok = { attempts: 1, windowStartedAt: t0 };
    expect(throttleVerdict(steps, [{ attempts: 5, windowStartedAt: t0 }, ok, ok], t0 + 1000)).toEqual({ allowed: true });
    expect(throttleVerdict(steps, [{ attempts: 6, windowStartedAt: t0 }, ok, ok], t0 + 1000)).toEqual({
      allowed: false,
      retryAt: t0 + LOGIN_THROTTLE.emailAndIp.windowMs,
    });
    // The e-mail alone over its limit refuses too, whatever the network.
    expect(throttleVerdict(steps, [ok, ok, { attempts: LOGIN_THROTTLE.email.maxAttempts + 1, windowStartedAt: t0 }], t0).allowed).toBe(false);
  });

  it("refuses a step that was not counted because an earlier one refused", () => {
    const steps = couponThrottleSteps("c", "ip");
    expect(throttleVerdict(steps, [{ attempts: 1, windowStartedAt: t0 }, undefined], t0)).toEqual({
      allowed: false,
      retryAt: t0 + COUPON_THROTTLE.ip.windowMs,
    });
  });

  it("reports whole minutes left, at least one", () => {
    expect(minutesUntil(t0 + 14 * 60_000 + 1, t0)).toBe(15);
    expect(minutesUntil(t0 + 1, t0)).toBe(1);
    expect(minutesUntil(t0 - 5, t0)).toBe(1);
  });
});
