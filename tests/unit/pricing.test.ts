import { describe, expect, it } from "vitest";
import {
  calculatePrice,
  clampQuantity,
  couponDiscount,
  forceQuantity,
  maxQuantity,
  purchasability,
  QUANTITY_MESSAGES,
  sellingPrice,
  subscriptionTier,
  subscriptionUnitPrice,
  type PricingProduct,
  type PricingVariation,
  type StockFacts,
} from "~/core/catalogue/pricing";

const simple: PricingProduct = {
  type: "simple",
  status: "published",
  taxRate: 10,
  regularPrice: 1980,
  discountPrice: null,
  originalPrice: null,
  inventory: 100,
  preorderLimit: 0,
  inventoryPreorderMax: 0,
  preorderShipDate: null,
  disablePreorder: false,
  disableRequest: false,
  shippingDays: 2,
  couponDisabled: false,
};

const facts: StockFacts = {
  status: "published",
  inventory: 5,
  inventoryPreorderMax: 0,
  preorderLimit: 0,
  disablePreorder: false,
  shippingDays: 1,
  requested: false,
};

const tiers = [1400, 1350, 1300, 1250, 1200, 1150].map((unitPriceExclTax, index) => ({ quantity: index + 1, unitPriceExclTax }));

describe("sellingPrice", () => {
  it("uses the sale price only while it is lower", () => {
    expect(sellingPrice({ regularPrice: 1980, discountPrice: null })).toBe(1980);
    expect(sellingPrice({ regularPrice: 1980, discountPrice: 1580 })).toBe(1580);
    expect(sellingPrice({ regularPrice: 1980, discountPrice: 1980 })).toBe(1980);
    expect(sellingPrice({ regularPrice: 1980, discountPrice: 2500 })).toBe(1980);
  });
});

describe("purchasability", () => {
  it("is in stock with stock and a short shipping time", () => {
    expect(purchasability({ ...facts, inventory: 1 })).toBe("in_stock");
  });
  it("is a pre-order when shipping takes more than 6 days (6 is still normal)", () => {
    expect(purchasability({ ...facts, shippingDays: 6 })).toBe("in_stock");
    expect(purchasability({ ...facts, shippingDays: 7 })).toBe("preorder_shipdays");
  });
  it("is a pre-order at stock 0 with pre-order limit and pre-order stock", () => {
    expect(purchasability({ ...facts, inventory: 0, preorderLimit: 30, inventoryPreorderMax: 20 })).toBe("preorder");
    expect(purchasability({ ...facts, inventory: 0, preorderLimit: 30, inventoryPreorderMax: 1 })).toBe("preorder");
  });
  it("is sold out when any pre-order condition fails", () => {
    expect(purchasability({ ...facts, inventory: 0, preorderLimit: 0, inventoryPreorderMax: 20 })).toBe("sold_out");
    expect(purchasability({ ...facts, inventory: 0, preorderLimit: 30, inventoryPreorderMax: 0 })).toBe("sold_out");
    expect(purchasability({ ...facts, inventory: 0, preorderLimit: 30, inventoryPreorderMax: 20, disablePreorder: true })).toBe("sold_out");
    expect(purchasability({ ...facts, inventory: -3 })).toBe("sold_out");
  });
  it("is requested once the member asked for a restock", () => {
    expect(purchasability({ ...facts, inventory: 0, requested: true })).toBe("requested");
  });
  it("is unavailable when archived or not published, whatever the stock", () => {
    expect(purchasability({ ...facts, status: "archived", inventory: 10 })).toBe("unavailable");
    expect(purchasability({ ...facts, status: "draft" })).toBe("unavailable");
  });
});

