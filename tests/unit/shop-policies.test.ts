import { describe, expect, it } from "vitest";
import { WAREHOUSE_FREE_SHIPPING_FROM, WAREHOUSE_SHIPPING_FEE } from "~/core/limits";
import { CUSTOMER_RETURN_DAYS, returnsSummary } from "~/core/returns/returns";
import { merchantShippingText, shippingFeeTable } from "~/core/site/shop-policies";

describe("the merchants' shipping as the legal pages state it", () => {
  it("gives a range of their fees, one fee when they agree, and nothing without merchants", () => {
    expect(merchantShippingText([])).toBeNull();
    expect(merchantShippingText([{ name: "A", shippingFee: 550, freeShippingThreshold: null }])).toContain("1回の発送につき550円（全国一律）");
    const range = merchantShippingText([
      { name: "A", shippingFee: 1_100, freeShippingThreshold: 8_000 },
      { name: "B", shippingFee: 550, freeShippingThreshold: null },
    ]);
    expect(range).toContain("1回の発送につき550円〜1,100円（全国一律）");
  });

  it("lists the warehouse first, then each merchant, with 「なし」 where shipping is never free", () => {
    const table = shippingFeeTable([{ name: "安曇野はちみつ工房", shippingFee: 770, freeShippingThreshold: null }]);
    expect(table.kind === "table" && table.rows).toEqual([
      ["当店倉庫", `${WAREHOUSE_SHIPPING_FEE.toLocaleString("ja-JP")}円`, `${WAREHOUSE_FREE_SHIPPING_FROM.toLocaleString("ja-JP")}円以上`],
      ["安曇野はちみつ工房", "770円", "なし"],
    ]);
  });
});

describe("the checkout's short return terms", () => {
  it("state the customer-return window from the constant", () => {
    expect(returnsSummary().join("")).toContain(`到着後${CUSTOMER_RETURN_DAYS}日以内`);
  });
});
