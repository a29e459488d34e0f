/**
 * Merging a duplicate ticket (issue 36 item 9, decision 0047) on real local D1, through the staff page's
 * action: the source's messages (read marks and all), notes, tags, order and request move to the target, the
 * source closes and leads there (staff, the customer, inbound mail); the customer is mailed nothing; refusals
 * change nothing; two merges at once apply once and never make a cycle; staff only.
 */
import { count, eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { MERGE_TEXT } from "~/core/tickets/ticket-merge";
import { TAGS_PER_TICKET } from "~/core/tickets/ticket-tags";
import { mailOutbox, orders, ticketMessages, ticketNotes, tickets, ticketTags } from "~/db/schema";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { MEMBER_EMAIL, MEMBER_ID, OTHER_ID } from "~/services/seed/people";
import { receiveInboundMail } from "~/services/tickets/inbound-mail.server";
import { createTicket } from "~/services/tickets/ticket-messages.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, valueOf } from "../support/requests";
import { NO_FILES, openMemberTicket, TEST_REPLY_MAIL } from "../support/tickets";
import { TEST_MAIL_FRAME } from "../support/orders";

const it = platformTest();

const post = (platform: TestPlatform, ticketId: number, fields: Record<string, string>, cookie: string, mode: "navigate" | "cors" = "navigate") =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${ticketId}`, fields, { cookie, mode }), { ticketId: String(ticketId) });
const merge = (platform: TestPlatform, source: number, target: number | string, cookie: string, mode: "navigate" | "cors" = "navigate") =>
  post(platform, source, { intent: "merge", target: String(target) }, cookie, mode);

async function stateOf(platform: TestPlatform, ids: number[]) {
  const rows = await platform.db
    .select({ id: tickets.id, status: tickets.status, mergedIntoId: tickets.mergedIntoId })
    .from(tickets)
    .where(inArray(tickets.id, ids));
  const [messages] = await platform.db.select({ n: count() }).from(ticketMessages).where(inArray(ticketMessages.ticketId, ids));
  const [notes] = await platform.db.select({ n: count() }).from(ticketNotes).where(inArray(ticketNotes.ticketId, ids));
  const [mails] = await platform.db.select({ n: count() }).from(mailOutbox);
  return { rows: rows.sort((a, b) => a.id - b.id), messages: messages?.n, notes: notes?.n, mails: mails?.n };
}
const tagsOf = async (platform: TestPlatform, ticketId: number) =>
  (await platform.db.select({ tag: ticketTags.tag }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((row) => row.tag).sort();
const messagesOf = (platform: TestPlatform, ticketId: number) =>
  platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId)).orderBy(ticketMessages.id);

describe("merging a duplicate ticket", () => {
  it("moves messages, notes, tags and the order to the target, closes the source, and mails nothing (JS off)", async ({ platform, staff, member }) => {
    const source = await openMemberTicket(platform, "届いた湯のみが割れていました。");
    const target = await openMemberTicket(platform, "先ほどの件、写真を送ります。");
    const [order] = await platform.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, MEMBER_ID)).limit(1);
    await platform.db.update(tickets).set({ orderId: order!.id }).where(eq(tickets.id, source));
    expect((await post(platform, source, { intent: "send", message: "お詫び申し上げます。確認いたします。" }, staff)).status).toBe(303);
    await platform.db.insert(ticketMessages).values({ ticketId: source, message: "交換をお願いできますか。" });
    expect((await post(platform, source, { intent: "note", note: "倉庫に破損報告済み" }, staff)).status).toBe(303);
    for (const tag of ["返品", "破損"]) expect((await post(platform, source, { intent: "tag", tag }, staff)).status).toBe(303);
    expect((await post(platform, target, { intent: "tag", tag: "返品" }, staff)).status).toBe(303);
    const before = await stateOf(platform, [source, target]);

    const merged = await merge(platform, source, `＃${String(target).replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))}`, staff);
    expect(merged.status).toBe(303);
    expect(merged.response?.headers.get("Location")).toBe(`/crm/tickets/${target}?notice=ticketMerged#result`);

    const after = await stateOf(platform, [source, target]);
    expect(after.rows).toEqual([
      { id: source, status: "close", mergedIntoId: target },
      { id: target, status: "doing", mergedIntoId: null },
    ]);
    expect(after.mails).toBe(before.mails); // no mail of any kind
    expect(after.messages).toBe(before.messages);
    expect(await messagesOf(platform, source)).toEqual([]);
    const moved = await messagesOf(platform, target);
    expect(moved.map((row) => row.message)).toEqual(expect.arrayContaining(["お詫び申し上げます。確認いたします。", "交換をお願いできますか。"]));
    expect(moved.find((row) => row.message === "交換をお願いできますか。")?.readAt).toBeNull(); // still unread by staff
    const notes = await platform.db.select({ body: ticketNotes.body }).from(ticketNotes).where(eq(ticketNotes.ticketId, target));
    expect(notes.map((note) => note.body)).toEqual(
      expect.arrayContaining(["倉庫に破損報告済み", `#${source} から統合：\nその他・その他\n届いた湯のみが割れていました。`]),
    );
    expect(await tagsOf(platform, target)).toEqual(["破損", "返品"]);
    expect(await tagsOf(platform, source)).toEqual([]);
    const [targetRow] = await platform.db
      .select({ orderId: tickets.orderId, satisfaction: tickets.satisfactionMailedAt })
      .from(tickets)
      .where(eq(tickets.id, target));
    expect(targetRow).toEqual({ orderId: order!.id, satisfaction: null });

    // The target's page shows it all; the source's page leads there, for staff and for the customer.
    const page = await valueOf<{ thread: { messages: { message: string }[] }; notice: string; mergeTargets: { id: number }[] }>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${target}?notice=ticketMerged`, staff), { ticketId: String(target) }),
    );
    expect(page.notice).toBe(MERGE_TEXT.merged);
    expect(page.thread.messages.map((message) => message.message)).toContain("交換をお願いできますか。");
    expect(page.mergeTargets.map((other) => other.id)).not.toContain(source);
    const staffAtSource = await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${source}`, staff), { ticketId: String(source) });
    expect(staffAtSource.response?.headers.get("Location")).toBe(`/crm/tickets/${target}?notice=mergedAway`);
    const customerAtSource = await run(platform, customerThread.loader, pageRequest(`/user/support/${source}`, member), { ticketId: String(source) });
    expect(customerAtSource.response?.headers.get("Location")).toBe(`/user/support/${target}?notice=mergedAway`);

    // A reply to the source's address lands in the target; still no mail out.
    const [token] = await platform.db.select({ token: tickets.replyToken }).from(tickets).where(eq(tickets.id, source));
    const inbound = await receiveInboundMail(
      platform.db,
      platform.env.ATTACHMENTS,
      {
        from: MEMBER_EMAIL,
        to: `support+${token!.token}@marketplace.example.jp`,
        fromName: null,
        subject: "Re: お問い合わせ",
        messageId: "<merge.1@mail.example.jp>",
        answers: [],
        headers: [],
        text: "まだ返事がありません。",
        attachments: [],
        rawKey: null,
        rawSize: 100,
      },
      { supportAddress: TEST_REPLY_MAIL.supportAddress, origin: TEST_REPLY_MAIL.origin },
    );
    expect(inbound).toMatchObject({ outcome: "added", ticketId: target });
    expect((await messagesOf(platform, target)).at(-1)?.message).toBe("まだ返事がありません。");
    expect((await stateOf(platform, [source, target])).mails).toBe(before.mails);
  });

  it("refuses another customer's ticket, itself, an unknown or malformed number, and merged tickets, changing nothing", async ({ platform, staff }) => {
    const mine = await openMemberTicket(platform, "一件目");
    const second = await openMemberTicket(platform, "二件目");
    const theirs = await createTicket(
      platform.db,
      platform.env.ATTACHMENTS,
      { id: OTHER_ID, role: "customer" },
      { session: "merge-other", category: "その他", trouble: "その他", reply_choice: "email", description: "別のお客様" },
      NO_FILES,
      TEST_MAIL_FRAME,
    );
    if (!theirs.ok) throw new Error(theirs.error);
    const before = await stateOf(platform, [mine, second, theirs.ticketId]);
    const refusals: [number | string, number, string][] = [
      [theirs.ticketId, 409, MERGE_TEXT.otherCustomer],
      [mine, 400, MERGE_TEXT.self],
      [999999, 400, MERGE_TEXT.targetNotFound],
      ["abc", 400, MERGE_TEXT.targetRequired],
      ["", 400, MERGE_TEXT.targetRequired],
    ];
    for (const [target, status, error] of refusals) {
      const answer = await merge(platform, mine, target, staff, "cors");
      expect(answer.status, String(target)).toBe(status);
      expect(await valueOf(answer)).toMatchObject({ ok: false, intent: "merge", error });
    }
    // Without JS the page shows the refusal (not a 500, not an error page).
    expect((await merge(platform, mine, theirs.ticketId, staff)).status).toBe(409);
    expect(await stateOf(platform, [mine, second, theirs.ticketId])).toEqual(before);

    expect((await merge(platform, second, mine, staff)).status).toBe(303);
    expect(await valueOf(await merge(platform, second, mine, staff, "cors"))).toMatchObject({ error: MERGE_TEXT.sourceMerged });
    const third = await openMemberTicket(platform, "三件目");
    expect(await valueOf(await merge(platform, third, second, staff, "cors"))).toMatchObject({ error: MERGE_TEXT.targetMerged });
    // A ticket merged into one that is merged later leads to the last: never a chain.
    expect((await merge(platform, mine, third, staff)).status).toBe(303);
    const rows = await platform.db
      .select({ id: tickets.id, into: tickets.mergedIntoId })
      .from(tickets)
      .where(inArray(tickets.id, [mine, second, third]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.into]))).toEqual({ [mine]: third, [second]: third, [third]: null });
  });

  it("opens a closed target again when the open source's question moves there", async ({ platform, staff }) => {
    const source = await openMemberTicket(platform, "まだ回答をいただいていません");
    const target = await openMemberTicket(platform, "解決済みの件");
    await platform.db.update(tickets).set({ status: "close", closedAt: new Date(), confirmation: "resolved" }).where(eq(tickets.id, target));
    expect((await merge(platform, source, target, staff)).status).toBe(303);
    const [row] = await platform.db
      .select({ status: tickets.status, closedAt: tickets.closedAt, confirmation: tickets.confirmation })
      .from(tickets)
      .where(eq(tickets.id, target));
    expect(row).toEqual({ status: "doing", closedAt: null, confirmation: null });
  });

  it("keeps the target's tags within the limit, the oldest of the source's first", async ({ platform, staff }) => {
    const source = await openMemberTicket(platform, "タグ元");
    const target = await openMemberTicket(platform, "タグ先");
    for (let index = 0; index < 4; index++) expect((await post(platform, source, { intent: "tag", tag: `元${index}` }, staff)).status).toBe(303);
    for (let index = 0; index < TAGS_PER_TICKET - 2; index++)
      expect((await post(platform, target, { intent: "tag", tag: `先${index}` }, staff)).status).toBe(303);
    expect((await merge(platform, source, target, staff)).status).toBe(303);
    const tags = await tagsOf(platform, target);
    expect(tags).toHaveLength(TAGS_PER_TICKET);
    expect(tags).toEqual(expect.arrayContaining(["元0", "元1"]));
    expect(tags).not.toContain("元2");
  });

  it("applies once when two merges race (A→B with B→A, A→B twice), never making a cycle (JS on)", async ({ platform, staff }) => {
    for (let round = 0; round < 3; round++) {
      const a = await openMemberTicket(platform, `競合A${round}`);
      const b = await openMemberTicket(platform, `競合B${round}`);
      const answers = await Promise.all([merge(platform, a, b, staff, "cors"), merge(platform, b, a, staff, "cors"), merge(platform, a, b, staff, "cors")]);
      expect(answers.filter((answer) => answer.status === 303)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(2);
      const rows = await platform.db
        .select({ id: tickets.id, into: tickets.mergedIntoId })
        .from(tickets)
        .where(inArray(tickets.id, [a, b]));
      expect(rows.filter((row) => row.into != null)).toHaveLength(1);
      const notes = await platform.db
        .select({ body: ticketNotes.body })
        .from(ticketNotes)
        .where(inArray(ticketNotes.ticketId, [a, b]));
      expect(notes.filter((note) => note.body.includes("から統合"))).toHaveLength(1);
    }
  });

  it("is staff's only: a customer and a merchant are refused, the customer's own page has no merge", async ({ platform, member, merchant }) => {
    const source = await openMemberTicket(platform, "権限A");
    const target = await openMemberTicket(platform, "権限B");
    expect((await merge(platform, source, target, member)).status).toBe(403);
    expect((await merge(platform, source, target, merchant)).status).toBe(403);
    const onTheirPage = await run(
      platform,
      customerThread.action,
      postRequest(`/user/support/${source}`, { intent: "merge", target: String(target) }, { cookie: member }),
      {
        ticketId: String(source),
      },
    );
    expect(onTheirPage.status).toBe(400);
    const theirs = await valueOf<Record<string, unknown>>(
      await run(platform, customerThread.loader, pageRequest(`/user/support/${source}`, member), { ticketId: String(source) }),
    );
    expect(theirs.mergeTargets ?? null).toBeNull();
    const [row] = await platform.db.select({ into: tickets.mergedIntoId }).from(tickets).where(eq(tickets.id, source));
    expect(row?.into).toBeNull();
  });
});