describe("maxQuantity", () => {
  it("is min(inventory_max, 50) for normal items", () => {
    expect(maxQuantity({ state: "in_stock", inventoryMax: 49, inventoryPreorderMax: 0, subscribe: false })).toBe(49);
    expect(maxQuantity({ state: "in_stock", inventoryMax: 50, inventoryPreorderMax: 0, subscribe: false })).toBe(50);
    expect(maxQuantity({ state: "in_stock", inventoryMax: 51, inventoryPreorderMax: 0, subscribe: false })).toBe(50);
  });
  it("is min(inventory_max, 6) for subscriptions, and a variation's own cap", () => {
    expect(maxQuantity({ state: "in_stock", inventoryMax: 100, inventoryPreorderMax: 0, subscribe: true })).toBe(6);
    expect(maxQuantity({ state: "in_stock", inventoryMax: 4, inventoryPreorderMax: 0, subscribe: true })).toBe(4);
    expect(maxQuantity({ state: "in_stock", inventoryMax: 100, inventoryPreorderMax: 0, subscribe: true, maxSubscription: 3 })).toBe(3);
  });
  it("is min(pre-order stock, 50) for pre-orders", () => {
    expect(maxQuantity({ state: "preorder", inventoryMax: 0, inventoryPreorderMax: 20, subscribe: false })).toBe(20);
    expect(maxQuantity({ state: "preorder", inventoryMax: 0, inventoryPreorderMax: 80, subscribe: false })).toBe(50);
  });
  it("is 0 when nothing can be bought", () => {
    for (const state of ["sold_out", "requested", "unavailable"] as const) {
      expect(maxQuantity({ state, inventoryMax: 10, inventoryPreorderMax: 10, subscribe: false })).toBe(0);
    }
  });
});

describe("clampQuantity", () => {
  it("forces a whole number between 1 and the maximum", () => {
    expect(clampQuantity(3, 50)).toBe(3);
    expect(clampQuantity("3", 50)).toBe(3);
    expect(clampQuantity(2.7, 50)).toBe(2);
    expect(clampQuantity(0, 50)).toBe(1);
    expect(clampQuantity(-5, 50)).toBe(1);
    expect(clampQuantity("abc", 50)).toBe(1);
    expect(clampQuantity(undefined, 50)).toBe(1);
    expect(clampQuantity(51, 50)).toBe(50);
    expect(clampQuantity(Infinity, 50)).toBe(1);
    expect(clampQuantity(5, 0)).toBe(1);
  });
});

describe("subscription tiers", () => {
  it("uses the tier for the quantity, or the largest one below it", () => {
    expect(subscriptionTier(tiers, 1)?.unitPriceExclTax).toBe(1400);
    expect(subscriptionTier(tiers, 6)?.unitPriceExclTax).toBe(1150);
    expect(subscriptionTier(tiers.slice(0, 3), 5)?.unitPriceExclTax).toBe(1300);
    expect(subscriptionTier([], 1)).toBeUndefined();
  });
  it("adds tax rounded down", () => {
    expect(subscriptionUnitPrice(tiers, 1, 8)).toBe(1512);
    expect(subscriptionUnitPrice([{ quantity: 1, unitPriceExclTax: 1355 }], 1, 8)).toBe(1463);
    expect(subscriptionUnitPrice([{ quantity: 1, unitPriceExclTax: 1355 }], 1, 10)).toBe(1490);
  });
});

describe("couponDiscount", () => {
  it("takes a fixed amount, never more than the amount", () => {
    expect(couponDiscount({ type: "fix", value: 500 }, 1980)).toBe(500);
    expect(couponDiscount({ type: "fix", value: 500 }, 300)).toBe(300);
  });
  it("takes a rate rounded down", () => {
    expect(couponDiscount({ type: "rate", value: 10 }, 1980)).toBe(198);
    expect(couponDiscount({ type: "rate", value: 10 }, 1999)).toBe(199);
  });
  it("is 0 without a coupon or amount", () => {
    expect(couponDiscount(null, 1980)).toBe(0);
    expect(couponDiscount({ type: "fix", value: 500 }, 0)).toBe(0);
  });
});

