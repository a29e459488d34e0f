/**
 * Staff's order page (/crm/orders/{id}) on a real local D1: what it shows, and each of its forms posted as
 * a browser without JS would (PRG: 303 back with a notice) — payment, shipping with a tracking number,
 * delivery, cancelling lines and the whole order, refunds under the order's total (also when two are
 * recorded at once), resending the confirmation, notes — each refusal a Japanese message at its form with
 * nothing changed.
 */
import { and, eq, like } from "drizzle-orm";
import { describe, expect } from "vitest";
import { LIFECYCLE_MESSAGES } from "~/core/orders/order-lifecycle";
import { ORDER_DESK_TEXT } from "~/core/orders/order-desk";
import { mailOutbox, orderEvents, orderLines, orderRefunds, orders, orderShipments, products } from "~/db/schema";
import { GUEST_ORDER_EMAIL, MEMBER_ID } from "~/services/seed/people";
import * as page from "~/routes/crm.orders.$orderId";
import { SHIPMENT_NOT_FOUND } from "~/services/orders/order-transitions.server";
import type { DeskOrder, OrderDeskActionData } from "~/web/types/crm-orders";
import { placeMemberOrder } from "../support/orders";
import { platformTest, type TestPlatform, seedClock } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const now = seedClock();
const it = platformTest();
/** The seed's guest orders: 6 (銀行振込, waiting; shipments 7 warehouse, 8 merchant 3), 7 (代金引換; 9, 10, 11). */
const TRANSFER = 6;
const COD = 7;

const post = (platform: TestPlatform, cookie: string, orderId: number, fields: Record<string, string> | [string, string][]) =>
  run(platform, page.action as RouteHandler, postRequest(`/crm/orders/${orderId}`, fields, { cookie, mode: "navigate" }), { orderId: String(orderId) });

async function show(platform: TestPlatform, cookie: string, orderId: number, search = "") {
  const outcome = await run(platform, page.loader as RouteHandler, pageRequest(`/crm/orders/${orderId}${search}`, cookie), { orderId: String(orderId) });
  expect(outcome.status).toBe(200);
  return valueOf<DeskOrder & { notice: string | null }>(outcome);
}

const orderRow = (platform: TestPlatform, id: number) => platform.db.select().from(orders).where(eq(orders.id, id)).get();
const events = (platform: TestPlatform, id: number) => platform.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));

async function refusal(outcome: Awaited<ReturnType<typeof post>>) {
  return valueOf<OrderDeskActionData>(outcome);
}

