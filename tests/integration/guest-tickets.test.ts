/**
 * Guest tickets (issue 36 item 2, decision 0052), on real local D1 and R2: a mail from an address no member has
 * opens a ticket for that address, named by its From; the desk lists, finds and answers it by mail (no member
 * page, no お知らせ); the guest's answers join it, another sender's are held; an answer to a guest order's mail
 * opens a ticket about that order; a guest's tickets merge only with the same address's.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { INBOUND_TEXT } from "~/core/tickets/inbound-mail";
import { MERGE_TEXT } from "~/core/tickets/ticket-merge";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { inboundMails, mailOutbox, media, notificationMails, orders, ticketMessages, tickets } from "~/db/schema";
import * as inboundPage from "~/routes/crm.inbound._index";
import * as staffList from "~/routes/crm.tickets._index";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { GUEST_ORDER_EMAIL } from "~/services/seed/people";
import { answerTo, deliver, rawMail, SUPPORT } from "../support/inbound-mail";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { multipartRequest, pageRequest, postRequest, run, valueOf } from "../support/requests";
import { openMemberTicket } from "../support/tickets";

const it = platformTest();

const GUEST = "sato.hanako@example.net";
const encodedName = (name: string) => `=?UTF-8?B?${Buffer.from(name).toString("base64")}?=`;
const fixture = (name: string): Uint8Array<ArrayBuffer> => Uint8Array.from(readFileSync(path.resolve(import.meta.dirname, "../fixtures/mail", name)));

const ticketOf = async (platform: TestPlatform, ticketId: number) => (await platform.db.select().from(tickets).where(eq(tickets.id, ticketId)))[0]!;
const messagesOf = (platform: TestPlatform, ticketId: number) =>
  platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId)).orderBy(ticketMessages.id);
const notificationCount = async (platform: TestPlatform) => (await platform.db.select({ n: count() }).from(notificationMails))[0]!.n;
/** A post to the staff thread page as its forms send it without JS (multipart, as the reply form is). */
const staffPost = (platform: TestPlatform, ticketId: number, fields: Record<string, string>, cookie: string) =>
  run(platform, staffThread.action, multipartRequest(`/crm/tickets/${ticketId}`, Object.entries(fields), { cookie, mode: "navigate" }), {
    ticketId: String(ticketId),
  });

/** A guest's new mail to the support address (envelope in capitals, as some senders write it). */
async function guestWrites(platform: TestPlatform, body: string, from = GUEST) {
  const mail = rawMail({ from: `${encodedName("佐藤 花子")} <${from}>`, to: SUPPORT, subject: "商品について", body });
  return deliver(platform, mail, { from: from.toUpperCase(), to: SUPPORT });
}

describe("a mail from an address no member has", () => {
  it("opens a guest ticket named by the mail's From, kept under the address in lower case, once per Message-ID", async ({ platform }) => {
    const mail = rawMail({
      from: `${encodedName("佐藤 花子")} <${GUEST}>`,
      to: SUPPORT,
      subject: "在庫について",
      body: "藍染めのれんの再入荷予定はありますか。",
    });
    const first = await deliver(platform, mail, { from: GUEST, to: SUPPORT });
    expect(first).toMatchObject({ outcome: "opened", reason: null });
    expect((await deliver(platform, mail, { from: GUEST, to: SUPPORT })).ticketId).toBe(first.ticketId);
    expect(await ticketOf(platform, first.ticketId!)).toMatchObject({
      userId: null,
      guestEmail: GUEST,
      guestName: "佐藤 花子",
      category: "その他",
      replyChoice: "email",
      status: "doing",
    });
    const messages = await messagesOf(platform, first.ticketId!);
    expect(messages.map((message) => message.message)).toEqual(["件名：在庫について\n\n藍染めのれんの再入荷予定はありますか。"]);
    expect((await ticketOf(platform, first.ticketId!)).replyToken).toMatch(/^[0-9a-f]{32}$/);
  });

  it("keeps the mail's image (checked by its bytes) as no member's upload on the guest's message", async ({ platform }) => {
    const result = await deliver(platform, fixture("with-attachments.eml"), { from: "photo.guest@example.net", to: SUPPORT });
    expect(result.outcome).toBe("opened");
    const [message] = await messagesOf(platform, result.ticketId!);
    const images = await platform.db.select().from(media).where(eq(media.ticketMessageId, message!.id));
    expect(images.map((image) => [image.contentType, image.ownerUserId])).toEqual([["image/png", null]]);
  });
});

