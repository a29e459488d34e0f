/**
 * Support mail in (issue 36 item 2), through the Worker's `email()` handler on real local D1 and R2, fed real
 * .eml files (tests/fixtures/mail): a customer's answer joins their ticket (quoted history cut, reopened if
 * closed, images kept by their bytes), a member's new mail opens a ticket (a guest's: guest-tickets.test.ts), and
 * whatever may not join a ticket — a program's mail, a stranger answering it, an oversize mail — is held or refused with its
 * reason, never lost; staff add a held answer to its ticket or discard it at /crm/inbound (once, however many
 * press at once).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
import { INBOUND_DESK_NOTICES, INBOUND_MAIL_MAX_BYTES, INBOUND_TEXT } from "~/core/tickets/inbound-mail";
import { inboundMails, mailOutbox, media, orders, ticketMessages, tickets } from "~/db/schema";
import * as inboundPage from "~/routes/crm.inbound._index";
import * as inboundRaw from "~/routes/crm.inbound.$inboundId.raw";
import * as devInbound from "~/routes/dev.inbound-mail";
import { MEMBER_EMAIL, MEMBER_ID, OTHER_EMAIL } from "~/services/seed/people";
import { createTicket } from "~/services/tickets/ticket-messages.server";
import { answerTo, deliver, rawMail, SUPPORT } from "../support/inbound-mail";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { contextFor, pageRequest, postRequest, run, TEST_ORIGIN, valueOf } from "../support/requests";
import { TEST_MAIL_FRAME } from "../support/orders";

const it = platformTest();

/** The reply token the fixtures answer to (ticket #12's in the fixtures' story). */
const FIXTURE_TOKEN = "0123456789abcdef0123456789abcdef";
const TICKET_ADDRESS = `support+${FIXTURE_TOKEN}@marketplace.example.jp`;
const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/mail");

const fixture = (name: string): Uint8Array<ArrayBuffer> => Uint8Array.from(readFileSync(path.join(FIXTURES, name)));

let formSession = 1_950_000_000_000;
/** A ticket of the demo member holding the fixtures' reply token (taken from any earlier ticket). */
async function ticketForFixtures(platform: TestPlatform, status: "doing" | "close" = "doing"): Promise<number> {
  const input = {
    session: String(formSession++),
    category: "過去の注文について" as const,
    trouble: "届いた商品に破損・不具合がある" as const,
    reply_choice: "email" as const,
    description: "湯のみが欠けていました。",
  };
  const created = await createTicket(
    platform.db,
    platform.env.ATTACHMENTS,
    { id: MEMBER_ID, role: "customer" },
    input,
    { galleryIds: [], files: [] },
    TEST_MAIL_FRAME,
  );
  if (!created.ok) throw new Error(created.error);
  await platform.db.update(tickets).set({ replyToken: null }).where(eq(tickets.replyToken, FIXTURE_TOKEN));
  await platform.db
    .update(tickets)
    .set({ replyToken: FIXTURE_TOKEN, status, closedAt: status === "close" ? new Date() : null })
    .where(eq(tickets.id, created.ticketId));
  return created.ticketId;
}

const messagesOf = (platform: TestPlatform, ticketId: number) =>
  platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId)).orderBy(ticketMessages.id);

const record = async (platform: TestPlatform, messageIdPart: string) => {
  const rows = await platform.db.select().from(inboundMails).orderBy(desc(inboundMails.id));
  return rows.find((row) => row.messageId?.includes(messageIdPart));
};

