/**
 * Two staff on one ticket (issue 36 item 7, the "traffic cop") on real local D1: a staff reply names the newest
 * message its page showed; when the customer or a colleague wrote after it, the reply is stopped (409) with
 * the draft and its images kept and nothing sent, and goes once the page shows what was new. Of two
 * colleagues answering the same message at once, one reply goes and the other is stopped.
 */
import { count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { TICKET_TEXT } from "~/core/tickets/tickets";
import { MALFORMED_INPUT_MESSAGE } from "~/core/validation";
import { mailOutbox, ticketMessages } from "~/db/schema";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { COLLEAGUE_ID, MEMBER_ID } from "~/services/seed/people";
import { sendMessage } from "~/services/tickets/ticket-messages.server";
import { fileOf, pngBytes } from "../support/images";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { NO_FILES, openMemberTicket, TEST_REPLY_MAIL } from "../support/tickets";
import { memberCookie, multipartRequest, pageRequest, postRequest, run, valueOf } from "../support/requests";

const it = platformTest();

const customerWrites = (platform: TestPlatform, ticketId: number, message: string) =>
  sendMessage(platform.db, platform.env.ATTACHMENTS, { id: MEMBER_ID, role: "customer" }, ticketId, { message, attachments: NO_FILES }, TEST_REPLY_MAIL);

/** The newest message id the staff page shows (what its reply form sends as `seen`). */
async function seenOnPage(platform: TestPlatform, ticketId: number, cookie: string): Promise<string> {
  const page = await valueOf<{ thread: { messages: { id: number }[] } }>(
    await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${ticketId}`, cookie), { ticketId: String(ticketId) }),
  );
  return String(Math.max(0, ...page.thread.messages.map((message) => message.id)));
}

const reply = (platform: TestPlatform, ticketId: number, cookie: string, fields: Record<string, string>, mode: "navigate" | "cors" = "cors") =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${ticketId}`, { intent: "send", ...fields }, { cookie, mode }), { ticketId: String(ticketId) });

const messageCount = async (platform: TestPlatform, ticketId: number) =>
  (await platform.db.select({ n: count() }).from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId)))[0]!.n;
const mailCount = async (platform: TestPlatform) => (await platform.db.select({ n: count() }).from(mailOutbox))[0]!.n;

describe("a staff reply after a message the page did not show", () => {
  it("is stopped with the draft kept and nothing sent, then goes once the page shows the new message (JS on and off)", async ({ platform, staff }) => {
    const ticketId = await openMemberTicket(platform);
    const seen = await seenOnPage(platform, ticketId, staff);
    await customerWrites(platform, ticketId, "追記です。色違いでもかまいません。");
    const [messagesBefore, mailsBefore] = [await messageCount(platform, ticketId), await mailCount(platform)];

    for (const mode of ["cors", "navigate"] as const) {
      const stopped = await reply(platform, ticketId, staff, { message: "在庫を確認します。", seen }, mode);
      expect(stopped.status).toBe(409);
      expect(await valueOf(stopped)).toMatchObject({
        ok: false,
        intent: "send",
        field: "message",
        error: TICKET_TEXT.newerMessage,
        message: "在庫を確認します。",
      });
    }
    expect(await messageCount(platform, ticketId)).toBe(messagesBefore);
    expect(await mailCount(platform)).toBe(mailsBefore);

    const now = await seenOnPage(platform, ticketId, staff);
    expect(Number(now)).toBeGreaterThan(Number(seen));
    const sent = await reply(platform, ticketId, staff, { message: "色違いも含めて在庫を確認します。", seen: now }, "navigate");
    expect(sent.status).toBe(303);
    expect(await messageCount(platform, ticketId)).toBe(messagesBefore + 1);
    expect(await mailCount(platform)).toBe(mailsBefore + 1);
  });

  it("keeps the image of a stopped no-JS reply as an upload for the next try", async ({ platform, staff }) => {
    const ticketId = await openMemberTicket(platform);
    const seen = await seenOnPage(platform, ticketId, staff);
    await customerWrites(platform, ticketId, "写真を送り直します。");
    const request = multipartRequest(
      `/crm/tickets/${ticketId}`,
      [
        ["intent", "send"],
        ["message", "こちらの写真をご確認ください。"],
        ["seen", seen],
        ["file", fileOf(pngBytes(2, 2), "label.png", "image/png")],
      ],
      { cookie: staff, mode: "navigate" },
    );
    const stopped = await run(platform, staffThread.action, request, { ticketId: String(ticketId) });
    expect(stopped.status).toBe(409);
    const answer = await valueOf<{ kept: { id: number }[] }>(stopped);
    expect(answer.kept).toHaveLength(1);
  });

  it("is not stopped by the writer's own earlier reply, and a customer's form cannot use it", async ({ platform, staff, member }) => {
    const ticketId = await openMemberTicket(platform);
    const seen = await seenOnPage(platform, ticketId, staff);
    expect((await reply(platform, ticketId, staff, { message: "一通目です。", seen })).status).toBe(200);
    expect((await reply(platform, ticketId, staff, { message: "二通目です。", seen })).status).toBe(200);
    // A colleague's reply since is someone else's: the same page is stopped.
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const current = await seenOnPage(platform, ticketId, colleague);
    expect((await reply(platform, ticketId, colleague, { message: "鈴木です。補足します。", seen: current })).status).toBe(200);
    expect((await reply(platform, ticketId, staff, { message: "三通目です。", seen })).status).toBe(409);

    const fromCustomer = await run(
      platform,
      customerThread.action,
      postRequest(`/user/support/${ticketId}`, { intent: "send", message: "お客様の返信", seen: "1" }, { cookie: member }),
      { ticketId: String(ticketId) },
    );
    expect(fromCustomer.status).toBe(200);
    const malformed = await reply(platform, ticketId, staff, { message: "返信", seen: "abc" });
    expect(malformed.status).toBe(400);
    expect(await valueOf(malformed)).toMatchObject({ error: MALFORMED_INPUT_MESSAGE });
  });

  it("lets one of two colleagues answering the same message at once through, and stops the other", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    for (let round = 0; round < 3; round++) {
      const ticketId = await openMemberTicket(platform);
      const seen = await seenOnPage(platform, ticketId, staff);
      const [messagesBefore, mailsBefore] = [await messageCount(platform, ticketId), await mailCount(platform)];
      const answers = await Promise.all([
        reply(platform, ticketId, staff, { message: "佐藤が回答します。", seen }),
        reply(platform, ticketId, colleague, { message: "鈴木が回答します。", seen }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(await messageCount(platform, ticketId)).toBe(messagesBefore + 1);
      expect(await mailCount(platform)).toBe(mailsBefore + 1);
    }
  });
});
