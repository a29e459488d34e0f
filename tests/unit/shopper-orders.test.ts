/** What a shopper is told about a parcel (app/core/orders/shipment-tracking.ts) and about cancelling (app/core/orders/shopper-cancellation.ts). */
import { describe, expect, it } from "vitest";
import { LIFECYCLE_MESSAGES } from "~/core/orders/order-lifecycle";
import { shipmentTracking } from "~/core/orders/shipment-tracking";
import { cancellationPreview, SHOPPER_CANCELLATION_MESSAGES, shopperCancellationRefusal, type CancellableOrder } from "~/core/orders/shopper-cancellation";

// 2026-01-09 23:30 in Japan: the Japan date counts, not the UTC one.
const LATE_EVENING = new Date("2026-01-09T14:30:00Z");
const parcel = { merchantName: null, carrier: "sagawa", trackingNumber: "123456789012", shippedAt: LATE_EVENING, deliveredAt: null };

describe("shipmentTracking", () => {
  it("on its way: carrier, linked number, Japan shipped date and the 1–3 day window", () => {
    expect(shipmentTracking({ ...parcel, status: "shipped" })).toEqual({
      status: "shipped",
      statusLabel: "発送済み",
      sender: "当社倉庫",
      carrierLabel: "佐川急便",
      trackingNumber: "123456789012",
      trackingUrl: "https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=123456789012",
      shippedOn: "2026-01-09",
      expectedDelivery: { earliest: "2026-01-10", latest: "2026-01-12" },
      deliveredOn: null,
    });
  });

  it("delivered: the delivery date instead of a window", () => {
    const facts = shipmentTracking({ ...parcel, merchantName: "十勝しあわせ牧場", status: "delivered", deliveredAt: new Date("2026-01-10T16:00:00Z") });
    expect(facts).toMatchObject({ sender: "十勝しあわせ牧場", expectedDelivery: null, deliveredOn: "2026-01-11" });
  });

  it("before it ships or once cancelled: no carrier, number or dates; an unknown carrier shows the number unlinked", () => {
    for (const status of ["preparing", "cancelled"] as const) {
      expect(shipmentTracking({ ...parcel, status })).toMatchObject({
        carrierLabel: null,
        trackingNumber: null,
        trackingUrl: null,
        shippedOn: null,
        expectedDelivery: null,
      });
    }
    expect(shipmentTracking({ ...parcel, status: "shipped", carrier: "pigeon" })).toMatchObject({
      carrierLabel: null,
      trackingNumber: "123456789012",
      trackingUrl: null,
    });
  });
});

const order: CancellableOrder = {
  status: "paid",
  paymentMethod: "bank_transfer",
  total: 5480,
  pointsUsed: 300,
  pointsEarned: 52,
  couponCode: "WELCOME500",
  discountCoupon: 500,
  shipments: [{ status: "preparing" }, { status: "cancelled" }],
  lines: [
    { title: "今治タオル", quantity: 2, cancelledAt: null, isDigital: false },
    { title: "有田焼 湯呑み", quantity: 1, cancelledAt: new Date(), isDigital: false },
  ],
};

describe("shopper cancellation", () => {
  it("is allowed until a parcel leaves; the reason otherwise", () => {
    expect(shopperCancellationRefusal(order)).toBeNull();
    expect(shopperCancellationRefusal({ ...order, shipments: [{ status: "shipped" }, { status: "preparing" }] })).toBe(LIFECYCLE_MESSAGES.notCancellable);
    expect(shopperCancellationRefusal({ ...order, status: "partially_shipped" })).toBe(LIFECYCLE_MESSAGES.notCancellable);
    expect(shopperCancellationRefusal({ ...order, status: "cancelled" })).toBe(SHOPPER_CANCELLATION_MESSAGES.alreadyCancelled);
  });

  it("never takes back a download once ordered (the terms), unless that line was already cancelled", () => {
    const download = { title: "レシピ集（PDF）", quantity: 1, cancelledAt: null, isDigital: true };
    expect(shopperCancellationRefusal({ ...order, lines: [...order.lines, download] })).toBe(SHOPPER_CANCELLATION_MESSAGES.digital);
    expect(shopperCancellationRefusal({ ...order, lines: [...order.lines, { ...download, cancelledAt: new Date() }] })).toBeNull();
  });

  it("tells what happens in the order's figures: items back, points and coupon returned, earned points withdrawn, the paid total refunded", () => {
    const preview = cancellationPreview(order);
    expect(preview.items).toEqual([{ title: "今治タオル", quantity: 2 }]);
    const text = preview.consequences.join("\n");
    expect(text).toContain("ご利用の 300ポイントをお戻しします。");
    expect(text).toContain("付与した 52ポイントは取り消します。");
    expect(text).toContain("クーポン「WELCOME500」（500円引き）");
    expect(text).toContain("お支払い済みの 5,480円 は");
  });

  it("asks for no refund before the money came, per payment method", () => {
    const unpaid = { ...order, status: "pending_payment" as const, pointsUsed: 0, pointsEarned: 0, couponCode: null };
    expect(cancellationPreview(unpaid).consequences.join("")).toContain("お振り込みは不要です");
    expect(cancellationPreview({ ...unpaid, status: "preparing", paymentMethod: "cod" }).consequences.join("")).toContain("代金引換のため");
    expect(cancellationPreview({ ...unpaid, status: "preparing", paymentMethod: "konbini_postpay" }).consequences.join("")).toContain("ご請求は取り消します");
    expect(cancellationPreview(unpaid).consequences.join("")).not.toContain("ポイント");
  });
});