describe("the desk on a guest's ticket", () => {
  it("lists and finds it by the guest's address or name, marked as a guest", async ({ platform, staff }) => {
    const { ticketId } = await guestWrites(platform, "のし紙の名入れはできますか。");
    for (const customer of [GUEST, "佐藤"]) {
      const page = await run(platform, staffList.loader, pageRequest(`/crm/tickets?${new URLSearchParams({ customer })}`, staff));
      const rows = (await valueOf<{ page: { rows: { id: number; customer: string; email: string; guest: boolean }[] } }>(page)).page.rows;
      expect(rows.find((row) => row.id === ticketId)).toMatchObject({ customer: "佐藤 花子", email: GUEST, guest: true });
    }
  });

  it("answers by mail to the guest's address with the ticket's reply address and no member page, and writes no お知らせ", async ({ platform, staff }) => {
    const { ticketId } = await guestWrites(platform, "領収書の宛名を変えられますか。");
    const notifications = await notificationCount(platform);
    const sent = await staffPost(platform, ticketId!, { intent: "send", message: "変更できます。宛名をお知らせください。" }, staff);
    expect(sent.response?.headers.get("Location")).toBe(`/crm/tickets/${ticketId}?notice=sent#latest`);
    const { replyToken } = await ticketOf(platform, ticketId!);
    const [mail] = await platform.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "ticket_reply"), eq(mailOutbox.toAddress, GUEST)));
    expect(mail).toMatchObject({ userId: null, replyTo: `support+${replyToken}@marketplace.example.jp` });
    expect(mail!.textBody).toContain("佐藤 花子 様");
    expect(mail!.textBody).toContain("変更できます。宛名をお知らせください。");
    expect(mail!.textBody).not.toContain("/user/support/");
    expect(await notificationCount(platform)).toBe(notifications);
    // The first response counts for the due times as a member's does.
    expect((await ticketOf(platform, ticketId!)).firstRespondedAt).not.toBeNull();

    // The staff page names the guest as no member.
    const page = await valueOf<{ thread: { ticket: { customer: { id: number | null; email: string } } } }>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${ticketId}`, staff), { ticketId: String(ticketId) }),
    );
    expect(page.thread.ticket.customer).toMatchObject({ id: null, email: GUEST });
  });

  it("joins the guest's answer to the ticket's address, and holds another sender's for staff, who add it", async ({ platform, staff }) => {
    const { ticketId } = await guestWrites(platform, "配送日の指定はできますか。");
    const address = `support+${(await ticketOf(platform, ticketId!)).replyToken}@marketplace.example.jp`;
    const answer = rawMail({ from: GUEST, to: address, subject: "Re: 配送日", body: "12月20日でお願いします。" });
    expect(await deliver(platform, answer, { from: GUEST, to: address })).toMatchObject({ outcome: "added", ticketId });
    const stranger = rawMail({ from: "someone@example.org", to: address, subject: "Re: 配送日", body: "私も知りたいです。" });
    const held = await deliver(platform, stranger, { from: "someone@example.org", to: address });
    expect(held).toMatchObject({ outcome: "held", reason: INBOUND_TEXT.senderMismatch, ticketId });
    const [row] = await platform.db.select({ id: inboundMails.id }).from(inboundMails).where(eq(inboundMails.fromAddress, "someone@example.org"));
    const accepted = await run(platform, inboundPage.action, postRequest("/crm/inbound?index", { intent: "accept", id: String(row!.id) }, { cookie: staff }));
    expect(accepted.status).toBe(303);
    expect((await messagesOf(platform, ticketId!)).map((message) => message.message)).toEqual([
      "件名：商品について\n\n配送日の指定はできますか。",
      "12月20日でお願いします。",
      "私も知りたいです。",
    ]);
  });

  it("asks no confirmation (the guest has no page to answer on); closing sends the satisfaction mail and no お知らせ", async ({ platform, staff }) => {
    const { ticketId } = await guestWrites(platform, "ありがとうございました。");
    const asked = await staffPost(platform, ticketId!, { intent: "request_confirmation" }, staff);
    expect(asked.status).toBe(409);
    expect(JSON.stringify(asked.value)).toContain(TICKET_TEXT.guestCannotConfirm);
    expect((await ticketOf(platform, ticketId!)).confirmation).toBeNull();
    const notifications = await notificationCount(platform);
    await staffPost(platform, ticketId!, { intent: "close" }, staff);
    expect((await ticketOf(platform, ticketId!)).status).toBe("close");
    const survey = await platform.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "ticket_satisfaction"), eq(mailOutbox.toAddress, GUEST)));
    expect(survey.length).toBeGreaterThan(0);
    expect(await notificationCount(platform)).toBe(notifications);
  });

  it("merges a guest's tickets with the same address's only, never into a member's", async ({ platform, staff }) => {
    const a = (await guestWrites(platform, "一通目です。")).ticketId!;
    const b = (await guestWrites(platform, "二通目です。")).ticketId!;
    const other = (await guestWrites(platform, "別の人です。", "another.guest@example.net")).ticketId!;
    const memberTicket = await openMemberTicket(platform);
    const page = await valueOf<{ mergeTargets: { id: number }[] }>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${a}`, staff), { ticketId: String(a) }),
    );
    expect(page.mergeTargets.map((target) => target.id)).toContain(b);
    expect(page.mergeTargets.map((target) => target.id)).not.toContain(other);
    expect(page.mergeTargets.map((target) => target.id)).not.toContain(memberTicket);
    for (const target of [other, memberTicket]) {
      const refused = await staffPost(platform, a, { intent: "merge", target: String(target) }, staff);
      expect(JSON.stringify(refused.value)).toContain(MERGE_TEXT.otherCustomer);
    }
    await staffPost(platform, a, { intent: "merge", target: String(b) }, staff);
    expect((await ticketOf(platform, a)).mergedIntoId).toBe(b);
  });

  it("is no member's: a member's own ticket page refuses it", async ({ platform, member }) => {
    const { ticketId } = await guestWrites(platform, "会員ではありません。");
    const outcome = await run(platform, customerThread.loader, pageRequest(`/user/support/${ticketId}`, member), { ticketId: String(ticketId) });
    expect(outcome.status).toBe(404);
  });
});

