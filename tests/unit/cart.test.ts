import { describe, expect, it } from "vitest";
import {
  bestCouponForProduct,
  CART_MESSAGES,
  cartLineKey,
  evaluateCoupon,
  isLineAvailable,
  isWrappingAvailable,
  lineMaxQuantity,
  lineQuantityCap,
  lineUnavailableReason,
  UNAVAILABLE_LABELS,
  type CartContext,
  type CartCoupon,
  type CartLineInput,
  type CouponCampaign,
  type MerchantShipping,
  type PointPromo,
} from "~/core/cart/cart";
import { computeCart } from "~/core/cart/cart-engine";

// ─── Fixtures ───────────────────────────────────────────────────────────────────────────────

const DAY = 86_400_000;
/** A fixed "now" (2026-04-01T00:00:00Z); coupons in the seed start 30 days before and end 365 days after. */
const NOW = Date.UTC(2026, 3, 1);

/** The seed's merchants (app/services/seed/catalogue.ts): own fee and free-shipping threshold each. */
const MERCHANTS: MerchantShipping[] = [
  { id: 1, name: "丸山製茶（静岡・牧之原）", shippingFee: 660, freeShippingThreshold: 5400 },
  { id: 2, name: "有田 青華窯", shippingFee: 990, freeShippingThreshold: 11000 },
  { id: 3, name: "十勝しあわせ牧場", shippingFee: 1100, freeShippingThreshold: 8640 },
  { id: 4, name: "京都 はんなり本舗", shippingFee: 550, freeShippingThreshold: 3300 },
  { id: 5, name: "安曇野はちみつ工房", shippingFee: 770, freeShippingThreshold: null },
];

let nextLineId = 1;

/** A cart line: DEMO-SIMPLE (泉州タオル, 1,980 yen, 10%, warehouse, stock 100) unless overridden. */
function line(overrides: Partial<CartLineInput> = {}): CartLineInput {
  const id = overrides.id ?? nextLineId++;
  return {
    id,
    productId: id,
    sku: `SKU-${id}`,
    title: "泉州タオル フェイスタオル 2枚組（ホワイト）",
    taxRate: 10,
    unitPrice: 1980,
    regularUnitPrice: 1980,
    quantity: 1,
    inventory: 100,
    inventoryPreorderMax: 0,
    state: "in_stock",
    status: "published",
    isPreorder: false,
    subscribe: null,
    maxSubscription: null,
    shippingFrom: "warehouse",
    merchantId: null,
    coldshipping: "none",
    isDigital: false,
    disableWrapping: false,
    wrapping: false,
    couponDisabled: false,
    ...overrides,
  };
}

/** DEMO-MERCHANT: 有田焼 豆皿 5,500 yen, shipped by merchant 2 (990 yen, free from 11,000), wrapping disabled. */
function merchantLine(overrides: Partial<CartLineInput> = {}): CartLineInput {
  return line({ unitPrice: 5500, regularUnitPrice: 5500, shippingFrom: "merchant", merchantId: 2, disableWrapping: true, ...overrides });
}

/** DEMO-COLD: ぬか漬け 2,480 yen, 8%, cold shipping required. */
function coldLine(overrides: Partial<CartLineInput> = {}): CartLineInput {
  return line({ unitPrice: 2480, regularUnitPrice: 2480, taxRate: 8, coldshipping: "required", ...overrides });
}

/** A warehouse pre-order: no stock, pre-order stock 10. */
function preorderLine(overrides: Partial<CartLineInput> = {}): CartLineInput {
  return line({ unitPrice: 3000, regularUnitPrice: 3000, inventory: 0, inventoryPreorderMax: 10, isPreorder: true, state: "preorder", ...overrides });
}

function context(overrides: Partial<CartContext> = {}): CartContext {
  return {
    isMember: false,
    userPoints: 0,
    pointAmount: 0,
    enteredCoupon: null,
    autoCoupons: [],
    skuCoupons: {},
    skuCouponRules: [],
    campaign: null,
    pointPromo: null,
    paymentMethod: null,
    coldshippingChosen: false,
    merchants: MERCHANTS,
    now: NOW,
    ...overrides,
  };
}

const member = (points: number, overrides: Partial<CartContext> = {}) => context({ isMember: true, userPoints: points, ...overrides });

function coupon(overrides: Partial<CartCoupon> = {}): CartCoupon {
  return {
    id: 99,
    code: "TEST",
    title: "テストクーポン",
    titleSimple: "テスト",
    type: "fix",
    value: 0,
    memberOnly: false,
    productsDefault: true,
    startsAt: NOW - 30 * DAY,
    expiresAt: NOW + 365 * DAY,
    productPrices: new Map(),
    excludedProductIds: new Set(),
    freeShipping: false,
    alone: false,
    isAuto: false,
    minAmount: 0,
    priceRanges: [],
    ...overrides,
  };
}

/** Product ids of the seed fixtures used with coupons. */
const NOCOUPON_ID = 17;

// The seed's demo coupons.
const WELCOME500 = coupon({ id: 1, code: "WELCOME500", title: "はじめてのお買い物に使える500円OFFクーポン", titleSimple: "500円OFF", type: "fix", value: 500 });
const SPRING10 = coupon({
  id: 2,
  code: "SPRING10",
  title: "春の感謝祭 全品10%OFFクーポン",
  titleSimple: "10%OFF",
  type: "rate",
  value: 10,
  excludedProductIds: new Set([NOCOUPON_ID]),
});
const FREESHIP = coupon({ id: 3, code: "FREESHIP", title: "送料無料クーポン", titleSimple: "送料無料", type: "fix", value: 0, freeShipping: true });
const MEMBER1000 = coupon({
  id: 4,
  code: "MEMBER1000",
  title: "会員様限定 1,000円OFFクーポン",
  titleSimple: "1,000円OFF",
  type: "fix",
  value: 1000,
  memberOnly: true,
});
const ALONE20 = coupon({
  id: 5,
  code: "ALONE20",
  title: "【他クーポン併用不可】20%OFF特別クーポン",
  titleSimple: "20%OFF",
  type: "rate",
  value: 20,
  alone: true,
});
const EXPIRED100 = coupon({
  id: 6,
  code: "EXPIRED100",
  title: "秋の味覚フェア 100円OFFクーポン",
  titleSimple: "100円OFF",
  type: "fix",
  value: 100,
  startsAt: NOW - 120 * DAY,
  expiresAt: NOW - 30 * DAY,
});
/** TEAFAIR: only listed products (products_default off), each with its own value. */
const SENCHA_ID = 30;
const HOJICHA_ID = 32;
const TEAFAIR = coupon({
  id: 7,
  code: "TEAFAIR",
  type: "rate",
  value: 15,
  productsDefault: false,
  productPrices: new Map([
    [SENCHA_ID, { type: "rate", value: 15 }],
    [HOJICHA_ID, { type: "fix", value: 100 }],
  ]),
});
/** MATOMEGAI: min 3,000; price ranges 3,000 → 300, 5,000 → 700, 10,000 → 10%. */
const MATOMEGAI = coupon({
  id: 8,
  code: "MATOMEGAI",
  type: "fix",
  value: 300,
  minAmount: 3000,
  priceRanges: [
    { minAmount: 3000, type: "fix", value: 300 },
    { minAmount: 5000, type: "fix", value: 700 },
    { minAmount: 10000, type: "rate", value: 10 },
  ],
});
/** GIFTAUTO: automatic, 200 yen off the listed gift set only. */
const GIFT_SET_ID = 40;
const GIFTAUTO = coupon({
  id: 9,
  code: "GIFTAUTO",
  type: "fix",
  value: 200,
  isAuto: true,
  productsDefault: false,
  productPrices: new Map([[GIFT_SET_ID, { type: "fix", value: 200 }]]),
});

const CAMPAIGN2026: CouponCampaign = {
  code: "CAMPAIGN2026",
  title: "2026年 新春キャンペーン 300円OFF",
  type: "fix",
  value: 300,
  minAmount: 3000,
  freeShipping: false,
};
const POINT_PROMO: PointPromo = { title: "ポイント2倍キャンペーン（5,000円以上のお買い物が対象）", color: "#ee6d68", link: "/cart", rate: 2, minAmount: 5000 };

/** DEMO-NOCOUPON: 鉄フライパン 7,700 yen, coupons disabled and excluded from SPRING10. */
function nocouponLine(overrides: Partial<CartLineInput> = {}): CartLineInput {
  return line({ productId: NOCOUPON_ID, sku: "DEMO-NOCOUPON", unitPrice: 7700, regularUnitPrice: 7700, couponDisabled: true, ...overrides });
}

// ─── Quantity ───────────────────────────────────────────────────────────────────────────────

