/**
 * Internal notes (issue 36 item 4) on real local D1: staff leave notes on a ticket, mentioning colleagues
 * (@姓 in the text or chosen on the form), who get an in-app notice (the /crm navigation's count, /crm/notices)
 * read when they open the ticket; bad input changes nothing; customers can write none; and a note never
 * reaches the customer — not their thread, the message API, their ticket list, their order page nor any mail.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect } from "vitest";
import { NOTE_MAX_LENGTH, NOTE_TEXT } from "~/core/tickets/ticket-notes";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { mailOutbox, notificationMails, staffNotices, ticketNotes, tickets } from "~/db/schema";
import * as loadNew from "~/routes/crm.api.$module.messages.load-new-messages";
import * as loadMessages from "~/routes/crm.api.$module.messages.load.$ticketId";
import * as receive from "~/routes/crm.api.$module.messages.receive.$ticketId";
import * as notices from "~/routes/crm.notices";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as orderPage from "~/routes/user.orders.$id._index";
import * as customerTickets from "~/routes/user.support";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { COLLEAGUE_ID, MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { loadPageShell } from "~/web/http.server";
import { contextFor, memberCookie, pageRequest, postRequest, run, TEST_ORIGIN, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();
const TICKET = 1;

const post = (platform: TestPlatform, fields: Record<string, string> | [string, string][], cookie: string, mode: "navigate" | "cors" = "navigate") =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${TICKET}`, fields, { cookie, mode }), { ticketId: String(TICKET) });

const staffPage = async (platform: TestPlatform, cookie: string) =>
  valueOf<{ notes: { body: string; author: string; notified: string[] }[]; shellCounts: { staffNotices?: number } | null }>(
    await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${TICKET}`, cookie), { ticketId: String(TICKET) }),
  );

/** The /crm navigation's お知らせ count, as every page's shell reads it with the session. */
const noticeCount = async (platform: TestPlatform, cookie: string) =>
  (await loadPageShell(pageRequest("/crm/tickets", cookie), contextFor(platform))).staffNotices;

const notesOf = (platform: TestPlatform) => platform.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, TICKET));

describe("a note on a ticket", () => {
  it("is kept with its writer and tells the colleagues mentioned, who read it by opening the ticket (JS off and on)", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    expect(await noticeCount(platform, colleague)).toBe(0);

    const written = await post(platform, { intent: "note", note: "配送業者に確認中です。@鈴木 さん、明日の電話をお願いします。" }, staff);
    expect(written.status).toBe(303);
    expect(written.response?.headers.get("Location")).toBe(`/crm/tickets/${TICKET}?notice=noteAdded#notes`);
    const chosen = await post(
      platform,
      [
        ["intent", "note"],
        ["note", "返金は不要とのこと。"],
        ["mention", String(COLLEAGUE_ID)],
        ["mention", String(STAFF_ID)],
      ],
      staff,
      "cors",
    );
    expect(chosen.status).toBe(200);
    expect(await valueOf(chosen)).toEqual({ ok: true, intent: "note" });

    const page = await staffPage(platform, staff);
    expect(page.notes.map((note) => [note.author, note.notified])).toEqual([
      ["佐藤 健", ["鈴木 美咲"]],
      ["佐藤 健", ["鈴木 美咲"]],
    ]);
    // The writer is never told about their own note, even when they tick themselves.
    expect(await noticeCount(platform, staff)).toBe(0);

    expect(await noticeCount(platform, colleague)).toBe(2);
    const listed = await valueOf<{ notices: { ticketId: number; author: string; excerpt: string; read: boolean }[] }>(
      await run(platform, notices.loader, pageRequest("/crm/notices", colleague)),
    );
    expect(listed.notices.map((item) => [item.ticketId, item.author, item.read])).toEqual([
      [TICKET, "佐藤 健", false],
      [TICKET, "佐藤 健", false],
    ]);
    expect(listed.notices[1]!.excerpt).toContain("@鈴木 さん");

    // Opening the ticket reads its notices; the navigation's count after the read comes with the page.
    expect((await staffPage(platform, colleague)).shellCounts).toEqual({ staffNotices: 0 });
    expect(await noticeCount(platform, colleague)).toBe(0);
  });

  it("gives two notes written at once a notice each, each pointing at its own note", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const before = (await notesOf(platform)).length;
    const answers = await Promise.all(
      ["同時のメモ その1 @鈴木", "同時のメモ その2 @鈴木", "同時のメモ その3 @鈴木"].map((note) => post(platform, { intent: "note", note }, staff, "cors")),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const notes = (await notesOf(platform)).slice(before);
    const sent = await platform.db
      .select()
      .from(staffNotices)
      .where(and(eq(staffNotices.userId, COLLEAGUE_ID), isNull(staffNotices.readAt)));
    expect(sent.map((notice) => notice.noteId).sort()).toEqual(notes.map((note) => note.id).sort());
    expect(await noticeCount(platform, colleague)).toBe(3);
  });

  it("refuses an empty, an overlong or a malformed note with a Japanese message and keeps nothing", async ({ platform, staff }) => {
    const before = (await notesOf(platform)).length;
    const empty = await post(platform, { intent: "note", note: "  \n " }, staff, "cors");
    expect(empty.status).toBe(400);
    expect(await valueOf(empty)).toMatchObject({ ok: false, intent: "note", error: NOTE_TEXT.empty });
    const long = await post(platform, { intent: "note", note: "あ".repeat(NOTE_MAX_LENGTH + 1) }, staff);
    expect(long.status).toBe(400);
    expect(await valueOf(long)).toMatchObject({ error: NOTE_TEXT.tooLong, message: expect.stringMatching(/^あ+$/) });
    const badMention = await post(
      platform,
      [
        ["intent", "note"],
        ["note", "メモ"],
        ["mention", "abc"],
      ],
      staff,
      "cors",
    );
    expect(badMention.status).toBe(400);
    expect(await valueOf(badMention)).toMatchObject({ error: MALFORMED_INPUT_MESSAGE });
    expect((await notesOf(platform)).length).toBe(before);
    // A customer's id ticked on a forged form is not told anything.
    await post(
      platform,
      [
        ["intent", "note"],
        ["note", "お客様には届かない"],
        ["mention", String(MEMBER_ID)],
      ],
      staff,
    );
    expect(await platform.db.select().from(staffNotices).where(eq(staffNotices.userId, MEMBER_ID))).toEqual([]);
  });

  it("is staff's only: a customer's note changes nothing, and /crm/notices is staff's", async ({ platform, member }) => {
    const before = (await notesOf(platform)).length;
    expect((await post(platform, { intent: "note", note: "私のメモ" }, member)).status).toBe(403);
    const onTheirPage = await run(
      platform,
      customerThread.action,
      postRequest(`/user/support/${TICKET}`, { intent: "note", note: "私のメモ" }, { cookie: member }),
      {
        ticketId: String(TICKET),
      },
    );
    expect(onTheirPage.status).toBe(400);
    expect((await notesOf(platform)).length).toBe(before);
    expect((await run(platform, notices.loader, pageRequest("/crm/notices", member))).status).toBe(403);
    expect((await run(platform, notices.action, postRequest("/crm/notices", { intent: "read_all" }, { cookie: member }))).status).toBe(403);
  });

  it("すべて既読にする reads every notice; an unknown intent is refused", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    await post(platform, { intent: "note", note: "@鈴木美咲 確認お願いします" }, staff);
    expect(await noticeCount(platform, colleague)).toBeGreaterThan(0);
    expect((await run(platform, notices.action, postRequest("/crm/notices", { intent: "everything" }, { cookie: colleague }))).status).toBe(400);
    const done = await run(platform, notices.action, postRequest("/crm/notices", { intent: "read_all" }, { cookie: colleague }));
    expect(done.status).toBe(303);
    expect(done.response?.headers.get("Location")).toBe("/crm/notices?notice=read#result");
    expect(await noticeCount(platform, colleague)).toBe(0);
  });
});

