import { describe, expect, it } from "vitest";
import { CARRIER_ORDER, isCarrier, parseTrackingNumber, trackingUrl } from "~/core/orders/carriers";
import { actorLabel, eventStatusLabel, orderEventLabel, SYSTEM_ACTOR } from "~/core/orders/order-events";
import {
  cancellationRefusal,
  expectedDeliveryWindow,
  LIFECYCLE_MESSAGES,
  lineCancellationRefusal,
  orderStatusFromShipments,
  paymentConfirmationRefusal,
  paymentLapsed,
  refundDueOnCancellation,
  returnRefusal,
  shipmentNextStep,
  shipmentTransitionRefusal,
  shipmentWaitingReason,
  transferOverdue,
  unpaidLapseCutoff,
} from "~/core/orders/order-lifecycle";
import { ORDER_STATUS_LABELS, type OrderStatus, type ShipmentStatus } from "~/core/orders/orders";

const ALL_ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

describe("the order follows its shipments", () => {
  it.each<[OrderStatus, ShipmentStatus[], OrderStatus]>([
    ["preparing", ["preparing", "preparing"], "preparing"],
    ["paid", ["preparing"], "paid"],
    ["paid", ["shipped", "preparing"], "partially_shipped"],
    ["preparing", ["delivered", "preparing"], "partially_shipped"],
    ["partially_shipped", ["shipped", "shipped"], "shipped"],
    ["partially_shipped", ["delivered", "shipped"], "shipped"],
    ["shipped", ["delivered", "delivered"], "completed"],
    ["preparing", ["delivered"], "completed"],
  ])("%s with shipments %j → %s", (order, shipments, expected) => {
    expect(orderStatusFromShipments(order, shipments)).toBe(expected);
  });

  it("leaves an order waiting for money or ended as it is", () => {
    for (const order of ["pending_payment", "cancelled", "returned"] as const) {
      expect(orderStatusFromShipments(order, ["delivered"])).toBe(order);
    }
  });
});

describe("transitions", () => {
  it("confirms a payment only while it is awaited", () => {
    for (const status of ALL_ORDER_STATUSES) {
      expect(paymentConfirmationRefusal(status)).toBe(status === "pending_payment" ? null : LIFECYCLE_MESSAGES.notAwaitingPayment);
    }
  });

  it("ships a preparing shipment of a paid (or pay-on-delivery) order, nothing else", () => {
    const shippable = new Set<OrderStatus>(["paid", "preparing", "partially_shipped"]);
    for (const status of ALL_ORDER_STATUSES) {
      expect(shipmentTransitionRefusal(status, "preparing", "shipped")).toBe(shippable.has(status) ? null : LIFECYCLE_MESSAGES.notShippable);
    }
    expect(shipmentTransitionRefusal("paid", "shipped", "shipped")).toBe(LIFECYCLE_MESSAGES.shipmentNotPreparing);
    expect(shipmentTransitionRefusal("partially_shipped", "delivered", "shipped")).toBe(LIFECYCLE_MESSAGES.shipmentNotPreparing);
  });

  it("tells a shipment already shipped or delivered so, even after it carried the whole order on", () => {
    expect(shipmentTransitionRefusal("shipped", "shipped", "shipped")).toBe(LIFECYCLE_MESSAGES.shipmentNotPreparing);
    expect(shipmentTransitionRefusal("completed", "delivered", "shipped")).toBe(LIFECYCLE_MESSAGES.shipmentNotPreparing);
    expect(shipmentTransitionRefusal("completed", "delivered", "delivered")).toBe(LIFECYCLE_MESSAGES.shipmentAlreadyDelivered);
    expect(shipmentTransitionRefusal("cancelled", "cancelled", "shipped")).toBe(LIFECYCLE_MESSAGES.notShippable);
  });

  it("delivers a shipped shipment, also when the whole order has shipped", () => {
    expect(shipmentTransitionRefusal("shipped", "shipped", "delivered")).toBeNull();
    expect(shipmentTransitionRefusal("partially_shipped", "shipped", "delivered")).toBeNull();
    expect(shipmentTransitionRefusal("shipped", "preparing", "delivered")).toBe(LIFECYCLE_MESSAGES.shipmentNotShipped);
    expect(shipmentTransitionRefusal("cancelled", "shipped", "delivered")).toBe(LIFECYCLE_MESSAGES.notShippable);
  });

  it("cancels only before anything shipped", () => {
    expect(cancellationRefusal("pending_payment", ["preparing"])).toBeNull();
    expect(cancellationRefusal("paid", ["preparing", "preparing"])).toBeNull();
    expect(cancellationRefusal("preparing", [])).toBeNull();
    expect(cancellationRefusal("preparing", ["shipped", "preparing"])).toBe(LIFECYCLE_MESSAGES.notCancellable);
    for (const status of ["partially_shipped", "shipped", "completed", "cancelled", "returned"] as const) {
      expect(cancellationRefusal(status, ["preparing"])).toBe(LIFECYCLE_MESSAGES.notCancellable);
    }
  });

  it("records a return only after delivery", () => {
    for (const status of ALL_ORDER_STATUSES) {
      expect(returnRefusal(status)).toBe(status === "completed" ? null : LIFECYCLE_MESSAGES.notReturnable);
    }
  });
});

