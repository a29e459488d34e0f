/**
 * Limits on repeated attempts that guess a secret: passwords at login and coupon codes. Each attempt is
 * counted (atomically, by app/db/throttle.server.ts) BEFORE the secret is checked, under every key of
 * its steps; an attempt over any step's limit is refused without checking. A step counts only while the
 * steps before it allow the attempt, so a refused attempt never uses up a wider key's budget.
 * Windows are fixed: a key's count restarts once its window has passed. Pure: no I/O.
 */
export interface ThrottleRule {
  maxAttempts: number;
  windowMs: number;
}

export interface ThrottleStep {
  key: string;
  rule: ThrottleRule;
  /**
   * After an attempt that succeeded: "reset" starts the key again from zero (the owner proved the secret);
   * "forgive" takes back only this attempt (a shared network or a cart keeps its budget for guesses, so a
   * known valid code or the prober's own account cannot be used to wipe it).
   */
  onSuccess: "reset" | "forgive";
}

const FIFTEEN_MINUTES = 15 * 60_000;

export const LOGIN_THROTTLE = {
  /** One address from one network: the owner mistyping, or someone guessing from there. */
  emailAndIp: { maxAttempts: 5, windowMs: FIFTEEN_MINUTES },
  /** One network trying many addresses (password spraying). */
  ip: { maxAttempts: 50, windowMs: FIFTEEN_MINUTES },
  /**
   * One address from anywhere. Higher than emailAndIp, so a stranger on one network cannot lock the
   * customer out: it takes guesses from several networks (each stopped at 5) to reach it.
   */
  email: { maxAttempts: 20, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, ThrottleRule>;

export const COUPON_THROTTLE = {
  /** One cart (a guest's session or a member's cart): a shopper mistyping a code a few times is fine. */
  cart: { maxAttempts: 10, windowMs: FIFTEEN_MINUTES },
  /** One network, across carts (a script making fresh sessions). */
  ip: { maxAttempts: 30, windowMs: FIFTEEN_MINUTES },
} as const satisfies Record<string, ThrottleRule>;

/** The keys a login attempt counts under; `ip` is CF-Connecting-IP (absent only in local runs). */
export function loginThrottleSteps(email: string, ip: string | null): ThrottleStep[] {
  const steps: ThrottleStep[] = [{ key: `login:email-ip:${email}|${ip ?? "-"}`, rule: LOGIN_THROTTLE.emailAndIp, onSuccess: "reset" }];
  if (ip) steps.push({ key: `login:ip:${ip}`, rule: LOGIN_THROTTLE.ip, onSuccess: "forgive" });
  steps.push({ key: `login:email:${email}`, rule: LOGIN_THROTTLE.email, onSuccess: "reset" });
  return steps;
}

/** The keys a coupon-code attempt counts under. */
export function couponThrottleSteps(cartId: string, ip: string | null): ThrottleStep[] {
  const steps: ThrottleStep[] = [{ key: `coupon:cart:${cartId}`, rule: COUPON_THROTTLE.cart, onSuccess: "forgive" }];
  if (ip) steps.push({ key: `coupon:ip:${ip}`, rule: COUPON_THROTTLE.ip, onSuccess: "forgive" });
  return steps;
}

/** A key's counter after this attempt was counted. */
export interface ThrottleCount {
  attempts: number;
  windowStartedAt: number;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAt: number };

/**
 * Whether the attempt may go on, from the counters the steps answered (undefined: not counted because an
 * earlier step refused). Refused: when the earliest over-limit window ends.
 */
export function throttleVerdict(steps: ThrottleStep[], counts: (ThrottleCount | undefined)[], now: number): ThrottleVerdict {
  for (const [index, step] of steps.entries()) {
    const count = counts[index];
    if (!count) return { allowed: false, retryAt: now + step.rule.windowMs };
    if (count.attempts > step.rule.maxAttempts) return { allowed: false, retryAt: count.windowStartedAt + step.rule.windowMs };
  }
  return { allowed: true };
}

/** Whole minutes until `retryAt`, at least 1, for the message shown to the user. */
export function minutesUntil(retryAt: number, now: number): number {
  return Math.max(1, Math.ceil((retryAt - now) / 60_000));
}