describe("the order page", () => {
  it("shows the guest's transfer order: lines and amounts as the buyer's page, payment deadline, customer, shipments", async ({ platform, staff }) => {
    const order = await show(platform, staff, TRANSFER);
    expect(order.detail.order.status).toBe("pending_payment");
    expect(order.detail.shipments.map((shipment) => shipment.lines.map((line) => line.sku))).toEqual([["DEMO-SIMPLE"], ["FOOD-BUTTER"]]);
    expect(order.customer).toMatchObject({ guest: true, email: GUEST_ORDER_EMAIL });
    expect(order.payment.transferDeadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(order.shipments.map((shipment) => [shipment.id, shipment.sender, shipment.status])).toEqual([
      [7, "当社倉庫", "preparing"],
      [8, "十勝しあわせ牧場", "preparing"],
    ]);
    expect(order.history).toEqual([]);
  });

  it("answers an unknown order with 404 and a malformed id with 400", async ({ platform, staff }) => {
    expect((await run(platform, page.loader as RouteHandler, pageRequest("/crm/orders/999", staff), { orderId: "999" })).status).toBe(404);
    expect((await run(platform, page.loader as RouteHandler, pageRequest("/crm/orders/abc", staff), { orderId: "abc" })).status).toBe(400);
    const outcome = await post(platform, staff, 999, { intent: "note", note: "メモ" });
    expect(outcome.status).toBe(404);
  });
});

describe("payment, shipping, delivery", () => {
  it("confirms the transfer once; a second confirmation is refused at its form", async ({ platform, staff }) => {
    expectRedirect(await post(platform, staff, TRANSFER, { intent: "confirm_payment" }), 303, "/crm/orders/6?notice=payment_confirmed#result");
    const row = (await orderRow(platform, TRANSFER))!;
    expect(row.status).toBe("paid");
    expect(row.paidAt).not.toBeNull();
    expect(
      await platform.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.key, `payment-confirmed:${row.number}`)),
    ).toHaveLength(1);
    const again = await post(platform, staff, TRANSFER, { intent: "confirm_payment" });
    expect(again.status).toBe(409);
    expect(await refusal(again)).toMatchObject({ intent: "confirm_payment", error: LIFECYCLE_MESSAGES.notAwaitingPayment });
    const shown = await show(platform, staff, TRANSFER, "?notice=payment_confirmed");
    expect(shown.notice).toContain("入金を確認しました");
    expect(shown.history.map((line) => [line.label, line.actor, line.move])).toContainEqual([
      "入金確認",
      "スタッフ 佐藤 健",
      "お支払い待ち → 入金確認済み・発送準備中",
    ]);
  });

  it("ships the warehouse parcel with a ヤマト number; refuses a malformed number, an unknown carrier and another order's shipment", async ({
    platform,
    staff,
  }) => {
    const wrong = await post(platform, staff, TRANSFER, { intent: "ship", shipment: "7", carrier: "yamato", tracking_number: "12345" });
    expect(wrong.status).toBe(409);
    expect(await refusal(wrong)).toMatchObject({ intent: "ship", shipment: 7, error: "ヤマト運輸のお問い合わせ番号は12桁の数字です。" });
    const carrier = await post(platform, staff, TRANSFER, { intent: "ship", shipment: "7", carrier: "fedex", tracking_number: "123412341234" });
    expect(carrier.status).toBe(400);
    expect(await refusal(carrier)).toMatchObject({ intent: "ship", error: ORDER_DESK_TEXT.carrier });
    const elsewhere = await post(platform, staff, TRANSFER, { intent: "ship", shipment: "9", carrier: "yamato", tracking_number: "123412341234" });
    expect(await refusal(elsewhere)).toMatchObject({ error: SHIPMENT_NOT_FOUND });
    expect((await platform.db.select().from(orderShipments).where(eq(orderShipments.id, 7)).get())?.status).toBe("preparing");

    expectRedirect(
      await post(platform, staff, TRANSFER, { intent: "ship", shipment: "7", carrier: "yamato", tracking_number: "１２３４-５６７８-９０１２" }),
      303,
      "/crm/orders/6?notice=shipped#result",
    );
    const order = await show(platform, staff, TRANSFER);
    expect(order.detail.order.status).toBe("partially_shipped");
    expect(order.shipments[0]).toMatchObject({ status: "shipped", carrierLabel: "ヤマト運輸", trackingNumber: "123456789012" });
    expect(order.shipments[0]?.trackingUrl).toContain("toi.kuronekoyamato.co.jp");
    expect(order.history.map((line) => line.label)).toEqual(["入金確認", "発送", "注文状況の変更"]);
  });

  it("marks a shipped parcel delivered, and refuses a parcel still being prepared", async ({ platform, staff }) => {
    const early = await post(platform, staff, TRANSFER, { intent: "deliver", shipment: "8" });
    expect(await refusal(early)).toMatchObject({ intent: "deliver", shipment: 8, error: LIFECYCLE_MESSAGES.shipmentNotShipped });
    expectRedirect(await post(platform, staff, TRANSFER, { intent: "deliver", shipment: "7" }), 303, "/crm/orders/6?notice=delivered#result");
    const shipment = (await platform.db.select().from(orderShipments).where(eq(orderShipments.id, 7)).get())!;
    expect(shipment.status).toBe("delivered");
    expect(shipment.deliveredAt).not.toBeNull();
  });
});

describe("cancelling", () => {
  it("cancels a chosen line of a parcel not yet shipped; its stock comes back and the page marks it", async ({ platform, staff }) => {
    const stock = async () => (await platform.db.select({ n: products.inventory }).from(products).where(eq(products.sku, "KITCHEN-MUG")).get())!.n;
    const before = await stock();
    const none = await post(platform, staff, COD, [["intent", "cancel_lines"]]);
    expect(await refusal(none)).toMatchObject({ intent: "cancel_lines", error: "キャンセルする商品を選んでください。" });
    expectRedirect(
      await post(platform, staff, COD, [
        ["intent", "cancel_lines"],
        ["line", "13"],
      ]),
      303,
      "/crm/orders/7?notice=lines_cancelled#result",
    );
    expect(await stock()).toBe(before + 2);
    expect((await platform.db.select().from(orderLines).where(eq(orderLines.id, 13)).get())?.cancelledAt).not.toBeNull();
    const order = await show(platform, staff, COD);
    expect(order.shipments.find((shipment) => shipment.id === 11)?.status).toBe("cancelled");
    const cancelledLine = order.detail.shipments.flatMap((shipment) => shipment.lines).find((line) => line.id === 13);
    expect(cancelledLine?.cancelledAt).not.toBeNull();
  });

  it("cancels the whole order only with the confirmation ticked, once, with the reason in the history", async ({ platform, staff }) => {
    const unticked = await post(platform, staff, COD, { intent: "cancel", note: "お客様から電話" });
    expect(await refusal(unticked)).toMatchObject({ intent: "cancel", error: ORDER_DESK_TEXT.cancelNotConfirmed });
    expect((await orderRow(platform, COD))?.status).toBe("preparing");
    expectRedirect(await post(platform, staff, COD, { intent: "cancel", confirm: "1", note: "お客様から電話" }), 303, "/crm/orders/7?notice=cancelled#result");
    const row = (await orderRow(platform, COD))!;
    expect(row.status).toBe("cancelled");
    const cancelled = (await events(platform, COD)).filter((event) => event.kind === "cancelled");
    expect(cancelled.map((event) => [event.actorKind, event.note])).toEqual([["staff", "お客様から電話"]]);
    expect(
      await platform.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.key, `order-cancelled:${row.number}`)),
    ).toHaveLength(1);
    const again = await post(platform, staff, COD, { intent: "cancel", confirm: "1" });
    expect(await refusal(again)).toMatchObject({ error: LIFECYCLE_MESSAGES.notCancellable });
  });
});

