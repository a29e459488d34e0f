/**
 * The satisfaction mail after a ticket closes and its one vote (issue 36 item 10, decision 0048), on real
 * local D1: one mail by every path that closes a ticket (staff, the customer's 解決した, the 7-day auto-close),
 * in the closing batch, never twice (closing again, at once, or after a reopening), never for a merged
 * duplicate; its signed links open a page that writes nothing, whose form records one vote.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { daysAfter } from "~/core/dates";
import { satisfactionLinkText, SATISFACTION_TEXT } from "~/core/tickets/satisfaction";
import { mailOutbox, ticketRatings, tickets } from "~/db/schema";
import { mailLinks } from "~/mail/render.server";
import * as crmThread from "~/routes/crm.tickets.$ticketId";
import * as survey from "~/routes/support.rating.$ticketId";
import * as supportThread from "~/routes/user.support_.$ticketId";
import { MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { signText } from "~/services/signatures.server";
import { closeTicket, runTicketMaintenance } from "~/services/tickets/ticket-status.server";
import { TEST_SESSION_SECRET } from "../support/platform";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { pageRequest, postRequest, run, TEST_ORIGIN, type RouteHandler } from "../support/requests";
import { openMemberTicket, TEST_REPLY_MAIL } from "../support/tickets";

const it = platformTest();

const staffViewer = { id: STAFF_ID, role: "staff" as const };
const mailContext = { ...TEST_REPLY_MAIL, linkSecret: TEST_SESSION_SECRET };

async function surveyMails(platform: TestPlatform, ticketId: number) {
  return platform.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "ticket_satisfaction"), eq(mailOutbox.key, `ticket-satisfaction:${ticketId}`)));
}

async function ticketRow(platform: TestPlatform, ticketId: number) {
  const [row] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
  return row!;
}

const threadPost = (path: string, fields: Record<string, string>, cookie: string) => postRequest(path, fields, { cookie, mode: "navigate" });

async function staffClose(platform: TestPlatform, ticketId: number, staff: string) {
  const outcome = await run(platform, crmThread.action as RouteHandler, threadPost(`/crm/tickets/${ticketId}`, { intent: "close" }, staff), {
    ticketId: String(ticketId),
  });
  expect(outcome.status).toBe(303);
}

/** The mail's survey links as the customer sees them: label → path (with its query). */
function linksOf(html: string): Record<string, string> {
  const survey = mailLinks(html).filter((link) => link.href.startsWith(`${TEST_ORIGIN}/support/rating/`));
  return Object.fromEntries(survey.map((link) => [link.text, link.href.slice(TEST_ORIGIN.length)]));
}

const openPage = (platform: TestPlatform, path: string) =>
  run(platform, survey.loader as RouteHandler, pageRequest(path), { ticketId: /rating\/(\d+)/.exec(path)?.[1] ?? "" });
const vote = (platform: TestPlatform, path: string, fields: Record<string, string>, mode: "navigate" | "cors" = "navigate") =>
  run(platform, survey.action as RouteHandler, postRequest(path, fields, { mode }), { ticketId: /rating\/(\d+)/.exec(path)?.[1] ?? "" });

async function ratings(platform: TestPlatform, ticketId: number) {
  return platform.db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId));
}

