import { describe, expect, it } from "vitest";
import { isLocked, LOGIN_THROTTLE, minutesLocked, recordFailure, type AttemptRecord } from "~/core/login-throttle";

const rule = LOGIN_THROTTLE.email;
const t0 = 1_800_000_000_000;

function failTimes(times: number, start = t0, step = 1_000): AttemptRecord | undefined {
  let record: AttemptRecord | undefined;
  for (let i = 0; i < times; i++) record = recordFailure(record, rule, start + i * step);
  return record;
}

describe("login throttle", () => {
  it("does not lock below the limit", () => {
    const record = failTimes(rule.maxFailures - 1);
    expect(record?.failures).toBe(rule.maxFailures - 1);
    expect(isLocked(record, t0 + 10_000)).toBe(false);
  });

  it("locks at the limit for the lock period", () => {
    const record = failTimes(rule.maxFailures)!;
    const lastFailure = t0 + (rule.maxFailures - 1) * 1_000;
    expect(record.lockedUntil).toBe(lastFailure + rule.lockMs);
    expect(isLocked(record, lastFailure + rule.lockMs - 1)).toBe(true);
    expect(isLocked(record, lastFailure + rule.lockMs)).toBe(false);
  });

  it("starts a new window once the old one has passed", () => {
    const record = failTimes(rule.maxFailures - 1);
    const later = recordFailure(record, rule, t0 + rule.windowMs + 1);
    expect(later.failures).toBe(1);
    expect(later.windowStartedAt).toBe(t0 + rule.windowMs + 1);
    expect(later.lockedUntil).toBeNull();
  });

  it("has no lock without a record", () => {
    expect(isLocked(undefined, t0)).toBe(false);
  });

  it("reports whole minutes left, at least one", () => {
    expect(minutesLocked({ failures: 5, windowStartedAt: t0, lockedUntil: t0 + 14 * 60_000 + 1 }, t0)).toBe(15);
    expect(minutesLocked({ failures: 5, windowStartedAt: t0, lockedUntil: t0 + 1 }, t0)).toBe(1);
  });

  it("allows more failures per IP than per e-mail", () => {
    expect(LOGIN_THROTTLE.ip.maxFailures).toBeGreaterThan(LOGIN_THROTTLE.email.maxFailures);
  });
});