describe("row quantity", () => {
  const base = { isPreorder: false, subscribe: null, inventory: 100, inventoryPreorderMax: 0, maxSubscription: null };

  it("is at most min(inventory, 50) for normal rows", () => {
    expect(lineMaxQuantity({ ...base, inventory: 49 })).toBe(49);
    expect(lineMaxQuantity({ ...base, inventory: 50 })).toBe(50);
    expect(lineMaxQuantity({ ...base, inventory: 51 })).toBe(50);
    expect(lineMaxQuantity({ ...base, inventory: 100 })).toBe(50);
  });

  it("keeps 50 and reduces a stored 51 to 50 in the computed list", () => {
    const cart = computeCart([line({ id: 1, quantity: 50 }), line({ id: 2, quantity: 51 })], context());
    expect(cart.list.map((l) => l.quantity)).toEqual([50, 50]);
    expect(cart.list.map((l) => l.maxQuantity)).toEqual([50, 50]);
    // 1,980 × 50 = 99,000 per row
    expect(cart.list.map((l) => l.total)).toEqual([99_000, 99_000]);
    expect(cart.subtotal).toBe(198_000);
    expect(cart.quantity).toBe(100);
  });

  it("reduces a row to its stock when stock is below 50", () => {
    const cart = computeCart([line({ quantity: 12, inventory: 8 })], context());
    expect(cart.list[0]?.quantity).toBe(8);
    expect(cart.list[0]?.total).toBe(15_840); // 1,980 × 8
  });

  it("is at most min(inventory, 6) for subscriptions: 6 stays, 7 becomes 6", () => {
    expect(lineMaxQuantity({ ...base, subscribe: 1 })).toBe(6);
    expect(lineMaxQuantity({ ...base, subscribe: 1, inventory: 4 })).toBe(4);
    const cart = computeCart([line({ id: 1, subscribe: 1, quantity: 6 }), line({ id: 2, subscribe: 2, quantity: 7 })], context());
    expect(cart.list.map((l) => l.quantity)).toEqual([6, 6]);
    expect(cart.list.map((l) => l.maxQuantity)).toEqual([6, 6]);
  });

  it("honours a variation's own subscription cap (maxSubscription)", () => {
    expect(lineMaxQuantity({ ...base, subscribe: 1, maxSubscription: 3 })).toBe(3);
    expect(lineMaxQuantity({ ...base, subscribe: 1, maxSubscription: 3, inventory: 2 })).toBe(2);
    const cart = computeCart([line({ subscribe: 1, maxSubscription: 3, quantity: 4 })], context());
    expect(cart.list[0]?.quantity).toBe(3);
  });

  it("is at most min(inventory_preorder_max, 50) for pre-orders, whatever the stock", () => {
    const pre = { ...base, isPreorder: true, inventory: 0 };
    expect(lineMaxQuantity({ ...pre, inventoryPreorderMax: 20 })).toBe(20);
    expect(lineMaxQuantity({ ...pre, inventoryPreorderMax: 50 })).toBe(50);
    expect(lineMaxQuantity({ ...pre, inventoryPreorderMax: 80 })).toBe(50);
    expect(lineMaxQuantity({ ...pre, inventory: 100, inventoryPreorderMax: 5 })).toBe(5);
    const cart = computeCart(
      [preorderLine({ id: 1, inventoryPreorderMax: 20, quantity: 21 }), preorderLine({ id: 2, inventoryPreorderMax: 80, quantity: 51 })],
      context(),
    );
    expect(cart.list.map((l) => l.quantity)).toEqual([20, 50]);
  });

  it("never goes below 1 (0, negative, not a number) and is a whole number", () => {
    const cart = computeCart(
      [line({ id: 1, quantity: 0 }), line({ id: 2, quantity: -5 }), line({ id: 3, quantity: Number.NaN }), line({ id: 4, quantity: 2.7 })],
      context(),
    );
    expect(cart.list.map((l) => l.quantity)).toEqual([1, 1, 1, 2]);
    // 1,980 × (1 + 1 + 1 + 2) = 9,900
    expect(cart.subtotal).toBe(9_900);
  });

  it("keeps 1 on a sold-out row (max 0) rather than 0", () => {
    expect(lineMaxQuantity({ ...base, inventory: 0 })).toBe(0);
    const cart = computeCart([line({ inventory: 0, quantity: 3, state: "sold_out" })], context());
    expect(cart.list[0]?.quantity).toBe(1);
    expect(cart.list[0]?.maxQuantity).toBe(0);
  });
});

// ─── Availability ───────────────────────────────────────────────────────────────────────────

describe("line availability", () => {
  const base = { status: "published" as const, isPreorder: false, inventory: 5, inventoryPreorderMax: 0 };

  it("needs stock > 0 for a normal row", () => {
    expect(isLineAvailable({ ...base, inventory: 1 })).toBe(true);
    expect(isLineAvailable({ ...base, inventory: 0 })).toBe(false);
    expect(isLineAvailable({ ...base, inventory: -2 })).toBe(false);
  });

  it("needs pre-order stock > 0 for a pre-order row", () => {
    expect(isLineAvailable({ ...base, isPreorder: true, inventory: 0, inventoryPreorderMax: 1 })).toBe(true);
    expect(isLineAvailable({ ...base, isPreorder: true, inventory: 0, inventoryPreorderMax: 0 })).toBe(false);
    expect(isLineAvailable({ ...base, isPreorder: true, inventory: 10, inventoryPreorderMax: 0 })).toBe(false);
  });

  it("needs the product published", () => {
    expect(isLineAvailable({ ...base, status: "draft" })).toBe(false);
    expect(isLineAvailable({ ...base, status: "archived" })).toBe(false);
  });

  it("leaves an out-of-stock row out of every total and blocks payment", () => {
    const cart = computeCart(
      [line({ id: 1 }), line({ id: 2, unitPrice: 1000, inventory: 0, state: "sold_out", wrapping: true })],
      context({ paymentMethod: "cod" }),
    );
    expect(cart.list.map((l) => l.available)).toEqual([true, false]);
    expect(cart.subtotal).toBe(1980);
    expect(cart.wrapping).toBe(0);
    expect(cart.shipments).toHaveLength(1);
    expect(cart.shipments[0]?.lineIds).toEqual([1]);
    // 1,980 + 660 shipping + 330 cod
    expect(cart.total).toBe(2970);
    expect(cart.payment_eligible).toBe(false);
  });

  it("marks a pre-order with no pre-order stock left unavailable", () => {
    const cart = computeCart([preorderLine({ inventoryPreorderMax: 0 })], context());
    expect(cart.list[0]?.available).toBe(false);
    expect(cart.list[0]?.archived).toBe(false);
    expect(cart.subtotal).toBe(0);
  });

  it("marks a draft row unavailable without the archived badge", () => {
    const cart = computeCart([line({ status: "draft" })], context());
    expect(cart.list[0]).toMatchObject({ available: false, archived: false });
    expect(cart.subtotal).toBe(0);
  });

  it("marks an archived row unavailable with the archived badge, even in stock", () => {
    const cart = computeCart([line({ status: "archived", inventory: 100 })], context());
    expect(cart.list[0]).toMatchObject({ available: false, archived: true });
    expect(cart.subtotal).toBe(0);
    expect(cart.total).toBe(0);
  });

  it("has no shipment, fee or total when every row is unavailable", () => {
    const cart = computeCart([line({ inventory: 0 }), line({ status: "archived" })], context({ paymentMethod: "cod" }));
    expect(cart.shipments).toEqual([]);
    expect(cart.shipping_fee).toBe(0);
    expect(cart.extra_fee).toBe(0);
    expect(cart.total).toBe(0);
    expect(cart.payment_eligible).toBe(false);
    expect(cart.quantity).toBe(2);
  });
});

// ─── Wrapping ───────────────────────────────────────────────────────────────────────────────

