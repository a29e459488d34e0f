/**
 * Throttling of repeated failed logins, per e-mail address and per client IP.
 * After MAX_FAILURES failures inside WINDOW_MS the key is locked for LOCK_MS.
 */
export const LOGIN_THROTTLE = {
  email: { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
  ip: { maxFailures: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 },
} as const;

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export interface AttemptRecord {
  failures: number;
  windowStartedAt: number;
  lockedUntil: number | null;
}

export function isLocked(record: AttemptRecord | undefined, now: number): boolean {
  return record?.lockedUntil != null && record.lockedUntil > now;
}

/** The record after one more failure: a new window once the old one has passed, a lock at the limit. */
export function recordFailure(record: AttemptRecord | undefined, rule: ThrottleRule, now: number): AttemptRecord {
  const windowOpen = record != null && now - record.windowStartedAt < rule.windowMs;
  const failures = windowOpen ? record.failures + 1 : 1;
  const windowStartedAt = windowOpen ? record.windowStartedAt : now;
  return {
    failures,
    windowStartedAt,
    lockedUntil: failures >= rule.maxFailures ? now + rule.lockMs : null,
  };
}

/** Whole minutes left on a lock, at least 1, for the message shown to the user. */
export function minutesLocked(record: AttemptRecord, now: number): number {
  return Math.max(1, Math.ceil(((record.lockedUntil ?? now) - now) / 60_000));
}
