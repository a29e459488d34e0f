/** The rules of a stock adjustment (app/core/catalogue/stock-adjustment.ts) and the price history's labels (app/core/catalogue/price-history.ts). */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { priceFieldLabel, priceHistoryValue, subscriptionPriceField } from "~/core/catalogue/price-history";
import {
  MAX_STOCK,
  MAX_STOCK_CHANGE,
  STOCK_MESSAGES,
  choiceMovementReason,
  parseStockTarget,
  stockAfter,
  stockChangeProblems,
  stockTargetValue,
} from "~/core/catalogue/stock-adjustment";
import { StockAdjustmentSchema, stockFormErrors } from "~/core/catalogue/stock-adjustment-forms";

const form = (fields: Record<string, string>) =>
  v.safeParse(StockAdjustmentSchema, { target: "p", pool: "stock", kind: "receipt", quantity: "1", reason: "", ...fields });
const errorsOf = (fields: Record<string, string>) => {
  const result = form(fields);
  if (result.success) throw new Error("expected a refusal");
  return stockFormErrors(result.issues);
};

describe("stockAfter", () => {
  it("adds a receipt or a ±N correction, sets a count, and never goes below 0 or above the maximum", () => {
    expect(stockAfter(3, { mode: "add", amount: 5 })).toEqual({ ok: true, after: 8 });
    expect(stockAfter(3, { mode: "add", amount: -3 })).toEqual({ ok: true, after: 0 });
    expect(stockAfter(3, { mode: "set", amount: 10 })).toEqual({ ok: true, after: 10 });
    expect(stockAfter(3, { mode: "add", amount: -4 })).toEqual({ ok: false, error: "在庫が0未満になるため調整できません（現在の在庫：3点）。" });
    expect(stockAfter(MAX_STOCK, { mode: "add", amount: 1 })).toEqual({ ok: false, error: `在庫は999,999点までです（現在の在庫：999,999点）。` });
  });

  it("a choice's change moves its variation's stock too, which must stay within the bounds", () => {
    expect(stockAfter(2, { mode: "set", amount: 0 }, 5)).toEqual({ ok: true, after: 0 });
    // The variation holds less than the choice says (data drift): the change would take it below 0.
    expect(stockAfter(4, { mode: "add", amount: -3 }, 2)).toMatchObject({ ok: false });
  });
});

describe("stockChangeProblems", () => {
  it("a receipt is 1…MAX_STOCK_CHANGE; a count 0…MAX_STOCK; a ±N correction non-zero within MAX_STOCK_CHANGE", () => {
    expect(stockChangeProblems({ kind: "receipt", mode: "add", amount: 1, reason: "" })).toEqual({});
    expect(stockChangeProblems({ kind: "receipt", mode: "add", amount: 0, reason: "" }).quantity).toBe(STOCK_MESSAGES.receiptQuantity);
    expect(stockChangeProblems({ kind: "receipt", mode: "add", amount: MAX_STOCK_CHANGE + 1, reason: "" }).quantity).toBe(STOCK_MESSAGES.receiptQuantity);
    expect(stockChangeProblems({ kind: "receipt", mode: "set", amount: 5, reason: "" }).quantity).toBe(STOCK_MESSAGES.receiptQuantity);
    expect(stockChangeProblems({ kind: "correction", mode: "set", amount: 0, reason: "棚卸し" })).toEqual({});
    expect(stockChangeProblems({ kind: "correction", mode: "set", amount: MAX_STOCK + 1, reason: "棚卸し" }).quantity).toBe(STOCK_MESSAGES.setQuantity);
    expect(stockChangeProblems({ kind: "correction", mode: "add", amount: 0, reason: "棚卸し" }).quantity).toBe(STOCK_MESSAGES.deltaQuantity);
    expect(stockChangeProblems({ kind: "correction", mode: "add", amount: 1.5, reason: "棚卸し" }).quantity).toBe(STOCK_MESSAGES.deltaQuantity);
    expect(stockChangeProblems({ kind: "correction", mode: "add", amount: -MAX_STOCK_CHANGE, reason: "棚卸し" })).toEqual({});
  });

  it("a correction needs a reason; a reason is at most 200 characters", () => {
    expect(stockChangeProblems({ kind: "correction", mode: "add", amount: -1, reason: "  " }).reason).toBe(STOCK_MESSAGES.reasonRequired);
    expect(stockChangeProblems({ kind: "receipt", mode: "add", amount: 1, reason: "あ".repeat(201) }).reason).toBe(STOCK_MESSAGES.reasonLength);
  });
});

