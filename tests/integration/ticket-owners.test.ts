/**
 * Ticket owners (issue 36 item 3) on real local D1: staff take an unassigned ticket (two at once: one owner,
 * the other told who), hand it to a colleague or release it; the list's 自分の担当 / 未割り当て / すべて views
 * count open tickets and put the owner's tickets with unread customer messages first; colleagues see each
 * other's names on staff messages while the customer still sees カスタマーサービス; customers can do none of it.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { OWNER_TEXT } from "~/core/tickets/ticket-owners";
import { tickets } from "~/db/schema";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as ticketList from "~/routes/crm.tickets._index";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { COLLEAGUE_ID, MEMBER_ID } from "~/services/seed/people";
import { sendMessage } from "~/services/tickets/ticket-messages.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { NO_FILES, openMemberTicket, TEST_REPLY_MAIL } from "../support/tickets";
import { memberCookie, pageRequest, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();

const ownerOf = async (platform: TestPlatform, ticketId: number) =>
  (await platform.db.select({ ownerId: tickets.ownerId }).from(tickets).where(eq(tickets.id, ticketId)))[0]?.ownerId;

const post = (platform: TestPlatform, ticketId: number, fields: Record<string, string>, cookie: string, mode: "navigate" | "cors" = "navigate") =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${ticketId}`, fields, { cookie, mode }), { ticketId: String(ticketId) });

interface ListData {
  page: { rows: { id: number; owner: string | null }[] };
  views: { label: string; count: number; href: string; current: boolean }[];
}
const list = async (platform: TestPlatform, cookie: string, query: string) =>
  valueOf<ListData>(await run(platform, ticketList.loader, pageRequest(`/crm/tickets${query}`, cookie)));

describe("taking, handing over and releasing a ticket", () => {
  it("gives a ticket two staff take at once one owner, and tells the other who has it", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const ticketId = await openMemberTicket(platform);
    const [mine, theirs] = await Promise.all([
      post(platform, ticketId, { intent: "take" }, staff, "cors"),
      post(platform, ticketId, { intent: "take" }, colleague, "cors"),
    ]);
    const outcomes = [mine, theirs].map((outcome) => outcome.status).sort();
    expect(outcomes).toEqual([200, 409]);
    const loser = mine.status === 409 ? mine : theirs;
    const winnerName = mine.status === 409 ? "鈴木 美咲" : "佐藤 健";
    expect(await valueOf<{ error: string }>(loser)).toMatchObject({ error: OWNER_TEXT.takenByOther(winnerName) });
    expect(await ownerOf(platform, ticketId)).not.toBeNull();
  });

  it("hands a ticket to a colleague, refuses anyone who is not staff, and releases it (JS off: back with a notice)", async ({ platform, staff }) => {
    const ticketId = await openMemberTicket(platform);
    const assigned = await post(platform, ticketId, { intent: "assign", owner: String(COLLEAGUE_ID) }, staff);
    expect(assigned.status).toBe(303);
    expect(assigned.response?.headers.get("Location")).toContain("notice=ownerAssigned");
    expect(await ownerOf(platform, ticketId)).toBe(COLLEAGUE_ID);
    const page = await valueOf<{ owners: { owner: { name: string } | null; staff: { name: string }[] } }>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${ticketId}`, staff), { ticketId: String(ticketId) }),
    );
    expect(page.owners.owner?.name).toBe("鈴木 美咲");
    expect(page.owners.staff.map((member) => member.name)).toEqual(["佐藤 健", "鈴木 美咲", "高橋 翔太", "日向 太郎"]);

    const toCustomer = await post(platform, ticketId, { intent: "assign", owner: String(MEMBER_ID) }, staff, "cors");
    expect(toCustomer.status).toBe(400);
    expect(await valueOf<{ error: string }>(toCustomer)).toMatchObject({ error: OWNER_TEXT.notStaff });
    expect(await ownerOf(platform, ticketId)).toBe(COLLEAGUE_ID);
    expect((await post(platform, ticketId, { intent: "assign", owner: "abc" }, staff, "cors")).status).toBe(400);

    expect((await post(platform, ticketId, { intent: "release" }, staff)).status).toBe(303);
    expect(await ownerOf(platform, ticketId)).toBeNull();
  });

  it("is staff's only: a customer's posts change nothing", async ({ platform, member }) => {
    const ticketId = await openMemberTicket(platform);
    expect((await post(platform, ticketId, { intent: "take" }, member)).status).toBe(403);
    const onTheirPage = await run(platform, customerThread.action, postRequest(`/user/support/${ticketId}`, { intent: "take" }, { cookie: member }), {
      ticketId: String(ticketId),
    });
    expect(onTheirPage.status).toBe(400);
    expect(await ownerOf(platform, ticketId)).toBeNull();
  });
});

describe("the list's views by owner", () => {
  it("count open tickets per view and show the owner's unread ones first", async ({ platform, staff }) => {
    const before = await list(platform, staff, "");
    const quiet = await openMemberTicket(platform);
    const waiting = await openMemberTicket(platform);
    for (const ticketId of [waiting, quiet]) await post(platform, ticketId, { intent: "take" }, staff);
    // Staff read both, then the customer writes again on the older one.
    for (const ticketId of [waiting, quiet])
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${ticketId}`, staff), { ticketId: String(ticketId) });
    await sendMessage(
      platform.db,
      platform.env.ATTACHMENTS,
      { id: MEMBER_ID, role: "customer" },
      waiting,
      { message: "追加の質問です。", attachments: NO_FILES },
      TEST_REPLY_MAIL,
    );

    const after = await list(platform, staff, "");
    const count = (data: ListData, label: string) => data.views.find((view) => view.label === label)!.count;
    expect(count(after, "自分の担当")).toBe(count(before, "自分の担当") + 2);
    expect(count(after, "すべて")).toBe(count(before, "すべて") + 2);

    const mineView = after.views.find((view) => view.label === "自分の担当")!;
    const mine = await list(platform, staff, mineView.href.slice("/crm/tickets".length));
    expect(mine.views.find((view) => view.current)?.label).toBe("自分の担当");
    const ids = mine.page.rows.map((row) => row.id);
    expect(ids.indexOf(waiting)).toBeLessThan(ids.indexOf(quiet));
    expect(mine.page.rows.find((row) => row.id === quiet)?.owner).toBe("佐藤 健");
    const unassigned = await list(platform, staff, after.views.find((view) => view.label === "未割り当て")!.href.slice("/crm/tickets".length));
    expect(unassigned.page.rows.map((row) => row.id)).not.toContain(quiet);
  });
});

describe("names on staff messages", () => {
  it("show colleagues who wrote a reply; the customer sees カスタマーサービス", async ({ platform, staff, member }) => {
    const ticketId = await openMemberTicket(platform);
    await sendMessage(
      platform.db,
      platform.env.ATTACHMENTS,
      { id: COLLEAGUE_ID, role: "staff" },
      ticketId,
      { message: "確認いたします。", attachments: NO_FILES },
      TEST_REPLY_MAIL,
    );
    type Page = { thread: { messages: { name: string }[] } };
    const asStaff = await valueOf<Page>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${ticketId}`, staff), { ticketId: String(ticketId) }),
    );
    expect(asStaff.thread.messages.at(-1)?.name).toBe("カスタマーサービス（鈴木 美咲）");
    const asCustomer = await valueOf<Page>(
      await run(platform, customerThread.loader, pageRequest(`/user/support/${ticketId}`, member), { ticketId: String(ticketId) }),
    );
    expect(asCustomer.thread.messages.at(-1)?.name).toBe("カスタマーサービス");
  });
});
