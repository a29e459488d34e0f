/**
 * Merchants told what waits for them (issue 37 item 4, decision 0058) on real local D1: an order holding
 * their parcel placed with 代金引換 / コンビニ後払い (at once) or paid by transfer (at 入金確認) writes one
 * merchant_alerts row per merchant and, on 'each', one mail per alert address — their own goods only, with
 * the link to their parcel in the portal — in the batch of the placement or payment, once under races and
 * replays; a return request of their goods likewise; 'off' writes the row and no mail; a 'digest' merchant
 * gets one mail a day from the digest hour, its rows then marked, however many runs overlap.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ALERT_MAIL_KEYS } from "~/core/alerts/alerts";
import { addDaysToDate, jstDate, jstDayStart } from "~/core/dates";
import type { ReturnRequestInput } from "~/core/returns/return-request-forms";
import { merchantAlerts, merchants, orderShipments } from "~/db/schema";
import { writeDailyDigests } from "~/services/alerts/alert-digests.server";
import { confirmPayment } from "~/services/orders/order-transitions.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { MEMBER_ID, MERCHANT_ID, OTHER_MERCHANT_ID } from "~/services/seed/people";
import { outboxRows } from "../support/alerts";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { deliveredOrder, STAFF_ACTOR } from "../support/returns";

const now = seedClock();
const it = platformTest();

/** 十勝しあわせ牧場 (MERCHANT_ID) ships the butter, 有田 青華窯 (OTHER_MERCHANT_ID) the 豆皿; the warehouse DEMO-SIMPLE. */
const TOKACHI_CONTACT = "office@tokachi-farm.example.jp";
const ARITA_CONTACT = "info@arita-seika.example.jp";
const BOTH_MERCHANTS = {
  sku: "DEMO-SIMPLE",
  more: [
    { sku: "FOOD-BUTTER", quantity: 2 },
    { sku: "DEMO-MERCHANT", quantity: 1 },
  ],
};

const setMerchant = (platform: TestPlatform, id: number, values: { alertEmails?: string; alertMode?: "each" | "digest" | "off" }) =>
  platform.db.update(merchants).set(values).where(eq(merchants.id, id));

const rowsOf = (platform: TestPlatform, merchantId: number, key: string) =>
  platform.db
    .select()
    .from(merchantAlerts)
    .where(and(eq(merchantAlerts.merchantId, merchantId), eq(merchantAlerts.key, key)));

async function shipmentOf(platform: TestPlatform, orderId: number, merchantId: number) {
  const [row] = await platform.db
    .select({ id: orderShipments.id })
    .from(orderShipments)
    .where(and(eq(orderShipments.orderId, orderId), eq(orderShipments.merchantId, merchantId)));
  return row!.id;
}

