/**
 * A staff reply reaches the customer (issue 36 item 1), on real local D1 and R2: by e-mail (reply choice
 * e-mail or not said) the whole reply with the thread's last messages quoted and the images as signed,
 * expiring links, answered to the ticket's own random address; by phone no mail but 「電話で連絡」 as a task.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { daysAfter } from "~/core/dates";
import { DEFAULT_SHOP_SETTINGS } from "~/core/settings/shop-settings";
import { attachmentLinkText, ATTACHMENT_LINK_EXPIRED } from "~/core/tickets/reply-mail";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { mailOutbox, tickets } from "~/db/schema";
import * as sendApi from "~/routes/crm.api.$module.messages.send.$ticketId";
import * as crmThread from "~/routes/crm.tickets.$ticketId";
import * as attachmentLink from "~/routes/support.attachments.$mediaId";
import * as supportThread from "~/routes/user.support_.$ticketId";
import { deliverMail, type Mailer } from "~/services/mail/mail-delivery.server";
import { MEMBER_ID } from "~/services/seed/people";
import { signText } from "~/services/signatures.server";
import { createTicket, sendMessage } from "~/services/tickets/ticket-messages.server";
import { fileOf, pngBytes } from "../support/images";
import { applyMigrations, createTestPlatform, TEST_SESSION_SECRET } from "../support/platform";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, callHandler, multipartRequest, pageRequest, TEST_ORIGIN, type DataResult, type RouteHandler } from "../support/requests";
import { TEST_MAIL_FRAME } from "../support/orders";

const it = platformTest();

const SUPPORT = "support@marketplace.example.jp";
const customer = { id: MEMBER_ID, role: "customer" as const };
const noFiles = { galleryIds: [], files: [] };
const mailContext = { origin: TEST_ORIGIN, supportAddress: SUPPORT, linkSecret: TEST_SESSION_SECRET, shop: DEFAULT_SHOP_SETTINGS };

let session = 1_900_000_000_000;

/** The demo member opens a ticket through the service the form uses, asking to be answered as `replyChoice` says. */
async function openTicket(platform: TestPlatform, replyChoice: "" | "email" | "phone"): Promise<number> {
  const input = {
    session: String(session++),
    category: "過去の注文について" as const,
    trouble: "お支払いについて" as const,
    reply_choice: replyChoice,
    description: "支払い方法を\n変更したいです。",
  };
  const created = await createTicket(platform.db, platform.env.ATTACHMENTS, customer, input, noFiles, TEST_MAIL_FRAME);
  if (!created.ok) throw new Error(created.error);
  return created.ticketId;
}

/** A post to the staff thread page as its form sends it (multipart; JS off unless `mode` says cors). */
const staffPost = (ticketId: number, fields: [string, string | File][], cookie: string, mode: "navigate" | "cors" = "navigate") =>
  multipartRequest(`/crm/tickets/${ticketId}`, fields, { cookie, mode });

async function replyMails(platform: TestPlatform, ticketId: number) {
  return platform.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "ticket_reply"), eq(mailOutbox.subject, `【お問い合わせ #${ticketId}】カスタマーサービスからのご返信`)));
}

async function ticketRow(platform: TestPlatform, ticketId: number) {
  const [row] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
  return row!;
}

const linkOf = (html: string) => /href="(http:\/\/shop\.test\/support\/attachments\/[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
const openLink = async (platform: TestPlatform, url: string) => {
  const outcome = await callHandler<Response>(platform, attachmentLink.loader as RouteHandler, pageRequest(url.slice(TEST_ORIGIN.length)), {
    mediaId: /attachments\/(\d+)/.exec(url)![1]!,
  });
  return { returned: outcome.returned ?? (outcome.thrown as Response) };
};

