/**
 * Account settings at /user/profile on a real local D1: name/kana/phone with registration's rules, the
 * password change (current password, registration's rules, other sessions end, throttled), the newsletter
 * choice, logging out everywhere, and that only the signed-in member's own account is touched.
 */
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADDRESS_FORM_MESSAGES } from "~/core/address/address-form";
import { SETTINGS_MESSAGES, SETTINGS_NOTICES } from "~/core/account/account-settings";
import { userSessions } from "~/db/schema";
import { DEMO_PASSWORD, OTHER_ID } from "~/services/seed/people";
import * as settingsPage from "~/routes/user.profile._index";
import * as hubPage from "~/routes/user._index";
import * as loginPage from "~/routes/login";
import { verifyLogin } from "~/services/account/accounts.server";
import type { AccountSettingsView, SettingsActionData } from "~/web/types/account-settings";
import { addMember, userRow, type TestMember } from "../support/accounts";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { expectRedirect, memberCookie, pageRequest, postRequest, run, sessionCookie, valueOf, type Outcome, type RouteHandler } from "../support/requests";

const it = platformTest();

const PATH = "/user/profile";
const action = settingsPage.action as RouteHandler;
const loader = settingsPage.loader as RouteHandler;

/** A settings form posted as a browser without JS does. */
function post(platform: TestPlatform, cookie: string | undefined, fields: Record<string, string>): Promise<Outcome> {
  return run(platform, action, postRequest(`${PATH}?index`, fields, { cookie, mode: "navigate" }));
}

async function page(platform: TestPlatform, cookie: string): Promise<AccountSettingsView> {
  return valueOf<AccountSettingsView>(await run(platform, loader, pageRequest(PATH, cookie)));
}

/** The messages of a refused form, by field ("" for the form's own). */
async function refusal(outcome: Outcome): Promise<{ intent: string; errors: Record<string, string[] | null> }> {
  expect(outcome.status).toBe(400);
  const reply = await valueOf<SettingsActionData>(outcome);
  return { intent: reply.intent, errors: reply.result.error ?? {} };
}

const signedIn = async (platform: TestPlatform, cookie: string) =>
  (await run(platform, hubPage.loader as RouteHandler, pageRequest("/user", cookie))).status === 200;

const PROFILE = { intent: "profile", lastname: "佐々木", firstname: "光", lastnameJp: "ささき", firstnameJp: "ﾋｶﾙ", phone: "０９０−１１１１−２２２２" };

describe("name, reading and phone", () => {
  it("saves them as registration keeps them (katakana, the phone's digits) and says so on the page (PRG)", async ({ platform }) => {
    const member = await addMember(platform, "profile-ok@example.jp");
    const saved = await post(platform, member.cookie, PROFILE);
    expectRedirect(saved, 303, `${PATH}?notice=profile#result`);
    const row = await userRow(platform, member.id);
    expect([row.lastname, row.firstname, row.lastnameJp, row.firstnameJp, row.phone]).toEqual(["佐々木", "光", "ササキ", "ヒカル", "09011112222"]);
    // The cookie records the new name, so the page that follows passes its session check at once (decision 0069).
    const view = await valueOf<AccountSettingsView>(await run(platform, loader, pageRequest(`${PATH}?notice=profile`, sessionCookie(saved.response!))));
    expect(view.notice).toBe(SETTINGS_NOTICES.profile);
    expect(view.lastnameJp).toBe("ササキ");
  });

  it("lets the phone be left empty (registration does not ask for it)", async ({ platform }) => {
    const member = await addMember(platform, "profile-nophone@example.jp");
    await post(platform, member.cookie, PROFILE);
    expect((await post(platform, member.cookie, { ...PROFILE, phone: "" })).status).toBe(303);
    expect((await userRow(platform, member.id)).phone).toBeNull();
  });

  it("refuses with registration's own messages per field and changes nothing", async ({ platform }) => {
    const member = await addMember(platform, "profile-bad@example.jp");
    const before = await userRow(platform, member.id);
    const { intent, errors } = await refusal(
      await post(platform, member.cookie, { intent: "profile", lastname: " ", firstname: "光", lastnameJp: "Sasaki", firstnameJp: "ヒカル", phone: "12345" }),
    );
    expect(intent).toBe("profile");
    expect(errors).toEqual({
      lastname: ["姓を入力してください"],
      lastnameJp: ["全角カタカナで入力してください"],
      phone: [ADDRESS_FORM_MESSAGES.phone],
    });
    expect(await userRow(platform, member.id)).toEqual(before);
  });
});

