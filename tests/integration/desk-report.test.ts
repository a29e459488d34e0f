/**
 * The desk report (issue 36 item 10) on real local D1: exact figures for a small week of tickets (median,
 * 90th percentile, breaches, by category, by owner, satisfaction, opened and closed per day), merged
 * duplicates left out; the page and its CSV (BOM, formulas defused) for staff only; a bad period told in
 * Japanese, never a 500.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { UTF8_BOM } from "~/core/csv";
import { jstDayStart } from "~/core/dates";
import { REPORT_PERIOD_TEXT, reportPeriod } from "~/core/reports/report-period";
import { REPORT_DEFAULT_DAYS, UNASSIGNED_LABEL } from "~/core/tickets/desk-report";
import { ticketMessages, ticketRatings, tickets, users } from "~/db/schema";
import * as csvRoute from "~/routes/crm.tickets.report[.]csv";
import * as reportRoute from "~/routes/crm.tickets.report";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { deskReportStatements, loadDeskReport } from "~/services/tickets/desk-report.server";
import { platformTest, type PlatformFixtures, type TestPlatform } from "../support/platform-test";
import { pageRequest, run, type RouteHandler } from "../support/requests";

const it = platformTest();

const MIN = 60_000;
const HOUR = 60 * MIN;
/** A week far from the seed's tickets: 2031-03-03 … 2031-03-09 (JST). */
const FROM = "2031-03-03";
const TO = "2031-03-09";
const monday = jstDayStart(FROM).getTime() + 10 * HOUR; // 10:00 JST
const NOW = new Date(jstDayStart("2031-03-12").getTime());
const QUERY = `?from=${FROM}&to=${TO}`;

let session = 2_000_000_000_000;

interface Fixture {
  createdAt: number;
  category?: string;
  ownerId?: number | null;
  closedAt?: number | null;
  staffReplyAt?: number;
  firstRespondedAt?: number;
  firstDue?: number;
  resolutionDue?: number;
  mailed?: boolean;
  rating?: { score: number; resolved: boolean | null; comment: string | null; at: number };
  mergedInto?: number;
}

async function insertTicket(platform: TestPlatform, fixture: Fixture): Promise<number> {
  const { db } = platform;
  const [row] = await db
    .insert(tickets)
    .values({
      userId: MEMBER_ID,
      status: fixture.closedAt ? "close" : "doing",
      priority: "medium",
      category: fixture.category ?? "その他",
      trouble: "その他",
      description: "レポート用",
      formSession: String(session++),
      ownerId: fixture.ownerId ?? null,
      closedAt: fixture.closedAt ? new Date(fixture.closedAt) : null,
      firstRespondedAt: fixture.firstRespondedAt ? new Date(fixture.firstRespondedAt) : null,
      firstResponseDueAt: fixture.firstDue ? new Date(fixture.firstDue) : null,
      resolutionDueAt: fixture.resolutionDue ? new Date(fixture.resolutionDue) : null,
      satisfactionMailedAt: fixture.mailed ? new Date(fixture.closedAt ?? fixture.createdAt) : null,
      mergedIntoId: fixture.mergedInto ?? null,
      createdAt: new Date(fixture.createdAt),
      updatedAt: new Date(fixture.closedAt ?? fixture.createdAt),
    })
    .returning({ id: tickets.id });
  const id = row!.id;
  await db.insert(ticketMessages).values({ ticketId: id, fromadmin: null, message: "質問", dateCreated: new Date(fixture.createdAt + MIN) });
  if (fixture.staffReplyAt)
    await db.insert(ticketMessages).values({ ticketId: id, fromadmin: STAFF_ID, message: "回答", dateCreated: new Date(fixture.staffReplyAt) });
  if (fixture.rating) {
    const { score, resolved, comment, at } = fixture.rating;
    await db.insert(ticketRatings).values({ ticketId: id, score, resolved, comment, createdAt: new Date(at) });
  }
  return id;
}

