/**
 * Closing an account (/user/withdraw, 退会) on a real local D1 + R2: what the page says is lost, the
 * refusals (an order under way, an active subscription, a wrong password, no confirmation), and the
 * withdrawal itself — every personal column anonymised or deleted while the order's accounting figures
 * stay, the "done" mail written to the real address, sessions gone, the address free to register again.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { DAY_MS } from "~/core/dates";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { ACCOUNTING_RECORD_RETENTION_YEARS, privacyPolicyDocument } from "~/core/account/privacy";
import { WITHDRAWAL_MAIL_RETENTION_DAYS, WITHDRAWAL_MESSAGES, WITHDRAWN_PERSON } from "~/core/account/withdrawal";
import { DEMO_PASSWORD, MEMBER_EMAIL, MEMBER_ID, MEMBER_POINTS, STAFF_ID } from "~/services/seed/people";
import {
  accountTokens,
  addresses,
  buyLater,
  carts,
  favorites,
  mailOutbox,
  media,
  notificationMails,
  orderLines,
  orders,
  orderShipments,
  pointLedger,
  reviews,
  stockRequests,
  ticketMessages,
  tickets,
  users,
  userSessions,
} from "~/db/schema";
import * as withdrawPage from "~/routes/user.withdraw";
import * as donePage from "~/routes/user.withdraw_.done";
import { registerUser, verifyLogin } from "~/services/account/accounts.server";
import { POINTS_LAPSED_NOTE } from "~/services/account/withdrawal-statements.server";
import { purgeWithdrawalMails, type WithdrawalView } from "~/services/account/withdrawal.server";
import { finishedOrder, memberWithRecords, MEMBER_POINTS_FOR_TEST, registeredMember, subscriptionOf, TEST_PASSWORD, type TestMember } from "../support/members";
import { TEST_MAIL_FRAME } from "../support/orders";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, runPage, sessionCookie, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const pageOf = async (platform: TestPlatform, cookie: string) =>
  valueOf<{ view: WithdrawalView }>(await run(platform, withdrawPage.loader as RouteHandler, pageRequest("/user/withdraw", cookie)));

function withdraw(platform: TestPlatform, cookie: string, fields: Record<string, string> = { password: TEST_PASSWORD, confirm: "on" }) {
  return run(platform, withdrawPage.action as RouteHandler, postRequest("/user/withdraw", fields, { cookie, mode: "navigate" }));
}

type Reply = { error?: Record<string, string[] | null> };

const userRow = (platform: TestPlatform, id: number) => platform.db.select().from(users).where(eq(users.id, id)).get();

describe("the withdrawal page", () => {
  it("tells the member what they lose — points, addresses, favorites, buy-later, mails, order history — and why they cannot leave yet", async ({
    platform,
    member,
  }) => {
    const { view } = await pageOf(platform, member);
    expect(view).toMatchObject({ points: MEMBER_POINTS, addresses: 2, favorites: 4, orders: 4, activeSubscriptions: 1, newsletter: true });
    expect(view.mails).toBeGreaterThan(0);
    // Order 4 was shipped and not yet delivered; 1–3 are delivered.
    expect(view.unfinishedOrders.map((order) => [order.id, order.status])).toEqual([[4, "shipped"]]);
    expect(view.blockers).toEqual(["unfinishedOrders", "activeSubscriptions"]);
  });

  it("refuses while an order is under way or a subscription is active, with the reason, and changes nothing", async ({ platform, member }) => {
    const outcome = await withdraw(platform, member, { password: "password1234", confirm: "on" });
    expect(outcome.status).toBe(409);
    expect((await valueOf<Reply>(outcome)).error?.[""]).toEqual([WITHDRAWAL_MESSAGES.unfinishedOrders]);
    expect(await userRow(platform, MEMBER_ID)).toMatchObject({ email: MEMBER_EMAIL, withdrawnAt: null, points: MEMBER_POINTS });

    const subscribed = await registeredMember(platform, "subscribed@example.jp");
    await subscriptionOf(platform, subscribed);
    expect((await pageOf(platform, subscribed.cookie)).view.blockers).toEqual(["activeSubscriptions"]);
    const refused = await withdraw(platform, subscribed.cookie);
    expect(refused.status).toBe(409);
    expect((await valueOf<Reply>(refused)).error?.[""]).toEqual([WITHDRAWAL_MESSAGES.activeSubscriptions]);

    const waiting = await registeredMember(platform, "waiting@example.jp");
    await finishedOrder(platform, waiting, 900, "pending_payment");
    expect((await valueOf<Reply>(await withdraw(platform, waiting.cookie))).error?.[""]).toEqual([WITHDRAWAL_MESSAGES.unfinishedOrders]);
    expect((await userRow(platform, waiting.id))?.withdrawnAt).toBeNull();
  });

  it("asks for the right password and the confirmation; nothing changes without them", async ({ platform }) => {
    const member = await registeredMember(platform, "careful@example.jp");
    const wrong = await withdraw(platform, member.cookie, { password: "not-my-password", confirm: "on" });
    expect(wrong.status).toBe(400);
    expect((await valueOf<Reply>(wrong)).error?.password).toEqual([WITHDRAWAL_MESSAGES.passwordWrong]);
    const unconfirmed = await withdraw(platform, member.cookie, { password: TEST_PASSWORD });
    expect(unconfirmed.status).toBe(400);
    expect((await valueOf<Reply>(unconfirmed)).error?.confirm).toEqual(["退会する場合は、確認のチェックを入れてください"]);
    expect((await withdraw(platform, member.cookie, { password: TEST_PASSWORD, confirm: "maybe" })).status).toBe(400);
    expect((await userRow(platform, member.id))?.withdrawnAt).toBeNull();
  });

  it("is not for staff accounts: the page and the form answer 403 and the account stays", async ({ platform, staff }) => {
    const page = await run(platform, withdrawPage.loader as RouteHandler, pageRequest("/user/withdraw", staff));
    expect(page.response?.status).toBe(403);
    expect(await page.response?.text()).toBe(WITHDRAWAL_MESSAGES.staffAccount);
    expect((await withdraw(platform, staff, { password: DEMO_PASSWORD, confirm: "on" })).status).toBe(403);
    expect((await userRow(platform, STAFF_ID))?.withdrawnAt).toBeNull();
  });

  it("stops guessing after five wrong passwords, even when the sixth is right", async ({ platform }) => {
    const member = await registeredMember(platform, "guessed@example.jp");
    for (let attempt = 0; attempt < 5; attempt++) await withdraw(platform, member.cookie, { password: `guess-${attempt}`, confirm: "on" });
    const locked = await withdraw(platform, member.cookie);
    expect((await valueOf<Reply>(locked)).error?.password?.[0]).toMatch(/一時的に制限しています。\d+分後/);
    expect((await userRow(platform, member.id))?.withdrawnAt).toBeNull();
  });
});

describe("withdrawing", () => {
  async function withdrawn(
    platform: TestPlatform,
    email: string,
    orderId: number,
  ): Promise<{ member: TestMember; before: typeof orders.$inferSelect; done: string }> {
    const member = await memberWithRecords(platform, email, orderId);
    const before = (await platform.db.select().from(orders).where(eq(orders.userId, member.id)).get())!;
    const outcome = await withdraw(platform, member.cookie);
    expectRedirect(outcome, 303, "/user/withdraw/done");
    return { member, before, done: sessionCookie(outcome.response!) };
  }

  it("anonymises every personal column and deletes what was only the member's, keeping the order's accounting figures", async ({ platform }) => {
    const { member, before } = await withdrawn(platform, "leaving@example.jp", 700);
    const { db } = platform;
    const user = (await userRow(platform, member.id))!;
    expect(user.email).toMatch(new RegExp(`^withdrawn-${member.id}-[\\w-]+@invalid$`));
    expect(user).toMatchObject({
      passwordHash: WITHDRAWN_PERSON.passwordHash,
      lastname: WITHDRAWN_PERSON.name,
      firstname: "",
      lastnameJp: WITHDRAWN_PERSON.kana,
      firstnameJp: "",
      nickname: null,
      phone: null,
      points: 0,
      newsletter: false,
      oneClick: false,
    });
    expect(user.withdrawnAt).toBeInstanceOf(Date);

    for (const table of [addresses, favorites, buyLater, stockRequests, notificationMails, carts, userSessions, accountTokens]) {
      expect(await db.$count(table, eq(table.userId, member.id))).toBe(0);
    }
    expect(await db.$count(media, eq(media.ownerUserId, member.id))).toBe(0);
    expect(await platform.env.ATTACHMENTS.get(`tickets/test-withdrawal-${member.id}.png`)).toBeNull();

    const order = (await db.select().from(orders).where(eq(orders.id, before.id)).get())!;
    expect(order).toMatchObject({
      email: user.email,
      shipLastname: WITHDRAWN_PERSON.name,
      shipFirstname: "",
      shipLastnameJp: WITHDRAWN_PERSON.kana,
      shipFirstnameJp: "",
      shipPostalCode: "",
      shipCity: "",
      shipDistrict: "",
      shipAddress1: "",
      shipAddress2: "",
      shipPhone: "",
      warehouseNotice: "",
      receiptName: null,
      receiptMemo: null,
      cartId: null,
    });
    const accounting = [
      "number",
      "userId",
      "status",
      "paymentMethod",
      "subtotal",
      "shippingFee",
      "extraFee",
      "discountCoupon",
      "pointsUsed",
      "total",
      "taxable10",
      "tax10",
      "taxable8",
      "tax8",
      "shipPrefecture",
      "createdAt",
    ] as const;
    for (const column of accounting) expect(order[column], column).toEqual(before[column]);
    expect(
      await db
        .select({ title: orderLines.title, unitPrice: orderLines.unitPrice, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, before.id)),
    ).toHaveLength(1);
    expect((await db.select().from(orderShipments).where(eq(orderShipments.orderId, before.id)).get())?.notice).toBe("");

    const ticket = (await db.select().from(tickets).where(eq(tickets.userId, member.id)).get())!;
    expect(ticket).toMatchObject({ description: WITHDRAWN_PERSON.text, status: "close", category: "過去の注文について" });
    const messages = await db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id)).orderBy(ticketMessages.id);
    expect(messages.map((message) => message.message)).toEqual([
      WITHDRAWN_PERSON.text,
      `〇〇様\nお問い合わせありがとうございます。〇〇 宛にご案内をお送りしました。`,
    ]);
    expect((await db.select().from(reviews).where(eq(reviews.userId, member.id)).get())?.nickname).toBe(WITHDRAWN_PERSON.reviewNickname);

    // The balance lapsed in the ledger too: it still adds up to the account's points.
    const ledger = await db.select().from(pointLedger).where(eq(pointLedger.userId, member.id));
    expect(ledger.find((row) => row.note === POINTS_LAPSED_NOTE)).toMatchObject({ kind: "expired", amount: -MEMBER_POINTS_FOR_TEST });
    expect(ledger.reduce((sum, row) => sum + row.amount, 0)).toBe(0);

    // Nothing of the member's still holds the address, the phone or the name.
    const leftovers = await db.all<{ n: number }>(
      sql`select (select count(*) from users where id = ${member.id} and (email = ${member.email} or phone is not null or lastname = '森本'))
        + (select count(*) from orders where user_id = ${member.id} and (email = ${member.email} or ship_phone != '' or ship_lastname = '森本'))
        + (select count(*) from ticket_messages where ticket_id = ${ticket.id} and (message like '%森本%' or message like '%09011112222%' or message like ${`%${member.email}%`}))
        + (select count(*) from mail_outbox where to_address = ${member.email} and kind != 'withdrawal_done') as n`,
    );
    expect(leftovers[0]?.n).toBe(0);
  });

  it("writes the done mail to the real address in the same batch, signs the member out everywhere and frees the address", async ({ platform }) => {
    const { member, done } = await withdrawn(platform, "goodbye@example.jp", 710);
    const mail = await platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `withdrawal-done:${member.id}`))
      .get();
    expect(mail).toMatchObject({ kind: "withdrawal_done", toAddress: "goodbye@example.jp", status: "pending", sensitive: false });
    expect(mail?.subject).toContain("退会手続き完了");
    expect(mail?.textBody).toContain("森本 結衣 様");
    expect(mail?.textBody).toContain(`${MEMBER_POINTS_FOR_TEST}pt`);

    // The old session cookie opens nothing; the done page shows once.
    expectRedirect(await runPage(platform, withdrawPage.loader as RouteHandler, "/user/withdraw", member.cookie), 302, /^\/login\?/);
    const shown = await run(platform, donePage.loader as RouteHandler, pageRequest("/user/withdraw/done", done));
    expect(await valueOf<{ notice: string }>(shown)).toEqual({ notice: WITHDRAWAL_MESSAGES.done });
    expectRedirect(
      await run(platform, donePage.loader as RouteHandler, pageRequest("/user/withdraw/done", sessionCookie(shown.response ?? new Response()) || "")),
      302,
      "/",
    );

    expect((await verifyLogin(platform.db, { email: "goodbye@example.jp", password: TEST_PASSWORD }, null, new Date())).ok).toBe(false);
    const again = await registerUser(
      platform.db,
      {
        email: "goodbye@example.jp",
        password: "a-new-start-1",
        lastname: "森本",
        firstname: "結衣",
        lastnameJp: "モリモト",
        firstnameJp: "ユイ",
        newsletter: false,
        agreement: true,
      },
      TEST_MAIL_FRAME,
    );
    expect(again.ok).toBe(true);
    expect(again.ok && again.user.id).not.toBe(member.id);
  });

  it("deletes the copy of the done mail (the last trace of the address) after the retention period", async ({ platform }) => {
    const { member } = await withdrawn(platform, "trace@example.jp", 720);
    const written = (await platform.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.key, `withdrawal-done:${member.id}`))
      .get())!;
    const after = (days: number) => new Date(written.createdAt.getTime() + days * DAY_MS);
    expect(await purgeWithdrawalMails(platform.db, after(WITHDRAWAL_MAIL_RETENTION_DAYS - 1))).toBe(0);
    expect(await purgeWithdrawalMails(platform.db, after(WITHDRAWAL_MAIL_RETENTION_DAYS + 1))).toBeGreaterThanOrEqual(1);
    expect(await platform.db.$count(mailOutbox, eq(mailOutbox.toAddress, "trace@example.jp"))).toBe(0);
  });
});

describe("the privacy policy", () => {
  it("states what withdrawal deletes, anonymises and keeps, and for how long", () => {
    const retention = JSON.stringify(privacyPolicyDocument(DEFAULT_SHOP_SETTINGS).sections.find((section) => section.id === "retention"));
    expect(retention).toContain("/user/withdraw");
    expect(retention).toContain(`退会後も${ACCOUNTING_RECORD_RETENTION_YEARS}年間保存`);
    expect(retention).toContain("電子帳簿保存法");
    expect(retention).toContain(`${WITHDRAWAL_MAIL_RETENTION_DAYS}日間保存した後に削除`);
    for (const deleted of ["登録されたお届け先", "お気に入り", "保有ポイントは失効"]) expect(retention).toContain(deleted);
  });
});