describe("a staff reply by e-mail", () => {
  it("mails the whole reply, the earlier messages and signed image links, answered to the ticket's own address", async ({ platform, staff }) => {
    const ticketId = await openTicket(platform, "email");
    await sendMessage(
      platform.db,
      platform.env.ATTACHMENTS,
      customer,
      ticketId,
      { message: "請求書の宛名も確認したいです。", attachments: noFiles },
      mailContext,
    );
    const { thrown } = await callHandler(
      platform,
      crmThread.action as RouteHandler,
      staffPost(
        ticketId,
        [
          ["intent", "send"],
          ["message", "お問い合わせありがとうございます。\n変更を承りました。"],
          ["file", fileOf(pngBytes(3, 3), "guide.png", "image/png")],
        ],
        staff,
      ),
      { ticketId: String(ticketId) },
    );
    expect((thrown as Response).headers.get("Location")).toBe(`/crm/tickets/${ticketId}?notice=sent#latest`);

    const { replyToken } = await ticketRow(platform, ticketId);
    expect(replyToken).toMatch(/^[0-9a-f]{32}$/);
    const [mail] = await replyMails(platform, ticketId);
    expect(mail).toMatchObject({
      toAddress: "member@example.jp",
      userId: MEMBER_ID,
      status: "pending",
      replyTo: `support+${replyToken}@marketplace.example.jp`,
    });
    // The reply line by line, the thread quoted newest first, the way back to the thread page.
    expect(mail!.textBody).toContain("お問い合わせありがとうございます。\n変更を承りました。");
    expect(mail!.textBody).toMatch(/> \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 山田 花子\n> 請求書の宛名も確認したいです。[\s\S]*> 支払い方法を\n> 変更したいです。/);
    expect(mail!.textBody).toContain(`${TEST_ORIGIN}/user/support/${ticketId}`);
    expect(mail!.textBody).toContain("このメールにそのままご返信いただくと");
    expect(mail!.textBody).not.toContain("送信専用のアドレス");

    // The image link opens the image without a login; the same link for another image, or altered, does not.
    const url = linkOf(mail!.html);
    expect(url).not.toBe("");
    const opened = (await openLink(platform, url)).returned!;
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Content-Type")).toBe("image/png");
    expect(opened.headers.get("Cache-Control")).toBe("private, max-age=86400");
    const mediaId = Number(/attachments\/(\d+)/.exec(url)![1]);
    expect((await openLink(platform, url.replace(`/attachments/${mediaId}?`, `/attachments/${mediaId + 1000}?`))).returned!.status).toBe(404);
    expect((await openLink(platform, url.replace(/s=[^&]+/, "s=AAAA"))).returned!.status).toBe(404);
    expect(
      (
        await openLink(
          platform,
          url.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 1}`),
        )
      ).returned!.status,
    ).toBe(404);
    // Signed but past its expiry: told so, in Japanese.
    const past = daysAfter(new Date(), -1).getTime();
    const expired = `${TEST_ORIGIN}/support/attachments/${mediaId}?e=${past}&s=${await signText(attachmentLinkText(mediaId, past), TEST_SESSION_SECRET)}`;
    const gone = (await openLink(platform, expired)).returned!;
    expect(gone.status).toBe(410);
    expect(await gone.text()).toBe(ATTACHMENT_LINK_EXPIRED);

    // The sender hands the Reply-To to the mail service.
    const sent: { replyTo?: string }[] = [];
    const mailer: Mailer = { send: (message) => (sent.push(message), Promise.resolve({ messageId: "m-1" })) };
    await deliverMail(platform.db, { mailer, from: "shop@marketplace.example.jp", linkSecret: TEST_SESSION_SECRET }, mail!.key, new Date());
    expect(sent).toMatchObject([{ replyTo: `support+${replyToken}@marketplace.example.jp` }]);
  });

  it("mails when the customer did not say how (reply choice empty), through the JSON API too; a customer's own message mails nobody", async ({
    platform,
    staff,
    member,
  }) => {
    const ticketId = await openTicket(platform, "");
    await callHandler(
      platform,
      supportThread.action as RouteHandler,
      apiRequest(`/user/support/${ticketId}`, { fields: { intent: "send", message: "追記です。" }, cookie: member, mode: "cors" }),
      { ticketId: String(ticketId) },
    );
    expect(await replyMails(platform, ticketId)).toHaveLength(0);
    const { returned } = await callHandler<Response>(
      platform,
      sendApi.action as RouteHandler,
      multipartRequest(`/crm/api/customers/messages/send/${ticketId}`, [["message", "確認いたします。"]], { cookie: staff }),
      { module: "customers", ticketId: String(ticketId) },
    );
    expect(returned!.status).toBe(200);
    const mails = await replyMails(platform, ticketId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("確認いたします。");
  });

  it("sends one mail per reply when two staff reply at once, each to the same ticket address", async ({ platform }) => {
    const ticketId = await openTicket(platform, "email");
    const staffViewer = { id: 2, role: "staff" as const };
    const replies = await Promise.all(
      ["一件目", "二件目"].map((message) =>
        sendMessage(platform.db, platform.env.ATTACHMENTS, staffViewer, ticketId, { message, attachments: noFiles }, mailContext),
      ),
    );
    expect(replies.every((reply) => reply.ok && reply.mailKey)).toBe(true);
    const mails = await replyMails(platform, ticketId);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((mail) => mail.replyTo)).size).toBe(1);
  });

  it("gives every ticket its own random address, never its id", async ({ platform }) => {
    const [a, b] = [await openTicket(platform, "email"), await openTicket(platform, "email")];
    const [ta, tb] = [(await ticketRow(platform, a)).replyToken!, (await ticketRow(platform, b)).replyToken!];
    expect(ta).not.toBe(tb);
    expect([ta, tb]).not.toContain(String(a));
  });
});

describe("the ticket's reply address", () => {
  it("is shown to staff only, and staff can issue a new one that replaces the old", async ({ platform, staff, member }) => {
    const ticketId = await openTicket(platform, "email");
    const params = { ticketId: String(ticketId) };
    const staffPage = await callHandler<Awaited<ReturnType<typeof crmThread.loader>>>(
      platform,
      crmThread.loader as RouteHandler,
      pageRequest(`/crm/tickets/${ticketId}`, staff),
      params,
    );
    const before = (await ticketRow(platform, ticketId)).replyToken!;
    expect(staffPage.returned!.replyAddress).toBe(`support+${before}@marketplace.example.jp`);
    const customerPage = await callHandler<Awaited<ReturnType<typeof supportThread.loader>>>(
      platform,
      supportThread.loader as RouteHandler,
      pageRequest(`/user/support/${ticketId}`, member),
      params,
    );
    expect(customerPage.returned!.replyAddress).toBeNull();
    expect(JSON.stringify(customerPage.returned)).not.toContain(before);

    const refused = await callHandler<DataResult<unknown>>(
      platform,
      supportThread.action as RouteHandler,
      apiRequest(`/user/support/${ticketId}`, { fields: { intent: "reissue_reply_address" }, cookie: member, mode: "cors" }),
      params,
    );
    expect(refused.returned!.init?.status).toBe(400);
    expect((await ticketRow(platform, ticketId)).replyToken).toBe(before);
    const reissued = await callHandler(platform, crmThread.action as RouteHandler, staffPost(ticketId, [["intent", "reissue_reply_address"]], staff), params);
    expect((reissued.thrown as Response).headers.get("Location")).toBe(`/crm/tickets/${ticketId}?notice=replyAddressReissued#result`);
    const after = (await ticketRow(platform, ticketId)).replyToken!;
    expect(after).toMatch(/^[0-9a-f]{32}$/);
    expect(after).not.toBe(before);
  });
});

describe("a staff reply to a customer who asked to be phoned", () => {
  it("mails nothing and shows 「電話で連絡」 on the ticket until staff mark the call made", async ({ platform, staff, member }) => {
    const ticketId = await openTicket(platform, "phone");
    const params = { ticketId: String(ticketId) };
    await callHandler(
      platform,
      crmThread.action as RouteHandler,
      staffPost(
        ticketId,
        [
          ["intent", "send"],
          ["message", "お電話いたします。"],
        ],
        staff,
      ),
      params,
    );
    expect(await replyMails(platform, ticketId)).toHaveLength(0);
    expect((await ticketRow(platform, ticketId)).callRequestedAt).toBeInstanceOf(Date);
    const { returned } = await callHandler<Awaited<ReturnType<typeof crmThread.loader>>>(
      platform,
      crmThread.loader as RouteHandler,
      pageRequest(`/crm/tickets/${ticketId}`, staff),
      params,
    );
    expect(returned!.thread.ticket.callRequestedAt).not.toBeNull();

    // The customer cannot clear staff's task; staff can, without JS (back to the page) or with it.
    const refused = await callHandler<DataResult<unknown>>(
      platform,
      supportThread.action as RouteHandler,
      apiRequest(`/user/support/${ticketId}`, { fields: { intent: "call_done" }, cookie: member, mode: "cors" }),
      params,
    );
    expect(refused.returned!.init?.status).toBe(400);
    expect((await ticketRow(platform, ticketId)).callRequestedAt).toBeInstanceOf(Date);
    const done = await callHandler(platform, crmThread.action as RouteHandler, staffPost(ticketId, [["intent", "call_done"]], staff), params);
    expect((done.thrown as Response).headers.get("Location")).toBe(`/crm/tickets/${ticketId}?notice=callDone#result`);
    expect((await ticketRow(platform, ticketId)).callRequestedAt).toBeNull();
    expect(TICKET_TEXT.callDone).toBe("電話連絡を済みにしました。");
    const again = await callHandler<DataResult<unknown>>(
      platform,
      crmThread.action as RouteHandler,
      staffPost(ticketId, [["intent", "call_done"]], staff, "cors"),
      params,
    );
    expect(again.returned!.data).toEqual({ ok: true, intent: "call_done" });
  });
});

test("migration 0024 gives every ticket opened before it a reply address of its own", async () => {
  const migration = "0024_ticket_reply_mail.sql";
  const platform = await createTestPlatform({
    migrated: async (d1) => {
      await applyMigrations(d1, { before: migration });
      await d1.batch([
        d1.prepare(
          "insert into users (id, email, password_hash, lastname, firstname, lastname_jp, firstname_jp) values (1, 'a@example.jp', 'x', '山田', '花子', 'ヤマダ', 'ハナコ')",
        ),
        ...[1, 2].map((id) =>
          d1.prepare(
            `insert into tickets (id, user_id, priority, category, trouble, description, form_session) values (${id}, 1, 'low', 'その他', 'その他', '質問', 's-${id}')`,
          ),
        ),
      ]);
      await applyMigrations(d1, { from: migration });
    },
  });
  try {
    const { results } = await platform.env.DB.prepare("select reply_token from tickets order by id").all<{ reply_token: string }>();
    expect(results.map((row) => row.reply_token)).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), expect.stringMatching(/^[0-9a-f]{32}$/)]);
    expect(results[0]!.reply_token).not.toBe(results[1]!.reply_token);
  } finally {
    await platform.dispose();
  }
});
