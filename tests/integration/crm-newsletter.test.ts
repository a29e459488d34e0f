/**
 * Staff's newsletter desk (/crm/newsletter) on a real local D1: an issue goes to the outbox once for each
 * member who wants it (never to one who does not, has left, or is staff), each mail with that member's own
 * signed unsubscribe link; the same form sent twice writes nothing more; bad input is refused in Japanese;
 * members get 403.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { mailOutbox, users } from "~/db/schema";
import { MEMBER_ID, OTHER_ID } from "~/services/seed/people";
import * as desk from "~/routes/crm.newsletter";
import { readUnsubscribeLink } from "~/web/mail/newsletter.server";
import { addMember } from "../support/accounts";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, valueOf, type RouteHandler } from "../support/requests";

const it = platformTest();

const ISSUE = { issue: "2026-spring-sale-0001", subject: "春のセールのお知らせ", body: "春のセールを開催します。\n全品10%オフです。\n\nお見逃しなく。" };

const send = (platform: TestPlatform, cookie: string, fields: Record<string, string>) =>
  run(platform, desk.action as RouteHandler, postRequest("/crm/newsletter", fields, { cookie, mode: "navigate" }));

const newsletters = (platform: TestPlatform) => platform.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "newsletter"));

describe("the newsletter desk", () => {
  it("writes one mail per member who wants it, each with their own unsubscribe link, once per issue", async ({ platform, staff }) => {
    const extra = await addMember(platform, "reader@example.jp");
    const left = await addMember(platform, "left@example.jp");
    await platform.db.update(users).set({ withdrawnAt: new Date() }).where(eq(users.id, left.id));
    await platform.db.update(users).set({ newsletter: false }).where(eq(users.id, OTHER_ID));
    const page = await valueOf<{ recipients: number }>(await run(platform, desk.loader as RouteHandler, pageRequest("/crm/newsletter", staff)));
    expect(page.recipients).toBe(2);

    expectRedirect(await send(platform, staff, ISSUE), 303, "/crm/newsletter?sent=2#result");
    const mails = await newsletters(platform);
    expect(mails.map((mail) => mail.userId).sort()).toEqual([MEMBER_ID, extra.id].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe("【ひなた市場】春のセールのお知らせ");
      expect(mail.textBody).toContain("全品10%オフです。");
      expect(mail.unsubscribeUrl).toMatch(/^http:\/\/shop\.test\/newsletter\/unsubscribe\?u=\d+&s=/);
      expect(mail.textBody).toContain(mail.unsubscribeUrl);
      expect(await readUnsubscribeLink(new URL(mail.unsubscribeUrl!), platform.env.SESSION_SECRET)).toBe(mail.userId);
    }

    expectRedirect(await send(platform, staff, ISSUE), 303, "/crm/newsletter?sent=0#result");
    expect(await newsletters(platform)).toHaveLength(2);
  });

  it("refuses an empty subject or body in Japanese and writes nothing", async ({ platform, staff }) => {
    const before = (await newsletters(platform)).length;
    const refused = await send(platform, staff, { issue: "2026-empty-0001", subject: " ", body: "" });
    expect(refused.status).toBe(400);
    expect((await valueOf<{ error: Record<string, string[]> }>(refused)).error).toEqual({
      subject: ["件名を入力してください"],
      body: ["本文を入力してください"],
    });
    expect(await newsletters(platform)).toHaveLength(before);
  });

  it("is for staff only", async ({ platform, member }) => {
    expect((await run(platform, desk.loader as RouteHandler, pageRequest("/crm/newsletter", member))).status).toBe(403);
    expect((await send(platform, member, { ...ISSUE, issue: "2026-member-0001" })).status).toBe(403);
  });
});
