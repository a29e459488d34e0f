/**
 * Approval before send (issue 36 item 8) on real local D1: a colleague whose replies need approval writes a
 * draft that neither reaches the customer (no message, no mail, no first response) nor shows on any of
 * their surfaces; a lead sends it as written or edited (mailed as any staff reply), or returns it with a
 * reason; its writer can withdraw it; two decisions at once decide once. Only leads change who needs
 * approval, never for themselves; customers and merchants reach none of it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { DRAFT_TEXT } from "~/core/tickets/reply-drafts";
import { mailOutbox, ticketMessages, ticketReplyDrafts, tickets, users } from "~/db/schema";
import * as approvalsPage from "~/routes/crm.approvals";
import * as sendApi from "~/routes/crm.api.$module.messages.send.$ticketId";
import * as loadMessages from "~/routes/crm.api.$module.messages.load.$ticketId";
import * as staffThread from "~/routes/crm.tickets.$ticketId";
import * as customerThread from "~/routes/user.support_.$ticketId";
import { COLLEAGUE_ID, STAFF_ID } from "~/services/seed/people";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { memberCookie, pageRequest, postRequest, run, valueOf } from "../support/requests";
import { openMemberTicket } from "../support/tickets";

const it = platformTest();

const post = (platform: TestPlatform, ticketId: number, fields: Record<string, string>, cookie: string, mode: "navigate" | "cors" = "cors") =>
  run(platform, staffThread.action, postRequest(`/crm/tickets/${ticketId}`, fields, { cookie, mode }), { ticketId: String(ticketId) });
const setApproval = (platform: TestPlatform, staffId: number, needs: boolean, cookie: string) =>
  run(platform, approvalsPage.action, postRequest("/crm/approvals", { staff: String(staffId), needs: needs ? "1" : "0" }, { cookie, mode: "navigate" }));
const draftsOf = (platform: TestPlatform, ticketId: number) =>
  platform.db.select().from(ticketReplyDrafts).where(eq(ticketReplyDrafts.ticketId, ticketId)).orderBy(ticketReplyDrafts.id);
const staffMessages = async (platform: TestPlatform, ticketId: number) =>
  (await platform.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId))).filter((message) => message.fromadmin != null);
const replyMails = (platform: TestPlatform, ticketId: number) =>
  platform.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, "ticket_reply"), eq(mailOutbox.subject, `【お問い合わせ #${ticketId}】カスタマーサービスからのご返信`)));

describe("approval before send", () => {
  it("only a lead sets who needs it, never for themselves", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const set = await setApproval(platform, COLLEAGUE_ID, true, staff);
    expect(set.status).toBe(303);
    // The colleague now needs approval: they can neither lift it nor set anyone else's.
    expect((await setApproval(platform, COLLEAGUE_ID, false, colleague)).status).toBe(403);
    expect((await setApproval(platform, STAFF_ID, true, colleague)).status).toBe(403);
    expect(await valueOf(await setApproval(platform, STAFF_ID, true, staff))).toMatchObject({ error: DRAFT_TEXT.selfApproval });
    expect((await setApproval(platform, 999, true, staff)).status).toBe(404);
    const [row] = await platform.db.select({ needs: users.replyNeedsApproval }).from(users).where(eq(users.id, COLLEAGUE_ID));
    expect(row!.needs).toBe(true);
    const page = await valueOf<{ team: { id: number; needsApproval: boolean }[] }>(
      await run(platform, approvalsPage.loader, pageRequest("/crm/approvals", staff)),
    );
    expect(page.team.find((member) => member.id === COLLEAGUE_ID)?.needsApproval).toBe(true);
  });

  it("keeps a colleague's reply from the customer until a lead sends it, edited, in the writer's name", async ({ platform, staff, member }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const ticketId = await openMemberTicket(platform, "配送先を変更したいです。");
    const sent = await post(platform, ticketId, { intent: "send", message: "承知しました。変更いたします。" }, colleague, "navigate");
    expect(sent.response?.headers.get("Location")).toContain("notice=draftPending");
    // Through the JSON API too.
    const api = await run(
      platform,
      sendApi.action,
      postRequest(`/crm/api/customers/messages/send/${ticketId}`, { message: "API からの返信" }, { cookie: colleague }),
      {
        module: "customers",
        ticketId: String(ticketId),
      },
    );
    expect(api.status).toBe(202);
    expect(await staffMessages(platform, ticketId)).toEqual([]);
    expect(await replyMails(platform, ticketId)).toEqual([]);
    const [ticket] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket!.firstRespondedAt).toBeNull();

    // Nowhere the customer looks.
    const theirPage = JSON.stringify(
      await valueOf(await run(platform, customerThread.loader, pageRequest(`/user/support/${ticketId}`, member), { ticketId: String(ticketId) })),
    );
    const theirApi = JSON.stringify(
      await valueOf(
        await run(platform, loadMessages.loader, pageRequest(`/crm/api/customers/messages/load/${ticketId}`, member), {
          module: "customers",
          ticketId: String(ticketId),
        }),
      ),
    );
    for (const seen of [theirPage, theirApi]) {
      expect(seen).not.toContain("承知しました");
      expect(seen).not.toContain("API からの返信");
    }

    // Staff's page shows both waiting; the writer cannot approve their own.
    const page = await valueOf<{ drafts: { items: { id: number; status: string }[]; viewerNeedsApproval: boolean } }>(
      await run(platform, staffThread.loader, pageRequest(`/crm/tickets/${ticketId}`, colleague), { ticketId: String(ticketId) }),
    );
    expect(page.drafts.viewerNeedsApproval).toBe(true);
    const [first, second] = (await draftsOf(platform, ticketId)).map((draft) => draft.id);
    expect(page.drafts.items.map((draft) => draft.status)).toEqual(["pending", "pending"]);
    expect((await post(platform, ticketId, { intent: "approve_draft", draft: String(first) }, colleague)).status).toBe(403);

    const approved = await post(
      platform,
      ticketId,
      { intent: "approve_draft", draft: String(first), message: "承知しました。お届け先を変更いたします。" },
      staff,
      "navigate",
    );
    expect(approved.response?.headers.get("Location")).toContain("notice=draftApproved");
    const messages = await staffMessages(platform, ticketId);
    expect(messages.map((message) => [message.fromadmin, message.message])).toEqual([[COLLEAGUE_ID, "承知しました。お届け先を変更いたします。"]]);
    const mails = await replyMails(platform, ticketId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain("お届け先を変更いたします。");
    const [after] = await platform.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(after!.firstRespondedAt).not.toBeNull();
    const drafts = await draftsOf(platform, ticketId);
    expect(drafts[0]).toMatchObject({ status: "approved", reviewerId: STAFF_ID, messageId: messages[0]!.id });

    // The second is returned with a reason (one is needed), and can then be decided no more.
    expect(await valueOf(await post(platform, ticketId, { intent: "return_draft", draft: String(second), comment: " " }, staff))).toMatchObject({
      error: DRAFT_TEXT.commentRequired,
    });
    expect((await post(platform, ticketId, { intent: "return_draft", draft: String(second), comment: "住所の確認を先に。" }, staff)).status).toBe(200);
    expect((await draftsOf(platform, ticketId))[1]).toMatchObject({ status: "returned", reviewComment: "住所の確認を先に。" });
    expect(await valueOf(await post(platform, ticketId, { intent: "approve_draft", draft: String(second) }, staff))).toMatchObject({
      error: DRAFT_TEXT.notPending,
    });
    expect(await staffMessages(platform, ticketId)).toHaveLength(1);
  });

  it("decides once when a lead approves while another returns, and lets the writer withdraw their own", async ({ platform, staff }) => {
    const colleague = await memberCookie(platform, COLLEAGUE_ID);
    const ticketId = await openMemberTicket(platform);
    await post(platform, ticketId, { intent: "send", message: "一件目" }, colleague);
    await post(platform, ticketId, { intent: "send", message: "二件目" }, colleague);
    const [first, second] = (await draftsOf(platform, ticketId)).map((draft) => String(draft.id));
    const answers = await Promise.all([
      post(platform, ticketId, { intent: "approve_draft", draft: first! }, staff),
      post(platform, ticketId, { intent: "return_draft", draft: first!, comment: "待って" }, staff),
      post(platform, ticketId, { intent: "approve_draft", draft: first! }, staff),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(2);
    const status = (await draftsOf(platform, ticketId))[0]!.status;
    expect((await staffMessages(platform, ticketId)).length).toBe(status === "approved" ? 1 : 0);
    expect((await replyMails(platform, ticketId)).length).toBe(status === "approved" ? 1 : 0);

    expect((await post(platform, ticketId, { intent: "withdraw_draft", draft: second! }, staff)).status).toBe(403);
    expect((await post(platform, ticketId, { intent: "withdraw_draft", draft: second! }, colleague)).status).toBe(200);
    expect((await draftsOf(platform, ticketId))[1]!.status).toBe("withdrawn");
  });

  it("is staff's only", async ({ platform, member, merchant }) => {
    const ticketId = await openMemberTicket(platform);
    for (const cookie of [member, merchant]) {
      expect((await run(platform, approvalsPage.loader, pageRequest("/crm/approvals", cookie))).status).toBe(403);
      expect((await setApproval(platform, COLLEAGUE_ID, false, cookie)).status).toBe(403);
      expect((await post(platform, ticketId, { intent: "approve_draft", draft: "1" }, cookie)).status).toBe(403);
    }
    const onTheirPage = await run(
      platform,
      customerThread.action,
      postRequest(`/user/support/${ticketId}`, { intent: "approve_draft", draft: "1" }, { cookie: member }),
      {
        ticketId: String(ticketId),
      },
    );
    expect(onTheirPage.status).toBe(400);
    const [row] = await platform.db.select({ needs: users.replyNeedsApproval }).from(users).where(eq(users.id, COLLEAGUE_ID));
    expect(row!.needs).toBe(true);
  });
});
