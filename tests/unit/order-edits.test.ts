/** The pure rules of editing a placed order (issue 38): windows, the diff before → after, the repricing by the checkout's engine, settlement. */
import { describe, expect, it } from "vitest";
import type { CartCoupon } from "~/core/cart/cart";
import { addDaysToDate, jstDate } from "~/core/dates";
import { LinesFormSchema, DeliveryWishFormSchema } from "~/core/orders/order-edit-forms";
import { amountsOf, orderPointRate, repriceOrder, type EditedLine, type RepricingContext } from "~/core/orders/order-edit-pricing";
import {
  amountChanges,
  deliveryChanges,
  deliveryEditRefusal,
  deliveryWishRefusal,
  lineChanges,
  lineEditRefusal,
  linesEditRefusal,
  ORDER_EDIT_MESSAGES,
  readEditChanges,
  settlementAfterEdit,
  settlementAfterRefund,
  settlementLabel,
  shopperChangeRefusal,
  type OrderDelivery,
} from "~/core/orders/order-edits";
import * as v from "valibot";

const NOW = new Date("2026-11-20T03:00:00Z");
const preparing = [{ status: "preparing" as const }];

const delivery: OrderDelivery = {
  shipLastname: "佐藤",
  shipFirstname: "一郎",
  shipLastnameJp: "サトウ",
  shipFirstnameJp: "イチロウ",
  shipPostalCode: "1000001",
  shipPrefecture: 13,
  shipCity: "千代田区",
  shipDistrict: "千代田",
  shipAddress1: "1-1",
  shipAddress2: "",
  shipPhone: "0312345678",
  deliveryDate: null,
  deliveryTimeSlot: null,
};

describe("when an order may be edited", () => {
  it("the delivery until a parcel leaves; the lines of a parcel still being prepared", () => {
    expect(deliveryEditRefusal({ status: "pending_payment", shipments: preparing })).toBeNull();
    expect(deliveryEditRefusal({ status: "paid", shipments: preparing })).toBeNull();
    expect(deliveryEditRefusal({ status: "partially_shipped", shipments: [{ status: "shipped" }, { status: "preparing" }] })).toBe(
      ORDER_EDIT_MESSAGES.deliveryClosed,
    );
    expect(deliveryEditRefusal({ status: "cancelled", shipments: [{ status: "cancelled" }] })).toBe(ORDER_EDIT_MESSAGES.deliveryClosed);
    expect(linesEditRefusal("partially_shipped")).toBeNull();
    expect(linesEditRefusal("shipped")).toBe(ORDER_EDIT_MESSAGES.linesClosed);
    const line = { title: "タオル", cancelled: false, subscribe: null };
    expect(lineEditRefusal(line, "preparing")).toBeNull();
    expect(lineEditRefusal(line, "shipped")).toBe(ORDER_EDIT_MESSAGES.lineShipped("タオル"));
    expect(lineEditRefusal({ ...line, cancelled: true }, "preparing")).toBe(ORDER_EDIT_MESSAGES.lineShipped("タオル"));
    expect(lineEditRefusal({ ...line, subscribe: 1 }, "preparing")).toBe(ORDER_EDIT_MESSAGES.subscriptionLine("タオル"));
  });

  it("the shopper only within the owner's window: 入金待ち・新規受付まで, 発送準備まで, or never", () => {
    const transfer = (status: "pending_payment" | "paid") => ({ status, paymentMethod: "bank_transfer" as const, shipments: preparing });
    const cod = { status: "preparing" as const, paymentMethod: "cod" as const, shipments: preparing };
    expect(shopperChangeRefusal("received", transfer("pending_payment"))).toBeNull();
    expect(shopperChangeRefusal("received", transfer("paid"))).toBe(ORDER_EDIT_MESSAGES.shopperClosed);
    expect(shopperChangeRefusal("received", cod)).toBeNull();
    expect(shopperChangeRefusal("preparing", transfer("paid"))).toBeNull();
    expect(shopperChangeRefusal("preparing", { ...cod, status: "partially_shipped", shipments: [{ status: "shipped" }] })).toBe(
      ORDER_EDIT_MESSAGES.shopperClosed,
    );
    expect(shopperChangeRefusal("none", transfer("pending_payment"))).toBe(ORDER_EDIT_MESSAGES.shopperClosed);
  });

  it("a wished date by the checkout's rules (3–14 days on); a date kept as it was is not judged again", () => {
    const inFive = addDaysToDate(jstDate(NOW), 5);
    expect(deliveryWishRefusal({ deliveryDate: inFive, deliveryTimeSlot: "午前中" }, delivery, NOW)).toBeNull();
    expect(deliveryWishRefusal({ deliveryDate: addDaysToDate(jstDate(NOW), 1), deliveryTimeSlot: null }, delivery, NOW)).toBe(ORDER_EDIT_MESSAGES.deliveryDate);
    expect(deliveryWishRefusal({ deliveryDate: "2026-11-21", deliveryTimeSlot: null }, { ...delivery, deliveryDate: "2026-11-21" }, NOW)).toBeNull();
    expect(deliveryWishRefusal({ deliveryDate: null, deliveryTimeSlot: "深夜" }, delivery, NOW)).toBe(ORDER_EDIT_MESSAGES.deliverySlot);
  });
});

