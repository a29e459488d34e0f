import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ReplacementSchema } from "~/core/returns/return-request-forms";
import { refundMethodFor, refundNotice } from "~/core/returns/return-refunds";
import { RETURN_TEXT } from "~/core/returns/return-requests";
import {
  REPLACEMENT_TEXT,
  replacementInStock,
  replacementRefusal,
  returnedQuantities,
  STAFF_RETURN_TEXT,
  staffReturnableLines,
  staffReturnRefusal,
  type SettledRequest,
  type StaffReturnLine,
} from "~/core/returns/staff-returns";

function line(overrides: Partial<StaffReturnLine> = {}): StaffReturnLine {
  return {
    id: 1,
    title: "ガーゼタオル",
    quantity: 3,
    unitPrice: 1200,
    cancelled: false,
    deliveredAt: null,
    shipped: true,
    cold: true,
    perishable: true,
    digital: false,
    subscription: false,
    wrapped: false,
    requested: 0,
    ...overrides,
  };
}

describe("staff's returnable lines", () => {
  it("offer any shipped line (delivered or not, past the shopper's period and exclusions), less what is asked back", () => {
    expect(staffReturnableLines([line(), line({ id: 2, requested: 1 }), line({ id: 3, shipped: false }), line({ id: 4, cancelled: true })])).toEqual([
      { line: line(), max: 3 },
      { line: line({ id: 2, requested: 1 }), max: 2 },
    ]);
  });

  it("refuse an unshipped line, more than is left, and an empty pick", () => {
    const lines = [line(), line({ id: 2, title: "マグカップ", shipped: false })];
    expect(staffReturnRefusal(lines, [{ lineId: 1, quantity: 3 }])).toBeNull();
    expect(staffReturnRefusal(lines, [{ lineId: 1, quantity: 4 }])).toBe(`ガーゼタオル：${RETURN_TEXT.overQuantity}`);
    expect(staffReturnRefusal(lines, [{ lineId: 2, quantity: 1 }])).toBe(`マグカップ：${STAFF_RETURN_TEXT.notShipped}`);
    expect(staffReturnRefusal(lines, [{ lineId: 1, quantity: 0 }])).toBe(RETURN_TEXT.lines);
  });
});

describe("the refund method follows the payment", () => {
  it("後払い and a 代金引換 not yet paid at the door cancel the bill; a transfer, or cash taken at the door, is paid back by transfer", () => {
    expect(refundMethodFor("konbini_postpay", true)).toBe("billing_cancelled");
    expect(refundMethodFor("konbini_postpay", false)).toBe("billing_cancelled");
    expect(refundMethodFor("cod", false)).toBe("billing_cancelled");
    expect(refundMethodFor("cod", true)).toBe("bank_transfer");
    expect(refundMethodFor("bank_transfer", false)).toBe("bank_transfer");
  });

  it("words a cancelled bill without the 10-day transfer, and a transfer with it", () => {
    expect(refundNotice("billing_cancelled", 1200)).toContain("1,200円 分のご請求を取り消しました");
    expect(refundNotice("billing_cancelled", 1200)).not.toMatch(/10日以内|振り込|振込/);
    expect(refundNotice("bank_transfer", 1200)).toContain("10日以内");
  });
});

describe("the replacement's steps", () => {
  const exchange = { kind: "exchange", status: "received" } as const;
  it("arranges a received exchange once, ships only what was arranged, refunds until shipped", () => {
    expect(replacementRefusal(exchange, null, "prepare")).toBeNull();
    expect(replacementRefusal(exchange, "preparing", "prepare")).toBe(REPLACEMENT_TEXT.alreadyPrepared);
    expect(replacementRefusal(exchange, null, "ship")).toBe(REPLACEMENT_TEXT.notPrepared);
    expect(replacementRefusal(exchange, "preparing", "ship")).toBeNull();
    expect(replacementRefusal(exchange, null, "refund")).toBeNull();
    expect(replacementRefusal(exchange, "preparing", "refund")).toBeNull();
    expect(replacementRefusal(exchange, "shipped", "refund")).toBe(REPLACEMENT_TEXT.alreadyShipped);
    expect(replacementRefusal(exchange, "refunded", "prepare")).toBe(REPLACEMENT_TEXT.alreadyRefunded);
    expect(replacementRefusal({ kind: "exchange", status: "approved" }, null, "prepare")).toBe(REPLACEMENT_TEXT.notReceived);
    expect(replacementRefusal({ kind: "return", status: "received" }, null, "prepare")).toBe(REPLACEMENT_TEXT.notExchange);
  });

  it("needs every line in stock", () => {
    expect(replacementInStock([{ quantity: 2, inStock: 2 }])).toBe(true);
    expect(
      replacementInStock([
        { quantity: 2, inStock: 2 },
        { quantity: 1, inStock: 0 },
      ]),
    ).toBe(false);
  });

  it("counts received returns and refunded exchanges as returned, and the one being settled", () => {
    const request = (id: number, overrides: Partial<SettledRequest>): SettledRequest => ({
      id,
      kind: "return",
      status: "received",
      replacement: null,
      lines: [{ orderLineId: 1, quantity: 1 }],
      ...overrides,
    });
    const requests = [
      request(1, {}),
      request(2, { kind: "exchange", replacement: "shipped" }),
      request(3, { kind: "exchange", replacement: "refunded" }),
      request(4, { status: "approved" }),
      request(5, { kind: "exchange", replacement: "preparing" }),
    ];
    expect(returnedQuantities(requests, null)).toEqual(new Map([[1, 2]]));
    expect(returnedQuantities(requests, 5)).toEqual(new Map([[1, 3]]));
  });

  it("reads the step forms: a carrier from the list, a refund method", () => {
    expect(v.safeParse(ReplacementSchema, { intent: "ship_replacement", carrier: "yamato", tracking_number: "1" }).success).toBe(true);
    expect(v.safeParse(ReplacementSchema, { intent: "ship_replacement", carrier: "pigeon" }).success).toBe(false);
    expect(v.safeParse(ReplacementSchema, { intent: "refund_replacement", method: "cash" }).success).toBe(false);
  });
});