describe("an answer to a guest order's mail", () => {
  it("opens a guest ticket about that order under the order's address, the next answer joins it, and the desk shows the guest's orders", async ({
    platform,
    staff,
  }) => {
    const [order] = await platform.db.select({ id: orders.id, number: orders.number }).from(orders).where(eq(orders.email, GUEST_ORDER_EMAIL)).limit(1);
    const opened = await answerTo(platform, `order-confirmation:${order!.number}`, GUEST_ORDER_EMAIL, "届け先を変えたいです。");
    expect(opened.outcome).toBe("opened");
    expect(await ticketOf(platform, opened.ticketId!)).toMatchObject({
      userId: null,
      guestEmail: GUEST_ORDER_EMAIL,
      orderId: order!.id,
      category: "過去の注文について",
    });
    expect(await answerTo(platform, `payment-confirmed:${order!.number}`, GUEST_ORDER_EMAIL, "よろしくお願いします。")).toMatchObject({
      outcome: "added",
      ticketId: opened.ticketId,
    });
    const page = await valueOf<{ customerOrders: { number: string; aboutThis: boolean }[] }>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${opened.ticketId}`, staff), { ticketId: String(opened.ticketId) }),
    );
    expect(page.customerOrders).toContainEqual(expect.objectContaining({ number: order!.number, aboutThis: true }));
  });
});