describe("wrapping", () => {
  it("is available only for physical warehouse one-off items that allow it", () => {
    const base = { shippingFrom: "warehouse" as const, subscribe: null, disableWrapping: false, isDigital: false };
    expect(isWrappingAvailable(base)).toBe(true);
    expect(isWrappingAvailable({ ...base, shippingFrom: "merchant" })).toBe(false);
    expect(isWrappingAvailable({ ...base, subscribe: 1 })).toBe(false);
    expect(isWrappingAvailable({ ...base, disableWrapping: true })).toBe(false);
    expect(isWrappingAvailable({ ...base, isDigital: true })).toBe(false);
  });

  it("costs 500 yen incl. tax per item", () => {
    const cart = computeCart([line({ quantity: 3, wrapping: true })], context());
    expect(cart.list[0]).toMatchObject({ wrapping: true, wrappingAvailable: true, wrappingFee: 1500, total: 5940 });
    expect(cart.wrapping).toBe(1500); // 500 × 3
    // 1,980 × 3 = 5,940 ≥ 5,000 → free shipping; 5,940 + 1,500 = 7,440
    expect(cart.total).toBe(7440);
  });

  it("costs nothing when not asked for", () => {
    const cart = computeCart([line({ quantity: 2, wrapping: false })], context());
    expect(cart.list[0]).toMatchObject({ wrapping: false, wrappingAvailable: true, wrappingFee: 0 });
    expect(cart.wrapping).toBe(0);
  });

  it("is refused on a merchant item", () => {
    const cart = computeCart([merchantLine({ wrapping: true, disableWrapping: false })], context());
    expect(cart.list[0]).toMatchObject({ wrapping: false, wrappingAvailable: false, wrappingFee: 0 });
    expect(cart.wrapping).toBe(0);
  });

  it("is refused on a subscription", () => {
    const cart = computeCart([line({ subscribe: 1, wrapping: true, quantity: 2 })], context());
    expect(cart.list[0]).toMatchObject({ wrapping: false, wrappingAvailable: false, wrappingFee: 0 });
    expect(cart.wrapping).toBe(0);
  });

  it("is refused on a wrapping-disabled item", () => {
    const cart = computeCart([line({ disableWrapping: true, wrapping: true })], context());
    expect(cart.list[0]).toMatchObject({ wrapping: false, wrappingFee: 0 });
    expect(cart.wrapping).toBe(0);
  });

  it("is refused on a digital item", () => {
    const cart = computeCart([line({ isDigital: true, wrapping: true })], context());
    expect(cart.list[0]).toMatchObject({ wrapping: false, wrappingFee: 0 });
    expect(cart.wrapping).toBe(0);
  });
});

// ─── Shipping ───────────────────────────────────────────────────────────────────────────────

describe("shipping fee", () => {
  it("is 660 yen from the warehouse below 5,000 yen and free from 5,000 yen", () => {
    const below = computeCart([line({ unitPrice: 4999 })], context());
    expect(below.shipments).toHaveLength(1);
    expect(below.shipments[0]).toMatchObject({ from: "warehouse", merchantId: null, subtotal: 4999, shippingFee: 660 });
    expect(below.shipping_fee).toBe(660);
    expect(below.total).toBe(5659); // 4,999 + 660

    const at = computeCart([line({ unitPrice: 4999 }), line({ unitPrice: 1 })], context());
    expect(at.shipments[0]?.subtotal).toBe(5000);
    expect(at.shipping_fee).toBe(0);
    expect(at.total).toBe(5000);
  });

  it("counts only the warehouse subtotal toward the warehouse threshold", () => {
    // warehouse 4,000 (< 5,000 → 660) + merchant 2 5,500 (< 11,000 → 990)
    const cart = computeCart([line({ unitPrice: 4000 }), merchantLine()], context());
    expect(cart.shipments.map((s) => [s.from, s.merchantId, s.subtotal, s.shippingFee])).toEqual([
      ["warehouse", null, 4000, 660],
      ["merchant", 2, 5500, 990],
    ]);
    expect(cart.shipping_fee).toBe(1650); // 660 + 990
    expect(cart.total).toBe(11_150); // 9,500 + 1,650
  });

  it("charges each merchant its own fee with its own threshold", () => {
    // merchant 1: 660, free from 5,400 — 5,399 pays, 5,400 is free
    const m1Below = computeCart([merchantLine({ merchantId: 1, unitPrice: 5399 })], context());
    expect(m1Below.shipping_fee).toBe(660);
    const m1At = computeCart([merchantLine({ merchantId: 1, unitPrice: 5400 })], context());
    expect(m1At.shipping_fee).toBe(0);
    // merchant 3: 1,100, free from 8,640
    expect(computeCart([merchantLine({ merchantId: 3, unitPrice: 8639 })], context()).shipping_fee).toBe(1100);
    expect(computeCart([merchantLine({ merchantId: 3, unitPrice: 8640 })], context()).shipping_fee).toBe(0);
    // merchant 5: 770, no threshold — never free
    expect(computeCart([merchantLine({ merchantId: 5, unitPrice: 50_000 })], context()).shipping_fee).toBe(770);
  });

  it("ships each merchant separately, grouping rows of the same merchant", () => {
    const cart = computeCart(
      [
        merchantLine({ id: 1, merchantId: 4, unitPrice: 1500 }),
        merchantLine({ id: 2, merchantId: 2, unitPrice: 5500 }),
        merchantLine({ id: 3, merchantId: 4, unitPrice: 1800 }),
      ],
      context(),
    );
    // merchant 4: 1,500 + 1,800 = 3,300 ≥ 3,300 → free; merchant 2: 5,500 < 11,000 → 990
    expect(cart.shipments.map((s) => ({ merchantId: s.merchantId, lineIds: s.lineIds, subtotal: s.subtotal, fee: s.shippingFee }))).toEqual([
      { merchantId: 4, lineIds: [1, 3], subtotal: 3300, fee: 0 },
      { merchantId: 2, lineIds: [2], subtotal: 5500, fee: 990 },
    ]);
    expect(cart.shipments[0]?.name).toBe("京都 はんなり本舗");
    expect(cart.shipping_fee).toBe(990);
  });

  it("charges nothing for a digital-only shipment", () => {
    const cart = computeCart([line({ isDigital: true, unitPrice: 3000 })], context());
    expect(cart.shipments).toHaveLength(1);
    expect(cart.shipments[0]?.shippingFee).toBe(0);
    expect(cart.shipping_fee).toBe(0);
    expect(cart.total).toBe(3000);
  });

  it("charges a mixed digital + physical warehouse shipment as a physical one", () => {
    const cart = computeCart([line({ isDigital: true, unitPrice: 1000 }), line({ unitPrice: 1980 })], context());
    expect(cart.shipping_fee).toBe(660); // 2,980 < 5,000
  });

  it("makes every shipment free with the FREESHIP coupon", () => {
    const cart = computeCart([line({ unitPrice: 1980 }), merchantLine()], context({ enteredCoupon: FREESHIP }));
    expect(cart.errors.coupon).toBeUndefined();
    expect(cart.coupons).toEqual([expect.objectContaining({ code: "FREESHIP", discount: 0, free_shipping: true })]);
    expect(cart.shipments.map((s) => s.shippingFee)).toEqual([0, 0]);
    expect(cart.shipping_fee).toBe(0);
    expect(cart.total).toBe(7480); // 1,980 + 5,500
  });

  it("makes every shipment free with a free-shipping campaign once reached", () => {
    const freeCampaign: CouponCampaign = { ...CAMPAIGN2026, code: "SHIPFREE", type: "fix", value: 0, freeShipping: true };
    const reached = computeCart([line({ unitPrice: 1980 }), merchantLine()], context({ campaign: freeCampaign }));
    expect(reached.campaign?.applied).toBe(true);
    expect(reached.shipping_fee).toBe(0);
    expect(reached.total).toBe(7480);
    // 1,980 < 3,000: the campaign does not apply, the 660 yen stays
    const notReached = computeCart([line({ unitPrice: 1980 })], context({ campaign: freeCampaign }));
    expect(notReached.campaign?.applied).toBe(false);
    expect(notReached.shipping_fee).toBe(660);
  });
});

// ─── Cold shipping ──────────────────────────────────────────────────────────────────────────

describe("cold shipping", () => {
  it("adds 330 yen to a shipment carrying a required cold item", () => {
    const cart = computeCart([coldLine(), line()], context());
    expect(cart.shipments[0]?.coldFee).toBe(330);
    expect(cart.coldshipping_total).toBe(330);
    expect(cart.coldshipping).toEqual({ required: true, optional: false, chosen: false });
    // 2,480 + 1,980 = 4,460 < 5,000 → 660; 4,460 + 660 + 330 = 5,450
    expect(cart.total).toBe(5450);
  });

  it("adds 330 yen per shipment that carries cold items", () => {
    // warehouse cold + merchant 3 cold cheese (3,780 < 8,640 → 1,100) + merchant 2 non-cold
    const cart = computeCart([coldLine(), coldLine({ shippingFrom: "merchant", merchantId: 3, unitPrice: 3780 }), merchantLine()], context());
    expect(cart.shipments.map((s) => s.coldFee)).toEqual([330, 330, 0]);
    expect(cart.coldshipping_total).toBe(660); // 330 × 2
    expect(cart.shipping_fee).toBe(2750); // 660 + 1,100 + 990
  });

  it("charges a shipment once however many cold items it carries", () => {
    const cart = computeCart([coldLine({ quantity: 3 }), coldLine()], context());
    expect(cart.coldshipping_total).toBe(330);
  });

  it("adds the optional cold fee only when the shopper chose it", () => {
    const optional = () => line({ unitPrice: 2700, taxRate: 8, coldshipping: "optional" });
    const notChosen = computeCart([optional()], context());
    expect(notChosen.coldshipping_total).toBe(0);
    expect(notChosen.coldshipping).toEqual({ required: false, optional: true, chosen: false });
    const chosen = computeCart([optional()], context({ coldshippingChosen: true }));
    expect(chosen.coldshipping_total).toBe(330);
    expect(chosen.total).toBe(3690); // 2,700 + 660 + 330
  });

  it("adds nothing without cold items, even when chosen", () => {
    const cart = computeCart([line()], context({ coldshippingChosen: true }));
    expect(cart.coldshipping_total).toBe(0);
    expect(cart.coldshipping).toEqual({ required: false, optional: false, chosen: true });
  });

  it("still charges cold delivery when shipping itself is free", () => {
    const cart = computeCart([coldLine({ quantity: 3 })], context({ enteredCoupon: FREESHIP }));
    // 2,480 × 3 = 7,440; shipping 0; cold 330
    expect(cart.shipping_fee).toBe(0);
    expect(cart.coldshipping_total).toBe(330);
    expect(cart.total).toBe(7770);
  });
});