describe("a customer's answer to their ticket", () => {
  it("joins the ticket as their message, without the quoted history, once however often it is delivered", async ({ platform }) => {
    const ticketId = await ticketForFixtures(platform);
    const mail = fixture("plain-reply-utf8.eml");
    const first = await deliver(platform, mail, { from: MEMBER_EMAIL, to: TICKET_ADDRESS });
    expect(first).toMatchObject({ outcome: "added", ticketId, refusals: [] });
    await deliver(platform, mail, { from: MEMBER_EMAIL, to: TICKET_ADDRESS });

    const messages = await messagesOf(platform, ticketId);
    expect(messages).toHaveLength(2);
    const added = messages[1]!;
    expect(added.fromadmin).toBeNull();
    expect(added.message).toContain("中の湯のみが一つ欠けていました。");
    expect(added.message).not.toMatch(/^>|カスタマーサービス <support\+|以下、これまでのやりとり/m);
    const row = (await record(platform, "CAK7d1Q0reply0001"))!;
    expect(row).toMatchObject({ outcome: "added", ticketId, userId: MEMBER_ID, fromAddress: MEMBER_EMAIL });
    // The raw message is kept whole in R2.
    const raw = await platform.env.ATTACHMENTS.get(row.rawKey!);
    expect(new Uint8Array(await raw!.arrayBuffer())).toEqual(mail);
  });

  it("opens a closed ticket again", async ({ platform }) => {
    const ticketId = await ticketForFixtures(platform, "close");
    const result = await deliver(platform, rawMail({ from: MEMBER_EMAIL, to: TICKET_ADDRESS, subject: "Re: お問い合わせ", body: "まだ届いていません。" }), {
      from: MEMBER_EMAIL,
      to: TICKET_ADDRESS,
    });
    expect(result.outcome).toBe("added");
    const [ticket] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket).toMatchObject({ status: "doing", closedAt: null });
    expect((await messagesOf(platform, ticketId)).at(-1)?.message).toBe("まだ届いていません。");
  });

  it("keeps a photo checked by its bytes and names the attachments it did not keep", async ({ platform }) => {
    const ticketId = await ticketForFixtures(platform);
    expect((await deliver(platform, fixture("with-attachments.eml"), { from: MEMBER_EMAIL, to: TICKET_ADDRESS })).outcome).toBe("added");
    const message = (await messagesOf(platform, ticketId)).at(-1)!;
    const images = await platform.db.select().from(media).where(eq(media.ticketMessageId, message.id));
    expect(images.map((image) => [image.contentType, image.ownerUserId])).toEqual([["image/png", MEMBER_ID]]);
    const notes = (await record(platform, "CAK7d1Q0reply0002"))!.attachmentNotes ?? "";
    expect(notes).toContain("memo.txt");
    expect(notes).toContain("evil.jpg");
    expect(notes).not.toContain("photo.png");
  });

  it("joins the ticket when it answers the shop's reply mail by In-Reply-To, sent to the plain support address", async ({ platform }) => {
    const ticketId = await ticketForFixtures(platform);
    await platform.db.insert(mailOutbox).values({
      key: `ticket-reply:${ticketId}:answered`,
      kind: "ticket_reply",
      toAddress: MEMBER_EMAIL,
      userId: MEMBER_ID,
      subject: "ご返信",
      html: "",
      textBody: "",
      status: "sent",
      providerMessageId: "<sent.reply.1@marketplace.example.jp>",
      nextAttemptAt: new Date(),
      createdAt: new Date(),
    });
    const mail = rawMail({
      from: MEMBER_EMAIL,
      to: SUPPORT,
      subject: "Re: ご返信",
      body: "承知しました。",
      headers: ["In-Reply-To: <sent.reply.1@marketplace.example.jp>"],
    });
    expect(await deliver(platform, mail, { from: MEMBER_EMAIL, to: SUPPORT })).toMatchObject({ outcome: "added", ticketId });
    expect((await messagesOf(platform, ticketId)).at(-1)?.message).toBe("承知しました。");
  });
});

describe("an answer to an order's mail", () => {
  it("joins the customer's open ticket about that order, or opens one about it", async ({ platform }) => {
    // Seeded ticket #1 is open about the member's order whose parcel (shipment 5) was mailed as shipped.
    expect(await answerTo(platform, "shipment-shipped:5", MEMBER_EMAIL, "まだ届いていません。")).toMatchObject({ outcome: "added", ticketId: 1 });
    expect((await messagesOf(platform, 1)).at(-1)?.message).toBe("まだ届いていません。");

    const [other] = await platform.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(and(eq(orders.userId, MEMBER_ID), sql`${orders.id} not in (select order_id from tickets where order_id is not null)`))
      .limit(1);
    const opened = await answerTo(platform, `order-confirmation:${other!.number}`, MEMBER_EMAIL, "配送先を変えたいです。");
    expect(opened.outcome).toBe("opened");
    const [ticket] = await platform.db.select().from(tickets).where(eq(tickets.id, opened.ticketId!));
    expect(ticket).toMatchObject({ orderId: other!.id, userId: MEMBER_ID, category: "過去の注文について" });
    expect(await answerTo(platform, `payment-confirmed:${other!.number}`, MEMBER_EMAIL, "よろしくお願いします。")).toMatchObject({
      outcome: "added",
      ticketId: opened.ticketId,
    });
  });

  it("holds an answer from another address than the order's", async ({ platform }) => {
    const [order] = await platform.db.select({ number: orders.number }).from(orders).where(eq(orders.userId, MEMBER_ID)).limit(1);
    expect(await answerTo(platform, `order-cancelled:${order!.number}`, OTHER_EMAIL, "私の注文です。")).toMatchObject({
      outcome: "held",
      reason: INBOUND_TEXT.orderSenderMismatch(order!.number),
    });
  });
});

