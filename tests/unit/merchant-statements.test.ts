/** The merchants' statements' pure rules (decision 0060): months in Japan, rates typed and resolved by category, the arithmetic and its rounding, the CSV. */
import { describe, expect, it } from "vitest";
import {
  commissionOn,
  formatRate,
  lineRate,
  monthDays,
  monthOf,
  monthRange,
  monthState,
  monthsAfter,
  parseStatementMonth,
  percentText,
  percentToBp,
  statementFigures,
  statementMonths,
} from "~/core/merchant/merchant-statements";
import { statementCsvRecords } from "~/core/merchant/statement-csv";

describe("months", () => {
  it("are read only as YYYY-MM from 2000 on", () => {
    expect(parseStatementMonth("2026-10")).toBe("2026-10");
    for (const text of ["2026-13", "2026-00", "2026-1", "26-10", "2026-10-01", "1999-12", "", null, undefined, " 2026-10"])
      expect(parseStatementMonth(text)).toBeNull();
  });

  it("run from 00:00 of the 1st in Japan to the next month's", () => {
    expect(monthRange("2026-10")).toEqual({ from: new Date("2026-09-30T15:00:00Z"), to: new Date("2026-10-31T15:00:00Z") });
    expect(monthRange("2026-12").to).toEqual(new Date("2026-12-31T15:00:00Z"));
    expect(monthDays("2028-02")).toEqual({ first: "2028-02-01", last: "2028-02-29" });
    // 23:30 UTC on 31 October is 1 November in Japan.
    expect(monthOf(new Date("2026-10-31T15:30:00Z"))).toBe("2026-11");
    expect(monthsAfter("2026-01", -1)).toBe("2025-12");
    expect(monthsAfter("2026-12", 1)).toBe("2027-01");
  });

  it("are closed once they have ended in Japan, current while running, future before", () => {
    const now = new Date("2026-10-31T15:30:00Z");
    expect(monthState("2026-10", now)).toBe("closed");
    expect(monthState("2026-11", now)).toBe("current");
    expect(monthState("2026-12", now)).toBe("future");
    expect(statementMonths("2026-08", now, 24)).toEqual(["2026-11", "2026-10", "2026-09", "2026-08"]);
    expect(statementMonths("2020-01", now, 3)).toEqual(["2026-11", "2026-10", "2026-09"]);
  });
});

describe("rates", () => {
  it("are typed as a percentage with two decimals at most, 0 to 100", () => {
    expect(percentToBp("10")).toBe(1000);
    expect(percentToBp("8.5")).toBe(850);
    expect(percentToBp("12.25")).toBe(1225);
    expect(percentToBp(" 0 ")).toBe(0);
    expect(percentToBp("100")).toBe(10_000);
    for (const text of ["100.01", "101", "-1", "1.234", "abc", "", "1e2", "0x10"]) expect(percentToBp(text)).toBeNull();
    expect([1000, 850, 1225, 5, 0].map(percentText)).toEqual(["10", "8.5", "12.25", "0.05", "0"]);
    expect(formatRate(850)).toBe("8.5%");
  });

  it("of a line: its main category's, else the nearest category above with one, else the merchant's", () => {
    const parents = new Map<number, number | null>([
      [1, null],
      [10, 1],
      [100, 10],
      [2, null],
    ]);
    const rates = { merchantBp: 1000, categories: new Map([[1, 1500]]) };
    expect(lineRate(100, rates, parents)).toBe(1500);
    expect(lineRate(2, rates, parents)).toBe(1000);
    expect(
      lineRate(
        100,
        {
          ...rates,
          categories: new Map([
            [1, 1500],
            [10, 500],
          ]),
        },
        parents,
      ),
    ).toBe(500);
    // A loop in the tree ends the walk.
    expect(
      lineRate(
        7,
        rates,
        new Map([
          [7, 8],
          [8, 7],
        ]),
      ),
    ).toBe(1000);
  });
});

describe("the statement's figures", () => {
  it("take the commission once per rate on its net goods, cut below the yen toward zero", () => {
    expect(commissionOn(1299, 1000)).toBe(129);
    expect(commissionOn(-1299, 1000)).toBe(-129);
    expect(commissionOn(999, 1)).toBe(0);
    const { figures, rates } = statementFigures(
      [
        { kind: "sale", amount: 1299, bp: 1000 },
        { kind: "sale", amount: 1299, bp: 1000 },
        { kind: "sale", amount: 3333, bp: 1550 },
        { kind: "return", amount: 1299, bp: 1000 },
      ],
      880,
    );
    // Per rate: 10% of 1299 = 129.9 → 129; 15.5% of 3333 = 516.615 → 516.
    expect(rates).toEqual([
      { bp: 1550, sales: 3333, refunds: 0, base: 3333, commission: 516 },
      { bp: 1000, sales: 2598, refunds: 1299, base: 1299, commission: 129 },
    ]);
    expect(figures).toEqual({ sales: 5931, refunds: 1299, commission: 645, shipping: 880, payable: 5931 - 1299 - 645 + 880 });
  });

  it("give back commission on a month whose returns exceed its sales, never more than the rate's share", () => {
    const { figures } = statementFigures([{ kind: "return", amount: 1005, bp: 1000 }], 0);
    expect(figures).toEqual({ sales: 0, refunds: 1005, commission: -100, shipping: 0, payable: -905 });
    expect(statementFigures([], 0).figures).toEqual({ sales: 0, refunds: 0, commission: 0, shipping: 0, payable: 0 });
  });

  it("as CSV: every line, shipping, return and rate, then the figures, the amounts off the payable negative", () => {
    const line = { sku: "A", title: "=1+1", quantity: 2, amount: 2000, bp: 1000 };
    const { figures, rates } = statementFigures(
      [
        { kind: "sale", amount: 2000, bp: 1000 },
        { kind: "return", amount: 1000, bp: 1000 },
      ],
      500,
    );
    const records = statementCsvRecords({
      figures,
      rates,
      parcels: [{ shipmentId: 7, orderNumber: "N1", shippedAt: new Date("2026-10-14T16:00:00Z"), shippingFee: 500, lines: [line] }],
      returns: [{ returnId: 3, orderNumber: "N1", receivedAt: new Date("2026-10-20T00:00:00Z"), lines: [{ ...line, quantity: 1, amount: 1000 }] }],
      payout: { paidOn: "2026-11-25", reference: "R-1" },
    });
    expect(records).toEqual([
      ["売上", "2026-10-15", "N1", 7, "A", "=1+1", 2, 2000, "10%"],
      ["送料", "2026-10-15", "N1", 7, "", "", "", 500, ""],
      ["返品", "2026-10-20", "N1", 3, "A", "=1+1", -1, -1000, "10%"],
      ["手数料内訳", "", "", "", "", "対象額 1000円", "", -100, "10%"],
      ["売上（税込）", "", "", "", "", "", "", 2000, ""],
      ["返品による控除", "", "", "", "", "", "", -1000, ""],
      ["販売手数料", "", "", "", "", "", "", -100, ""],
      ["送料（お客様から受領分）", "", "", "", "", "", "", 500, ""],
      ["お支払額", "", "", "", "", "", "", 1400, ""],
      ["支払日", "2026-11-25", "", "", "", "R-1", "", "", ""],
    ]);
  });
});