describe("the satisfaction mail", () => {
  it("staff closing a ticket queue one mail in the closing batch, with signed links for each answer and the ticket's Reply-To", async ({ platform, staff }) => {
    const ticketId = await openMemberTicket(platform);
    await staffClose(platform, ticketId, staff);
    const row = await ticketRow(platform, ticketId);
    expect(row.status).toBe("close");
    expect(row.satisfactionMailedAt?.getTime()).toBe(row.closedAt?.getTime());
    const [mail, ...more] = await surveyMails(platform, ticketId);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      toAddress: "member@example.jp",
      userId: MEMBER_ID,
      status: "pending",
      replyTo: `support+${row.replyToken}@marketplace.example.jp`,
      subject: `【お問い合わせ #${ticketId}】解決しましたか？対応はいかがでしたか？`,
    });
    const links = linksOf(mail!.html);
    expect(Object.keys(links)).toEqual(["解決した", "解決していない", "5 満足", "4 やや満足", "3 ふつう", "2 やや不満", "1 不満"]);
    expect(links["5 満足"]).toMatch(new RegExp(`^/support/rating/${ticketId}\\?e=\\d+&s=[A-Za-z0-9_-]{43}&c=5$`));
    expect(links["解決していない"]).toMatch(/&c=no$/);
    expect(mail!.textBody).toContain("解決しましたか？");

    // Closing again, and reopening then closing, ask nothing more.
    await staffClose(platform, ticketId, staff);
    await platform.db.update(tickets).set({ status: "doing", closedAt: null }).where(eq(tickets.id, ticketId));
    await staffClose(platform, ticketId, staff);
    expect((await ticketRow(platform, ticketId)).status).toBe("close");
    expect(await surveyMails(platform, ticketId)).toHaveLength(1);
  });

  it("two staff closing at once queue one mail", async ({ platform }) => {
    const ticketId = await openMemberTicket(platform);
    const results = await Promise.all([0, 1, 2].map(() => closeTicket(platform.db, staffViewer, ticketId, mailContext)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await surveyMails(platform, ticketId)).toHaveLength(1);
  });

  it("the customer's 解決した closes the ticket with the mail; 解決していない sends none", async ({ platform, staff, member }) => {
    const solved = await openMemberTicket(platform);
    const unsolved = await openMemberTicket(platform);
    for (const [ticketId, answer] of [
      [solved, "resolved"],
      [unsolved, "unresolved"],
    ] as const) {
      await run(platform, crmThread.action as RouteHandler, threadPost(`/crm/tickets/${ticketId}`, { intent: "request_confirmation" }, staff), {
        ticketId: String(ticketId),
      });
      const answered = await run(
        platform,
        supportThread.action as RouteHandler,
        threadPost(`/user/support/${ticketId}`, { intent: "confirm", answer }, member),
        { ticketId: String(ticketId) },
      );
      expect(answered.status).toBe(303);
    }
    expect((await ticketRow(platform, solved)).status).toBe("close");
    expect(await surveyMails(platform, solved)).toHaveLength(1);
    expect((await ticketRow(platform, unsolved)).status).toBe("doing");
    expect(await surveyMails(platform, unsolved)).toEqual([]);
    expect((await ticketRow(platform, unsolved)).satisfactionMailedAt).toBeNull();
  });

  it("the 7-day auto-close queues the mail once, however often the job runs", async ({ platform }) => {
    const ticketId = await openMemberTicket(platform);
    const now = new Date();
    await platform.db
      .update(tickets)
      .set({ confirmation: "waiting", confirmationRequestedAt: daysAfter(now, -8) })
      .where(eq(tickets.id, ticketId));
    const first = await runTicketMaintenance(platform.db, platform.env.ATTACHMENTS, mailContext, now);
    expect(first.closed).toContain(ticketId);
    await runTicketMaintenance(platform.db, platform.env.ATTACHMENTS, mailContext, now);
    expect(await surveyMails(platform, ticketId)).toHaveLength(1);
  });

  it("a merged duplicate is never asked", async ({ platform, staff }) => {
    const kept = await openMemberTicket(platform);
    const duplicate = await openMemberTicket(platform);
    await platform.db.update(tickets).set({ mergedIntoId: kept }).where(eq(tickets.id, duplicate));
    await staffClose(platform, duplicate, staff);
    expect((await ticketRow(platform, duplicate)).status).toBe("close");
    expect(await surveyMails(platform, duplicate)).toEqual([]);
    expect((await ticketRow(platform, duplicate)).satisfactionMailedAt).toBeNull();
  });
});

