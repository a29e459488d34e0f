/**
 * Staff told what waits for them (issue 37 item 4, decision 0058) on real local D1: a new ticket (form and
 * mail), a return request, a support mail held for review, a product crossing its low-stock threshold (the
 * 5-minute scan), a bank transfer lapsing (the hourly job) and the daily digest of the dashboard's to-do
 * counts each mail every address of their settings list once — under double submits, redeliveries and two
 * overlapping runs — with links into /crm; nothing while the list is empty.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { addDaysToDate, jstDate, jstDayStart } from "~/core/dates";
import type { ReturnRequestInput } from "~/core/returns/return-request-forms";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { lowStockAlerts, mailOutbox, orders, products } from "~/db/schema";
import { writeDailyDigests } from "~/services/alerts/alert-digests.server";
import { scanLowStock } from "~/services/alerts/low-stock-alerts.server";
import { lapseUnpaidOrders } from "~/services/orders/order-cancellation.server";
import { loadDashboard } from "~/services/reports/dashboard.server";
import { createReturnRequest } from "~/services/returns/return-requests.server";
import { productBySku } from "~/services/seed/catalogue";
import { MEMBER_EMAIL, MEMBER_ID } from "~/services/seed/people";
import { createTicket } from "~/services/tickets/ticket-messages.server";
import { outboxRows, setStaffAlerts } from "../support/alerts";
import { deliver, rawMail, SUPPORT } from "../support/inbound-mail";
import { placeMemberOrder, TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, seedClock, type TestPlatform } from "../support/platform-test";
import { deliveredOrder } from "../support/returns";
import { NO_FILES } from "../support/tickets";

const now = seedClock();
const it = platformTest();

const DESK = ["desk@shop.test", "owner@shop.test"];
const SHOP_ORIGIN = "https://marketplace.example.jp";
const CUSTOMER = { id: MEMBER_ID, actor: { kind: "customer" as const, userId: MEMBER_ID, name: "山田 花子" } };

const staffAlerts = (platform: TestPlatform) => platform.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "staff_alert"));
const addressesOf = (rows: { toAddress: string }[]) => rows.map((row) => row.toAddress).sort();

let session = 1_960_000_000_000;
const ticketInput = (description: string) => ({
  session: String(session++),
  category: "その他" as const,
  trouble: "その他" as const,
  reply_choice: "email" as const,
  description,
});

/** A 銀行振込 order of the demo member placed 30 days ago (past its stored deadline). */
async function overdueTransfer(platform: TestPlatform) {
  const order = await placeMemberOrder(platform.db, MEMBER_ID, { now });
  const placedAt = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
  await platform.db
    .update(orders)
    .set({ createdAt: placedAt, paymentDueOn: addDaysToDate(jstDate(placedAt), DEFAULT_SHOP_SETTINGS.bankTransferDays) })
    .where(eq(orders.id, order.id));
  return order;
}

const setStock = (platform: TestPlatform, sku: string, inventory: number) => platform.db.update(products).set({ inventory }).where(eq(products.sku, sku));
const alertRow = async (platform: TestPlatform, sku: string) =>
  (
    await platform.db
      .select()
      .from(lowStockAlerts)
      .where(eq(lowStockAlerts.productId, productBySku(sku).id))
  )[0] ?? null;

describe("nobody on the list", () => {
  it("a ticket, a held mail, a lapsed transfer and a low-stock scan mail no staff", async ({ platform }) => {
    const created = await createTicket(
      platform.db,
      platform.env.ATTACHMENTS,
      { id: MEMBER_ID, role: "customer" },
      ticketInput("リストなし"),
      NO_FILES,
      TEST_MAIL_FRAME,
    );
    expect(created.ok && created.mailKeys).toEqual([]);
    await deliver(platform, rawMail({ from: "robot@example.com", to: SUPPORT, subject: "不在", body: "不在です", headers: ["Auto-Submitted: auto-replied"] }), {
      from: "robot@example.com",
      to: SUPPORT,
    });
    const lapsing = await overdueTransfer(platform);
    expect(await lapseUnpaidOrders(platform.db, TEST_MAIL_FRAME, now)).toContain(lapsing.number);
    // The first scan records what is low already (the demo catalogue's), so a list added later hears of new crossings only.
    expect(await scanLowStock(platform.db, TEST_MAIL_FRAME, now)).toEqual([]);
    expect(await alertRow(platform, "DEMO-LOWSTOCK")).not.toBeNull();
    expect(await staffAlerts(platform)).toHaveLength(0);
  });
});