describe("the adjustment form", () => {
  it("reads a receipt, a count and a signed correction typed in full-width characters", () => {
    expect(form({ target: "v3", quantity: "１２" })).toMatchObject({
      success: true,
      output: { target: { level: "variation", id: 3 }, pool: "stock", change: { kind: "receipt", mode: "add", amount: 12, reason: "" } },
    });
    expect(form({ target: "c1", kind: "set", quantity: " 0 ", reason: "棚卸し" })).toMatchObject({
      success: true,
      output: { target: { level: "choice", id: 1 }, change: { kind: "correction", mode: "set", amount: 0, reason: "棚卸し" } },
    });
    for (const typed of ["-3", "－３", "ー3", "− 3"]) {
      expect(form({ kind: "delta", quantity: typed, reason: "破損" })).toMatchObject({ success: true, output: { change: { mode: "add", amount: -3 } } });
    }
    expect(form({ kind: "delta", quantity: "+2", reason: "見つかった" })).toMatchObject({ success: true, output: { change: { amount: 2 } } });
  });

  it("answers each field's own Japanese message at once", () => {
    expect(errorsOf({ target: "x9", pool: "both", kind: "delta", quantity: "0", reason: "" })).toEqual({
      target: STOCK_MESSAGES.target,
      pool: STOCK_MESSAGES.pool,
      quantity: STOCK_MESSAGES.deltaQuantity,
      reason: STOCK_MESSAGES.reasonRequired,
    });
    expect(errorsOf({ quantity: "-5" })).toEqual({ quantity: STOCK_MESSAGES.receiptQuantity });
    expect(errorsOf({ kind: "set", quantity: "+5", reason: "x" })).toEqual({ quantity: STOCK_MESSAGES.setQuantity });
    expect(errorsOf({ kind: "burn" })).toEqual({ kind: STOCK_MESSAGES.kind });
    expect(errorsOf({ reason: "あ".repeat(201) })).toEqual({ reason: STOCK_MESSAGES.reasonLength });
  });
});

describe("targets and labels", () => {
  it("a stock's form value reads back as the same stock; anything else is none", () => {
    for (const target of [{ level: "product" }, { level: "variation", id: 12 }, { level: "choice", id: 3 }] as const) {
      expect(parseStockTarget(stockTargetValue(target))).toEqual(target);
    }
    for (const value of ["", "v0", "v", "c-1", "p1", "v1234567890", "x3"]) expect(parseStockTarget(value)).toBeNull();
  });

  it("names a choice's movement in front of its reason", () => {
    expect(choiceMovementReason({ groupTitle: "サイズ", title: "M" }, "棚卸し")).toBe("【サイズ：M】棚卸し");
    expect(choiceMovementReason({ groupTitle: "サイズ", title: "M" }, "")).toBe("【サイズ：M】");
  });

  it("labels the price fields and values", () => {
    expect(priceFieldLabel("regular_price")).toBe("通常価格（税込）");
    expect(priceFieldLabel("discount_price")).toBe("セール価格（税込）");
    expect(priceFieldLabel(subscriptionPriceField(3))).toBe("定期便 3個の単価（税抜）");
    expect(priceHistoryValue(null)).toBe("なし");
    expect(priceHistoryValue(12800)).toBe("12,800円");
  });
});