// ─── Split pre-order ────────────────────────────────────────────────────────────────────────

describe("split pre-order shipping", () => {
  it("adds 860 yen when a warehouse shipment holds a pre-order and an in-stock item", () => {
    const cart = computeCart([preorderLine(), line()], context());
    expect(cart.shipments[0]?.splitFee).toBe(860);
    expect(cart.split_shipping_fee).toBe(860);
    // 3,000 + 1,980 = 4,980 < 5,000 → 660; 4,980 + 660 + 860 = 6,500
    expect(cart.total).toBe(6500);
  });

  it("adds nothing for a pre-order alone", () => {
    const cart = computeCart([preorderLine(), preorderLine()], context());
    expect(cart.split_shipping_fee).toBe(0);
  });

  it("adds nothing for a merchant shipment holding both", () => {
    const cart = computeCart([preorderLine({ shippingFrom: "merchant", merchantId: 2 }), merchantLine()], context());
    expect(cart.split_shipping_fee).toBe(0);
  });

  it("adds nothing when the in-stock item ships from a merchant", () => {
    const cart = computeCart([preorderLine(), merchantLine()], context());
    expect(cart.split_shipping_fee).toBe(0);
  });

  it("does not count a digital item as a second delivery", () => {
    const cart = computeCart([preorderLine(), line({ isDigital: true })], context());
    expect(cart.split_shipping_fee).toBe(0);
  });
});

// ─── Payment fee ────────────────────────────────────────────────────────────────────────────

describe("extra fee by payment method", () => {
  const cartWith = (paymentMethod: CartContext["paymentMethod"]) => computeCart([line({ quantity: 3 })], context({ paymentMethod }));

  it("is 330 yen for cash on delivery", () => {
    const cart = cartWith("cod");
    expect(cart.extra_fee).toBe(330);
    expect(cart.total).toBe(6270); // 5,940 (free shipping) + 330
    expect(cart.total_without_extra_fee).toBe(5940);
  });

  it("is 0 for bank transfer and 220 yen for convenience-store postpay", () => {
    expect(cartWith("bank_transfer").extra_fee).toBe(0);
    expect(cartWith("konbini_postpay").extra_fee).toBe(220);
    expect(cartWith("konbini_postpay").total).toBe(6160); // 5,940 + 220
  });

  it("is 0 with no method chosen", () => {
    expect(cartWith(null).extra_fee).toBe(0);
  });

  it("is 0 for an empty cart", () => {
    const cart = computeCart([], context({ paymentMethod: "cod" }));
    expect(cart.extra_fee).toBe(0);
    expect(cart.total).toBe(0);
    expect(cart.payment_eligible).toBe(false);
  });
});

// ─── Coupons ────────────────────────────────────────────────────────────────────────────────

