/**
 * Tags on tickets (issue 36 item 9) on real local D1: staff add and remove free tags (written one way:
 * full-width made plain), at most ten a ticket even when added at once; the list filters by tag and by the
 * order's number and shows each row's tags; bad input changes nothing; customers can do none of it.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { TAG_TEXT, TAGS_PER_TICKET } from "~/core/tickets/ticket-tags";
import { orders, tickets, ticketTags } from "~/db/schema";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as ticketList from "~/routes/crm.tickets._index";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();

const post = (platform: TestPlatform, ticketId: number, fields: Record<string, string>, cookie: string, mode: "navigate" | "cors" = "cors") =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${ticketId}`, fields, { cookie, mode }), { ticketId: String(ticketId) });
const tagsOf = async (platform: TestPlatform, ticketId: number) =>
  (await platform.db.select({ tag: ticketTags.tag }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((row) => row.tag).sort();
const listIds = async (platform: TestPlatform, cookie: string, query: string) =>
  (await valueOf<{ page: { rows: { id: number; tags: string[] }[] } }>(await run(platform, ticketList.loader, pageRequest(`/crm/tickets${query}`, cookie))))
    .page.rows;

describe("tags on a ticket", () => {
  it("are added written one way, shown on the page and in the list, filtered by, and removed (JS off and on)", async ({ platform, staff }) => {
    const added = await post(platform, 1, { intent: "tag", tag: "  返品 　" }, staff, "navigate");
    expect(added.status).toBe(303);
    expect(added.response?.headers.get("Location")).toContain("notice=tagAdded");
    expect((await post(platform, 1, { intent: "tag", tag: "ＶＩＰ" }, staff)).status).toBe(200);
    expect((await post(platform, 1, { intent: "tag", tag: "返品" }, staff)).status).toBe(200);
    expect(await tagsOf(platform, 1)).toEqual(["VIP", "返品"]);

    const page = await valueOf<{ tags: { tags: string[]; known: string[] } }>(
      await run(platform, staffThread.loader, pageRequest("/crm/tickets/1", staff), { ticketId: "1" }),
    );
    expect([...page.tags.tags].sort()).toEqual(["VIP", "返品"]);
    expect(page.tags.known).toEqual(expect.arrayContaining(["返品", "VIP"]));

    expect((await listIds(platform, staff, "?tag=返品")).map((row) => [row.id, [...row.tags].sort()])).toEqual([[1, ["VIP", "返品"]]]);
    expect(await listIds(platform, staff, "?tag=交換")).toEqual([]);
    const [order] = await platform.db
      .select({ number: orders.number })
      .from(orders)
      .innerJoin(tickets, eq(tickets.orderId, orders.id))
      .where(eq(tickets.id, 1));
    expect((await listIds(platform, staff, `?order=${order!.number}`)).map((row) => row.id)).toEqual([1]);

    expect((await post(platform, 1, { intent: "untag", tag: "ＶＩＰ" }, staff, "navigate")).status).toBe(303);
    expect(await tagsOf(platform, 1)).toEqual(["返品"]);
  });

  it(`holds at most ${TAGS_PER_TICKET}, even added at once, and refuses an empty or overlong tag`, async ({ platform, staff }) => {
    const answers = await Promise.all(Array.from({ length: 14 }, (_, index) => post(platform, 1, { intent: "tag", tag: `同時${index}` }, staff)));
    expect((await tagsOf(platform, 1)).length).toBe(TAGS_PER_TICKET);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused.length).toBeGreaterThan(0);
    expect(await valueOf(refused[0]!)).toMatchObject({ error: TAG_TEXT.tooMany, intent: "tag" });
    expect(await valueOf(await post(platform, 1, { intent: "tag", tag: "  " }, staff))).toMatchObject({ error: TAG_TEXT.empty });
    expect(await valueOf(await post(platform, 1, { intent: "tag", tag: "あ".repeat(21) }, staff))).toMatchObject({ error: TAG_TEXT.tooLong });
    expect((await tagsOf(platform, 1)).length).toBe(TAGS_PER_TICKET);
  });

  it("is staff's only", async ({ platform, member }) => {
    const before = await tagsOf(platform, 1);
    expect((await post(platform, 1, { intent: "tag", tag: "顧客" }, member, "navigate")).status).toBe(403);
    const onTheirPage = await run(platform, customerThread.action, postRequest("/user/support/1", { intent: "tag", tag: "顧客" }, { cookie: member }), {
      ticketId: "1",
    });
    expect(onTheirPage.status).toBe(400);
    expect(await tagsOf(platform, 1)).toEqual(before);
    const theirs = await valueOf<Record<string, unknown>>(
      await run(platform, customerThread.loader, pageRequest("/user/support/1", member), { ticketId: "1" }),
    );
    expect(theirs.tags ?? null).toBeNull();
  });
});
