import { describe, expect, it } from "vitest";
import { constantTimeEqual, hashPassword, PASSWORD_HASH_ITERATIONS, verifyPassword } from "~/auth/password.server";

describe("password hashing (PBKDF2-SHA256)", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("password1234");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("password1234", stored)).toBe(true);
    expect(await verifyPassword("password1235", stored)).toBe(false);
  });

  it("salts each hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("never exceeds the Workers PBKDF2 cap", () => {
    expect(PASSWORD_HASH_ITERATIONS).toBeLessThanOrEqual(100_000);
  });

  it("refuses malformed or over-costly stored hashes", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "md5$1$a$b")).toBe(false);
    expect(await verifyPassword("x", "pbkdf2-sha256$1000000$AAAA$AAAA")).toBe(false);
  });

  it("compares byte arrays of any length", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});
