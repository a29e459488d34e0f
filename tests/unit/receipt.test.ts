import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { parseReceiptFields, RECEIPT_FIELD_MAX_LENGTH, ReceiptFieldsSchema, rateTotalsConsistent, receiptTaxLines, taxByRate } from "~/core/orders/receipt";
import { receiptAvailable } from "~/core/orders/orders";

describe("taxByRate: tax per rate, rounded once per rate per invoice", () => {
  it("splits a mixed order: 1,980 (10%) + 1,620 (8%) + 660 shipping", () => {
    expect(
      taxByRate({
        lines: [
          { total: 1980, taxRate: 10 },
          { total: 1620, taxRate: 8 },
        ],
        standardRateCharges: 660,
        reductions: 0,
      }),
    ).toEqual({
      taxable10: 2640,
      tax10: 240,
      taxable8: 1620,
      tax8: 120,
    });
  });

  it("rounds the rate's total once, not each line (two lines of 1,000 yen: 181, not 90 + 90)", () => {
    const totals = taxByRate({
      lines: [
        { total: 1000, taxRate: 10 },
        { total: 1000, taxRate: 10 },
      ],
      standardRateCharges: 0,
      reductions: 0,
    });
    expect(totals.tax10).toBe(181);
    const perLine = 2 * Math.floor((1000 * 10) / 110);
    expect(perLine).toBe(180);
  });

  it("rounds down: 108 yen at 8% contains 8 yen, 109 yen too", () => {
    expect(taxByRate({ lines: [{ total: 108, taxRate: 8 }], standardRateCharges: 0, reductions: 0 }).tax8).toBe(8);
    expect(taxByRate({ lines: [{ total: 109, taxRate: 8 }], standardRateCharges: 0, reductions: 0 }).tax8).toBe(8);
  });

  it("takes reductions off the 10% part first, then the 8% part", () => {
    const lines = [
      { total: 1000, taxRate: 10 },
      { total: 1080, taxRate: 8 },
    ];
    expect(taxByRate({ lines, standardRateCharges: 0, reductions: 300 })).toMatchObject({ taxable10: 700, taxable8: 1080 });
    expect(taxByRate({ lines, standardRateCharges: 0, reductions: 1000 })).toMatchObject({ taxable10: 0, taxable8: 1080 });
    expect(taxByRate({ lines, standardRateCharges: 0, reductions: 1001 })).toMatchObject({ taxable10: 0, taxable8: 1079 });
    expect(taxByRate({ lines, standardRateCharges: 0, reductions: 99_999 })).toMatchObject({ taxable10: 0, tax10: 0, taxable8: 0, tax8: 0 });
  });
});

describe("rateTotalsConsistent", () => {
  const good = { taxable10: 2640, tax10: 240, taxable8: 1620, tax8: 120 };
  it("accepts figures that add up to the total with each rate's tax", () => {
    expect(rateTotalsConsistent(good, 4260)).toBe(true);
  });
  it("refuses figures off by one yen anywhere", () => {
    expect(rateTotalsConsistent(good, 4261)).toBe(false);
    expect(rateTotalsConsistent({ ...good, tax10: 241 }, 4260)).toBe(false);
    expect(rateTotalsConsistent({ ...good, tax8: 119 }, 4260)).toBe(false);
    expect(rateTotalsConsistent({ taxable10: 0, tax10: 0, taxable8: 0, tax8: 0 }, 4260)).toBe(false);
  });
});

describe("receiptTaxLines", () => {
  it("prints both rates of a mixed order, 10% first", () => {
    expect(receiptTaxLines({ taxable10: 2640, tax10: 240, taxable8: 1620, tax8: 120 })).toEqual([
      { rate: 10, taxable: 2640, tax: 240 },
      { rate: 8, taxable: 1620, tax: 120 },
    ]);
  });
  it("leaves out a rate without an amount, and prints a zero order as 10%", () => {
    expect(receiptTaxLines({ taxable10: 0, tax10: 0, taxable8: 1620, tax8: 120 })).toEqual([{ rate: 8, taxable: 1620, tax: 120 }]);
    expect(receiptTaxLines({ taxable10: 0, tax10: 0, taxable8: 0, tax8: 0 })).toEqual([{ rate: 10, taxable: 0, tax: 0 }]);
  });
});

describe("ReceiptFieldsSchema (宛名・但し書き)", () => {
  const parse = (input: unknown) => v.safeParse(ReceiptFieldsSchema, input);
  it("trims, collapses spaces and drops control characters", () => {
    expect(parse({ receipt_name: "  株式会社\u0000 テスト  ", receipt_memo: "お品代\nとして" }).output).toEqual({
      receipt_name: "株式会社 テスト",
      receipt_memo: "お品代 として",
    });
  });
  it("treats missing fields as empty (print the defaults)", () => {
    expect(parseReceiptFields({ receipt_name: null, receipt_memo: undefined })).toEqual({ ok: true, value: { receipt_name: "", receipt_memo: "" } });
  });
  it("answers a Japanese message per field, files included", () => {
    expect(parseReceiptFields({ receipt_name: "あ".repeat(41), receipt_memo: new File(["x"], "x.txt") })).toEqual({
      ok: false,
      errors: { receipt_name: "宛名は40文字以内で入力してください", receipt_memo: "但し書きの形式が正しくありません" },
    });
  });
  it("allows 40 characters and refuses 41", () => {
    expect(parse({ receipt_name: "あ".repeat(RECEIPT_FIELD_MAX_LENGTH), receipt_memo: "" }).success).toBe(true);
    const tooLong = parse({ receipt_name: "あ".repeat(RECEIPT_FIELD_MAX_LENGTH + 1), receipt_memo: "" });
    expect(tooLong.success).toBe(false);
    expect(tooLong.issues?.[0]?.message).toBe("宛名は40文字以内で入力してください");
  });
});

describe("receiptAvailable", () => {
  it("issues receipts once paid, never before payment or for a cancelled order", () => {
    expect(receiptAvailable("paid")).toBe(true);
    expect(receiptAvailable("shipped")).toBe(true);
    expect(receiptAvailable("completed")).toBe(true);
    expect(receiptAvailable("pending_payment")).toBe(false);
    expect(receiptAvailable("cancelled")).toBe(false);
  });
});
