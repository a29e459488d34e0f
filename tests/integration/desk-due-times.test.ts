/**
 * Due times and overdue tickets (issue 36 item 6) on real local D1: a new ticket gets its first-response and
 * resolution due times from its priority's targets counted in the desk's business hours (holidays as rows);
 * the first staff reply is recorded once; open tickets past a due time fill the 期限切れ view, its tab count
 * and the /crm navigation's badge (staff only); staff change the hours, holidays and targets at
 * /crm/desk-settings (JS on and off), bad input changes nothing, and nobody else reaches the page.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { DESK_SETTINGS_TEXT } from "~/core/tickets/desk-calendar";
import { deskHolidays, deskHours, deskSlaTargets, tickets } from "~/db/schema";
import * as settingsPage from "~/routes/crm.desk-settings";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as ticketList from "~/routes/crm.tickets._index";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { loadShellState } from "~/services/site/shell.server";
import { createTicket } from "~/services/tickets/ticket-messages.server";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, valueOf } from "../support/requests";
import { NO_FILES } from "../support/tickets";
import { TEST_MAIL_FRAME } from "../support/orders";

const it = platformTest();

/** An instant given in Japan time. */
const jst = (text: string) => new Date(`${text}+09:00`);

let session = 1_960_000_000_000;
/** A ticket of the demo member's about `trouble`, arrived at `now`. */
async function ticketAt(platform: TestPlatform, now: Date, trouble: "商品がいつ届くか知りたい" | "その他" = "その他") {
  const input = { session: String(session++), category: "その他" as const, trouble, reply_choice: "email" as const, description: "確認をお願いします。" };
  const created = await createTicket(platform.db, platform.env.ATTACHMENTS, { id: MEMBER_ID, role: "customer" }, input, NO_FILES, TEST_MAIL_FRAME, now);
  if (!created.ok) throw new Error(created.error);
  const [row] = await platform.db.select().from(tickets).where(eq(tickets.id, created.ticketId));
  return row!;
}

const settingsPost = (platform: TestPlatform, fields: Record<string, string>, cookie: string, mode: "navigate" | "cors" = "navigate") =>
  run(platform, settingsPage.action, postRequest("/crm/desk-settings", fields, { cookie, mode }));