describe("coupons", () => {
  it("takes 500 yen off with WELCOME500", () => {
    const cart = computeCart([line()], context({ enteredCoupon: WELCOME500 }));
    expect(cart.coupons).toEqual([
      {
        id: 1,
        code: "WELCOME500",
        title: "はじめてのお買い物に使える500円OFFクーポン",
        title_simple: "500円OFF",
        type: "fix",
        value: 500,
        discount: 500,
        free_shipping: false,
        auto: false,
      },
    ]);
    expect(cart.discount_coupon).toBe(500);
    expect(cart.discount).toBe(500);
    expect(cart.total).toBe(2140); // 1,980 + 660 − 500
  });

  it("takes 10% rounded down with SPRING10", () => {
    // 1,980 + 333 = 2,313; 10% = 231.3 → 231
    const cart = computeCart([line(), line({ unitPrice: 333 })], context({ enteredCoupon: SPRING10 }));
    expect(cart.coupons[0]?.discount).toBe(231);
    expect(cart.total).toBe(2742); // 2,313 + 660 − 231
  });

  it("never takes more than the eligible amount with a fix coupon", () => {
    const alone = computeCart([line({ unitPrice: 300 })], context({ enteredCoupon: WELCOME500 }));
    expect(alone.coupons[0]?.discount).toBe(300);
    expect(alone.total).toBe(660); // 300 + 660 − 300
    // A coupon-disabled 7,700 yen pan next to it does not make room for more.
    const withPan = computeCart([line({ unitPrice: 300 }), nocouponLine()], context({ enteredCoupon: WELCOME500 }));
    expect(withPan.coupons[0]?.discount).toBe(300);
  });

  it("uses per-product values (products_prices) and ignores unlisted products when products_default is off", () => {
    const cart = computeCart(
      [line({ productId: SENCHA_ID, unitPrice: 1620, quantity: 2 }), line({ productId: HOJICHA_ID, unitPrice: 1080, quantity: 3 }), line({ unitPrice: 1980 })],
      context({ enteredCoupon: TEAFAIR }),
    );
    // sencha 1,620 × 2 = 3,240 → 15% = 486; hojicha 100 × 3 = 300; towel unlisted → 0
    expect(cart.coupons[0]?.discount).toBe(786);
  });

  it("rejects a products_default-off coupon when no listed product is in the cart", () => {
    const cart = computeCart([line()], context({ enteredCoupon: TEAFAIR }));
    expect(cart.coupons).toEqual([]);
    expect(cart.errors.coupon).toBe("カート内にこのクーポンの対象商品がありません。");
  });

  it("mixes per-product values with the coupon's own value when products_default is on", () => {
    const mixed = coupon({ code: "MIX", type: "rate", value: 10, productPrices: new Map([[500, { type: "fix", value: 200 }]]) });
    const cart = computeCart([line({ productId: 500, unitPrice: 1000, quantity: 2 }), line({ unitPrice: 1980 })], context({ enteredCoupon: mixed }));
    // product 500: 200 × 2 = 400; towel: 10% of 1,980 = 198
    expect(cart.coupons[0]?.discount).toBe(598);
  });

  it("caps a per-product fix value at the row total", () => {
    const big = coupon({ code: "BIG", productsDefault: false, productPrices: new Map([[500, { type: "fix", value: 800 }]]) });
    const cart = computeCart([line({ productId: 500, unitPrice: 600, quantity: 2 })], context({ enteredCoupon: big }));
    expect(cart.coupons[0]?.discount).toBe(1200); // min(800 × 2, 600 × 2)
  });

  it("gives DEMO-NOCOUPON nothing with SPRING10 and lists SPRING10 as excluded on that row", () => {
    const cart = computeCart([line({ id: 1 }), nocouponLine({ id: 2 })], context({ enteredCoupon: SPRING10 }));
    // only the towel: 10% of 1,980 = 198 (not 10% of 9,680)
    expect(cart.coupons[0]?.discount).toBe(198);
    expect(cart.list.map((l) => l.excludedCouponCodes)).toEqual([[], ["SPRING10"]]);
    // 9,680 ≥ 5,000 → free shipping; 9,680 − 198 = 9,482
    expect(cart.total).toBe(9482);
  });

  it("excludes a products_excluded product even when its coupons are not disabled", () => {
    const cart = computeCart([line({ id: 1 }), nocouponLine({ id: 2, couponDisabled: false })], context({ enteredCoupon: SPRING10 }));
    expect(cart.coupons[0]?.discount).toBe(198);
    expect(cart.list[1]?.excludedCouponCodes).toEqual(["SPRING10"]);
    // but another coupon still discounts it: WELCOME500 takes its 500
    const other = computeCart([nocouponLine({ couponDisabled: false })], context({ enteredCoupon: WELCOME500 }));
    expect(other.coupons[0]?.discount).toBe(500);
  });

  it("never discounts a coupon-disabled product", () => {
    const cart = computeCart(
      [line({ id: 1, unitPrice: 1000 }), nocouponLine({ id: 2 })],
      context({ enteredCoupon: coupon({ code: "HALF", type: "rate", value: 50 }) }),
    );
    expect(cart.coupons[0]?.discount).toBe(500); // 50% of 1,000 only
  });

  it("refuses a coupon when the cart holds only coupon-disabled items", () => {
    const cart = computeCart([nocouponLine()], context({ enteredCoupon: WELCOME500 }));
    expect(cart.errors.coupon).toBe("カート内にこのクーポンの対象商品がありません。");
    expect(cart.errors.coupon).toBe(CART_MESSAGES.couponNoProducts);
    expect(cart.coupons).toEqual([]);
    expect(cart.discount_coupon).toBe(0);
    expect(cart.coupon_eligible).toBe(false);
  });

  it("does not count an unavailable row as eligible", () => {
    const cart = computeCart([line({ inventory: 0 })], context({ enteredCoupon: WELCOME500 }));
    expect(cart.errors.coupon).toBe(CART_MESSAGES.couponNoProducts);
  });

  it("applies the price range of the highest min amount reached", () => {
    const discountAt = (amount: number) => computeCart([line({ unitPrice: amount })], context({ enteredCoupon: MATOMEGAI })).coupons[0]?.discount;
    expect(discountAt(3000)).toBe(300);
    expect(discountAt(4999)).toBe(300);
    expect(discountAt(5000)).toBe(700);
    expect(discountAt(9999)).toBe(700);
    expect(discountAt(10_000)).toBe(1000); // 10% of 10,000
    expect(discountAt(12_345)).toBe(1234); // 10% of 12,345 = 1,234.5 → 1,234
  });

  it("falls back to the coupon's own value below every range", () => {
    const ranged = coupon({ code: "RANGED", type: "fix", value: 100, priceRanges: [{ minAmount: 5000, type: "fix", value: 700 }] });
    expect(computeCart([line({ unitPrice: 4999 })], context({ enteredCoupon: ranged })).coupons[0]?.discount).toBe(100);
    expect(computeCart([line({ unitPrice: 5000 })], context({ enteredCoupon: ranged })).coupons[0]?.discount).toBe(700);
  });

  it("refuses a coupon below its min amount (2,999 vs 3,000)", () => {
    const below = computeCart([line({ unitPrice: 2999 })], context({ enteredCoupon: MATOMEGAI }));
    expect(below.coupons).toEqual([]);
    expect(below.errors.coupon).toBe("このクーポンは対象商品の合計3,000円以上でご利用いただけます。");
    expect(below.total).toBe(3659); // 2,999 + 660
    const at = computeCart([line({ unitPrice: 3000 })], context({ enteredCoupon: MATOMEGAI }));
    expect(at.errors.coupon).toBeUndefined();
    expect(at.coupons[0]?.discount).toBe(300);
  });

  it("counts only eligible products toward the min amount", () => {
    // 1,980 eligible + 7,700 coupon-disabled: 1,980 < 3,000
    const cart = computeCart([line(), nocouponLine()], context({ enteredCoupon: MATOMEGAI }));
    expect(cart.errors.coupon).toBe(CART_MESSAGES.couponMinAmount(3000));
  });

  it("refuses MEMBER1000 to a guest and takes 1,000 yen off for a member", () => {
    const guest = computeCart([line()], context({ enteredCoupon: MEMBER1000 }));
    expect(guest.errors.coupon).toBe("このクーポンは会員限定です。ログインしてご利用ください。");
    expect(guest.errors.coupon).toBe(CART_MESSAGES.couponMemberOnly);
    expect(guest.coupons).toEqual([]);
    expect(guest.total).toBe(2640); // 1,980 + 660

    const memberCart = computeCart([line()], member(0, { enteredCoupon: MEMBER1000 }));
    expect(memberCart.errors.coupon).toBeUndefined();
    expect(memberCart.coupons[0]?.discount).toBe(1000);
    expect(memberCart.total).toBe(1640); // 1,980 + 660 − 1,000
  });

  it("refuses EXPIRED100 as expired", () => {
    const cart = computeCart([line()], context({ enteredCoupon: EXPIRED100 }));
    expect(cart.errors.coupon).toBe("このクーポンは有効期限が切れています。");
    expect(cart.errors.coupon).toBe(CART_MESSAGES.couponExpired);
    expect(cart.coupons).toEqual([]);
  });

  it("is expired at its expiry instant and valid just before", () => {
    expect(computeCart([line()], context({ enteredCoupon: coupon({ value: 100, expiresAt: NOW }) })).errors.coupon).toBe(CART_MESSAGES.couponExpired);
    expect(computeCart([line()], context({ enteredCoupon: coupon({ value: 100, expiresAt: NOW + 1 }) })).coupons[0]?.discount).toBe(100);
  });

  it("refuses a coupon that has not started yet, and accepts it from its start", () => {
    const later = computeCart([line()], context({ enteredCoupon: coupon({ value: 100, startsAt: NOW + 1 }) }));
    expect(later.errors.coupon).toBe("このクーポンはまだご利用いただけません。");
    expect(later.errors.coupon).toBe(CART_MESSAGES.couponNotStarted);
    expect(computeCart([line()], context({ enteredCoupon: coupon({ value: 100, startsAt: NOW }) })).coupons[0]?.discount).toBe(100);
  });

  it("applies an automatic coupon without entering it", () => {
    const cart = computeCart([line({ productId: GIFT_SET_ID, unitPrice: 3240 }), line()], context({ autoCoupons: [GIFTAUTO] }));
    expect(cart.coupons).toEqual([]);
    expect(cart.autocoupons).toEqual([expect.objectContaining({ code: "GIFTAUTO", discount: 200, auto: true })]);
    expect(cart.discount_coupon).toBe(200);
    // 3,240 + 1,980 = 5,220 ≥ 5,000 → free shipping; 5,220 − 200 = 5,020
    expect(cart.total).toBe(5020);
  });

  it("ignores an automatic coupon silently when nothing in the cart qualifies", () => {
    const cart = computeCart([line()], context({ autoCoupons: [GIFTAUTO] }));
    expect(cart.autocoupons).toEqual([]);
    expect(cart.errors.coupon).toBeUndefined();
  });

  it("combines an entered coupon with an automatic one", () => {
    const cart = computeCart([line({ productId: GIFT_SET_ID, unitPrice: 3240 }), line()], context({ enteredCoupon: WELCOME500, autoCoupons: [GIFTAUTO] }));
    expect(cart.coupons[0]?.discount).toBe(500);
    expect(cart.autocoupons[0]?.discount).toBe(200);
    expect(cart.discount_coupon).toBe(700);
    expect(cart.total).toBe(4520); // 5,220 − 700
  });

  it("does not apply an automatic coupon next to ALONE20", () => {
    const cart = computeCart([line({ productId: GIFT_SET_ID, unitPrice: 3240 }), line()], context({ enteredCoupon: ALONE20, autoCoupons: [GIFTAUTO] }));
    // 20% of 5,220 = 1,044
    expect(cart.coupons).toEqual([expect.objectContaining({ code: "ALONE20", discount: 1044 })]);
    expect(cart.autocoupons).toEqual([]);
    expect(cart.discount_coupon).toBe(1044);
    expect(cart.total).toBe(4176); // 5,220 − 1,044
  });

  it("lets the automatic coupon apply when an alone coupon is refused", () => {
    const expiredAlone = coupon({ code: "OLDALONE", type: "rate", value: 20, alone: true, expiresAt: NOW - DAY });
    const cart = computeCart([line({ productId: GIFT_SET_ID, unitPrice: 3240 })], context({ enteredCoupon: expiredAlone, autoCoupons: [GIFTAUTO] }));
    expect(cart.errors.coupon).toBe(CART_MESSAGES.couponExpired);
    expect(cart.autocoupons[0]?.discount).toBe(200);
  });

  it("does not apply an automatic coupon twice when it is also the entered one", () => {
    const cart = computeCart([line({ productId: GIFT_SET_ID, unitPrice: 3240 })], context({ enteredCoupon: GIFTAUTO, autoCoupons: [GIFTAUTO] }));
    expect(cart.coupons[0]?.discount).toBe(200);
    expect(cart.autocoupons).toEqual([]);
    expect(cart.discount_coupon).toBe(200);
  });

  it("sets a row to the discounted unit price × quantity with a session sku coupon (fix)", () => {
    const sku300 = coupon({ code: "SKU300", type: "fix", value: 300 });
    const cart = computeCart([line({ sku: "DEMO-SIMPLE", quantity: 2 })], context({ skuCoupons: { "DEMO-SIMPLE": "SKU300" }, skuCouponRules: [sku300] }));
    // (1,980 − 300) × 2 = 3,360; row discount 300 × 2 = 600
    expect(cart.list[0]).toMatchObject({ total: 3360, rowDiscount: 600 });
    expect(cart.subtotal).toBe(3360);
    expect(cart.shipping_fee).toBe(660); // 3,360 < 5,000
    expect(cart.total).toBe(4020); // 3,360 + 660
    expect(cart.discount).toBe(600);
    expect(cart.discount_coupon).toBe(0);
    expect(cart.total_before_discount).toBe(4620); // 3,360 + 600 + 660
    expect(cart.total_before_discount_without_shippingfee).toBe(3960); // 3,360 + 600
  });

  it("sets a row to the discounted unit price × quantity with a session sku coupon (rate, rounded down per unit)", () => {
    const sku15 = coupon({ code: "SKU15", type: "rate", value: 15 });
    const cart = computeCart([line({ sku: "DEMO-SIMPLE", quantity: 3 })], context({ skuCoupons: { "DEMO-SIMPLE": "SKU15" }, skuCouponRules: [sku15] }));
    // unit discount floor(1,980 × 15 / 100) = 297; (1,980 − 297) × 3 = 5,049; row discount 297 × 3 = 891
    expect(cart.list[0]).toMatchObject({ total: 5049, rowDiscount: 891 });
    expect(cart.shipping_fee).toBe(0); // 5,049 ≥ 5,000
    expect(cart.total_before_discount).toBe(5940); // 5,049 + 891
  });

  it("leaves a row untouched when its session sku coupon does not apply to it", () => {
    const sku300 = coupon({ code: "SKU300", type: "fix", value: 300 });
    const cart = computeCart(
      [nocouponLine({ sku: "DEMO-NOCOUPON" }), line({ sku: "OTHER" })],
      context({ skuCoupons: { "DEMO-NOCOUPON": "SKU300" }, skuCouponRules: [sku300] }),
    );
    expect(cart.list.map((l) => [l.total, l.rowDiscount])).toEqual([
      [7700, 0],
      [1980, 0],
    ]);
  });
});

