/**
 * Changing the e-mail address on a real local D1: the request stores a single-use link and the mail to the
 * NEW address in one batch (refused requests write nothing); opening the link shows and changes nothing;
 * confirming moves the address once (two clicks at once included), writes the notice to the OLD address
 * with it, and refuses an expired or altered link, or an address another account took meanwhile, with a
 * clear message and no 500.
 */
import { TEST_MAIL_FRAME } from "../support/orders";
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ACCOUNT_TOKEN_MESSAGES } from "~/core/account/account-tokens";
import { SETTINGS_MESSAGES } from "~/core/account/account-settings";
import { accountTokens, mailOutbox, users } from "~/db/schema";
import { DEMO_PASSWORD, OTHER_EMAIL } from "~/services/seed/people";
import * as linkPage from "~/routes/user.profile.email.$token";
import * as settingsPage from "~/routes/user.profile._index";
import { EMAIL_TAKEN_MESSAGE, registerUser, verifyLogin } from "~/services/account/accounts.server";
import type { AccountSettingsView, EmailChangeLinkView, SettingsActionData } from "~/web/types/account-settings";
import { addMember, userRow, type TestMember } from "../support/accounts";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, pageRequest, postRequest, run, valueOf, type Outcome, type RouteHandler } from "../support/requests";
import { asSent } from "../support/mails";

const it = platformTest();

function ask(platform: TestPlatform, member: TestMember, email: string, currentPassword = DEMO_PASSWORD): Promise<Outcome> {
  return run(
    platform,
    settingsPage.action as RouteHandler,
    postRequest("/user/profile?index", { intent: "email", email, currentPassword }, { cookie: member.cookie, mode: "navigate" }),
  );
}

const mailsTo = (platform: TestPlatform, address: string) => platform.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

/** The token in the newest verification link mailed to `address`. */
async function mailedToken(platform: TestPlatform, address: string): Promise<string> {
  const mails = await mailsTo(platform, address);
  const text = mails.filter((mail) => mail.kind === "email_change_verify").at(-1)?.textBody ?? "";
  const token = /\/user\/profile\/email\/([A-Za-z0-9_-]+)/.exec(await asSent(text))?.[1];
  if (!token) throw new Error(`no verification link mailed to ${address}`);
  return token;
}

function openLink(platform: TestPlatform, token: string, cookie?: string): Promise<Outcome> {
  return run(platform, linkPage.loader as RouteHandler, pageRequest(`/user/profile/email/${token}`, cookie), { token });
}

function confirm(platform: TestPlatform, token: string, cookie?: string): Promise<Outcome> {
  return run(platform, linkPage.action as RouteHandler, postRequest(`/user/profile/email/${token}`, {}, { cookie, mode: "navigate" }), { token });
}

async function refusedWith(outcome: Outcome, status: number, message: string) {
  expect(outcome.status).toBe(status);
  expect(await valueOf<EmailChangeLinkView>(outcome)).toEqual({ ok: false, error: message });
}