describe("a new mail to the support address", () => {
  it("opens a ticket for the member who wrote it, decoded from ISO-2022-JP, once per Message-ID", async ({ platform }) => {
    const mail = fixture("multipart-iso2022jp.eml");
    const result = await deliver(platform, mail, { from: MEMBER_EMAIL, to: SUPPORT });
    expect(result.outcome).toBe("opened");
    expect((await deliver(platform, mail, { from: MEMBER_EMAIL, to: SUPPORT })).ticketId).toBe(result.ticketId);
    const [ticket] = await platform.db.select().from(tickets).where(eq(tickets.id, result.ticketId!));
    expect(ticket).toMatchObject({ userId: MEMBER_ID, category: "その他", priority: "medium", replyChoice: "email", status: "doing" });
    expect(ticket!.replyToken).toMatch(/^[0-9a-f]{32}$/);
    // Due times like a ticket from the form (issue 36 item 6): after it arrived, the first response before the resolution.
    expect(ticket!.firstResponseDueAt!.getTime()).toBeGreaterThan(ticket!.createdAt.getTime());
    expect(ticket!.resolutionDueAt!.getTime()).toBeGreaterThan(ticket!.firstResponseDueAt!.getTime());
    const messages = await messagesOf(platform, result.ticketId!);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toMatch(/^件名：配送先の変更について\n\n/);
    expect(messages[0]!.message).toContain("配送先を会社から自宅に変更できますでしょうか。");
  });

  it("reads a Shift_JIS subject and body", async ({ platform }) => {
    const result = await deliver(platform, fixture("sjis-subject.eml"), { from: MEMBER_EMAIL, to: SUPPORT });
    expect(result.outcome).toBe("opened");
    const [message] = await messagesOf(platform, result.ticketId!);
    expect(message!.message).toContain("件名：配送状況が表示されない");
    expect(message!.message).toContain("「配送状況を表示」を押しても何も表示されません。");
  });
});

describe("what may not join a ticket", () => {
  it("holds an out-of-office answer: recorded, the ticket neither reopened nor written to", async ({ platform }) => {
    const ticketId = await ticketForFixtures(platform, "close");
    const result = await deliver(platform, fixture("auto-reply.eml"), { from: MEMBER_EMAIL, to: TICKET_ADDRESS });
    expect(result.outcome).toBe("held");
    expect(result.reason).toContain("Auto-Submitted");
    expect(await messagesOf(platform, ticketId)).toHaveLength(1);
    const [ticket] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.status).toBe("close");
  });

  it("holds a stranger's mail to a ticket's address for staff, who add it once however many press at once", async ({ platform, staff }) => {
    const ticketId = await ticketForFixtures(platform);
    const held = await deliver(platform, fixture("forged-sender.eml"), { from: "stranger@example.com", to: TICKET_ADDRESS });
    expect(held).toMatchObject({ outcome: "held", reason: INBOUND_TEXT.senderMismatch, ticketId });
    expect(await messagesOf(platform, ticketId)).toHaveLength(1);
    const row = (await record(platform, "f0rged.0001"))!;

    const listed = await valueOf<{ rows: { id: number; acceptable: boolean }[] }>(await run(platform, inboundPage.loader, pageRequest("/crm/inbound", staff)));
    expect(listed.rows.find((listedRow) => listedRow.id === row.id)?.acceptable).toBe(true);

    const accept = () => run(platform, inboundPage.action, postRequest("/crm/inbound?index", { intent: "accept", id: String(row.id) }, { cookie: staff }));
    const outcomes = await Promise.all([accept(), accept(), accept()]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 409, 409]);
    expect(outcomes.find((outcome) => outcome.status === 303)?.response?.headers.get("Location")).toContain("notice=accepted");
    const messages = await messagesOf(platform, ticketId);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ fromadmin: null });
    expect(messages[1]!.message).toContain("このお問い合わせの件は解決しましたので");
    const [after] = await platform.db.select().from(inboundMails).where(eq(inboundMails.id, row.id));
    expect(after).toMatchObject({ outcome: "accepted" });
  });

  it("refuses a mail over the platform's size limit before reading it, and says so", async ({ platform }) => {
    const mail = rawMail({ from: MEMBER_EMAIL, to: SUPPORT, subject: "大きな添付", body: "." });
    const result = await deliver(platform, mail, { from: MEMBER_EMAIL, to: SUPPORT }, INBOUND_MAIL_MAX_BYTES + 1);
    expect(result).toMatchObject({ outcome: "rejected", refusals: [INBOUND_TEXT.tooLarge] });
    const [row] = await platform.db.select().from(inboundMails).where(eq(inboundMails.outcome, "rejected")).orderBy(desc(inboundMails.id));
    expect(row).toMatchObject({ reason: INBOUND_TEXT.tooLarge, rawKey: null });
  });

  it("files a mail whose original R2 would not keep (the failure logged), rather than lose it", async ({ platform }) => {
    const failing = Object.assign(Object.create(platform.env.ATTACHMENTS) as R2Bucket, { put: () => Promise.reject(new Error("R2 is down")) });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const mail = rawMail({ from: MEMBER_EMAIL, to: SUPPORT, subject: "R2", body: "届いていますか。" });
      const result = await deliver(platform, mail, { from: MEMBER_EMAIL, to: SUPPORT }, mail.byteLength, { ...platform.env, ATTACHMENTS: failing });
      expect(result.outcome).toBe("opened");
      expect(errors).toHaveBeenCalledWith("inbound mail: the raw message could not be kept", expect.any(Error));
      const [row] = await platform.db.select().from(inboundMails).where(eq(inboundMails.ticketId, result.ticketId!));
      expect(row).toMatchObject({ outcome: "opened", rawKey: null });
    } finally {
      errors.mockRestore();
    }
  });

  it("holds a mail to an unknown ticket token, and staff may discard it", async ({ platform, staff }) => {
    const to = `support+${"f".repeat(32)}@marketplace.example.jp`;
    const held = await deliver(platform, rawMail({ from: OTHER_EMAIL, to, subject: "Re:", body: "返信です。" }), { from: OTHER_EMAIL, to });
    expect(held).toMatchObject({ outcome: "held", reason: INBOUND_TEXT.unknownToken });
    const [row] = await platform.db
      .select()
      .from(inboundMails)
      .where(and(eq(inboundMails.toAddress, to), isNull(inboundMails.handledBy)));
    const discarded = await run(
      platform,
      inboundPage.action,
      postRequest("/crm/inbound?index", { intent: "discard", id: String(row!.id), view: "all" }, { cookie: staff }),
    );
    expect(discarded.status).toBe(303);
    expect(discarded.response?.headers.get("Location")).toBe("/crm/inbound?view=all&notice=discarded#result");
    const listed = await valueOf<{ notice: string }>(await run(platform, inboundPage.loader, pageRequest("/crm/inbound?view=all&notice=discarded", staff)));
    expect(listed.notice).toBe(INBOUND_DESK_NOTICES.discarded);
    const again = await run(platform, inboundPage.action, postRequest("/crm/inbound?index", { intent: "discard", id: String(row!.id) }, { cookie: staff }));
    expect(again.status).toBe(409);
  });
});