describe("evaluateCoupon", () => {
  it("checks member-only before the dates, and reports the reason", () => {
    const lines = computeCart([line()], context()).list;
    const guest = { isMember: false, now: NOW };
    expect(evaluateCoupon(MEMBER1000, lines, guest)).toMatchObject({ discount: 0, error: CART_MESSAGES.couponMemberOnly });
    expect(evaluateCoupon(EXPIRED100, lines, guest)).toMatchObject({ discount: 0, error: CART_MESSAGES.couponExpired });
    expect(evaluateCoupon(WELCOME500, lines, guest)).toEqual({ discount: 500, perLine: [{ own: 0, shared: 500 }] });
  });

  it("accepts a free-shipping coupon with no discountable product", () => {
    const lines = computeCart([nocouponLine()], context()).list;
    expect(evaluateCoupon(FREESHIP, lines, { isMember: false, now: NOW })).toEqual({ discount: 0, perLine: [{ own: 0, shared: 0 }] });
  });
});

// ─── Campaign ───────────────────────────────────────────────────────────────────────────────

describe("coupon campaign", () => {
  it("applies CAMPAIGN2026 (300 off) from 3,000 yen, not at 2,999", () => {
    const below = computeCart([line({ unitPrice: 2999 })], context({ campaign: CAMPAIGN2026 }));
    expect(below.campaign).toMatchObject({ code: "CAMPAIGN2026", applied: false, discount: 0 });
    expect(below.discount_coupon).toBe(0);
    expect(below.total).toBe(3659); // 2,999 + 660

    const at = computeCart([line({ unitPrice: 3000 })], context({ campaign: CAMPAIGN2026 }));
    expect(at.campaign).toMatchObject({ code: "CAMPAIGN2026", applied: true, discount: 300 });
    expect(at.discount_coupon).toBe(300);
    expect(at.total).toBe(3360); // 3,000 + 660 − 300
  });

  it("adds up with an ordinary coupon", () => {
    const cart = computeCart([line({ unitPrice: 3000 })], context({ campaign: CAMPAIGN2026, enteredCoupon: WELCOME500 }));
    expect(cart.discount_coupon).toBe(800); // 500 + 300
    expect(cart.total).toBe(2860); // 3,000 + 660 − 800
  });

  it("does not apply next to an alone coupon", () => {
    const cart = computeCart([line({ unitPrice: 3000 })], context({ campaign: CAMPAIGN2026, enteredCoupon: ALONE20 }));
    expect(cart.campaign).toMatchObject({ applied: false, discount: 0 });
    expect(cart.discount_coupon).toBe(600); // 20% of 3,000 only
    expect(cart.total).toBe(3060); // 3,000 + 660 − 600
  });

  it("does not discount coupon-disabled products", () => {
    // 7,700 coupon-disabled + 1,980: the campaign's eligible amount is 1,980 < 3,000
    const cart = computeCart([nocouponLine(), line()], context({ campaign: CAMPAIGN2026 }));
    expect(cart.campaign).toMatchObject({ applied: false, discount: 0 });
    expect(cart.total).toBe(9680);
    // with 3,000 of eligible goods it applies, on those goods only
    const rate = computeCart([nocouponLine(), line({ unitPrice: 3000 })], context({ campaign: { ...CAMPAIGN2026, type: "rate", value: 10 } }));
    expect(rate.campaign).toMatchObject({ applied: true, discount: 300 }); // 10% of 3,000, not of 10,700
  });
});

// ─── Points used ────────────────────────────────────────────────────────────────────────────

describe("points used", () => {
  // 1,980 × 3 = 5,940 ≥ 5,000 → free shipping; total before points 5,940
  const lines = () => [line({ quantity: 3 })];

  it("allows up to 1,000 points and refuses 1,001", () => {
    const ok = computeCart(lines(), member(5000, { pointAmount: 1000 }));
    expect(ok.max_points).toBe(1000);
    expect(ok.points).toBe(1000);
    expect(ok.errors.points).toBeUndefined();
    expect(ok.total).toBe(4940); // 5,940 − 1,000

    const tooMany = computeCart(lines(), member(5000, { pointAmount: 1001 }));
    expect(tooMany.errors.points).toBe("ご利用いただけるポイントは最大1,000ポイントです。");
    expect(tooMany.errors.points).toBe(CART_MESSAGES.pointsTooMany(1000));
    expect(tooMany.points).toBe(0);
    expect(tooMany.total).toBe(5940);
  });

  it("allows no more than the member's own points", () => {
    const cart = computeCart(lines(), member(400, { pointAmount: 500 }));
    expect(cart.max_points).toBe(400);
    expect(cart.errors.points).toBe(CART_MESSAGES.pointsTooMany(400));
    expect(cart.points).toBe(0);
    const all = computeCart(lines(), member(400, { pointAmount: 400 }));
    expect(all.points).toBe(400);
    expect(all.total).toBe(5540); // 5,940 − 400
  });

  it("allows no more than the cart total", () => {
    // a digital 800 yen item: no shipping, total 800
    const cart = computeCart([line({ unitPrice: 800, isDigital: true })], member(5000, { pointAmount: 800 }));
    expect(cart.max_points).toBe(800);
    expect(cart.points).toBe(800);
    expect(cart.total).toBe(0);
    const over = computeCart([line({ unitPrice: 800, isDigital: true })], member(5000, { pointAmount: 801 }));
    expect(over.errors.points).toBe(CART_MESSAGES.pointsTooMany(800));
    expect(over.total).toBe(800);
  });

  it("measures the cart total after coupons and with fees", () => {
    // 1,980 + 660 − 1,000 (MEMBER1000) = 1,640 → max min(5,000, 1,000, 1,640) = 1,000
    expect(computeCart([line()], member(5000, { enteredCoupon: MEMBER1000 })).max_points).toBe(1000);
    // 300 + 660 − 300 (WELCOME500 capped) = 660 → max 660
    expect(computeCart([line({ unitPrice: 300 })], member(5000, { enteredCoupon: WELCOME500 })).max_points).toBe(660);
  });

  it("refuses points to a guest", () => {
    const cart = computeCart(lines(), context({ pointAmount: 100, userPoints: 5000 }));
    expect(cart.errors.points).toBe("ポイントのご利用にはログインが必要です。");
    expect(cart.errors.points).toBe(CART_MESSAGES.pointsMembersOnly);
    expect(cart.points).toBe(0);
    expect(cart.max_points).toBe(0);
  });

  it("resets to 0 and recalculates when points are removed", () => {
    const used = computeCart(lines(), member(5000, { pointAmount: 500 }));
    expect(used.total).toBe(5440); // 5,940 − 500
    const removed = computeCart(lines(), member(5000, { pointAmount: 0 }));
    expect(removed.points).toBe(0);
    expect(removed.errors.points).toBeUndefined();
    expect(removed.total).toBe(5940);
    expect(removed.total_points).toBe(59); // floor(5,940 / 100)
  });
});

// ─── Points earned ──────────────────────────────────────────────────────────────────────────