describe("asking for the change", () => {
  it("stores one 24-hour link and mails it to the NEW address only (sensitive); the address stays as it is", async ({ platform }) => {
    const member = await addMember(platform, "ask-old@example.jp");
    expectRedirect(await ask(platform, member, " Ask-New@Example.JP "), 303, "/user/profile?notice=email_sent#result");
    const tokens = await platform.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: "email_change", email: "ask-new@example.jp", usedAt: null });
    expect(tokens[0]!.expiresAt.getTime() - tokens[0]!.createdAt.getTime()).toBe(24 * 60 * 60_000);
    const [mail] = await mailsTo(platform, "ask-new@example.jp");
    expect(mail).toMatchObject({ kind: "email_change_verify", userId: member.id, sensitive: true, status: "pending" });
    expect(mail!.textBody).toContain("/user/profile/email/");
    expect(await mailsTo(platform, member.email)).toEqual([]);
    expect((await userRow(platform, member.id)).email).toBe(member.email);
    const view = await valueOf<AccountSettingsView>(await run(platform, settingsPage.loader as RouteHandler, pageRequest("/user/profile", member.cookie)));
    expect(view.pendingEmail?.email).toBe("ask-new@example.jp");
  });

  it("refuses a wrong password, the member's own address, a registered address and a malformed one, writing nothing", async ({ platform }) => {
    const member = await addMember(platform, "ask-refused@example.jp");
    const cases: [Outcome, Record<string, string[]>][] = [
      [await ask(platform, member, "fresh@example.jp", "wrong-password"), { currentPassword: ["現在のパスワードが正しくありません"] }],
      [await ask(platform, member, member.email), { email: [SETTINGS_MESSAGES.sameEmail] }],
      [await ask(platform, member, OTHER_EMAIL), { email: [EMAIL_TAKEN_MESSAGE] }],
      [await ask(platform, member, "not-an-address"), { email: ["メールアドレスの形式が正しくありません"] }],
      [await ask(platform, member, "fresh@example.jp", ""), { currentPassword: ["現在のパスワードを入力してください"] }],
    ];
    for (const [outcome, errors] of cases) {
      expect(outcome.status).toBe(400);
      expect((await valueOf<SettingsActionData>(outcome)).result.error).toEqual(errors);
    }
    expect(await platform.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id))).toEqual([]);
    expect(await platform.db.select().from(mailOutbox).where(eq(mailOutbox.userId, member.id))).toEqual([]);
  });

  it("replaces an earlier request: only the newest link works", async ({ platform }) => {
    const member = await addMember(platform, "ask-twice@example.jp");
    await ask(platform, member, "first-choice@example.jp");
    const first = await mailedToken(platform, "first-choice@example.jp");
    await ask(platform, member, "second-choice@example.jp");
    await refusedWith(await confirm(platform, first), 410, ACCOUNT_TOKEN_MESSAGES.used);
    expectRedirect(await confirm(platform, await mailedToken(platform, "second-choice@example.jp")), 303, "/login?notice=email_changed#result");
    expect((await userRow(platform, member.id)).email).toBe("second-choice@example.jp");
  });

  it("sends at most 5 verification mails an hour for one member, then says when to try again", async ({ platform }) => {
    const member = await addMember(platform, "ask-many@example.jp");
    for (let round = 1; round <= 5; round++) expect((await ask(platform, member, `many-${round}@example.jp`)).status).toBe(303);
    const refused = await ask(platform, member, "many-6@example.jp");
    expect((await valueOf<SettingsActionData>(refused)).result.error).toEqual({ "": [SETTINGS_MESSAGES.mailLimit(60)] });
    expect(await mailsTo(platform, "many-6@example.jp")).toEqual([]);
  });
});

