/**
 * 「パスワードをお忘れの方」 on a real local D1: the same answer for every address, a mail (hashed link,
 * outbox row in the same batch) only for an active member, and the throttle per address and per network.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ACCOUNT_TOKEN_LIFETIME_MS } from "~/core/account/account-tokens";
import { PASSWORD_RESET_THROTTLE } from "~/core/account/password-reset";
import { accountTokens, mailOutbox } from "~/db/schema";
import { tokenHash } from "~/services/account/sessions.server";
import { deliverMail } from "~/services/mail/mail-delivery.server";
import { askReset, followLink, linkPath, mailedToken, newMember, resetMails } from "../support/password-reset";
import { TEST_SESSION_SECRET } from "../support/platform";
import { platformTest } from "../support/platform-test";
import { TEST_ORIGIN, type Outcome } from "../support/requests";

const it = platformTest();

interface AskData {
  sentTo: string | null;
  reply: { error?: Record<string, string[]> } | null;
}
const answer = (outcome: Outcome) => outcome.value as AskData;
const formError = (outcome: Outcome) => answer(outcome).reply?.error?.[""]?.[0];

describe("asking for a reset", () => {
  it("answers a member's address and an unknown one alike, and mails only the member", async ({ platform }) => {
    await newMember(platform, "known@example.jp");
    const known = await askReset(platform, { email: "Known@Example.jp" }, "198.51.100.10");
    const unknown = await askReset(platform, { email: "unknown@example.jp" }, "198.51.100.11");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(answer(known)).toEqual({ sentTo: "known@example.jp", reply: null });
    expect(answer(unknown)).toEqual({ sentTo: "unknown@example.jp", reply: null });

    expect(await resetMails(platform, "unknown@example.jp")).toEqual([]);
    const [mail, ...more] = await resetMails(platform, "known@example.jp");
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "password_reset", sensitive: true, status: "pending" });
    expect(mail!.subject).toContain("パスワード再設定のご案内");
    expect(mail!.textBody).toContain(`${TEST_ORIGIN}/password-reset/new-password?token=`);
    expect(mail!.textBody).toContain("30分間");
    expect(mail!.textBody).toContain("一度だけ");
    expect(mail!.textBody).toContain("お心当たりのない場合");
  });

  it("stores only the link's hash, valid for 30 minutes, and keys the mail by that hash", async ({ platform }) => {
    const userId = await newMember(platform, "hashed@example.jp");
    const before = Date.now();
    await askReset(platform, { email: "hashed@example.jp" }, "198.51.100.12");
    const token = await mailedToken(platform, "hashed@example.jp");
    const rows = await platform.db.select().from(accountTokens).where(eq(accountTokens.userId, userId)).all();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.tokenHash).toBe(await tokenHash(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row).toMatchObject({ purpose: "password_reset", email: "hashed@example.jp", usedAt: null });
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBe(ACCOUNT_TOKEN_LIFETIME_MS.password_reset);
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    const [mail] = await resetMails(platform, "hashed@example.jp");
    expect(mail!.key).toBe(`password-reset:${row!.tokenHash}`);
  });

  it("keeps the link's token out of the stored mail, before and after it is sent; the mail as sent carries the working link", async ({ platform }) => {
    await newMember(platform, "stored@example.jp");
    await askReset(platform, { email: "stored@example.jp" }, "198.51.100.15");
    const token = await mailedToken(platform, "stored@example.jp");
    const [stored] = await resetMails(platform, "stored@example.jp");
    expect(JSON.stringify(stored)).not.toContain(token);

    const sent: { html: string; text: string }[] = [];
    const mailer = { send: async (message: { html: string; text: string }) => (sent.push(message), { messageId: "<1@mail.test>" }) };
    expect(await deliverMail(platform.db, { mailer, from: "shop@example.jp", linkSecret: TEST_SESSION_SECRET }, stored!.key, new Date())).toEqual({
      status: "sent",
    });
    expect(sent[0]!.text).toContain(`/password-reset/new-password?token=${token}`);
    expect(sent[0]!.html).toContain(`/password-reset/new-password?token=${token}`);
    const [afterSending] = await resetMails(platform, "stored@example.jp");
    expect(afterSending!.status).toBe("sent");
    expect(JSON.stringify(afterSending)).not.toContain(token);
    // The link as sent opens the new-password page.
    const { outcome, linkCookie } = await followLink(platform, linkPath(token));
    expect(outcome.status).toBe(303);
    expect(linkCookie).not.toBe("");
  });

  it("ends the member's earlier unused link when a newer one is asked for", async ({ platform }) => {
    const userId = await newMember(platform, "twice@example.jp");
    await askReset(platform, { email: "twice@example.jp" }, "198.51.100.13");
    const first = await mailedToken(platform, "twice@example.jp");
    await askReset(platform, { email: "twice@example.jp" }, "198.51.100.13");
    const second = await mailedToken(platform, "twice@example.jp");
    expect(second).not.toBe(first);
    const rows = await platform.db.select().from(accountTokens).where(eq(accountTokens.userId, userId)).all();
    const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
    expect(byHash.get(await tokenHash(first))?.usedAt).not.toBeNull();
    expect(byHash.get(await tokenHash(second))?.usedAt).toBeNull();
  });

  it("mails no withdrawn member, with the same answer", async ({ platform }) => {
    await newMember(platform, "gone@example.jp", { withdrawnAt: new Date() });
    const outcome = await askReset(platform, { email: "gone@example.jp" }, "198.51.100.14");
    expect(answer(outcome)).toEqual({ sentTo: "gone@example.jp", reply: null });
    expect(await resetMails(platform, "gone@example.jp")).toEqual([]);
  });

  it("answers a missing or malformed address with a Japanese message and writes nothing", async ({ platform }) => {
    const outbox = async () => (await platform.db.select().from(mailOutbox).all()).length;
    const mailsBefore = await outbox();
    const cases: [Record<string, string> | [string, string][], string][] = [
      [{}, "メールアドレスを入力してください"],
      [{ email: "   " }, "メールアドレスを入力してください"],
      [{ email: "not-an-address" }, "メールアドレスの形式が正しくありません"],
      [
        [
          ["email", "a@example.jp"],
          ["email", "b@example.jp"],
        ],
        "メールアドレスを入力してください",
      ],
    ];
    for (const [fields, message] of cases) {
      const outcome = await askReset(platform, fields, "198.51.100.15");
      expect(outcome.status).toBe(400);
      expect(answer(outcome).sentTo).toBeNull();
      expect(answer(outcome).reply?.error?.email).toEqual([message]);
    }
    expect(await outbox()).toBe(mailsBefore);
  });
});

describe("the reset throttle", () => {
  it("limits one address from one network, then from every network, in Japanese, mailing nothing more", async ({ platform }) => {
    await newMember(platform, "flood@example.jp");
    const sameNetwork = PASSWORD_RESET_THROTTLE.emailAndIp.maxAttempts;
    for (let i = 0; i < sameNetwork; i++) expect((await askReset(platform, { email: "flood@example.jp" }, "203.0.113.1")).status).toBe(200);
    const refused = await askReset(platform, { email: "flood@example.jp" }, "203.0.113.1");
    expect(refused.status).toBe(429);
    expect(answer(refused).sentTo).toBeNull();
    expect(formError(refused)).toBe("パスワード再設定のお申し込みが続いたため、一時的に受付を制限しています。60分後にもう一度お試しください。");
    expect(await resetMails(platform, "flood@example.jp")).toHaveLength(sameNetwork);

    // Other networks may still ask, up to the address's own limit.
    const everywhere = PASSWORD_RESET_THROTTLE.email.maxAttempts;
    for (let i = sameNetwork; i < everywhere; i++) expect((await askReset(platform, { email: "flood@example.jp" }, `203.0.113.${10 + i}`)).status).toBe(200);
    expect((await askReset(platform, { email: "flood@example.jp" }, "203.0.113.99")).status).toBe(429);
    expect(await resetMails(platform, "flood@example.jp")).toHaveLength(everywhere);
  });

  it("counts an unknown address the same, so the limit tells nothing about who is a member", async ({ platform }) => {
    for (let i = 0; i < PASSWORD_RESET_THROTTLE.emailAndIp.maxAttempts; i++) await askReset(platform, { email: "ghost@example.jp" }, "203.0.113.2");
    expect((await askReset(platform, { email: "ghost@example.jp" }, "203.0.113.2")).status).toBe(429);
  });

  it("limits one network asking for many addresses", async ({ platform }) => {
    const limit = PASSWORD_RESET_THROTTLE.ip.maxAttempts;
    for (let i = 0; i < limit; i++) expect((await askReset(platform, { email: `probe-${i}@example.jp` }, "203.0.113.3")).status).toBe(200);
    const refused = await askReset(platform, { email: "probe-last@example.jp" }, "203.0.113.3");
    expect(refused.status).toBe(429);
    expect(formError(refused)).toMatch(/一時的に受付を制限しています。\d+分後に/);
    // Another network is not affected.
    expect((await askReset(platform, { email: "probe-last@example.jp" }, "203.0.113.4")).status).toBe(200);
  });
});