describe("points earned", () => {
  it("earns 1 point per 100 yen of subtotal − coupon discount − points", () => {
    // 5,940 − 500 − 1,000 = 4,440 → 44
    const cart = computeCart([line({ quantity: 3 })], member(5000, { enteredCoupon: WELCOME500, pointAmount: 1000 }));
    expect(cart.total_points).toBe(44);
    expect(cart.total_points_rate).toBe(1);
  });

  it("does not earn on fees", () => {
    // subtotal 1,980 (+ 660 shipping + 330 cod) → floor(1,980 / 100) = 19
    expect(computeCart([line()], member(0, { paymentMethod: "cod" })).total_points).toBe(19);
  });

  it("doubles from the promo's min amount (4,999 vs 5,000)", () => {
    const below = computeCart([line({ unitPrice: 4999 })], member(0, { pointPromo: POINT_PROMO }));
    expect(below.total_points_rate).toBe(1);
    expect(below.total_points).toBe(49); // floor(4,999 / 100) × 1

    const at = computeCart([line({ unitPrice: 5000 })], member(0, { pointPromo: POINT_PROMO }));
    expect(at.total_points_rate).toBe(2);
    expect(at.total_points).toBe(100); // floor(5,000 / 100) × 2
  });

  it("doubles the points after coupon and points when the subtotal reaches the promo", () => {
    // subtotal 5,940 ≥ 5,000 → ×2; floor((5,940 − 500 − 1,000) / 100) × 2 = 44 × 2 = 88
    const cart = computeCart([line({ quantity: 3 })], member(5000, { enteredCoupon: WELCOME500, pointAmount: 1000, pointPromo: POINT_PROMO }));
    expect(cart.total_points).toBe(88);
  });

  it("gives guests nothing", () => {
    const cart = computeCart([line({ unitPrice: 5000 })], context({ pointPromo: POINT_PROMO }));
    expect(cart.total_points).toBe(0);
  });
});

// ─── Taxes ──────────────────────────────────────────────────────────────────────────────────

describe("taxes per rate", () => {
  const taxOf = (cart: ReturnType<typeof computeCart>, rate: number) => cart.taxes.find((t) => t.rate === rate);

  it("splits a mixed 8%/10% cart, fees counting at 10%", () => {
    // towel 1,980 (10%) + ぬか漬け 2,480 (8%, cold): 4,460 < 5,000 → 660 shipping, 330 cold; total 5,450
    const cart = computeCart([line(), coldLine()], context());
    expect(cart.total).toBe(5450);
    // 8%: 2,480 → floor(2,480 × 8 / 108) = floor(183.70) = 183
    expect(taxOf(cart, 8)).toEqual({ rate: 8, taxable: 2480, tax: 183 });
    // 10%: 1,980 + 660 + 330 = 2,970 → floor(2,970 × 10 / 110) = 270
    expect(taxOf(cart, 10)).toEqual({ rate: 10, taxable: 2970, tax: 270 });
    expect((taxOf(cart, 8)?.taxable ?? 0) + (taxOf(cart, 10)?.taxable ?? 0)).toBe(cart.total);
  });

  it("counts wrapping and the payment fee at 10% and spreads a whole-cart coupon and points by goods share", () => {
    // towel 1,980 wrapped (10%) + rice 4,580 (8%): 6,560 ≥ 5,000 → free shipping
    // + 500 wrapping + 330 cod − 500 WELCOME500 − 300 points = 6,590
    const cart = computeCart(
      [line({ wrapping: true }), line({ unitPrice: 4580, taxRate: 8 })],
      member(1000, { paymentMethod: "cod", enteredCoupon: WELCOME500, pointAmount: 300 }),
    );
    expect(cart.total).toBe(6590);
    // WELCOME500 applies to both rows: 500 × 1,980 / 6,560 = 150.9 → 150 off the towel, the other 350 off the rice.
    expect(cart.list.map((row) => row.couponDiscount)).toEqual([150, 350]);
    // Points by what is left of the goods: 300 × 4,230 / 6,060 = 209.4 → 209 → 8% taxable 4,230 − 209 = 4,021
    // tax floor(4,021 × 8 / 108) = floor(297.85) = 297
    expect(taxOf(cart, 8)).toEqual({ rate: 8, taxable: 4021, tax: 297 });
    // 10%: 6,590 − 4,021 = 2,569 → floor(2,569 × 10 / 110) = floor(233.54) = 233
    expect(taxOf(cart, 10)).toEqual({ rate: 10, taxable: 2569, tax: 233 });
  });

  it("takes a product-limited coupon's discount off the rate of its products only (TEAFAIR on 煎茶, beside a 10% towel)", () => {
    // 煎茶 1,296 (8%) with TEAFAIR 15%: floor(1,296 × 15 / 100) = 194 off its row; towel 1,980 (10%): nothing off.
    // 3,276 < 5,000 → 660 shipping; total 1,296 + 1,980 + 660 − 194 = 3,742
    const sencha = line({ productId: SENCHA_ID, unitPrice: 1296, regularUnitPrice: 1296, taxRate: 8 });
    const cart = computeCart([sencha, line()], context({ enteredCoupon: TEAFAIR }));
    expect(cart.total).toBe(3742);
    expect(cart.discount_coupon).toBe(194);
    expect(cart.list.map((row) => [row.couponDiscount, row.productCouponDiscount])).toEqual([
      [194, 194],
      [0, 0],
    ]);
    // 8%: 1,296 − 194 = 1,102 → floor(1,102 × 8 / 108) = floor(81.63) = 81 (spread by goods share it read 1,220)
    expect(taxOf(cart, 8)).toEqual({ rate: 8, taxable: 1102, tax: 81 });
    // 10%: the towel and the shipping, untouched: 1,980 + 660 = 2,640 → 240
    expect(taxOf(cart, 10)).toEqual({ rate: 10, taxable: 2640, tax: 240 });
  });

  it("takes a coupon that excludes a product off the other products' rate only", () => {
    // WELCOME500 with the 8% rice excluded: all 500 off the towel's 10%.
    const rice = line({ unitPrice: 4580, taxRate: 8 });
    const excluding = { ...WELCOME500, excludedProductIds: new Set([rice.productId]) };
    const cart = computeCart([line(), rice], context({ enteredCoupon: excluding }));
    expect(cart.discount_coupon).toBe(500);
    expect(taxOf(cart, 8)).toEqual({ rate: 8, taxable: 4580, tax: 339 });
    // 1,980 − 500 (free shipping from 5,000 is on the goods before the coupon: 6,560)
    expect(taxOf(cart, 10)).toEqual({ rate: 10, taxable: 1480, tax: 134 });
    expect(cart.total).toBe(6060);
  });

  it("takes a campaign's discount off the rows that count toward it", () => {
    // CAMPAIGN2026 (300 off from 3,000) on a towel (10%) and a coupon-disabled 8% row: all 300 off the towel.
    const cart = computeCart(
      [line({ unitPrice: 3000, regularUnitPrice: 3000 }), line({ unitPrice: 2000, taxRate: 8, couponDisabled: true })],
      context({ campaign: CAMPAIGN2026 }),
    );
    expect(cart.discount_coupon).toBe(300);
    expect(taxOf(cart, 8)?.taxable).toBe(2000);
    expect(taxOf(cart, 10)?.taxable).toBe(cart.total - 2000);
  });

  it("taxes a 10%-only cart entirely at 10%", () => {
    const cart = computeCart([line()], context());
    // 1,980 + 660 = 2,640 → floor(26,400 / 110) = 240
    expect(taxOf(cart, 10)).toEqual({ rate: 10, taxable: 2640, tax: 240 });
    expect(taxOf(cart, 8)).toEqual({ rate: 8, taxable: 0, tax: 0 });
  });

  it("leaves unavailable rows out of the taxes", () => {
    const cart = computeCart([line(), coldLine({ inventory: 0 })], context());
    expect(taxOf(cart, 8)?.taxable).toBe(0);
    expect(taxOf(cart, 10)?.taxable).toBe(2640); // 1,980 + 660
  });
});

// ─── Totals and flags ───────────────────────────────────────────────────────────────────────

