import { describe, expect, it } from "vitest";
import { orderPointsView, pointsEarned, pointsStillEarned, pointsUsableIn } from "~/core/member/points";
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

describe("when an order's points become usable (decision 0036)", () => {
  it("a 銀行振込 order's at 入金確認, a 代金引換 or コンビニ後払い order's once every parcel has shipped", () => {
    expect(pointsUsableIn("bank_transfer", "pending_payment")).toBe(false);
    expect(pointsUsableIn("bank_transfer", "paid")).toBe(true);
    expect(pointsUsableIn("bank_transfer", "shipped")).toBe(true);
    for (const method of ["cod", "konbini_postpay"] as const) {
      expect(pointsUsableIn(method, "preparing")).toBe(false);
      expect(pointsUsableIn(method, "partially_shipped")).toBe(false);
      expect(pointsUsableIn(method, "shipped")).toBe(true);
      expect(pointsUsableIn(method, "completed")).toBe(true);
    }
    for (const method of ["bank_transfer", "cod", "konbini_postpay"] as const) {
      expect(pointsUsableIn(method, "cancelled")).toBe(false);
      expect(pointsUsableIn(method, "returned")).toBe(false);
    }
  });

  it("reads to the member as 付与予定 with when, 付与済み with what goods sent back took, or not given", () => {
    const earned = { earned: 358, forfeited: 0, granted: 0, grantedAt: null };
    expect(orderPointsView(earned, "bank_transfer", "pending_payment")).toEqual({
      state: "pending",
      points: 358,
      condition: "ご入金の確認後にご利用いただけます",
    });
    expect(orderPointsView(earned, "cod", "preparing")).toEqual({ state: "pending", points: 358, condition: "商品の発送後にご利用いただけます" });
    expect(orderPointsView({ ...earned, forfeited: 58 }, "cod", "partially_shipped")).toMatchObject({ state: "pending", points: 300 });
    expect(orderPointsView(earned, "bank_transfer", "cancelled")).toEqual({ state: "void", points: 358 });
    expect(orderPointsView({ ...earned, granted: 358, grantedAt: new Date() }, "cod", "completed")).toEqual({ state: "granted", points: 358, withdrawn: 0 });
    expect(orderPointsView({ ...earned, forfeited: 179, granted: 179, grantedAt: new Date() }, "cod", "completed")).toEqual({
      state: "granted",
      points: 179,
      withdrawn: 179,
    });
    expect(orderPointsView({ ...earned, earned: 0 }, "cod", "preparing")).toEqual({ state: "none" });
  });
});

describe("the points goods still kept earn", () => {
  // 358 points on 35,800 yen of goods: 2 × 9,900 (line 1) and 1 × 16,000 (line 2).
  const lines = [
    { id: 1, total: 19_800, quantity: 2, cancelled: false },
    { id: 2, total: 16_000, quantity: 1, cancelled: false },
  ];

  it("is all of them while everything is kept, none once nothing is", () => {
    expect(pointsStillEarned(358, lines)).toBe(358);
    expect(
      pointsStillEarned(
        358,
        lines,
        new Map([
          [1, 2],
          [2, 1],
        ]),
      ),
    ).toBe(0);
    expect(
      pointsStillEarned(
        358,
        lines.map((line) => ({ ...line, cancelled: true })),
      ),
    ).toBe(0);
    expect(pointsStillEarned(0, lines)).toBe(0);
  });

  it("shares the order's points by goods value, rounded down, so the parts taken back add up to what it earned", () => {
    // One of the two 9,900 yen units back: 25,900 of 35,800 kept → 259.0… → 259; that unit took 99.
    expect(pointsStillEarned(358, lines, new Map([[1, 1]]))).toBe(259);
    // Then the other: 16,000 kept → 160; the second unit took 99 too.
    expect(pointsStillEarned(358, lines, new Map([[1, 2]]))).toBe(160);
    // A cancelled line counts as not kept; a return above the quantity is no more than the line.
    expect(pointsStillEarned(358, [lines[0]!, { ...lines[1]!, cancelled: true }])).toBe(198);
    expect(pointsStillEarned(358, lines, new Map([[2, 5]]))).toBe(198);
  });
});