describe("a note never reaches the customer", () => {
  it("is absent from their thread, the message API, their ticket list, their order page and every mail, even after a staff reply", async ({
    platform,
    staff,
    member,
  }) => {
    const secret = "社内限定メモ：この方は過去に返金トラブルあり";
    await post(platform, { intent: "note", note: secret }, staff);
    await post(platform, { intent: "send", message: "お待たせしております。本日発送いたしました。" }, staff);
    await post(platform, { intent: "note", note: `${secret}（返信後）` }, staff);

    const [ticket] = await platform.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, TICKET));
    const api = { "Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "same-origin", Cookie: member };
    const apiGet = (handler: RouteHandler, path: string, params: Record<string, string>) =>
      run(platform, handler, new Request(`${TEST_ORIGIN}${path}`, { headers: api }), params);
    const surfaces = [
      await run(platform, customerThread.loader, pageRequest(`/user/support/${TICKET}`, member), { ticketId: String(TICKET) }),
      await run(platform, customerTickets.loader, pageRequest("/user/support", member)),
      await apiGet(loadMessages.loader as RouteHandler, `/crm/api/customers/messages/load/${TICKET}`, { module: "customers", ticketId: String(TICKET) }),
      await apiGet(receive.loader as RouteHandler, `/crm/api/customers/messages/receive/${TICKET}`, { module: "customers", ticketId: String(TICKET) }),
      await apiGet(loadNew.loader as RouteHandler, "/crm/api/customers/messages/load-new-messages", { module: "customers" }),
      await run(platform, orderPage.loader, pageRequest(`/user/orders/${ticket!.orderId}`, member), { id: String(ticket!.orderId) }),
    ];
    for (const surface of surfaces) {
      expect(surface.status).toBe(200);
      expect(JSON.stringify(await valueOf(surface))).not.toContain("社内限定メモ");
    }
    const mails = await platform.db.select().from(mailOutbox);
    expect(mails.some((mail) => mail.textBody.includes("本日発送いたしました"))).toBe(true);
    expect(mails.filter((mail) => `${mail.subject}${mail.html}${mail.textBody}`.includes("社内限定メモ"))).toEqual([]);
    const inbox = await platform.db.select().from(notificationMails).where(eq(notificationMails.userId, MEMBER_ID));
    expect(inbox.filter((mail) => `${mail.title}${mail.content}`.includes("社内限定メモ"))).toEqual([]);
  });
});