describe("each alert, to each address, once", () => {
  it("a new ticket from the form: once for a double submit, linking to the ticket", async ({ platform }) => {
    await setStaffAlerts(platform, { newTicket: [...DESK, " Desk@Shop.test "] });
    const input = ticketInput("注文した商品の在庫について\n教えてください。");
    const submit = () => createTicket(platform.db, platform.env.ATTACHMENTS, { id: MEMBER_ID, role: "customer" }, input, NO_FILES, TEST_MAIL_FRAME);
    const [first, second] = await Promise.all([submit(), submit()]);
    if (!first.ok || !second.ok) throw new Error("ticket refused");
    expect(second.ticketId).toBe(first.ticketId);
    const mails = await outboxRows(platform, `staff-alert:new-ticket:form:${MEMBER_ID}:${input.session}:`);
    expect(addressesOf(mails)).toEqual(DESK);
    expect(mails[0]!.subject).toBe("【ひなた市場 管理】新しいお問い合わせ：山田 花子（その他）");
    expect(mails[0]!.textBody).toContain("注文した商品の在庫について 教えてください。");
    expect(mails[0]!.html).toContain(`http://shop.test/crm/tickets/${first.ticketId}"`);
    // Each racing submit names the keys to dispatch; the outbox holds each once.
    expect([...new Set([...first.mailKeys, ...second.mailKeys])].sort()).toEqual(mails.map((mail) => mail.key).sort());
    // Submitted again later (a retry): the same ticket, no new mail.
    const again = await submit();
    expect(again.ok && again.mailKeys).toEqual([]);
    expect(await outboxRows(platform, `staff-alert:new-ticket:form:${MEMBER_ID}:${input.session}:`)).toHaveLength(2);
  });

  it("a new ticket by mail: once however often the mail is delivered", async ({ platform }) => {
    await setStaffAlerts(platform, { newTicket: DESK });
    const mail = rawMail({ from: MEMBER_EMAIL, to: SUPPORT, subject: "配送について", body: "届く日を教えてください。" });
    const [opened, again] = [
      await deliver(platform, mail, { from: MEMBER_EMAIL, to: SUPPORT }),
      await deliver(platform, mail, { from: MEMBER_EMAIL, to: SUPPORT }),
    ];
    expect(opened.outcome).toBe("opened");
    expect(again.ticketId).toBe(opened.ticketId);
    const mails = await outboxRows(platform, `staff-alert:new-ticket:${MEMBER_ID}:mail:`);
    expect(addressesOf(mails)).toEqual(DESK);
    expect(mails[0]!.textBody).toContain("メールから新しいお問い合わせが届きました。");
    expect(mails[0]!.html).toContain(`${SHOP_ORIGIN}/crm/tickets/${opened.ticketId}"`);
  });

  it("a support mail held for review: once for a redelivery, linking to /crm/inbound", async ({ platform }) => {
    await setStaffAlerts(platform, { inboundHeld: ["inbox@shop.test"] });
    const mail = rawMail({ from: "robot@example.com", to: SUPPORT, subject: "自動応答", body: "不在です", headers: ["Auto-Submitted: auto-replied"] });
    const results = await Promise.all([
      deliver(platform, mail, { from: "robot@example.com", to: SUPPORT }),
      deliver(platform, mail, { from: "robot@example.com", to: SUPPORT }),
    ]);
    expect(results.map((result) => result.outcome)).toEqual(["held", "held"]);
    const mails = await outboxRows(platform, "staff-alert:inbound-held:");
    expect(addressesOf(mails)).toEqual(["inbox@shop.test"]);
    expect(mails[0]!.subject).toBe("【ひなた市場 管理】確認待ちの受信メール：自動応答");
    expect(mails[0]!.textBody).toContain("差出人：robot@example.com");
    expect(mails[0]!.textBody).toContain("Auto-Submitted");
    expect(mails[0]!.html).toContain(`${SHOP_ORIGIN}/crm/inbound"`);
  });

  it("a return request: once for a double submit, linking to the request", async ({ platform }) => {
    await setStaffAlerts(platform, { newReturn: DESK });
    const delivered = await deliveredOrder(platform.db, MEMBER_ID, { quantity: 2, now });
    const line = delivered.lines[0]!;
    const input: ReturnRequestInput = {
      token: "staff-alert-return-1",
      kind: "exchange",
      reason: "wrong_item",
      lines: [{ id: line.id, quantity: 1 }],
      details: "",
    };
    const request = () => createReturnRequest(platform.db, platform.env.ATTACHMENTS, CUSTOMER, delivered.id, input, NO_FILES, TEST_MAIL_FRAME, now);
    const [first, second] = await Promise.all([request(), request()]);
    if (!first.ok || !second.ok) throw new Error("request refused");
    const mails = await outboxRows(platform, "staff-alert:new-return:staff-alert-return-1:");
    expect(addressesOf(mails)).toEqual(DESK);
    expect(mails[0]!.subject).toBe(`【ひなた市場 管理】交換のお申し込み（ご注文番号 ${delivered.number}）`);
    expect(mails[0]!.textBody).toContain("誤配送");
    expect(mails[0]!.textBody).toContain(`${line.title} × 1`);
    expect(mails[0]!.html).toContain(`http://shop.test/crm/returns/${first.returnId}"`);
  });

  it("a transfer lapsing: once however many runs overlap, linking to the order", async ({ platform }) => {
    await setStaffAlerts(platform, { transferLapsed: ["money@shop.test"] });
    const order = await overdueTransfer(platform);
    const runs = await Promise.all([lapseUnpaidOrders(platform.db, TEST_MAIL_FRAME, now), lapseUnpaidOrders(platform.db, TEST_MAIL_FRAME, now)]);
    expect(runs.flat().filter((number) => number === order.number)).toHaveLength(1);
    await lapseUnpaidOrders(platform.db, TEST_MAIL_FRAME, now);
    const mails = await outboxRows(platform, `staff-alert:transfer-lapsed:${order.number}:`);
    expect(addressesOf(mails)).toEqual(["money@shop.test"]);
    expect(mails[0]!.textBody).toContain(`ご注文番号：${order.number}`);
    expect(mails[0]!.html).toContain(`http://shop.test/crm/orders/${order.id}"`);
  });
});

