import { describe, expect, it } from "vitest";
import { pointsEarned } from "~/core/points";
import { includedTax, withTax } from "~/core/tax";

describe("tax", () => {
  it("adds tax rounded down to a tax-excluded price", () => {
    expect(withTax(1800, 10)).toBe(1980);
    expect(withTax(1400, 8)).toBe(1512);
    expect(withTax(1355, 8)).toBe(1463); // 108.4 → 108
    expect(withTax(0, 10)).toBe(0);
  });

  it("extracts the tax contained in a tax-included amount, rounded down", () => {
    expect(includedTax(1980, 10)).toBe(180);
    expect(includedTax(1620, 8)).toBe(120);
    expect(includedTax(1000, 10)).toBe(90); // 90.9 → 90
    expect(includedTax(1000, 8)).toBe(74); // 74.07 → 74
    expect(includedTax(0, 8)).toBe(0);
  });
});

describe("points earned", () => {
  it("earns 1 point per 100 yen, rounded down", () => {
    expect(pointsEarned(99)).toBe(0);
    expect(pointsEarned(100)).toBe(1);
    expect(pointsEarned(3_679)).toBe(36);
  });
  it("applies a promo multiplier and never goes negative", () => {
    expect(pointsEarned(5_000, 2)).toBe(100);
    expect(pointsEarned(-500)).toBe(0);
  });
});