describe("/crm/inbound and its raw messages", () => {
  it("are staff's only: a member is refused, a guest sent to log in; bad input is refused in Japanese", async ({ platform, member, staff }) => {
    const [row] = await platform.db.select().from(inboundMails).where(eq(inboundMails.outcome, "added")).limit(1);
    const asMember = await run(platform, inboundPage.loader, pageRequest("/crm/inbound", member));
    expect(asMember.status).toBe(403);
    expect((await run(platform, inboundPage.loader, pageRequest("/crm/inbound"))).status).toBe(302);
    expect((await run(platform, inboundRaw.loader, pageRequest(`/crm/inbound/${row!.id}/raw`, member), { inboundId: String(row!.id) })).status).toBe(403);
    const raw = await run(platform, inboundRaw.loader, pageRequest(`/crm/inbound/${row!.id}/raw`, staff), { inboundId: String(row!.id) });
    expect(raw.status).toBe(200);
    expect(raw.response?.headers.get("Content-Type")).toBe("message/rfc822");
    expect((await run(platform, inboundRaw.loader, pageRequest("/crm/inbound/x/raw", staff), { inboundId: "x" })).status).toBe(404);
    const memberAction = await run(
      platform,
      inboundPage.action,
      postRequest("/crm/inbound?index", { intent: "discard", id: String(row!.id) }, { cookie: member }),
    );
    expect(memberAction.status).toBe(403);
    const bad = await run(platform, inboundPage.action, postRequest("/crm/inbound?index", { intent: "delete", id: "-1" }, { cookie: staff }));
    expect(bad.status).toBe(400);
    expect(await valueOf<{ error: string }>(bad)).toMatchObject({ error: expect.stringMatching(/[ぁ-んァ-ン一-龥]/) });
  });

  it("takes a local test mail at /dev/inbound-mail, and is a 404 outside local runs", async ({ platform }) => {
    const mail = rawMail({ from: MEMBER_EMAIL, to: SUPPORT, subject: "ローカル", body: "テストです。" });
    const request = () =>
      new Request(`${TEST_ORIGIN}/dev/inbound-mail?from=${encodeURIComponent(MEMBER_EMAIL)}&to=${encodeURIComponent(SUPPORT)}`, {
        method: "POST",
        body: new Blob([mail]),
      });
    const local = await run(platform, devInbound.action, request());
    expect(await valueOf<{ outcome: string }>(local)).toMatchObject({ outcome: "opened" });
    const production = contextFor(platform);
    production.cloudflare = { ...production.cloudflare, env: { ...production.cloudflare.env, APP_ENV: "production" } };
    expect((await run(platform, devInbound.action, request(), {}, production)).status).toBe(404);
  });
});