/** Five tickets in the week (two owned by staff), one merged duplicate, one closed in the week but opened before it. */
async function seedWeek(platform: TestPlatform) {
  const a = await insertTicket(platform, {
    createdAt: monday,
    category: "過去の注文について",
    ownerId: STAFF_ID,
    staffReplyAt: monday + HOUR,
    firstDue: monday + 2 * HOUR,
    closedAt: monday + 10 * HOUR,
    resolutionDue: monday + 8 * HOUR,
    mailed: true,
    rating: { score: 5, resolved: true, comment: '=HYPERLINK("x") 丁寧でした', at: monday + 11 * HOUR },
  });
  await insertTicket(platform, {
    createdAt: monday,
    category: "過去の注文について",
    ownerId: STAFF_ID,
    // The desk's own record wins over the (later) staff message.
    firstRespondedAt: monday + 3 * HOUR,
    staffReplyAt: monday + 4 * HOUR,
    firstDue: monday + 2 * HOUR,
    closedAt: monday + 24 * HOUR + 20 * HOUR,
    mailed: true,
    rating: { score: 2, resolved: null, comment: null, at: monday + 45 * HOUR },
  });
  await insertTicket(platform, { createdAt: monday + 24 * HOUR, category: "=1+1", firstDue: monday + 26 * HOUR, resolutionDue: monday + 50 * HOUR });
  await insertTicket(platform, { createdAt: monday + 24 * HOUR, firstDue: NOW.getTime() + HOUR, mailed: true });
  await insertTicket(platform, {
    createdAt: monday + 48 * HOUR,
    staffReplyAt: monday + 53 * HOUR,
    closedAt: monday + 78 * HOUR,
    mailed: true,
    rating: { score: 4, resolved: false, comment: "まだ少し不安です", at: monday + 80 * HOUR },
  });
  // Left out: a merged duplicate (opened, answered and closed in the week).
  await insertTicket(platform, { createdAt: monday, staffReplyAt: monday + MIN * 2, closedAt: monday + HOUR, mergedInto: a });
  // Opened the week before, closed on Wednesday: a close of the week, not one of its tickets.
  await insertTicket(platform, { createdAt: monday - 3 * 24 * HOUR, closedAt: monday + 49 * HOUR });
}

const fileTest = it.extend<{ week: void }>({
  week: [async ({ platform }, provide) => provide(await seedWeek(platform)), { scope: "file" }],
});

describe("the desk report's figures", () => {
  fileTest("are exact for a small week", async ({ platform, week }) => {
    void week;
    const read = reportPeriod({ from: FROM, to: TO }, NOW, REPORT_DEFAULT_DAYS);
    if (!read.ok) throw new Error(read.error);
    const { report, comments } = await loadDeskReport(platform.db, read.period, NOW);
    const [staff] = await platform.db.select().from(users).where(eq(users.id, STAFF_ID));
    const staffName = `${staff!.lastname} ${staff!.firstname}`;

    expect(report.total).toEqual({
      label: "全体",
      opened: 5,
      closed: 3,
      // 1 h, 3 h (first_responded_at), 5 h: median 3 h, 90th percentile 4.6 h.
      firstResponse: { count: 3, median: 3 * HOUR, p90: 276 * MIN },
      // 10 h, 44 h, 30 h.
      resolution: { count: 3, median: 30 * HOUR, p90: 41.2 * HOUR },
      // Late (3 h > 2 h), unanswered past due; not yet due; answered in time.
      firstResponseBreaches: { count: 2, of: 4, percent: 50 },
      // Closed after due (10 h > 8 h); still open past due.
      resolutionBreaches: { count: 2, of: 2, percent: 100 },
      satisfaction: { mailed: 4, answers: 3, rate: 75, average: 3.7, resolvedPercent: 50 },
    });
    expect(report.byCategory.map((group) => [group.label, group.opened, group.firstResponse.median, group.satisfaction.average])).toEqual([
      ["過去の注文について", 2, 2 * HOUR, 3.5],
      ["その他", 2, 5 * HOUR, 4],
      ["=1+1", 1, null, null],
    ]);
    expect(report.byStaff.map((group) => [group.label, group.opened, group.firstResponseBreaches.count, group.resolution.median])).toEqual([
      [UNASSIGNED_LABEL, 3, 1, 30 * HOUR],
      [staffName, 2, 1, 27 * HOUR],
    ]);
    expect(report.daily).toEqual([
      { day: "2031-03-03", opened: 2, closed: 1 },
      { day: "2031-03-04", opened: 2, closed: 0 },
      { day: "2031-03-05", opened: 1, closed: 2 },
      { day: "2031-03-06", opened: 0, closed: 1 },
      { day: "2031-03-07", opened: 0, closed: 0 },
      { day: "2031-03-08", opened: 0, closed: 0 },
      { day: "2031-03-09", opened: 0, closed: 0 },
    ]);
    expect(report.responseBands.map((band) => band.count)).toEqual([1, 1, 1, 0, 0, 0]);
    expect(comments.map((comment) => [comment.score, comment.comment])).toEqual([
      [4, "まだ少し不安です"],
      [5, '=HYPERLINK("x") 丁寧でした'],
    ]);
  });
});