describe("totals", () => {
  it("adds every fee and takes off coupons and points", () => {
    const cart = computeCart(
      [
        line({ quantity: 2, wrapping: true }), // 3,960, wrapping 1,000
        coldLine(), // 2,480, cold
        preorderLine(), // 3,000, pre-order → split
        merchantLine(), // 5,500 from merchant 2
      ],
      member(3000, { paymentMethod: "cod", enteredCoupon: WELCOME500, pointAmount: 1000 }),
    );
    // warehouse 3,960 + 2,480 + 3,000 = 9,440 ≥ 5,000 → free; merchant 2: 5,500 < 11,000 → 990
    expect(cart.subtotal).toBe(14_940);
    expect(cart.wrapping).toBe(1000);
    expect(cart.shipping_fee).toBe(990);
    expect(cart.coldshipping_total).toBe(330);
    expect(cart.split_shipping_fee).toBe(860);
    expect(cart.extra_fee).toBe(330);
    expect(cart.discount_coupon).toBe(500);
    expect(cart.points).toBe(1000);
    // 14,940 + 1,000 + 990 + 330 + 860 + 330 − 500 − 1,000 = 16,950
    expect(cart.total).toBe(16_950);
    expect(cart.total_without_extra_fee).toBe(16_620); // 16,950 − 330
    // 14,940 + 1,000 + 990 + 330 + 860 + 330 = 18,450
    expect(cart.total_before_discount).toBe(18_450);
    expect(cart.total_before_discount_without_shippingfee).toBe(15_940); // 14,940 + 1,000
    expect(cart.max_points).toBe(1000);
    expect(cart.total_points).toBe(134); // floor((14,940 − 500 − 1,000) / 100)
    expect(cart.quantity).toBe(5);
    expect(cart.taxes.reduce((sum, t) => sum + t.taxable, 0)).toBe(16_950);
  });

  it("is all zeros for an empty cart", () => {
    const cart = computeCart([], member(500));
    expect(cart).toMatchObject({
      subtotal: 0,
      total: 0,
      shipping_fee: 0,
      wrapping: 0,
      extra_fee: 0,
      discount: 0,
      points: 0,
      max_points: 0,
      total_points: 0,
      quantity: 0,
      payment_eligible: false,
      coupon_eligible: false,
      point_eligible: false,
    });
  });
});

describe("eligibility flags", () => {
  it("allows payment only when every row is available", () => {
    expect(computeCart([line(), line()], context()).payment_eligible).toBe(true);
    expect(computeCart([line(), line({ status: "archived" })], context()).payment_eligible).toBe(false);
    expect(computeCart([line(), preorderLine({ inventoryPreorderMax: 0 })], context()).payment_eligible).toBe(false);
  });

  it("allows coupons unless every row has coupons disabled", () => {
    expect(computeCart([nocouponLine(), nocouponLine()], context()).coupon_eligible).toBe(false);
    expect(computeCart([nocouponLine(), line()], context()).coupon_eligible).toBe(true);
  });

  it("allows points only to members who have some", () => {
    expect(computeCart([line()], context({ userPoints: 500 })).point_eligible).toBe(false);
    expect(computeCart([line()], member(0)).point_eligible).toBe(false);
    expect(computeCart([line()], member(1)).point_eligible).toBe(true);
  });
});

// ─── Row identity and stock ─────────────────────────────────────────────────────────────────

describe("cartLineKey", () => {
  const key = { productId: 5, variationId: 12, choiceSku: "DEMO-VAR-M", optionChoiceIds: [3, 1], isPreorder: false, subscribe: null };

  it("ignores the order of options", () => {
    expect(cartLineKey(key)).toBe(cartLineKey({ ...key, optionChoiceIds: [1, 3] }));
  });

  it("tells apart different options, variations, choices, pre-order and subscription", () => {
    const base = cartLineKey(key);
    expect(cartLineKey({ ...key, optionChoiceIds: [1] })).not.toBe(base);
    expect(cartLineKey({ ...key, optionChoiceIds: [] })).not.toBe(base);
    expect(cartLineKey({ ...key, variationId: 13 })).not.toBe(base);
    expect(cartLineKey({ ...key, variationId: null })).not.toBe(base);
    expect(cartLineKey({ ...key, choiceSku: "DEMO-VAR-L" })).not.toBe(base);
    expect(cartLineKey({ ...key, isPreorder: true })).not.toBe(base);
    expect(cartLineKey({ ...key, subscribe: 1 })).not.toBe(base);
    expect(cartLineKey({ ...key, subscribe: 2 })).not.toBe(cartLineKey({ ...key, subscribe: 1 }));
    expect(cartLineKey({ ...key, productId: 6 })).not.toBe(base);
  });

  it("does not confuse option ids that share digits", () => {
    expect(cartLineKey({ ...key, optionChoiceIds: [1, 23] })).not.toBe(cartLineKey({ ...key, optionChoiceIds: [12, 3] }));
  });
});

describe("bestCouponForProduct (the product page's coupon box)", () => {
  const guest = { isMember: false, now: NOW };
  const plain = { id: 1, couponDisabled: false };

  it("offers a minimum-amount coupon only once the product's amount reaches it, at its price range", () => {
    expect(bestCouponForProduct([MATOMEGAI], plain, guest, { total: 1980, quantity: 1 })).toBeNull();
    expect(bestCouponForProduct([MATOMEGAI], plain, guest, { total: 3960, quantity: 2 })).toEqual({ coupon: MATOMEGAI, discount: 300 });
    expect(bestCouponForProduct([MATOMEGAI], plain, guest, { total: 5940, quantity: 3 })).toEqual({ coupon: MATOMEGAI, discount: 700 });
    expect(bestCouponForProduct([MATOMEGAI], plain, guest, { total: 12000, quantity: 1 })?.discount).toBe(1200);
  });

  it("takes the coupon worth most, skipping member-only coupons for guests, disabled and unlisted products", () => {
    const coupons = [WELCOME500, SPRING10, MEMBER1000, MATOMEGAI, TEAFAIR, EXPIRED100];
    expect(bestCouponForProduct(coupons, plain, guest, { total: 1980, quantity: 1 })).toEqual({ coupon: WELCOME500, discount: 500 });
    expect(bestCouponForProduct(coupons, plain, { isMember: true, now: NOW }, { total: 1980, quantity: 1 })?.coupon.code).toBe("MEMBER1000");
    expect(bestCouponForProduct(coupons, { id: 1, couponDisabled: true }, guest, { total: 1980, quantity: 1 })).toBeNull();
    expect(bestCouponForProduct([TEAFAIR], plain, guest, { total: 1980, quantity: 1 })).toBeNull();
    // A per-product fixed value counts once per item, as in the cart.
    expect(bestCouponForProduct([TEAFAIR], { id: HOJICHA_ID, couponDisabled: false }, guest, { total: 2400, quantity: 3 })?.discount).toBe(300);
  });
});

describe("lineQuantityCap (the most one row may hold, whatever the stock)", () => {
  it("is 50 for a row, 6 for a subscription (or the variation's own smaller cap), 50 for a pre-order", () => {
    expect(lineQuantityCap({ isPreorder: false, subscribe: null })).toBe(50);
    expect(lineQuantityCap({ isPreorder: false, subscribe: 1 })).toBe(6);
    expect(lineQuantityCap({ isPreorder: false, subscribe: 2, maxSubscription: 3 })).toBe(3);
    expect(lineQuantityCap({ isPreorder: true, subscribe: null })).toBe(50);
  });
});

describe("lineUnavailableReason", () => {
  const base = { status: "published" as const, isPreorder: false, inventory: 5, inventoryPreorderMax: 0 };

  it("names why a row cannot be bought, archived first", () => {
    expect(lineUnavailableReason(base)).toBeNull();
    expect(lineUnavailableReason({ ...base, status: "archived", needsPrivateGrant: true })).toBe("archived");
    expect(lineUnavailableReason({ ...base, status: "draft" })).toBe("unpublished");
    expect(lineUnavailableReason({ ...base, needsPrivateGrant: true })).toBe("private_link");
    expect(lineUnavailableReason({ ...base, inventory: 0 })).toBe("sold_out");
    expect(UNAVAILABLE_LABELS.archived).toBe("利用できません");
  });

  it("leaves a private row without its link's grant out of the totals and blocks payment", () => {
    const cart = computeCart([line({ id: 1 }), line({ id: 2, unitPrice: 3240, needsPrivateGrant: true })], context());
    expect(cart.list.map((row) => [row.available, row.unavailableReason])).toEqual([
      [true, null],
      [false, "private_link"],
    ]);
    expect(cart.subtotal).toBe(1980);
    expect(cart.payment_eligible).toBe(false);
  });
});

describe("coupon price ranges (price_range_selected)", () => {
  const rows = (quantity: number) => computeCart([line({ quantity })], context()).list;
  const guest = { isMember: false, now: NOW };

  it("reports the range that set the coupon's value at the cart's amount", () => {
    expect(evaluateCoupon(MATOMEGAI, rows(2), guest)).toMatchObject({ discount: 300, range: { minAmount: 3000, type: "fix", value: 300 } });
    expect(evaluateCoupon(MATOMEGAI, rows(3), guest)).toMatchObject({ discount: 700, range: { minAmount: 5000, type: "fix", value: 700 } });
    expect(evaluateCoupon(MATOMEGAI, rows(6), guest)).toMatchObject({ discount: 1188, range: { minAmount: 10000, type: "rate", value: 10 } });
    const applied = computeCart([line({ quantity: 3 })], context({ enteredCoupon: MATOMEGAI })).coupons[0];
    expect(applied).toMatchObject({ code: "MATOMEGAI", discount: 700, selected_range: { minAmount: 5000, type: "fix", value: 700 } });
  });
});