describe("refunds", () => {
  it("records refunds up to the order's total and refuses more, or any before the payment", async ({ platform, staff }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now, paymentMethod: "cod" });
    const total = (await orderRow(platform, order.id))!.total;
    const typo = await post(platform, staff, order.id, { intent: "refund", amount: "千円", method: "bank_transfer" });
    expect(typo.status).toBe(400);
    expect(await refusal(typo)).toMatchObject({ intent: "refund", error: ORDER_DESK_TEXT.refundAmount, field: "amount" });
    expectRedirect(
      await post(platform, staff, order.id, { intent: "refund", amount: "１０００", method: "billing_cancelled", note: "送料分" }),
      303,
      `/crm/orders/${order.id}?notice=refund_recorded#result`,
    );
    const over = await post(platform, staff, order.id, { intent: "refund", amount: String(total), method: "bank_transfer" });
    expect(over.status).toBe(409);
    expect((await refusal(over)).error).toContain(`あと${(total - 1000).toLocaleString("ja-JP")}円まで`);
    const shown = await show(platform, staff, order.id);
    expect(shown.refunds.map((refund) => [refund.amount, refund.method, refund.note])).toEqual([[1000, "billing_cancelled", "送料分"]]);
    expect(shown.history.map((line) => [line.label, line.note])).toContainEqual(["返金の記録", "1,000円（請求の取消（代金引換・コンビニ後払い））：送料分"]);

    const unpaid = await placeMemberOrder(platform.db, MEMBER_ID, { now, paymentMethod: "bank_transfer" });
    expect(await refusal(await post(platform, staff, unpaid.id, { intent: "refund", amount: "100", method: "bank_transfer" }))).toMatchObject({
      error: ORDER_DESK_TEXT.refundBeforePayment,
    });
  });

  it("two refunds recorded at once never add up to more than the total", async ({ platform, staff }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { now, paymentMethod: "cod" });
    const total = (await orderRow(platform, order.id))!.total;
    const share = String(Math.ceil(total * 0.6));
    const results = await Promise.all([1, 2, 3].map(() => post(platform, staff, order.id, { intent: "refund", amount: share, method: "bank_transfer" })));
    expect(results.map((result) => result.status).sort()).toEqual([303, 409, 409]);
    const refunds = await platform.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refunds).toHaveLength(1);
    expect((await events(platform, order.id)).filter((event) => event.kind === "refund_recorded")).toHaveLength(1);
  });
});

describe("confirmation mail and notes", () => {
  it("resends the confirmation as a new message each time, rendered from the stored order", async ({ platform, staff }) => {
    const number = (await orderRow(platform, TRANSFER))!.number;
    expectRedirect(await post(platform, staff, TRANSFER, { intent: "resend_confirmation" }), 303, "/crm/orders/6?notice=confirmation_resent#result");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expectRedirect(await post(platform, staff, TRANSFER, { intent: "resend_confirmation" }), 303, "/crm/orders/6?notice=confirmation_resent#result");
    const resent = await platform.db
      .select()
      .from(mailOutbox)
      .where(and(like(mailOutbox.key, `order-confirmation:${number}:resend:%`)));
    expect(resent).toHaveLength(2);
    const titles = (await platform.db.select().from(orderLines).where(eq(orderLines.orderId, TRANSFER))).map((line) => line.title);
    for (const mail of resent) {
      expect(mail.toAddress).toBe(GUEST_ORDER_EMAIL);
      expect(mail.subject).toBe(`【ご注文確認】ご注文ありがとうございます（注文番号 ${number}）`);
      for (const title of titles) expect(mail.textBody).toContain(title);
    }
    expect((await events(platform, TRANSFER)).filter((event) => event.kind === "confirmation_resent")).toHaveLength(2);
  });

  it("adds an internal note to the history; an empty one is refused", async ({ platform, staff }) => {
    const empty = await post(platform, staff, TRANSFER, { intent: "note", note: "   " });
    expect(empty.status).toBe(400);
    expect(await refusal(empty)).toMatchObject({ intent: "note", error: ORDER_DESK_TEXT.noteEmpty });
    expectRedirect(await post(platform, staff, TRANSFER, { intent: "note", note: "お客様から振込予定日の連絡あり" }), 303, "/crm/orders/6?notice=noted#result");
    const notes = (await show(platform, staff, TRANSFER)).history.filter((line) => line.isNote);
    expect(notes.map((line) => [line.label, line.note])).toEqual([["社内メモ", "お客様から振込予定日の連絡あり"]]);
  });
});
