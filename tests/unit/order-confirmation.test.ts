import { describe, expect, it } from "vitest";
import { bankTransferDueOn } from "~/core/checkout/bank-transfer";
import {
  cartStateKey,
  CONFIRMATION_MESSAGES,
  describeOrderChanges,
  orderChangesMessage,
  orderFingerprint,
  parseOrderFingerprint,
} from "~/core/checkout/order-confirmation";
import { initialOrderStatus, receiptAvailable } from "~/core/orders/orders";

const line = (id: number, quantity: number, total: number, wrappingFee = 0) => ({ id, quantity, total, wrappingFee, title: `商品${id}` });

describe("orderFingerprint", () => {
  it("names each row's id, quantity and amount (wrapping included), the payment fee and the total, in row-id order", () => {
    const text = orderFingerprint({ list: [line(13, 1, 500), line(12, 2, 3960, 1000)], extra_fee: 330, total: 6450 });
    expect(text).toBe("12x2=4960;13x1=500|fee=330|total=6450");
    expect(parseOrderFingerprint(text)).toEqual({
      lines: [
        { id: 12, quantity: 2, total: 4960 },
        { id: 13, quantity: 1, total: 500 },
      ],
      fee: 330,
      total: 6450,
    });
    expect(parseOrderFingerprint("|fee=0|total=0")).toEqual({ lines: [], fee: 0, total: 0 });
  });

  it("reads one from a page shown before the fee was part of it", () => {
    expect(parseOrderFingerprint("12x2=4960|total=6120")).toEqual({ lines: [{ id: 12, quantity: 2, total: 4960 }], fee: null, total: 6120 });
  });

  it("refuses what is not a fingerprint", () => {
    for (const bad of ["", "garbage", "1x1=1", "1x1=1|total=x", "a|total=1", "1x1=1|total=1|more", "1x1=1|fee=x|total=1", "1x1=1|fee=1|total=1|x"])
      expect(parseOrderFingerprint(bad)).toBeNull();
  });

  it("keys the cart rows an order consumes", () => {
    expect(cartStateKey([line(13, 1, 0), line(12, 2, 0)])).toBe("12x2,13x1");
  });
});

describe("describeOrderChanges", () => {
  const shown = {
    lines: [
      { id: 1, quantity: 2, total: 3960 },
      { id: 2, quantity: 1, total: 500 },
    ],
    fee: 0,
    total: 5120,
  };
  const rows = [line(1, 2, 3960), line(2, 1, 500)];
  it("says nothing when the cart prices as shown", () => {
    expect(describeOrderChanges(shown, { list: rows, extra_fee: 0, total: 5120 }, "銀行振込（前払い）")).toEqual([]);
  });
  it("names a reduced quantity, a new price, a removed and an added row, and both totals", () => {
    expect(describeOrderChanges(shown, { list: [line(1, 1, 1980), line(3, 1, 700)], extra_fee: 0, total: 3340 }, "銀行振込（前払い）")).toEqual([
      "「商品1」の数量が2点から1点に変わりました（在庫・ご購入上限による）。",
      "表示されていた商品のうち、カートにないものがあります。",
      "「商品3」がカートに加わりました。",
      "お支払い合計が5,120円から3,340円に変わりました（送料・手数料・割引を含む）。",
    ]);
    expect(describeOrderChanges(shown, { list: [line(1, 2, 3600), line(2, 1, 500)], extra_fee: 0, total: 4760 }, "銀行振込（前払い）")[0]).toBe(
      "「商品1」の金額が3,960円から3,600円に変わりました。",
    );
    expect(orderChangesMessage(shown, { list: [line(1, 2, 3600), line(2, 1, 500)], extra_fee: 0, total: 4760 })).toBe(CONFIRMATION_MESSAGES.changed);
  });
  it("says a payment fee reflected in the total is only that, not a changed order", () => {
    const withCod = { list: rows, extra_fee: 330, total: 5450 };
    expect(orderChangesMessage(shown, withCod)).toBe(CONFIRMATION_MESSAGES.feeApplied);
    expect(describeOrderChanges(shown, withCod, "代金引換")).toEqual([
      "お支払い方法「代金引換」の手数料330円が加わりました。",
      "お支払い合計が5,120円から5,450円に変わりました（送料・手数料・割引を含む）。",
    ]);
    const shownWithCod = { ...shown, fee: 330, total: 5450 };
    expect(describeOrderChanges(shownWithCod, { list: rows, extra_fee: 0, total: 5120 }, "銀行振込（前払い）")[0]).toBe(
      "お支払い方法「銀行振込（前払い）」には手数料がかからないため、手数料330円を差し引きました。",
    );
    expect(describeOrderChanges(shownWithCod, { list: rows, extra_fee: 220, total: 5340 }, "コンビニ後払い")[0]).toBe(
      "お支払い方法「コンビニ後払い」の手数料は220円です（表示されていた手数料：330円）。",
    );
  });
  it("calls it a changed order when anything besides the fee changed too, or the fee shown is unknown", () => {
    expect(orderChangesMessage(shown, { list: [line(1, 1, 1980), line(2, 1, 500)], extra_fee: 330, total: 3470 })).toBe(CONFIRMATION_MESSAGES.changed);
    expect(orderChangesMessage({ ...shown, fee: null }, { list: rows, extra_fee: 330, total: 5450 })).toBe(CONFIRMATION_MESSAGES.changed);
  });
});

describe("payment method rules", () => {
  it("starts a prepaid order as waiting for payment and the others as being prepared", () => {
    expect(initialOrderStatus("bank_transfer")).toBe("pending_payment");
    expect(initialOrderStatus("cod")).toBe("preparing");
    expect(initialOrderStatus("konbini_postpay")).toBe("preparing");
    expect(receiptAvailable("preparing")).toBe(false);
    expect(receiptAvailable("paid")).toBe(true);
  });
  it("gives a transfer its days from the order's Japan date", () => {
    expect(bankTransferDueOn(new Date("2026-11-21T16:00:00Z"), 7)).toBe("2026-11-29"); // 22日 01:00 JST + 7
    expect(bankTransferDueOn(new Date("2026-11-21T14:59:00Z"), 3)).toBe("2026-11-24"); // 21日 23:59 JST + 3
  });
});