describe("calculatePrice", () => {
  it("prices DEMO-SIMPLE: 1,980 yen incl. 10% tax", () => {
    const result = calculatePrice({ product: simple, quantity: 2 });
    expect(result).toMatchObject({
      selling_price: 1980,
      regular_price: 1980,
      original_price: 1980,
      subtotal: 3960,
      total: 3960,
      regular_tax: 360,
      discount: 0,
      diff_price: 0,
      save_cash: 0,
      save_percent: 0,
      quantity: 2,
      max_quantity: 50,
      inventory: 100,
      inventory_max: 100,
      state: "in_stock",
      low_stock: false,
      restock_message: null,
      set: false,
      tax_rate: 10,
    });
  });

  it("extracts 8% tax from a reduced-rate item", () => {
    const result = calculatePrice({ product: { ...simple, taxRate: 8, regularPrice: 1620 }, quantity: 3 });
    expect(result.subtotal).toBe(4860);
    expect(result.regular_tax).toBe(360);
  });

  it("shows sale and reference-price savings", () => {
    const result = calculatePrice({
      product: { ...simple, regularPrice: 4980, discountPrice: 4580, originalPrice: 5500 },
      quantity: 2,
    });
    expect(result.selling_price).toBe(4580);
    expect(result.regular_price).toBe(4980);
    expect(result.original_price).toBe(5500);
    expect(result.discount).toBe(800);
    expect(result.diff_price).toBe(400);
    expect(result.save_cash).toBe(1840);
    expect(result.save_percent).toBe(16); // 920 / 5500 = 16.7 %
  });

  it("adds option fees and the variable choice difference per item", () => {
    const result = calculatePrice({
      product: simple,
      choice: { priceDiff: 220, inventory: 10 },
      optionFees: [330, 550],
      quantity: 2,
    });
    expect(result.selling_price).toBe(1980 + 220 + 330 + 550);
    expect(result.subtotal).toBe((1980 + 220 + 330 + 550) * 2);
    expect(result.inventory).toBe(10);
  });

  it("uses the variation's own price and stock", () => {
    const variation: PricingVariation = {
      status: "published",
      type: "normal",
      regularPrice: 2480,
      discountPrice: 2280,
      inventory: 7,
      inventoryPreorderMax: 0,
      maxSubscription: null,
    };
    const result = calculatePrice({ product: { ...simple, type: "variation" }, variation, quantity: 99 });
    expect(result.selling_price).toBe(2280);
    expect(result.inventory).toBe(7);
    expect(result.max_quantity).toBe(7);
    expect(result.quantity).toBe(7);
    expect(result.low_stock).toBe(true);
    expect(result.needs_variation).toBe(false);
  });

  it("asks for a variation, then for a variable choice", () => {
    expect(calculatePrice({ product: { ...simple, type: "variation" }, quantity: 1 }).needs_variation).toBe(true);
    const variable: PricingVariation = {
      status: "published",
      type: "variable",
      regularPrice: null,
      discountPrice: null,
      inventory: 40,
      inventoryPreorderMax: 0,
      maxSubscription: null,
    };
    expect(calculatePrice({ product: { ...simple, type: "variation" }, variation: variable, quantity: 1 }).needs_choice).toBe(true);
    expect(
      calculatePrice({ product: { ...simple, type: "variation" }, variation: variable, choice: { priceDiff: 0, inventory: 12 }, quantity: 1 }).needs_choice,
    ).toBe(false);
  });

  it("makes a sold-out or archived variation unavailable to buy", () => {
    const soldOut: PricingVariation = {
      status: "published",
      type: "normal",
      regularPrice: null,
      discountPrice: null,
      inventory: 0,
      inventoryPreorderMax: 0,
      maxSubscription: null,
    };
    expect(calculatePrice({ product: simple, variation: soldOut, quantity: 1 }).state).toBe("sold_out");
    expect(calculatePrice({ product: simple, variation: { ...soldOut, inventory: 5, status: "archived" }, quantity: 1 }).state).toBe("unavailable");
  });

  it("prices subscriptions by tier with tax rounded down, at most 6", () => {
    const product = { ...simple, taxRate: 8, regularPrice: 1620 };
    const one = calculatePrice({ product, quantity: 1, subscribe: true, tiers });
    expect(one.selling_price).toBe(1512);
    expect(one.diff_price).toBe(108);
    const six = calculatePrice({ product, quantity: 6, subscribe: true, tiers });
    expect(six.selling_price).toBe(1242);
    expect(six.subtotal).toBe(7452);
    const seven = calculatePrice({ product, quantity: 7, subscribe: true, tiers });
    expect(seven.quantity).toBe(6);
    expect(seven.max_quantity).toBe(6);
  });

  it("never makes a subscription tier dearer than the one-off price", () => {
    const result = calculatePrice({ product: { ...simple, regularPrice: 1000 }, quantity: 1, subscribe: true, tiers });
    expect(result.selling_price).toBe(1000);
  });

  it("caps quantity at 50 and at what is left after the cart", () => {
    expect(calculatePrice({ product: simple, quantity: 51 }).quantity).toBe(50);
    const withCart = calculatePrice({ product: simple, quantity: 5, inCart: 97 });
    expect(withCart.inventory_max).toBe(3);
    expect(withCart.max_quantity).toBe(3);
    expect(withCart.quantity).toBe(3);
  });

  it("turns sold out when the cart already holds all the stock", () => {
    const result = calculatePrice({ product: { ...simple, inventory: 3 }, quantity: 1, inCart: 3 });
    expect(result.inventory_max).toBe(0);
    expect(result.max_quantity).toBe(3 - 3);
  });

  it("says so when the cart holds all the stock: nothing more to add, no 残りN点", () => {
    const result = calculatePrice({ product: { ...simple, inventory: 3 }, quantity: 1, inCart: 3 });
    expect(result).toMatchObject({ state: "in_stock", in_cart: 3, cart_holds_all: true, max_quantity: 0, low_stock: false });
    expect(result.restock_message).toBe("在庫の3点はすべてカートに入っています。");
    const more = calculatePrice({ product: { ...simple, inventory: 3 }, quantity: 1, inCart: 5 });
    expect(more).toMatchObject({ cart_holds_all: true, max_quantity: 0 });
  });

  it("counts what the cart holds in the low-stock message", () => {
    const result = calculatePrice({ product: { ...simple, inventory: 3 }, quantity: 5, inCart: 2 });
    expect(result).toMatchObject({ in_cart: 2, cart_holds_all: false, max_quantity: 1, quantity: 1, low_stock: true });
    expect(result.restock_message).toBe("残り3点 ご注文はお早めに（うち2点はカートに入っています）");
    expect(calculatePrice({ product: simple, quantity: 1 })).toMatchObject({ in_cart: 0, cart_holds_all: false });
  });

  it("keeps a pre-order a pre-order when the cart holds all its pre-order stock (never sold out)", () => {
    const preorder = { ...simple, inventory: 0, preorderLimit: 30, inventoryPreorderMax: 20 };
    const result = calculatePrice({ product: preorder, quantity: 1, inCart: 20 });
    expect(result).toMatchObject({ state: "preorder", cart_holds_all: true, max_quantity: 0, inventory_preorder_max: 0 });
    expect(result.restock_message).toBe("ご予約いただける数量の上限までカートに入っています。");
  });

  it("flags low stock at 10 or fewer, with the 残りN点 message", () => {
    expect(calculatePrice({ product: { ...simple, inventory: 11 }, quantity: 1 }).low_stock).toBe(false);
    const ten = calculatePrice({ product: { ...simple, inventory: 10 }, quantity: 1 });
    expect(ten.low_stock).toBe(true);
    const three = calculatePrice({ product: { ...simple, inventory: 3 }, quantity: 1 });
    expect(three.restock_message).toBe("残り3点 ご注文はお早めに");
  });

  it("prices a pre-order up to its pre-order stock with the ship date", () => {
    const result = calculatePrice({
      product: { ...simple, inventory: 0, preorderLimit: 30, inventoryPreorderMax: 20, preorderShipDate: "2027-01-21" },
      quantity: 25,
    });
    expect(result.state).toBe("preorder");
    expect(result.max_quantity).toBe(20);
    expect(result.quantity).toBe(20);
    expect(result.inventory_preorder_max).toBe(20);
    expect(result.preorder_limit).toBe(30);
    expect(result.restock_message).toBe("予約受付中：2027年1月21日頃より順次発送予定です。");
    expect(result.low_stock).toBe(false);
  });

  it("explains sold out, requested and ship-days states", () => {
    expect(calculatePrice({ product: { ...simple, inventory: 0 }, quantity: 1 }).restock_message).toMatch(/再入荷リクエスト/);
    expect(calculatePrice({ product: { ...simple, inventory: 0, disableRequest: true }, quantity: 1 }).restock_message).toBe(
      "申し訳ございません。現在在庫切れです。",
    );
    const requested = calculatePrice({ product: { ...simple, inventory: 0 }, quantity: 1, requested: true });
    expect(requested.state).toBe("requested");
    // The shop tells requesters in their 「お知らせ」 (notification mails), not by e-mail.
    expect(requested.restock_message).toBe("再入荷リクエスト済みです。入荷しましたら、マイページの「お知らせ」でご連絡します。");
    const shipDays = calculatePrice({ product: { ...simple, shippingDays: 10 }, quantity: 1 });
    expect(shipDays.state).toBe("preorder_shipdays");
    expect(shipDays.restock_message).toBe("予約商品です。ご注文から発送まで10日ほどかかります。");
  });

  it("shows the best coupon's discount unless coupons are disabled", () => {
    const withCoupon = calculatePrice({ product: simple, quantity: 2, coupon: { type: "rate", value: 10 } });
    expect(withCoupon.max_discount).toBe(396);
    expect(withCoupon.total).toBe(3564);
    const disabled = calculatePrice({ product: { ...simple, couponDisabled: true }, quantity: 2, coupon: { type: "rate", value: 10 } });
    expect(disabled.max_discount).toBe(0);
    expect(disabled.total).toBe(3960);
    expect(disabled.coupon_disabled).toBe(true);
  });

  it("marks set products", () => {
    expect(calculatePrice({ product: { ...simple, type: "set" }, quantity: 1 }).set).toBe(true);
  });
});

