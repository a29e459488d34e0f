/**
 * Search across tickets (issue 36 item 9, decision 0047) on real local D1: the staff list's キーワード finds a
 * ticket by a word of its messages, notes, description, customer or order number, in whatever width or kana
 * script it was typed; short words (返品, 傷) too; every writer is indexed (the triggers), the words are ANDed
 * and combined with the list's other filters; the index is read, ticket_messages never scanned for a long word.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { parseListingQuery } from "~/core/search/listing-query";
import { TICKET_LISTING } from "~/core/tickets/ticket-listing";
import { orders, ticketMessages, tickets, users } from "~/db/schema";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as ticketList from "~/routes/crm.tickets._index";
import { ticketTextFilter } from "~/services/tickets/ticket-search.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, valueOf } from "../support/requests";
import { openMemberTicket } from "../support/tickets";

const it = platformTest();

const staffPost = (platform: TestPlatform, ticketId: number, fields: Record<string, string>, cookie: string) =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${ticketId}`, fields, { cookie, mode: "navigate" }), { ticketId: String(ticketId) });

/** The list's page for the words; a query typed full-width is first sent to its NFKC form (one redirect). */
async function found(platform: TestPlatform, cookie: string, words: string, rest = "") {
  let outcome = await run(platform, ticketList.loader, pageRequest(`/crm/tickets?content=${encodeURIComponent(words)}${rest}`, cookie));
  const folded = outcome.status === 302 ? outcome.response?.headers.get("Location") : null;
  if (folded) outcome = await run(platform, ticketList.loader, pageRequest(folded, cookie));
  return (await valueOf<{ page: { rows: { id: number }[]; total: number } }>(outcome)).page;
}
const ids = async (platform: TestPlatform, cookie: string, words: string, rest = "") =>
  (await found(platform, cookie, words, rest)).rows.map((row) => row.id).sort((a, b) => a - b);