const reply = (platform: TestPlatform, ticketId: number, message: string, cookie: string) =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${ticketId}`, { intent: "send", message }, { cookie }), { ticketId: String(ticketId) });
const overdueIds = async (platform: TestPlatform, cookie: string) =>
  (await valueOf<{ page: { rows: { id: number }[] } }>(await run(platform, ticketList.loader, pageRequest("/crm/tickets?due=overdue", cookie)))).page.rows.map(
    (row) => row.id,
  );
/** The header's counts as the session check reads them with a page (app/services/account/sessions.server.ts). */
const shellOf = (platform: TestPlatform, userId: number) => loadShellState(platform.db, { userId });

const TARGETS = { first_high: "60", resolution_high: "420", first_medium: "240", resolution_medium: "1260", first_low: "420", resolution_low: "2100" };

describe("due times", () => {
  it("count the priority's targets in business hours from when the ticket arrived, skipping the weekend and the holiday rows", async ({ platform }) => {
    // Friday 2026-11-20 16:00, high (60 / 420 minutes): 60 minutes left that day, so the first response is due by 17:00; the
    // resolution runs over Saturday, Sunday and Monday 11/23 勤労感謝の日 (a row of the migration) to Tuesday.
    const high = await ticketAt(platform, jst("2026-11-20T16:00:00"), "商品がいつ届くか知りたい");
    expect(high.priority).toBe("high");
    expect(high.firstResponseDueAt).toEqual(jst("2026-11-20T17:00:00"));
    expect(high.resolutionDueAt).toEqual(jst("2026-11-24T16:00:00"));
    // At night, medium (240 / 1260): the clock starts at the next opening.
    const medium = await ticketAt(platform, jst("2026-11-24T21:00:00"));
    expect(medium.firstResponseDueAt).toEqual(jst("2026-11-25T14:00:00"));
    expect(medium.resolutionDueAt).toEqual(jst("2026-11-27T17:00:00"));
    expect(medium.firstRespondedAt).toBeNull();
  });

  it("record the first staff reply once; the customer's messages do not count", async ({ platform, staff }) => {
    const ticket = await ticketAt(platform, new Date());
    expect((await reply(platform, ticket.id, "確認いたします。", staff)).status).toBe(200);
    const [first] = await platform.db.select({ at: tickets.firstRespondedAt }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(first!.at).not.toBeNull();
    expect((await reply(platform, ticket.id, "続報です。", staff)).status).toBe(200);
    const [after] = await platform.db.select({ at: tickets.firstRespondedAt }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(after!.at).toEqual(first!.at);
  });
});

describe("overdue tickets", () => {
  it("fill the 期限切れ view, its tab and the staff navigation's badge until answered; customers see no count", async ({ platform, staff }) => {
    const before = (await shellOf(platform, STAFF_ID)).overdueTickets;
    const late = await ticketAt(platform, new Date(Date.now() - 40 * 24 * 60 * 60 * 1000), "商品がいつ届くか知りたい");
    const fresh = await ticketAt(platform, new Date());
    const ids = await overdueIds(platform, staff);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(fresh.id);
    expect((await shellOf(platform, STAFF_ID)).overdueTickets).toBe(before + 1);
    expect((await shellOf(platform, MEMBER_ID)).overdueTickets).toBe(0);
    const list = await valueOf<{ views: { label: string; count: number }[]; page: { rows: { id: number; due: { overdue: boolean } | null }[] } }>(
      await run(platform, ticketList.loader, pageRequest("/crm/tickets?due=overdue", staff)),
    );
    expect(list.views.find((view) => view.label === "期限切れ")?.count).toBe(before + 1);
    expect(list.page.rows.find((row) => row.id === late.id)?.due?.overdue).toBe(true);
    const page = await valueOf<{ due: { overdue: string[] } }>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${late.id}`, staff), { ticketId: String(late.id) }),
    );
    expect(page.due.overdue).toEqual(["firstResponse", "resolution"]);

    // Answered, it is still past its resolution time; closed, it is overdue no more.
    await reply(platform, late.id, "大変お待たせいたしました。", staff);
    expect(await overdueIds(platform, staff)).toContain(late.id);
    await platform.db.update(tickets).set({ status: "close" }).where(eq(tickets.id, late.id));
    expect(await overdueIds(platform, staff)).not.toContain(late.id);
    expect((await shellOf(platform, STAFF_ID)).overdueTickets).toBe(before);
  });
});