describe("the low-stock scan", () => {
  it("alerts a crossing once (two scans at once too), forgets a restocked product, and alerts its next crossing", async ({ platform }) => {
    await scanLowStock(platform.db, TEST_MAIL_FRAME, now);
    await setStaffAlerts(platform, { lowStock: ["stock@shop.test", "buyer@shop.test"] });
    const mailsAbout = async (sku: string) => (await outboxRows(platform, "staff-alert:low-stock:")).filter((mail) => mail.textBody.includes(`（${sku}）`));

    await setStock(platform, "FOOD-RICE", 3);
    const later = new Date(now.getTime() + 5 * 60 * 1000);
    await Promise.all([scanLowStock(platform.db, TEST_MAIL_FRAME, now), scanLowStock(platform.db, TEST_MAIL_FRAME, later)]);
    const first = await mailsAbout("FOOD-RICE");
    expect(addressesOf(first)).toEqual(["buyer@shop.test", "stock@shop.test"]);
    expect(first[0]!.textBody).toContain("【在庫わずか】");
    expect(first[0]!.html).toContain(`http://shop.test/crm/products/${productBySku("FOOD-RICE").id}"`);
    expect(first[0]!.html).toContain("http://shop.test/crm/products?stock=low");
    expect(await alertRow(platform, "FOOD-RICE")).not.toBeNull();

    // Still low, and lower: no second mail.
    await setStock(platform, "FOOD-RICE", 1);
    await scanLowStock(platform.db, TEST_MAIL_FRAME, new Date(later.getTime() + 5 * 60 * 1000));
    expect(await mailsAbout("FOOD-RICE")).toHaveLength(2);

    // Restocked: the row goes; out of stock again: a new mail.
    await setStock(platform, "FOOD-RICE", 100);
    await scanLowStock(platform.db, TEST_MAIL_FRAME, new Date(later.getTime() + 10 * 60 * 1000));
    expect(await alertRow(platform, "FOOD-RICE")).toBeNull();
    await setStock(platform, "FOOD-RICE", 0);
    await scanLowStock(platform.db, TEST_MAIL_FRAME, new Date(later.getTime() + 15 * 60 * 1000));
    const again = await mailsAbout("FOOD-RICE");
    expect(again).toHaveLength(4);
    expect(again.at(-1)!.textBody).toContain("【在庫切れ】");
  });
});

describe("the staff digest", () => {
  const today = jstDate(now);
  const at = (hour: number, days = 0) => new Date(jstDayStart(addDaysToDate(today, days)).getTime() + hour * 60 * 60 * 1000);

  it("mails the dashboard's to-do counts once a day from the digest hour, to each address", async ({ platform }) => {
    await setStaffAlerts(platform, { dailyDigest: ["morning@shop.test", "owner@shop.test"], digestHour: 9 });
    expect(await writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(8.5))).toEqual([]);
    await Promise.all([writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(9.3)), writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(9.3))]);
    await writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(10.3));
    const mails = await outboxRows(platform, `staff-digest:${today}:`);
    expect(addressesOf(mails)).toEqual(["morning@shop.test", "owner@shop.test"]);
    expect(mails[0]!.kind).toBe("staff_digest");
    const { todo } = await loadDashboard(platform.db, at(9.3));
    for (const item of todo) {
      expect(mails[0]!.textBody).toContain(`${item.label}：${item.count}件`);
      expect(mails[0]!.html).toContain(`http://shop.test${item.href.replace(/&/g, "&amp;")}"`);
    }
    expect(mails[0]!.html).toContain('href="http://shop.test/crm"');
    // The next day's goes the next day.
    await writeDailyDigests(platform.db, TEST_MAIL_FRAME, at(9.3, 1));
    expect(await outboxRows(platform, `staff-digest:${addDaysToDate(today, 1)}:`)).toHaveLength(2);
  });
});