describe("ready to ship", () => {
  it("a 代金引換 order mails each of its merchants at once: their own goods, the link to their parcel; the warehouse's goods to nobody", async ({
    platform,
  }) => {
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { ...BOTH_MERCHANTS, paymentMethod: "cod", now });
    const tokachi = await outboxRows(platform, `merchant-alert:ready:${order.number}:${MERCHANT_ID}:`);
    const arita = await outboxRows(platform, `merchant-alert:ready:${order.number}:${OTHER_MERCHANT_ID}:`);
    expect(tokachi.map((mail) => mail.toAddress)).toEqual([TOKACHI_CONTACT]);
    expect(arita.map((mail) => mail.toAddress)).toEqual([ARITA_CONTACT]);
    const mail = tokachi[0]!;
    expect(mail.kind).toBe("merchant_alert");
    expect(mail.subject).toBe(`【ひなた市場】発送待ちのご注文が入りました（ご注文番号 ${order.number}）`);
    expect(mail.textBody).toContain("十勝 発酵バター 無塩 200g × 2");
    expect(mail.textBody).not.toContain("豆皿");
    expect(mail.textBody).toContain("お支払い方法：代金引換");
    // The shipment the same batch inserted: its id is in the link.
    expect(mail.html).toContain(`http://shop.test/merchant/shipments/${await shipmentOf(platform, order.id, MERCHANT_ID)}"`);
    expect(arita[0]!.html).toContain(`/merchant/shipments/${await shipmentOf(platform, order.id, OTHER_MERCHANT_ID)}"`);
    expect(arita[0]!.textBody).not.toContain("バター");
    const [row] = await rowsOf(platform, MERCHANT_ID, `ready:${order.number}`);
    expect(row).toMatchObject({ kind: "ready_to_ship", orderId: order.id });
    expect(row!.summary).toBe(`ご注文 ${order.number}：十勝 発酵バター 無塩 200g ×2`);
    // Told by mail: not waiting for a digest.
    expect(row!.digestedAt).not.toBeNull();
  });

  it("a transfer tells nobody until 入金確認; two staff confirming at once mail each address once", async ({ platform }) => {
    await setMerchant(platform, MERCHANT_ID, { alertEmails: "Ship@Tokachi.example.jp\nboss@tokachi.example.jp\nship@tokachi.example.jp\n" });
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { ...BOTH_MERCHANTS, now });
    expect(await outboxRows(platform, `merchant-alert:ready:${order.number}:`)).toHaveLength(0);
    expect(await rowsOf(platform, MERCHANT_ID, `ready:${order.number}`)).toHaveLength(0);

    const results = await Promise.all([
      confirmPayment(platform.db, order.id, STAFF_ACTOR, TEST_MAIL_FRAME, now),
      confirmPayment(platform.db, order.id, STAFF_ACTOR, TEST_MAIL_FRAME, now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const mails = await outboxRows(platform, `merchant-alert:ready:${order.number}:${MERCHANT_ID}:`);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(["boss@tokachi.example.jp", "ship@tokachi.example.jp"]);
    expect(mails[0]!.html).toContain(`/merchant/shipments/${await shipmentOf(platform, order.id, MERCHANT_ID)}"`);
    expect(await outboxRows(platform, `merchant-alert:ready:${order.number}:${OTHER_MERCHANT_ID}:`)).toHaveLength(1);
    expect(await rowsOf(platform, MERCHANT_ID, `ready:${order.number}`)).toHaveLength(1);
    // The payment's keys include the alerts', for dispatch.
    const confirmed = results.find((result) => result.ok)!;
    expect(confirmed.mailKeys).toEqual(
      expect.arrayContaining([
        ALERT_MAIL_KEYS.merchantReady(order.number, MERCHANT_ID, "ship@tokachi.example.jp"),
        ALERT_MAIL_KEYS.merchantReady(order.number, OTHER_MERCHANT_ID, ARITA_CONTACT),
      ]),
    );
    await setMerchant(platform, MERCHANT_ID, { alertEmails: "" });
  });

  it("'off': the event is kept as told, nobody is mailed", async ({ platform }) => {
    await setMerchant(platform, OTHER_MERCHANT_ID, { alertMode: "off" });
    const order = await placeMemberOrder(platform.db, MEMBER_ID, { ...BOTH_MERCHANTS, paymentMethod: "konbini_postpay", now });
    expect(await outboxRows(platform, `merchant-alert:ready:${order.number}:${OTHER_MERCHANT_ID}:`)).toHaveLength(0);
    const [row] = await rowsOf(platform, OTHER_MERCHANT_ID, `ready:${order.number}`);
    expect(row!.digestedAt).not.toBeNull();
    // The other merchant, on 'each', is mailed as usual (コンビニ後払い ships at once too).
    expect(await outboxRows(platform, `merchant-alert:ready:${order.number}:${MERCHANT_ID}:`)).toHaveLength(1);
    await setMerchant(platform, OTHER_MERCHANT_ID, { alertMode: "each" });
  });
});

describe("return requests", () => {
  it("tells the merchant whose goods are asked back, once for a double submit, with the link to its parcel", async ({ platform }) => {
    const delivered = await deliveredOrder(platform.db, MEMBER_ID, { sku: "DEMO-MERCHANT", quantity: 2, now });
    const line = delivered.lines[0]!;
    const input: ReturnRequestInput = {
      token: "alerts-return-0001",
      kind: "return",
      reason: "damaged",
      lines: [{ id: line.id, quantity: 1 }],
      details: "欠けていました",
    };
    const customer = { id: MEMBER_ID, actor: { kind: "customer" as const, userId: MEMBER_ID, name: "山田 花子" } };
    const request = () =>
      createReturnRequest(platform.db, platform.env.ATTACHMENTS, customer, delivered.id, input, { galleryIds: [], files: [] }, TEST_MAIL_FRAME, now);
    const results = await Promise.all([request(), request()]);
    expect(results.every((result) => result.ok)).toBe(true);
    const mails = await outboxRows(platform, "merchant-alert:return:alerts-return-0001:");
    expect(mails.map((mail) => mail.toAddress)).toEqual([ARITA_CONTACT]);
    expect(mails[0]!.subject).toBe(`【ひなた市場】返品のお申し込みがありました（ご注文番号 ${delivered.number}）`);
    expect(mails[0]!.textBody).toContain("破損・不良");
    expect(mails[0]!.textBody).toContain(`${line.title} × 1`);
    expect(mails[0]!.html).toContain(`/merchant/shipments/${await shipmentOf(platform, delivered.id, OTHER_MERCHANT_ID)}"`);
    expect(await rowsOf(platform, OTHER_MERCHANT_ID, "return:alerts-return-0001")).toMatchObject([{ kind: "return_requested", orderId: delivered.id }]);
    // A merchant with no goods in the request hears nothing.
    expect(await rowsOf(platform, MERCHANT_ID, "return:alerts-return-0001")).toHaveLength(0);
  });
});

describe("the daily digest", () => {
  const today = jstDate(now);
  /** `hour` o'clock (Japan) on the day `days` after the seed's. */
  const at = (hour: number, days = 0) => new Date(jstDayStart(addDaysToDate(today, days)).getTime() + hour * 60 * 60 * 1000);
  const undigested = (platform: TestPlatform) =>
    platform.db
      .select()
      .from(merchantAlerts)
      .where(and(eq(merchantAlerts.merchantId, MERCHANT_ID), isNull(merchantAlerts.digestedAt)));

  it("collects a digest merchant's alerts into one mail a day from the digest hour, marks them, and starts again the next day", async ({ platform }) => {
    await setMerchant(platform, MERCHANT_ID, { alertMode: "digest", alertEmails: "a@tokachi.example.jp\nb@tokachi.example.jp" });
    const first = await placeMemberOrder(platform.db, MEMBER_ID, { ...BOTH_MERCHANTS, paymentMethod: "cod", now });
    const second = await placeMemberOrder(platform.db, MEMBER_ID, { sku: "FOOD-BUTTER", paymentMethod: "cod", now });
    // No mail of its own for a digest merchant.
    expect(await outboxRows(platform, `merchant-alert:ready:${first.number}:${MERCHANT_ID}:`)).toHaveLength(0);
    expect(await undigested(platform)).toHaveLength(2);

    // Before the digest hour (08:00 by default): nothing.
    expect(await writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(7))).toEqual([]);
    expect(await outboxRows(platform, `merchant-digest:${MERCHANT_ID}:`)).toHaveLength(0);

    // Two runs at once at 08:17: one digest per address, both orders in it, the rows marked.
    await Promise.all([writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(8)), writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(8.2))]);
    const digests = await outboxRows(platform, `merchant-digest:${MERCHANT_ID}:${today}:`);
    expect(digests.map((mail) => mail.toAddress).sort()).toEqual(["a@tokachi.example.jp", "b@tokachi.example.jp"]);
    expect(digests[0]!.kind).toBe("merchant_digest");
    expect(digests[0]!.subject).toContain("2件");
    for (const order of [first, second]) {
      expect(digests[0]!.textBody).toContain(`ご注文 ${order.number}`);
      expect(digests[0]!.html).toContain(`/merchant/shipments/${await shipmentOf(platform, order.id, MERCHANT_ID)}"`);
    }
    expect(await undigested(platform)).toHaveLength(0);

    // Later the same day: a new alert waits for tomorrow's digest; nothing more today.
    const third = await placeMemberOrder(platform.db, MEMBER_ID, { sku: "FOOD-BUTTER", paymentMethod: "cod", now: at(10) });
    await writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(11));
    expect(await outboxRows(platform, `merchant-digest:${MERCHANT_ID}:`)).toHaveLength(2);
    expect(await undigested(platform)).toHaveLength(1);

    await writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(8, 1));
    const tomorrow = await outboxRows(platform, `merchant-digest:${MERCHANT_ID}:${addDaysToDate(today, 1)}:`);
    expect(tomorrow).toHaveLength(2);
    expect(tomorrow[0]!.textBody).toContain(`ご注文 ${third.number}`);
    expect(tomorrow[0]!.textBody).not.toContain(`ご注文 ${first.number}`);
    expect(await undigested(platform)).toHaveLength(0);
    // A day without alerts writes no digest.
    await writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(9, 2));
    expect(await outboxRows(platform, `merchant-digest:${MERCHANT_ID}:${addDaysToDate(today, 2)}:`)).toHaveLength(0);
    await setMerchant(platform, MERCHANT_ID, { alertMode: "each", alertEmails: "" });
  });
});