describe("the desk report's reads", () => {
  fileTest("walk the tickets' indexes (created_at; status and updated_at), never the whole table", async ({ platform }) => {
    const read = reportPeriod({ from: FROM, to: TO }, NOW, REPORT_DEFAULT_DAYS);
    if (!read.ok) throw new Error(read.error);
    const plans: Record<string, string[]> = {};
    for (const [name, statement] of Object.entries(deskReportStatements(platform.db, read.period))) {
      const { sql, params } = statement.toSQL();
      const plan = await platform.env.DB.prepare(`explain query plan ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      plans[name] = plan.results.map((row) => row.detail);
    }
    expect(plans.opened).toContainEqual(expect.stringMatching(/^SEARCH tickets USING INDEX tickets_created_idx/));
    expect(plans.closed).toContainEqual(expect.stringMatching(/^SEARCH tickets USING INDEX tickets_status_idx/));
    expect(plans.comments).toContainEqual(expect.stringMatching(/^SEARCH tickets USING INDEX tickets_created_idx/));
    for (const detail of Object.values(plans).flat()) expect(detail).not.toMatch(/^SCAN (tickets|ticket_messages|ticket_ratings)\b/);
  });
});

describe("the report page and its CSV", () => {
  fileTest("staff get the page with the week's figures and the CSV with the same, formulas defused", async ({ platform, staff, week }) => {
    void week;
    const page = await run(platform, reportRoute.loader as RouteHandler, pageRequest(`/crm/tickets/report${QUERY}`, staff));
    expect(page.status).toBe(200);
    expect(page.value).toMatchObject({
      ok: true,
      period: { from: FROM, to: TO },
      csvHref: `/crm/tickets/report.csv${QUERY}`,
      report: { total: { opened: 5 } },
    });

    const csv = await run(platform, csvRoute.loader as RouteHandler, pageRequest(`/crm/tickets/report.csv${QUERY}`, staff));
    expect(csv.status).toBe(200);
    expect(csv.response!.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.response!.headers.get("Content-Disposition")).toBe(`attachment; filename="desk-report-${FROM}-${TO}.csv"`);
    // Read as bytes: Response.text() would drop the BOM.
    const bytes = new Uint8Array(await csv.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([...new TextEncoder().encode(UTF8_BOM)]);
    const lines = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1).split("\r\n");
    expect(lines[0]).toMatch(/^区分,名前,受付件数,完了件数,初回応答件数,初回応答 中央値（分）,/);
    // The route measures "still unanswered / open past the due time" against today (before 2031): only the late answer and the late close.
    expect(lines[1]).toBe("全体,全体,5,3,3,180,276,3,1800,2472,1,4,25,1,2,50,4,3,75,3.7,50");
    expect(lines).toContain("カテゴリ,'=1+1,1,0,0,,,0,,,0,1,0,0,1,0,0,0,,,");
    expect(lines).toContain("日別,2031-03-05,1,2");
  });

  fileTest("a period that cannot be read is told in Japanese, with a 400", async ({ platform, staff }) => {
    for (const [query, error] of [
      ["?from=2031-02-30", REPORT_PERIOD_TEXT.badDate],
      ["?from=abc&to=2031-03-01", REPORT_PERIOD_TEXT.badDate],
      ["?to=2031-13-01", REPORT_PERIOD_TEXT.badDate],
      ["?from=2031-03-09&to=2031-03-03", REPORT_PERIOD_TEXT.reversed],
      ["?from=2020-01-01&to=2031-03-03", REPORT_PERIOD_TEXT.tooLong],
    ]) {
      const page = await run(platform, reportRoute.loader as RouteHandler, pageRequest(`/crm/tickets/report${query}`, staff));
      expect(page.status, query).toBe(400);
      expect(page.value).toMatchObject({ ok: false, error });
      const csv = await run(platform, csvRoute.loader as RouteHandler, pageRequest(`/crm/tickets/report.csv${query}`, staff));
      expect(csv.status, query).toBe(400);
      expect(await csv.response!.text()).toBe(error);
    }
    // Repeated or odd parameters are read, not a 500.
    const odd = await run(platform, reportRoute.loader as RouteHandler, pageRequest(`/crm/tickets/report?from=&from=x&to=%00`, staff));
    expect(odd.status).toBe(400);
  });

  type Who = keyof Pick<PlatformFixtures, "member" | "other" | "merchant" | "otherMerchant">;
  fileTest.for(["member", "other", "merchant", "otherMerchant"] as Who[])(
    "%s is refused the page and the CSV (403)",
    async (who, { platform, member, other, merchant, otherMerchant }) => {
      const cookie = { member, other, merchant, otherMerchant }[who];
      for (const [handler, path] of [
        [reportRoute.loader, `/crm/tickets/report${QUERY}`],
        [csvRoute.loader, `/crm/tickets/report.csv${QUERY}`],
      ] as const) {
        const outcome = await run(platform, handler as RouteHandler, pageRequest(path, cookie));
        expect(outcome.status, path).toBe(403);
        expect(await outcome.response!.text()).not.toContain("全体");
      }
    },
  );

  fileTest("a guest is sent to the login page", async ({ platform }) => {
    const outcome = await run(platform, reportRoute.loader as RouteHandler, pageRequest(`/crm/tickets/report${QUERY}`));
    expect(outcome.status).toBe(302);
    expect(outcome.response!.headers.get("Location")).toMatch(/^\/login/);
  });
});