describe("the link", () => {
  it("shows the new address when opened and changes nothing (mail scanners open links)", async ({ platform }) => {
    const member = await addMember(platform, "open-old@example.jp");
    await ask(platform, member, "open-new@example.jp");
    const token = await mailedToken(platform, "open-new@example.jp");
    const opened = await openLink(platform, token);
    expect(opened.status).toBe(200);
    expect(await valueOf<EmailChangeLinkView>(opened)).toEqual({ ok: true, email: "open-new@example.jp" });
    expect((await userRow(platform, member.id)).email).toBe(member.email);
    const [row] = await platform.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id));
    expect(row!.usedAt).toBeNull();
  });

  it("moves the address and writes the notice to the OLD address with it; the new address signs in", async ({ platform }) => {
    const member = await addMember(platform, "move-old@example.jp");
    await ask(platform, member, "move-new@example.jp");
    expectRedirect(
      await confirm(platform, await mailedToken(platform, "move-new@example.jp"), member.cookie),
      303,
      "/user/profile?notice=email_changed#result",
    );
    expect((await userRow(platform, member.id)).email).toBe("move-new@example.jp");
    const notices = await mailsTo(platform, "move-old@example.jp");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: "email_change_notice", userId: member.id, sensitive: false });
    expect(notices[0]!.textBody).toContain("move-new@example.jp");
    expect(notices[0]!.textBody).toContain("カスタマーサービス");
    expect((await verifyLogin(platform.db, { email: "move-new@example.jp", password: DEMO_PASSWORD }, null, new Date())).ok).toBe(true);
    expect((await verifyLogin(platform.db, { email: "move-old@example.jp", password: DEMO_PASSWORD }, null, new Date())).ok).toBe(false);
  });

  it("works once: two clicks at the same moment change the address once and write one notice", async ({ platform }) => {
    const member = await addMember(platform, "twice-old@example.jp");
    await ask(platform, member, "twice-new@example.jp");
    const token = await mailedToken(platform, "twice-new@example.jp");
    const outcomes = await Promise.all([confirm(platform, token), confirm(platform, token), confirm(platform, token)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 410, 410]);
    for (const outcome of outcomes.filter((each) => each.status === 410)) {
      expect(await valueOf<EmailChangeLinkView>(outcome)).toEqual({ ok: false, error: ACCOUNT_TOKEN_MESSAGES.used });
    }
    expect(await mailsTo(platform, "twice-old@example.jp")).toHaveLength(1);
    expect((await userRow(platform, member.id)).email).toBe("twice-new@example.jp");
    await refusedWith(await openLink(platform, token), 410, ACCOUNT_TOKEN_MESSAGES.used);
  });

  it("refuses an expired link and changes nothing", async ({ platform }) => {
    const member = await addMember(platform, "expired-old@example.jp");
    await ask(platform, member, "expired-new@example.jp");
    const token = await mailedToken(platform, "expired-new@example.jp");
    await platform.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, member.id));
    await refusedWith(await openLink(platform, token), 410, ACCOUNT_TOKEN_MESSAGES.expired);
    await refusedWith(await confirm(platform, token), 410, ACCOUNT_TOKEN_MESSAGES.expired);
    expect((await userRow(platform, member.id)).email).toBe(member.email);
    expect(await mailsTo(platform, member.email)).toEqual([]);
  });

  it("refuses an altered link and changes nothing", async ({ platform }) => {
    const member = await addMember(platform, "tamper-old@example.jp");
    await ask(platform, member, "tamper-new@example.jp");
    const token = await mailedToken(platform, "tamper-new@example.jp");
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const bad of [altered, "x", `${token}x`]) await refusedWith(await confirm(platform, bad), 400, ACCOUNT_TOKEN_MESSAGES.unknown);
    expect((await userRow(platform, member.id)).email).toBe(member.email);
    const [row] = await platform.db.select().from(accountTokens).where(eq(accountTokens.userId, member.id));
    expect(row!.usedAt).toBeNull();
  });

  it("says so plainly when another account registered the address meanwhile (no 500, no notice)", async ({ platform }) => {
    const member = await addMember(platform, "race-old@example.jp");
    await ask(platform, member, "race-new@example.jp");
    const token = await mailedToken(platform, "race-new@example.jp");
    const registration = await registerUser(
      platform.db,
      {
        email: "race-new@example.jp",
        password: "password-2",
        lastname: "先",
        firstname: "登録",
        lastnameJp: "サキ",
        firstnameJp: "トウロク",
        newsletter: false,
        agreement: true,
      },
      TEST_MAIL_FRAME,
    );
    expect(registration.ok).toBe(true);
    await refusedWith(await confirm(platform, token, member.cookie), 409, SETTINGS_MESSAGES.takenMeanwhile);
    expect((await userRow(platform, member.id)).email).toBe(member.email);
    expect(await mailsTo(platform, member.email)).toEqual([]);
    expect(await platform.db.select().from(users).where(eq(users.email, "race-new@example.jp"))).toHaveLength(1);
  });

  it("loses a race with a registration cleanly when both happen at once: one account has the address, the other its old one", async ({ platform }) => {
    const member = await addMember(platform, "race2-old@example.jp");
    await ask(platform, member, "race2-new@example.jp");
    const token = await mailedToken(platform, "race2-new@example.jp");
    const [confirmed, registered] = await Promise.all([
      confirm(platform, token),
      registerUser(
        platform.db,
        {
          email: "race2-new@example.jp",
          password: "password-2",
          lastname: "同",
          firstname: "時",
          lastnameJp: "ドウ",
          firstnameJp: "ジ",
          newsletter: false,
          agreement: true,
        },
        TEST_MAIL_FRAME,
      ),
    ]);
    const owners = await platform.db.select({ id: users.id }).from(users).where(eq(users.email, "race2-new@example.jp"));
    expect(owners).toHaveLength(1);
    if (registered.ok) {
      await refusedWith(confirmed, 409, SETTINGS_MESSAGES.takenMeanwhile);
      expect(await mailsTo(platform, member.email)).toEqual([]);
    } else {
      expect(confirmed.status).toBe(303);
      expect(owners[0]!.id).toBe(member.id);
      expect(
        await platform.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, member.email), eq(mailOutbox.kind, "email_change_notice"))),
      ).toHaveLength(1);
    }
  });
});