describe("what an edit changed", () => {
  it("names each delivery item that moved, before → after", () => {
    expect(deliveryChanges(delivery, { ...delivery, shipAddress2: "101号室", deliveryDate: "2026-11-25", deliveryTimeSlot: "午前中" })).toEqual([
      { label: "お届け先のご住所", before: "〒100-0001 東京都千代田区千代田 1-1", after: "〒100-0001 東京都千代田区千代田 1-1 101号室" },
      { label: "お届け希望日", before: "指定なし", after: "2026年11月25日" },
      { label: "お届け時間帯", before: "指定なし", after: "午前中" },
    ]);
    expect(deliveryChanges(delivery, delivery)).toEqual([]);
  });

  it("names lines changed, removed and added, and the amounts that moved", () => {
    const before = [
      { lineId: 1, title: "タオル", detail: "", unitPrice: 1980, quantity: 2 },
      { lineId: 2, title: "急須", detail: "色：黒", unitPrice: 8800, quantity: 1 },
    ];
    const after = [
      { lineId: 1, title: "タオル", detail: "", unitPrice: 1980, quantity: 3 },
      { lineId: null, title: "お茶", detail: "", unitPrice: 1200, quantity: 1 },
    ];
    expect(lineChanges(before, after)).toEqual([
      { label: "商品「タオル」", before: "1,980円 × 2", after: "1,980円 × 3" },
      { label: "商品「急須（色：黒）」", before: "8,800円 × 1", after: "（削除）" },
      { label: "商品「お茶」", before: "（追加前）", after: "1,200円 × 1" },
    ]);
    const amounts = {
      subtotal: 3960,
      shippingFee: 660,
      coldshippingFee: 0,
      splitShippingFee: 0,
      extraFee: 0,
      wrappingFee: 0,
      discountCoupon: 0,
      pointsUsed: 0,
      pointsEarned: 39,
      total: 4620,
    };
    expect(amountChanges(amounts, { ...amounts, subtotal: 5940, shippingFee: 0, pointsEarned: 59, total: 5940 })).toEqual([
      { label: "商品小計", before: "3,960円", after: "5,940円" },
      { label: "送料", before: "660円", after: "0円" },
      { label: "獲得予定ポイント", before: "39pt", after: "59pt" },
      { label: "お支払い合計", before: "4,620円", after: "5,940円" },
    ]);
  });

  it("reads stored changes back leniently", () => {
    expect(readEditChanges('[{"label":"a","before":"1","after":"2"},{"label":3}]')).toEqual([{ label: "a", before: "1", after: "2" }]);
    expect(readEditChanges("not json")).toEqual([]);
  });
});

describe("settlement", () => {
  it("once paid the difference is owed (追加請求) or refunded (返金予定); before payment nothing is left", () => {
    expect(settlementAfterEdit({ paid: true, settlementDue: 0 }, 4620, 5940)).toBe(1320);
    expect(settlementAfterEdit({ paid: true, settlementDue: 1320 }, 5940, 2640)).toBe(-1980);
    expect(settlementAfterEdit({ paid: false, settlementDue: 0 }, 4620, 5940)).toBe(0);
    expect(settlementAfterRefund(-1980, 1000)).toBe(-980);
    expect(settlementAfterRefund(-980, 5000)).toBe(0);
    expect(settlementAfterRefund(500, 1000)).toBe(500);
    expect(settlementLabel(1320)).toBe("追加請求 1,320円");
    expect(settlementLabel(-980)).toBe("返金予定 980円");
    expect(settlementLabel(0)).toBeNull();
  });
});