describe("/crm/desk-settings", () => {
  it("saves hours, targets and holidays (JS off and on), used by the tickets that arrive next", async ({ platform, staff }) => {
    const page = await valueOf<{ week: unknown[]; holidays: { date: string }[]; targets: unknown }>(
      await run(platform, settingsPage.loader, pageRequest("/crm/desk-settings", staff)),
    );
    expect(page.week[1]).toEqual({ opensAt: 600, closesAt: 1020 });
    expect(page.holidays.map((holiday) => holiday.date)).toContain("2027-01-01");

    // Saturday opens 9:00–12:00; targets halved for medium; 2026-12-30 a day off.
    const week = {
      ...Object.fromEntries(
        [1, 2, 3, 4, 5].flatMap((day) => [
          [`opens_${day}`, "10:00"],
          [`closes_${day}`, "17:00"],
        ]),
      ),
      opens_6: "09:00",
      closes_6: "12:00",
    };
    const saved = await settingsPost(platform, { intent: "hours", ...week }, staff);
    expect(saved.status).toBe(303);
    expect(saved.response?.headers.get("Location")).toContain("notice=hours");
    expect((await settingsPost(platform, { intent: "targets", ...TARGETS, first_medium: "120" }, staff, "cors")).status).toBe(303);
    expect((await settingsPost(platform, { intent: "add-holiday", date: "2026-12-30", name: "年末休業" }, staff)).status).toBe(303);
    // Saturday 2026-12-26 11:00 + 120 minutes: 60 on Saturday, Monday 10:00 + 60.
    const ticket = await ticketAt(platform, jst("2026-12-26T11:00:00"));
    expect(ticket.firstResponseDueAt).toEqual(jst("2026-12-28T11:00:00"));
    // Tuesday 12/29 16:30 + 120: 30 that day, Wednesday 12/30 off, Thursday 12/31 10:00 + 90.
    expect((await ticketAt(platform, jst("2026-12-29T16:30:00"))).firstResponseDueAt).toEqual(jst("2026-12-31T11:30:00"));

    expect((await settingsPost(platform, { intent: "remove-holiday", date: "2026-12-30" }, staff)).status).toBe(303);
    expect(await platform.db.select().from(deskHolidays).where(eq(deskHolidays.date, "2026-12-30"))).toEqual([]);
  });

  it("refuses what cannot be with a Japanese message and changes nothing", async ({ platform, staff }) => {
    const [hours, targets, holidays] = await Promise.all([
      platform.db.select().from(deskHours),
      platform.db.select().from(deskSlaTargets),
      platform.db.select().from(deskHolidays),
    ]);
    const cases: [Record<string, string>, string][] = [
      [{ intent: "hours", opens_1: "10:00" }, "月曜日"],
      [{ intent: "hours", opens_2: "18:00", closes_2: "09:00" }, "火曜日"],
      [{ intent: "hours", opens_3: "25:00", closes_3: "26:00" }, DESK_SETTINGS_TEXT.clock],
      [{ intent: "targets", ...TARGETS, first_low: "3000" }, DESK_SETTINGS_TEXT.firstAfterResolution],
      [{ intent: "targets", ...TARGETS, resolution_high: "abc" }, DESK_SETTINGS_TEXT.targetRange],
      [{ intent: "add-holiday", date: "2026-13-40", name: "x" }, DESK_SETTINGS_TEXT.date],
      [{ intent: "add-holiday", date: "2026-12-31", name: "" }, DESK_SETTINGS_TEXT.holidayName],
      [{ intent: "add-holiday", date: "2027-01-01", name: "元日" }, DESK_SETTINGS_TEXT.holidayExists],
      [{ intent: "remove-holiday", date: "2031-01-01" }, DESK_SETTINGS_TEXT.holidayNotFound],
      [{ intent: "erase" }, "正しくありません"],
    ];
    for (const [fields, message] of cases) {
      const answer = await settingsPost(platform, fields, staff);
      expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect((await valueOf<{ error: string }>(answer)).error).toContain(message);
    }
    expect(await platform.db.select().from(deskHours)).toEqual(hours);
    expect(await platform.db.select().from(deskSlaTargets)).toEqual(targets);
    expect(await platform.db.select().from(deskHolidays)).toEqual(holidays);
  });

  it("is staff's only", async ({ platform, member, merchant }) => {
    for (const cookie of [member, merchant]) {
      expect((await run(platform, settingsPage.loader, pageRequest("/crm/desk-settings", cookie))).status).toBe(403);
      expect((await settingsPost(platform, { intent: "add-holiday", date: "2026-12-31", name: "大晦日" }, cookie)).status).toBe(403);
    }
    const guest = await run(platform, settingsPage.loader, pageRequest("/crm/desk-settings"));
    expect(guest.response?.headers.get("Location") ?? "").toContain("/login");
    expect(await platform.db.select().from(deskHolidays).where(eq(deskHolidays.date, "2026-12-31"))).toEqual([]);
  });
});
