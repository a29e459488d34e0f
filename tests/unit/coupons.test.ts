import { describe, expect, it } from "vitest";
import { couponCodeOf } from "~/core/promotions/coupons";

describe("couponCodeOf: a coupon or campaign code as typed, linked or posted", () => {
  it("compares codes in capitals, trimmed, full width made ASCII", () => {
    expect(couponCodeOf("spring10")).toBe("SPRING10");
    expect(couponCodeOf("  Welcome500 ")).toBe("WELCOME500");
    expect(couponCodeOf("ＳＰＲＩＮＧ１０")).toBe("SPRING10");
    expect(couponCodeOf("campaign_2026-a")).toBe("CAMPAIGN_2026-A");
  });

  it("takes 1 to 40 letters, digits, _ and - (limit, limit+1)", () => {
    expect(couponCodeOf("A")).toBe("A");
    expect(couponCodeOf("A".repeat(40))).toBe("A".repeat(40));
    expect(couponCodeOf("A".repeat(41))).toBeNull();
  });

  it("refuses what cannot be a code, before capitals could make it one", () => {
    for (const bad of ["", "   ", "春10", "SPRING 10", "a%", "'; drop table coupons", "ßale"]) expect(couponCodeOf(bad)).toBeNull();
  });
});