describe("repricing by the checkout's engine", () => {
  const towel: EditedLine = {
    lineId: 1,
    productId: 1,
    variationId: null,
    choiceSku: null,
    sku: "DEMO-SIMPLE",
    title: "タオル",
    choiceLabel: "",
    optionsLabel: "",
    taxRate: 10,
    unitPrice: 1980,
    quantity: 2,
    isPreorder: false,
    subscribe: null,
    wrapping: false,
    shippingFrom: "warehouse",
    merchantId: null,
    coldshipping: "none",
    isDigital: false,
    disableWrapping: false,
    couponDisabled: false,
    cancelled: false,
  };
  const context: RepricingContext = {
    isMember: true,
    pointsUsed: 0,
    enteredCoupon: null,
    autoCoupons: [],
    campaignDiscount: 0,
    coldshippingChosen: false,
    paymentMethod: "bank_transfer",
    merchants: [],
    orderedAt: NOW,
    pointRate: 1,
  };
  const minimumCoupon: CartCoupon = {
    id: 8,
    code: "MATOMEGAI",
    title: "まとめ買い",
    titleSimple: "",
    type: "fix",
    value: 300,
    freeShipping: false,
    alone: false,
    isAuto: false,
    memberOnly: false,
    productsDefault: true,
    minAmount: 3000,
    startsAt: null,
    expiresAt: new Date("2026-11-30T00:00:00Z").getTime(),
    productPrices: new Map(),
    excludedProductIds: new Set(),
    priceRanges: [],
  };

  it("prices the shipping (free from 5,000円) and the points earned as the cart would", () => {
    expect(amountsOf(repriceOrder([towel], context), true)).toMatchObject({ subtotal: 3960, shippingFee: 660, total: 4620, pointsEarned: 39 });
    expect(amountsOf(repriceOrder([{ ...towel, quantity: 3 }], context), true)).toMatchObject({
      subtotal: 5940,
      shippingFee: 0,
      total: 5940,
      pointsEarned: 59,
    });
    expect(amountsOf(repriceOrder([{ ...towel, quantity: 3 }], { ...context, pointRate: 2 }), true).pointsEarned).toBe(118);
    expect(amountsOf(repriceOrder([towel], { ...context, isMember: false }), false).pointsEarned).toBe(0);
  });

  it("judges the order's coupon as on the day it was placed (an expired one still applies; below its minimum it does not)", () => {
    const later = new Date("2027-01-01T00:00:00Z");
    expect(repriceOrder([towel], { ...context, enteredCoupon: minimumCoupon }).discount_coupon).toBe(300);
    expect(repriceOrder([towel], { ...context, enteredCoupon: minimumCoupon, orderedAt: later }).discount_coupon).toBe(0);
    expect(repriceOrder([{ ...towel, quantity: 1 }], { ...context, enteredCoupon: minimumCoupon }).coupons).toEqual([]);
  });

  it("uses no more points than the order did, fewer when the new total is smaller", () => {
    const cheap = { ...towel, unitPrice: 300, quantity: 1 };
    expect(repriceOrder([{ ...cheap, quantity: 3 }], { ...context, pointsUsed: 1000 }).points).toBe(1000);
    expect(repriceOrder([cheap], { ...context, pointsUsed: 1000 }).points).toBe(300 + 660);
  });

  it("finds the multiplier the order earned at", () => {
    expect(orderPointRate({ subtotal: 3960, discountCoupon: 0, pointsUsed: 0, pointsEarned: 39 })).toBe(1);
    expect(orderPointRate({ subtotal: 3960, discountCoupon: 0, pointsUsed: 0, pointsEarned: 78 })).toBe(2);
    expect(orderPointRate({ subtotal: 3960, discountCoupon: 0, pointsUsed: 0, pointsEarned: 5 })).toBe(1);
  });
});

describe("the forms", () => {
  it("read the lines as aligned lists, full-width digits too, and an optional line to add", () => {
    const read = v.parse(LinesFormSchema, {
      intent: "lines",
      version: "3",
      line: ["11", "12"],
      quantity: ["２", "0"],
      add_sku: " DEMO-COLD ",
      add_quantity: "",
      todays_price: "1",
    });
    expect(read).toEqual({
      version: 3,
      lines: {
        quantities: [
          { lineId: 11, quantity: 2 },
          { lineId: 12, quantity: 0 },
        ],
        added: [{ sku: "DEMO-COLD", quantity: 1 }],
        todaysPrice: true,
      },
    });
    expect(v.safeParse(LinesFormSchema, { intent: "lines", version: "3", line: ["11"], quantity: ["51"] }).success).toBe(false);
    expect(v.safeParse(LinesFormSchema, { intent: "lines", version: "3", line: ["11", "12"], quantity: ["1"] }).success).toBe(false);
  });

  it("read 指定なし as null and refuse what the page does not offer", () => {
    expect(v.parse(DeliveryWishFormSchema, { intent: "delivery_wish", version: "1", deliveryDate: "", deliveryTimeSlot: "" })).toEqual({
      intent: "delivery_wish",
      version: 1,
      deliveryDate: null,
      deliveryTimeSlot: null,
    });
    expect(v.safeParse(DeliveryWishFormSchema, { intent: "delivery_wish", version: "1", deliveryTimeSlot: "深夜" }).success).toBe(false);
  });
});