describe("forceQuantity (a quantity typed in the cart, spec §5)", () => {
  it("keeps a whole number in range as it is, with no message", () => {
    expect(forceQuantity("1", 50)).toEqual({ quantity: 1, message: null });
    expect(forceQuantity("50", 50)).toEqual({ quantity: 50, message: null });
    expect(forceQuantity("３", 50)).toEqual({ quantity: 3, message: null });
  });

  it("brings a quantity above the row maximum down to it, and says so", () => {
    expect(forceQuantity("51", 50)).toEqual({ quantity: 50, message: QUANTITY_MESSAGES.aboveMax(50) });
    expect(forceQuantity("7", 6).quantity).toBe(6);
    expect(forceQuantity("1e3", 50).quantity).toBe(50);
    expect(forceQuantity("Infinity", 50).quantity).toBe(50);
    expect(QUANTITY_MESSAGES.aboveMax(50)).toBe("この商品は最大50点までご購入いただけます（在庫数・1回のご注文の上限による）。数量を50点に調整しました。");
  });

  it("makes anything below 1 or not a number 1, and a fraction whole", () => {
    for (const raw of ["0", "-1", "－２", "abc", "", "  ", null]) {
      expect(forceQuantity(raw, 50), String(raw)).toEqual({ quantity: 1, message: QUANTITY_MESSAGES.belowOne });
    }
    expect(forceQuantity("2.7", 50)).toEqual({ quantity: 2, message: QUANTITY_MESSAGES.notWhole(2) });
  });

  it("keeps 1 for a row whose maximum is 0 (sold out)", () => {
    expect(forceQuantity("3", 0)).toEqual({ quantity: 1, message: QUANTITY_MESSAGES.aboveMax(1) });
  });
});