describe("the staff list's キーワード", () => {
  it("finds a ticket by its messages, notes, description, customer and order, in any width, and ANDs the words", async ({ platform, staff }) => {
    const parcel = await openMemberTicket(platform, "配送についての質問です。箱の角がつぶれていました。");
    const other = await openMemberTicket(platform, "ポイントの有効期限を教えてください。");
    // A customer message, a staff reply and a note, each through the page that writes it.
    await platform.db.insert(ticketMessages).values({ ticketId: parcel, message: "注文番号ＡＢＣ１２３４の商品に破損がありました。ﾍﾝﾋﾟﾝ希望です。" });
    expect((await staffPost(platform, parcel, { intent: "send", message: "交換品を手配いたします。SKU-9876 をお送りします。" }, staff)).status).toBe(303);
    expect((await staffPost(platform, parcel, { intent: "note", note: "倉庫に在庫照会済み" }, staff)).status).toBe(303);

    expect(await ids(platform, staff, "つぶれて")).toEqual([parcel]); // the description
    expect(await ids(platform, staff, "手配いたします")).toEqual([parcel]); // a staff reply
    expect(await ids(platform, staff, "在庫照会")).toEqual([parcel]); // an internal note
    expect(await ids(platform, staff, "有効期限")).toEqual([other]);
    // Half-width query, full-width text; full-width query, half-width text; katakana for half-width kana; case.
    expect(await ids(platform, staff, "abc1234")).toEqual([parcel]);
    expect(await ids(platform, staff, "ＳＫＵ－９８７６")).toEqual([parcel]);
    expect(await ids(platform, staff, "sku-9876")).toEqual([parcel]);
    expect(await ids(platform, staff, "ヘンピン")).toEqual([parcel]);
    expect(await ids(platform, staff, "へんぴん")).toEqual([parcel]);
    // Short words (under three characters) through the messages, alone and with a long one; ANDed.
    expect(await ids(platform, staff, "破損")).toEqual([parcel]);
    expect(await ids(platform, staff, "箱")).toEqual([parcel]);
    expect(await ids(platform, staff, "照会 倉庫")).toEqual([parcel]);
    expect(await ids(platform, staff, "破損 交換品")).toEqual([parcel]);
    expect(await ids(platform, staff, "破損 有効期限")).toEqual([]);
    expect(await ids(platform, staff, "存在しない言葉")).toEqual([]);
    // FTS syntax is text: quotes, operators and stars find nothing rather than failing.
    expect(await ids(platform, staff, '"破損" OR * NEAR(')).toEqual([]);

    // The customer's name and the order's number, combined with the other filters.
    const [order] = await platform.db
      .select({ number: orders.number })
      .from(orders)
      .innerJoin(tickets, eq(tickets.orderId, orders.id))
      .where(eq(tickets.id, 1));
    expect(await ids(platform, staff, order!.number)).toContain(1);
    expect(
      await ids(
        platform,
        staff,
        order!.number.normalize("NFKC").replace(/[0-9-]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
      ),
    ).toContain(1);
    const byName = await found(platform, staff, "山田花子 破損");
    expect(byName.rows.map((row) => row.id)).toEqual([parcel]);
    expect(await ids(platform, staff, "破損", "&status=close")).toEqual([]);
    await platform.db.update(tickets).set({ status: "close" }).where(eq(tickets.id, parcel));
    expect(await ids(platform, staff, "破損", "&status=close")).toEqual([parcel]);
  });

  it("indexes every writer through the triggers: inserted, edited and removed messages, moved ones by their new ticket", async ({ platform, staff }) => {
    const first = await openMemberTicket(platform, "一通目");
    const second = await openMemberTicket(platform, "二通目");
    const [written] = await platform.db
      .insert(ticketMessages)
      .values({ ticketId: first, message: "承認済みの下書きから送信" })
      .returning({ id: ticketMessages.id });
    expect(await ids(platform, staff, "下書きから")).toEqual([first]);
    await platform.db.update(ticketMessages).set({ message: "書き直した本文" }).where(eq(ticketMessages.id, written!.id));
    expect(await ids(platform, staff, "下書きから")).toEqual([]);
    expect(await ids(platform, staff, "書き直した")).toEqual([first]);
    await platform.db.update(ticketMessages).set({ ticketId: second }).where(eq(ticketMessages.id, written!.id));
    expect(await ids(platform, staff, "書き直した")).toEqual([second]);
    await platform.db.delete(ticketMessages).where(eq(ticketMessages.id, written!.id));
    expect(await ids(platform, staff, "書き直した")).toEqual([]);
    await platform.db.delete(tickets).where(eq(tickets.id, second));
    const [left] = await platform.env.DB.prepare("select count(*) as n from ticket_description_search where ticket_description_search match '\"二通目\"'")
      .all<{ n: number }>()
      .then((r) => r.results);
    expect(left?.n).toBe(0);
  });

  it("reads the trigram indexes for long words and the ticket's own messages for short ones, never scanning ticket_messages", async ({ platform }) => {
    for (const words of ["破損がありました", "破損", "破損 交換品", "abc1234"]) {
      const query = parseListingQuery(TICKET_LISTING, new URLSearchParams({ content: words }));
      const where = ticketTextFilter(query.inputs.content!);
      const statement = platform.db.select({ id: tickets.id }).from(tickets).innerJoin(users, eq(users.id, tickets.userId)).where(where);
      const { sql: text, params } = statement.toSQL();
      const plan = await platform.env.DB.prepare(`explain query plan ${text}`)
        .bind(...params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail).join("\n");
      expect(details, words).not.toMatch(/SCAN ticket_messages\b/);
      expect(details, words).not.toMatch(/VIRTUAL TABLE INDEX \d+:=/);
      if (!words.split(" ").every((word) => word.length < 3)) expect(details, words).toMatch(/SCAN ticket_message_search VIRTUAL TABLE INDEX/);
    }
  });
});
