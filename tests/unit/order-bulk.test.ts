/** The bulk actions' rules (app/core/orders/order-bulk.ts): each target's reason, its targets, and the result URL's codes. */
import { describe, expect, it } from "vitest";
import { bulkRefusal, bulkTargetShipments, readBulkResultParam, bulkResultParam, type BulkOrderFacts } from "~/core/orders/order-bulk";
import { orderOfMailKey, ORDER_MAIL_KEYS } from "~/core/mail/mail-outbox";

const order = (facts: Partial<BulkOrderFacts>): BulkOrderFacts => ({ status: "paid", paymentMethod: "bank_transfer", shipments: [], ...facts });
const parcel = (id: number, status: "preparing" | "shipped" | "delivered" | "cancelled", trackingNumber: string | null = null) => ({
  id,
  status,
  carrier: trackingNumber ? "yamato" : null,
  trackingNumber,
});

describe("bulkRefusal", () => {
  it("入金確認: only a transfer awaiting payment; the others say why", () => {
    expect(bulkRefusal("confirm_payment", order({ status: "pending_payment" }), null)).toBeNull();
    expect(bulkRefusal("confirm_payment", order({ status: "paid" }), null)).toBe("alreadyPaid");
    expect(bulkRefusal("confirm_payment", order({ status: "cancelled" }), null)).toBe("cancelled");
    expect(bulkRefusal("confirm_payment", order({ status: "returned" }), null)).toBe("returned");
    expect(bulkRefusal("confirm_payment", order({ status: "preparing", paymentMethod: "cod" }), null)).toBe("notBankTransfer");
  });

  it("発送: a parcel being prepared of an order that may ship", () => {
    const shipments = [parcel(1, "preparing"), parcel(2, "shipped", "123412341234")];
    expect(bulkRefusal("ship", order({ status: "paid", shipments }), 1)).toBeNull();
    expect(bulkRefusal("ship", order({ status: "partially_shipped", shipments }), 2)).toBe("alreadyShipped");
    expect(bulkRefusal("ship", order({ status: "pending_payment", shipments }), 1)).toBe("awaitingPayment");
    expect(bulkRefusal("ship", order({ status: "cancelled", shipments }), 1)).toBe("cancelled");
    expect(bulkRefusal("ship", order({ shipments }), 9)).toBe("notFound");
  });

  it("出荷メール: a shipped or delivered parcel with its number", () => {
    const shipments = [parcel(1, "preparing"), parcel(2, "delivered", "123412341234"), parcel(3, "cancelled")];
    expect(bulkRefusal("resend_shipment_mail", order({ status: "partially_shipped", shipments }), 2)).toBeNull();
    expect(bulkRefusal("resend_shipment_mail", order({ status: "partially_shipped", shipments }), 1)).toBe("notShipped");
    expect(bulkRefusal("resend_shipment_mail", order({ status: "partially_shipped", shipments }), 3)).toBe("cancelled");
  });
});

describe("targets and result codes", () => {
  it("an order for 入金確認, each live parcel otherwise (an order with none is one row)", () => {
    const shipments = [parcel(1, "preparing"), parcel(2, "cancelled"), parcel(3, "shipped", "1")];
    expect(bulkTargetShipments("confirm_payment", order({ shipments }))).toEqual([null]);
    expect(bulkTargetShipments("ship", order({ shipments }))).toEqual([1, 3]);
    expect(bulkTargetShipments("ship", order({ shipments: [parcel(2, "cancelled")] }))).toEqual([2]);
  });

  it("reads back what it writes, and drops codes no apply writes", () => {
    expect(readBulkResultParam(bulkResultParam({ orderId: 12, shipmentId: 5, outcome: "alreadyShipped" }))).toEqual({
      orderId: 12,
      shipmentId: 5,
      outcome: "alreadyShipped",
    });
    expect(readBulkResultParam("12.0.done")).toEqual({ orderId: 12, shipmentId: null, outcome: "done" });
    expect(readBulkResultParam("12.0.constructor")).toBeNull();
    expect(readBulkResultParam("12.x.done")).toBeNull();
  });

  it("a resent shipping mail's key names its parcel (a reply joins the order's ticket)", () => {
    expect(orderOfMailKey(ORDER_MAIL_KEYS.shipmentShippedResent(7, "0b0e7c1e-1111-4222-8333-444455556666"))).toEqual({ shipmentId: 7 });
  });
});