describe("password", () => {
  it("needs the current password, keeps registration's rules, and changes nothing when refused", async ({ platform }) => {
    const member = await addMember(platform, "pw-bad@example.jp");
    const other = await memberCookie(platform, member.id);
    const before = await userRow(platform, member.id);
    expect(
      (await refusal(await post(platform, member.cookie, { intent: "password", currentPassword: "wrong-one", newPassword: "new-password-1" }))).errors,
    ).toEqual({
      currentPassword: ["現在のパスワードが正しくありません"],
    });
    expect((await refusal(await post(platform, member.cookie, { intent: "password", currentPassword: DEMO_PASSWORD, newPassword: "short" }))).errors).toEqual({
      newPassword: ["パスワードは8文字以上で入力してください"],
    });
    expect((await refusal(await post(platform, member.cookie, { intent: "password" }))).errors).toEqual({
      currentPassword: ["現在のパスワードを入力してください"],
      newPassword: ["パスワードを入力してください"],
    });
    expect((await userRow(platform, member.id)).passwordHash).toBe(before.passwordHash);
    expect(await signedIn(platform, other)).toBe(true);
  });

  it("never sends a password back to the browser", async ({ platform }) => {
    const member = await addMember(platform, "pw-hidden@example.jp");
    const reply = await valueOf<SettingsActionData>(
      await post(platform, member.cookie, { intent: "password", currentPassword: "wrong-one", newPassword: "new-password-1" }),
    );
    expect(JSON.stringify(reply)).not.toMatch(/wrong-one|new-password-1/);
  });

  it("ends the member's other sessions only, and the new password signs in", async ({ platform }) => {
    const member = await addMember(platform, "pw-ok@example.jp");
    const laptop = await memberCookie(platform, member.id);
    const someoneElse = await memberCookie(platform, OTHER_ID);
    expectRedirect(
      await post(platform, member.cookie, { intent: "password", currentPassword: DEMO_PASSWORD, newPassword: "new-password-1" }),
      303,
      `${PATH}?notice=password#result`,
    );
    expect(await signedIn(platform, member.cookie)).toBe(true);
    expect(await signedIn(platform, laptop)).toBe(false);
    expect(await signedIn(platform, someoneElse)).toBe(true);
    expect((await verifyLogin(platform.db, { email: member.email, password: "new-password-1" }, null, new Date())).ok).toBe(true);
    expect((await verifyLogin(platform.db, { email: member.email, password: DEMO_PASSWORD }, null, new Date())).ok).toBe(false);
  });

  it("stops checking the current password after 5 wrong tries, even the right one", async ({ platform }) => {
    const member = await addMember(platform, "pw-throttle@example.jp");
    const wrong = { intent: "password", currentPassword: "wrong-one", newPassword: "new-password-1" };
    await Promise.all(Array.from({ length: 5 }, () => post(platform, member.cookie, wrong)));
    const locked = await refusal(await post(platform, member.cookie, { ...wrong, currentPassword: DEMO_PASSWORD }));
    expect(locked.errors[""]).toEqual([SETTINGS_MESSAGES.passwordLocked(15)]);
    expect((await verifyLogin(platform.db, { email: member.email, password: DEMO_PASSWORD }, null, new Date())).ok).toBe(true);
  });
});

describe("newsletter", () => {
  it("turns off and on again, with a notice each time", async ({ platform }) => {
    const member = await addMember(platform, "news@example.jp");
    expectRedirect(await post(platform, member.cookie, { intent: "newsletter", newsletter: "0" }), 303, `${PATH}?notice=newsletter_off#result`);
    expect((await page(platform, member.cookie)).newsletter).toBe(false);
    expectRedirect(await post(platform, member.cookie, { intent: "newsletter", newsletter: "1" }), 303, `${PATH}?notice=newsletter_on#result`);
    expect((await page(platform, member.cookie)).newsletter).toBe(true);
  });

  it("refuses a value the page never sends, in Japanese, and changes nothing", async ({ platform }) => {
    const member = await addMember(platform, "news-bad@example.jp");
    expect((await refusal(await post(platform, member.cookie, { intent: "newsletter", newsletter: "maybe" }))).errors).toEqual({
      newsletter: ["メールマガジンの選択が正しくありません"],
    });
    expect((await userRow(platform, member.id)).newsletter).toBe(true);
  });
});

describe("log out everywhere", () => {
  it("ends every session of the account, this one included, and says so on the login page", async ({ platform }) => {
    const member = await addMember(platform, "everywhere@example.jp");
    const phone = await memberCookie(platform, member.id);
    const someoneElse = await memberCookie(platform, OTHER_ID);
    const outcome = await post(platform, member.cookie, { intent: "logout_everywhere" });
    expectRedirect(outcome, 303, "/login?notice=logged_out_everywhere#result");
    expect(outcome.response?.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await signedIn(platform, member.cookie)).toBe(false);
    expect(await signedIn(platform, phone)).toBe(false);
    expect(await signedIn(platform, someoneElse)).toBe(true);
    expect(await platform.db.select().from(userSessions).where(eq(userSessions.userId, member.id))).toEqual([]);
    const login = await valueOf<{ notice: string | null }>(
      await run(platform, loginPage.loader as RouteHandler, pageRequest("/login?notice=logged_out_everywhere")),
    );
    expect(login.notice).toBe("すべての端末・ブラウザからログアウトしました。");
  });
});

describe("only the signed-in member's own account", () => {
  it("sends a guest to the login page, for the page and for every form", async ({ platform }) => {
    expectRedirect(await run(platform, loader, pageRequest(PATH)), 302, "/login?show=1&redirectTo=%2Fuser%2Fprofile");
    const before = await userRow(platform, OTHER_ID);
    for (const intent of ["profile", "newsletter", "logout_everywhere"]) {
      expectRedirect(await post(platform, undefined, { ...PROFILE, intent, newsletter: "0" }), 302, /^\/login\?show=1/);
    }
    expect(await userRow(platform, OTHER_ID)).toEqual(before);
  });

  it("changes the poster's own row whatever ids the form carries", async ({ platform }) => {
    const member: TestMember = await addMember(platform, "own@example.jp");
    const before = await userRow(platform, OTHER_ID);
    await post(platform, member.cookie, { ...PROFILE, id: String(OTHER_ID), userId: String(OTHER_ID) });
    expect((await userRow(platform, member.id)).lastname).toBe("佐々木");
    expect(await userRow(platform, OTHER_ID)).toEqual(before);
  });

  it("answers an unknown intent with a plain 400, not a 500", async ({ platform }) => {
    const member = await addMember(platform, "intent@example.jp");
    expect((await post(platform, member.cookie, { intent: "delete_account" })).status).toBe(400);
  });

  it("is linked from the member hub", async ({ platform, member }) => {
    const hub = await run(platform, hubPage.loader as RouteHandler, pageRequest("/user", member));
    expect(hub.status).toBe(200);
  });
});