describe("the survey's one vote", () => {
  it("opening a link writes nothing; the form records one vote that staff see and the customer does not", async ({ platform, staff, member }) => {
    const ticketId = await openMemberTicket(platform);
    await staffClose(platform, ticketId, staff);
    const links = linksOf((await surveyMails(platform, ticketId))[0]!.html);

    // A mail scanner (or the customer) opening every link records nothing; the clicked answer is picked.
    for (const path of Object.values(links)) expect((await openPage(platform, path)).status).toBe(200);
    expect(await ratings(platform, ticketId)).toEqual([]);
    expect((await openPage(platform, links["4 やや満足"]!)).value).toMatchObject({ ok: true, score: 4, resolved: null, notice: null });
    expect((await openPage(platform, links["解決した"]!)).value).toMatchObject({ ok: true, score: null, resolved: "yes" });

    // A form without a score is told so and writes nothing.
    const missing = await vote(platform, links["解決した"]!, { resolved: "yes", comment: "助かりました" });
    expect(missing.status).toBe(400);
    expect(missing.value).toMatchObject({ ok: false, error: SATISFACTION_TEXT.scoreRequired });
    expect(await ratings(platform, ticketId)).toEqual([]);

    const path = links["4 やや満足"]!;
    const recorded = await vote(platform, path, { score: "4", resolved: "yes", comment: "  丁寧な対応でした。\n助かりました。 " });
    expect(recorded.status).toBe(303);
    expect(recorded.response!.headers.get("Location")).toMatch(/notice=recorded#result$/);
    expect(await ratings(platform, ticketId)).toMatchObject([{ score: 4, resolved: true, comment: "丁寧な対応でした。\n助かりました。" }]);

    // A second answer changes nothing and says so; the page says so too.
    const again = await vote(platform, links["1 不満"]!, { score: "1", resolved: "no", comment: "やっぱり不満" }, "cors");
    expect(again.response!.headers.get("Location")).toMatch(/notice=already#result$/);
    expect(await ratings(platform, ticketId)).toMatchObject([{ score: 4, resolved: true }]);
    expect((await openPage(platform, path)).value).toMatchObject({ ok: true, notice: SATISFACTION_TEXT.alreadyAnswered });

    // Staff see it on the ticket; the customer's page is not given it.
    const staffPage = await run(platform, crmThread.loader as RouteHandler, pageRequest(`/crm/tickets/${ticketId}`, staff), { ticketId: String(ticketId) });
    expect(staffPage.value).toMatchObject({ rating: { score: 4, resolved: true, comment: "丁寧な対応でした。\n助かりました。" } });
    const customerPage = await run(platform, supportThread.loader as RouteHandler, pageRequest(`/user/support/${ticketId}`, member), {
      ticketId: String(ticketId),
    });
    expect(customerPage.value).toMatchObject({ rating: null });
    expect(JSON.stringify(customerPage.value)).not.toContain("丁寧な対応でした");
  });

  it("two votes at once keep one row", async ({ platform }) => {
    const ticketId = await openMemberTicket(platform);
    await closeTicket(platform.db, staffViewer, ticketId, mailContext);
    const path = linksOf((await surveyMails(platform, ticketId))[0]!.html)["5 満足"]!;
    const outcomes = await Promise.all(["5", "3", "1", "2"].map((score) => vote(platform, path, { score })));
    const notices = outcomes.map((outcome) => /notice=(\w+)/.exec(outcome.response!.headers.get("Location") ?? "")?.[1]).sort();
    expect(notices).toEqual(["already", "already", "already", "recorded"]);
    expect(await ratings(platform, ticketId)).toHaveLength(1);
  });

  it("an altered, foreign, expired or malformed link is refused in Japanese and writes nothing", async ({ platform }) => {
    const ticketId = await openMemberTicket(platform);
    const other = await openMemberTicket(platform);
    await closeTicket(platform.db, staffViewer, ticketId, mailContext);
    const path = linksOf((await surveyMails(platform, ticketId))[0]!.html)["5 満足"]!;
    const past = daysAfter(new Date(), -1).getTime();
    const expired = `/support/rating/${ticketId}?e=${past}&s=${await signText(satisfactionLinkText(ticketId, past), TEST_SESSION_SECRET)}&c=5`;
    const cases: [string, number, string][] = [
      [path.replace(/s=[^&]+/, `s=${"A".repeat(43)}`), 400, SATISFACTION_TEXT.badLink],
      [path.replace(/e=(\d+)/, (_, e: string) => `e=${Number(e) + 1}`), 400, SATISFACTION_TEXT.badLink],
      [path.replace(`/rating/${ticketId}?`, `/rating/${other}?`), 400, SATISFACTION_TEXT.badLink],
      [path.replace(/&s=[^&]+/, ""), 400, SATISFACTION_TEXT.badLink],
      [path.replace(/e=\d+/, "e=abc"), 400, SATISFACTION_TEXT.badLink],
      [`/support/rating/0?e=1&s=x`, 400, SATISFACTION_TEXT.badLink],
      [expired, 410, SATISFACTION_TEXT.expired],
    ];
    for (const [target, status, error] of cases) {
      const opened = await openPage(platform, target);
      expect(opened.status, target).toBe(status);
      expect(opened.value).toEqual({ ok: false, error });
      const posted = await vote(platform, target, { score: "5", comment: "x" });
      expect(posted.status, target).toBe(status);
      expect(posted.value).toEqual({ ok: false, error });
    }
    // Malformed form fields: told, nothing written.
    const malformed: Record<string, string>[] = [{ score: "6" }, { score: "5", resolved: "maybe" }, { score: "5", comment: "あ".repeat(1001) }];
    for (const fields of malformed) {
      expect((await vote(platform, path, fields)).status).toBe(400);
    }
    expect(await ratings(platform, ticketId)).toEqual([]);
    expect(await ratings(platform, other)).toEqual([]);
  });
});