describe("carriers and tracking numbers", () => {
  it("lists ヤマト運輸, 佐川急便 and 日本郵便", () => {
    expect(CARRIER_ORDER).toEqual(["yamato", "sagawa", "japanpost"]);
    expect(isCarrier("yamato")).toBe(true);
    expect(isCarrier("fedex")).toBe(false);
    expect(isCarrier("toString")).toBe(false);
  });

  it("keeps the digits of a number typed with hyphens, spaces or full-width digits", () => {
    expect(parseTrackingNumber("yamato", "1234-5678-9012")).toEqual({ ok: true, value: "123456789012" });
    expect(parseTrackingNumber("sagawa", "１２３４ ５６７８ ９０１２")).toEqual({ ok: true, value: "123456789012" });
    expect(parseTrackingNumber("japanpost", "12345678901")).toEqual({ ok: true, value: "12345678901" });
  });

  it("refuses a number of the wrong length or with letters, naming the carrier's format", () => {
    expect(parseTrackingNumber("yamato", "12345")).toEqual({ ok: false, error: "ヤマト運輸のお問い合わせ番号は12桁の数字です。" });
    expect(parseTrackingNumber("japanpost", "AB123456789JP")).toEqual({ ok: false, error: "日本郵便のお問い合わせ番号は11・12・13桁の数字です。" });
    expect(parseTrackingNumber("sagawa", " ")).toEqual({ ok: false, error: "お問い合わせ番号（伝票番号）を入力してください。" });
  });

  it("links each carrier's tracking page with the number", () => {
    expect(trackingUrl("yamato", "123456789012")).toContain("kuronekoyamato.co.jp");
    expect(trackingUrl("sagawa", "123456789012")).toContain("okurijoNo=123456789012");
    expect(trackingUrl("japanpost", "12345678901")).toContain("reqCodeNo1=12345678901");
  });
});

describe("cancelled shipments and lines", () => {
  it("leaves a shipment whose lines were all cancelled out of the order's state", () => {
    expect(orderStatusFromShipments("preparing", ["shipped", "cancelled"])).toBe("shipped");
    expect(orderStatusFromShipments("shipped", ["delivered", "cancelled"])).toBe("completed");
    expect(orderStatusFromShipments("paid", ["preparing", "cancelled"])).toBe("paid");
    expect(orderStatusFromShipments("preparing", ["cancelled"])).toBe("preparing");
  });

  it("cancels an order whose only other shipment was cancelled, not one with a parcel on its way", () => {
    expect(cancellationRefusal("preparing", ["preparing", "cancelled"])).toBeNull();
    expect(cancellationRefusal("partially_shipped", ["shipped", "cancelled"])).toBe(LIFECYCLE_MESSAGES.notCancellable);
  });

  it("cancels a line while its own shipment has not left, even when another parcel has", () => {
    expect(lineCancellationRefusal("partially_shipped", "preparing", false)).toBeNull();
    expect(lineCancellationRefusal("pending_payment", "preparing", false)).toBeNull();
    expect(lineCancellationRefusal("partially_shipped", "shipped", false)).toBe(LIFECYCLE_MESSAGES.lineNotCancellable);
    expect(lineCancellationRefusal("cancelled", "preparing", false)).toBe(LIFECYCLE_MESSAGES.lineNotCancellable);
    expect(lineCancellationRefusal("preparing", "preparing", true)).toBe(LIFECYCLE_MESSAGES.lineAlreadyCancelled);
  });

  it("owes the total back only once the money was in", () => {
    expect(refundDueOnCancellation("paid", 5000)).toBe(5000);
    expect(refundDueOnCancellation("pending_payment", 5000)).toBe(0);
    // 代金引換 and コンビニ後払い are paid on or after delivery: before shipping nothing was paid.
    expect(refundDueOnCancellation("preparing", 5000)).toBe(0);
  });
});

