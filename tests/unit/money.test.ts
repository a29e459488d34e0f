import { describe, expect, it } from "vitest";
import { formatYen, formatYenSymbol } from "~/core/money";
import { sellingPrice } from "~/core/catalogue/pricing";

describe("yen display", () => {
  it("uses Japanese thousands separators", () => {
    expect(formatYen(0)).toBe("0円");
    expect(formatYen(1980)).toBe("1,980円");
    expect(formatYen(1234567)).toBe("1,234,567円");
    expect(formatYenSymbol(1980)).toMatch(/^[¥￥]1,980$/);
  });
});

describe("sellingPrice", () => {
  it("is the regular price without a sale", () => {
    expect(sellingPrice({ regularPrice: 1980, discountPrice: null })).toBe(1980);
  });
  it("is the sale price while it is lower", () => {
    expect(sellingPrice({ regularPrice: 1980, discountPrice: 1580 })).toBe(1580);
  });
  it("ignores a 'sale' price that is not lower", () => {
    expect(sellingPrice({ regularPrice: 1980, discountPrice: 1980 })).toBe(1980);
    expect(sellingPrice({ regularPrice: 1980, discountPrice: 2200 })).toBe(1980);
  });
});