describe("dates of the lifecycle", () => {
  it("lets a transfer arrive through the whole deadline day (Japan time), and lapses the order the day after", () => {
    // Due 2026-11-17 (stored on the order as it was placed).
    const dueOn = "2026-11-17";
    expect(paymentLapsed(dueOn, new Date("2026-11-17T14:59:00Z"))).toBe(false);
    expect(paymentLapsed(dueOn, new Date("2026-11-17T15:00:00Z"))).toBe(true);
    // The SQL cutoff (payment_due_on < cutoff) says the same as the rule, on both sides of the deadline.
    for (const now of [new Date("2026-11-17T14:59:00Z"), new Date("2026-11-17T15:00:00Z"), new Date("2026-11-30T03:00:00Z")]) {
      expect(dueOn < unpaidLapseCutoff(now)).toBe(paymentLapsed(dueOn, now));
    }
  });

  it("marks a transfer overdue by the deadline the hourly job cancels by, and nothing else", () => {
    const late = new Date("2026-11-17T15:00:00Z");
    const transfer = { status: "pending_payment" as const, paymentMethod: "bank_transfer" as const, paymentDueOn: "2026-11-17" };
    expect(transferOverdue(transfer, new Date("2026-11-17T14:59:00Z"))).toBe(false);
    expect(transferOverdue(transfer, late)).toBe(true);
    expect(transferOverdue({ ...transfer, status: "paid" }, late)).toBe(false);
    expect(transferOverdue({ ...transfer, status: "cancelled" }, late)).toBe(false);
    expect(transferOverdue({ ...transfer, paymentMethod: "cod", status: "preparing" }, late)).toBe(false);
  });

  it("expects a parcel one to three days after it left, in Japan dates", () => {
    // Shipped 2026-11-24 23:00 JST (14:00 UTC): 11/25 – 11/27.
    expect(expectedDeliveryWindow(new Date("2026-11-24T14:00:00Z"))).toEqual({ earliest: "2026-11-25", latest: "2026-11-27" });
  });
});

describe("the history's words", () => {
  it("names the actor and the states in Japanese", () => {
    expect(actorLabel({ kind: "staff", name: "佐藤 健" })).toBe("スタッフ 佐藤 健");
    expect(actorLabel({ kind: "customer", name: "山田 花子" })).toBe("お客様");
    expect(actorLabel(SYSTEM_ACTOR)).toBe("システム 自動処理");
    expect(orderEventLabel("payment_confirmed")).toBe("入金確認");
    expect(orderEventLabel("future_kind")).toBe("future_kind");
    expect(eventStatusLabel("partially_shipped", "order")).toBe("一部発送済み");
    expect(eventStatusLabel("cancelled", "shipment")).toBe("キャンセル");
    expect(eventStatusLabel(null, "order")).toBe("");
  });
});

describe("a shipment's next step, as the pages offer it", () => {
  it("offers exactly the moves the rules accept: an unpaid transfer's parcel is not offered to ship", () => {
    const shipments: ShipmentStatus[] = ["preparing", "shipped", "delivered", "cancelled"];
    for (const order of ALL_ORDER_STATUSES) {
      for (const shipment of shipments) {
        const next = shipmentNextStep(order, shipment);
        const accepted =
          shipment === "preparing"
            ? shipmentTransitionRefusal(order, shipment, "shipped") == null
            : shipment === "shipped" && shipmentTransitionRefusal(order, shipment, "delivered") == null;
        expect(next != null, `${order} / ${shipment}`).toBe(accepted);
      }
    }
    expect(shipmentNextStep("pending_payment", "preparing")).toBeNull();
    expect(shipmentWaitingReason("pending_payment", "preparing")).toBe(LIFECYCLE_MESSAGES.shipAfterPayment);
    expect(shipmentNextStep("paid", "preparing")).toBe("ship");
    expect(shipmentWaitingReason("paid", "preparing")).toBeNull();
    expect(shipmentNextStep("preparing", "preparing")).toBe("ship");
    expect(shipmentNextStep("partially_shipped", "shipped")).toBe("deliver");
    expect(shipmentNextStep("completed", "delivered")).toBeNull();
  });
});
