/**
 * The mailed reset link on a real local D1: its token moved from the URL to a cookie of the new-password
 * page; the form behind a usable link; an unknown, tampered, expired or used link refused with its own
 * message; the new password set once even for two
 * submits at the same moment; every earlier session ended and the member signed in; bad input changing
 * nothing.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, vi } from "vitest";
import { verifyPassword } from "~/auth/password.server";
import { ACCOUNT_TOKEN_LIFETIME_MS, ACCOUNT_TOKEN_MESSAGES } from "~/core/account/account-tokens";
import { users } from "~/db/schema";
import { DEMO_PASSWORD } from "~/services/seed/people";
import { action as loginAction } from "~/routes/login";
import { action as newPasswordAction, loader as newPasswordLoader } from "~/routes/password-reset.new-password";
import { loader as userHubLoader } from "~/routes/user._index";
import { inspectAccountToken } from "~/services/account/account-tokens.server";
import { requestPasswordReset, resetPassword } from "~/services/account/password-reset.server";
import { askForPasswordReset } from "~/web/account/password-reset.server";
import {
  askReset,
  cookies,
  followLink,
  linkPath,
  linkSetCookie,
  mailedToken,
  NEW_PASSWORD_PAGE,
  newMember,
  openPage,
  passwordHashOf,
  submitNewPassword,
} from "../support/password-reset";
import { platformTest, type TestPlatform } from "../support/platform-test";
import {
  apiRequest,
  callHandler,
  contextFor,
  memberCookie,
  pageRequest,
  postRequest,
  run,
  sessionCookie,
  TEST_ORIGIN,
  type RouteHandler,
} from "../support/requests";
import { TEST_SESSION_SECRET } from "../support/platform";
import { TEST_MAIL_FRAME } from "../support/orders";

const it = platformTest();

const NEW_PASSWORD = "new-secret-2026";

/** A member with a fresh reset link, as the mail gave it, already followed: the link's cookie. */
async function memberWithLink(platform: TestPlatform, email: string): Promise<{ userId: number; token: string; linkCookie: string }> {
  const userId = await newMember(platform, email);
  await askReset(platform, { email }, `192.0.2.${Math.floor(Math.random() * 250)}`);
  const token = await mailedToken(platform, email);
  return { userId, token, linkCookie: (await followLink(platform, linkPath(token))).linkCookie };
}

const both = (password: string) => ({ password, passwordConfirm: password });

function login(platform: TestPlatform, email: string, password: string) {
  return callHandler(platform, loginAction as RouteHandler, apiRequest("/login", { fields: { email, password }, ip: "192.0.2.254" }));
}

async function loggedIn(platform: TestPlatform, email: string, password: string): Promise<boolean> {
  const { thrown } = await login(platform, email, password);
  return thrown instanceof Response && thrown.status === 302;
}

/** Whether a session cookie still opens マイページ. */
async function opensMemberHub(platform: TestPlatform, cookie: string): Promise<boolean> {
  return (await run(platform, userHubLoader as RouteHandler, pageRequest("/user", cookie))).status === 200;
}

const refusedWith = (message: string) => ({ state: "refused", message });

afterEach(() => vi.restoreAllMocks());

describe("opening the link", () => {
  it("moves the token from the URL to a cookie of the reset pages, and the bare page then shows the form", async ({ platform }) => {
    const userId = await newMember(platform, "open@example.jp");
    await askReset(platform, { email: "open@example.jp" }, "192.0.2.1");
    const token = await mailedToken(platform, "open@example.jp");
    const { outcome, linkCookie } = await followLink(platform, linkPath(token));
    expect(outcome.status).toBe(303);
    expect(outcome.response?.headers.get("Location")).toBe(NEW_PASSWORD_PAGE);
    const setCookie = linkSetCookie(outcome.response) ?? "";
    expect(setCookie).toMatch(/; Max-Age=1800; Path=\/password-reset; HttpOnly; SameSite=Lax$/);
    expect(linkCookie).not.toContain(token);

    const page = await openPage(platform, linkCookie);
    expect(page).toEqual({ status: 200, value: { state: "ready", email: "open@example.jp" } });
    const { returned } = await callHandler<{ init: { headers: Record<string, string> } }>(
      platform,
      newPasswordLoader as RouteHandler,
      pageRequest(NEW_PASSWORD_PAGE, linkCookie),
    );
    expect(returned?.init.headers).toMatchObject({ "Cache-Control": "private, no-store" });
    expect((await inspectAccountToken(platform.db, "password_reset", token, new Date())).ok).toBe(true);
    expect(userId).toBeGreaterThan(0);
  });

  it("refuses a tampered, malformed or missing token, or a forged cookie, as not the shop's link", async ({ platform }) => {
    const { token } = await memberWithLink(platform, "tamper@example.jp");
    const tampered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const path of [linkPath(tampered), linkPath("short"), `${NEW_PASSWORD_PAGE}?token=&token=x`]) {
      const { outcome, linkCookie } = await followLink(platform, path);
      expect(outcome.response?.headers.get("Location"), path).toBe(NEW_PASSWORD_PAGE);
      const page = await openPage(platform, linkCookie);
      expect(page.status, path).toBe(404);
      expect(page.value).toEqual(refusedWith(ACCOUNT_TOKEN_MESSAGES.unknown));
    }
    for (const cookie of ["", `password_reset_link=${token}`, "password_reset_link=eyJ4Ijoxfq.forged"]) {
      expect((await openPage(platform, cookie)).status, cookie).toBe(404);
      expect((await submitNewPassword(platform, cookie, both(NEW_PASSWORD))).status, cookie).toBe(404);
    }
    const { linkCookie } = await followLink(platform, linkPath(tampered));
    const submitted = await submitNewPassword(platform, linkCookie, both(NEW_PASSWORD));
    expect(submitted.status).toBe(404);
    expect(linkSetCookie(submitted.response)).toBeUndefined();
  });

  it("refuses a link 30 minutes after it was asked for, and the password stays", async ({ platform }) => {
    const userId = await newMember(platform, "late@example.jp");
    const askedAt = new Date(Date.now() - ACCOUNT_TOKEN_LIFETIME_MS.password_reset);
    await askForPasswordReset(postRequest("/password-reset", { email: "late@example.jp" }, { ip: "192.0.2.200" }), contextFor(platform), askedAt);
    const token = await mailedToken(platform, "late@example.jp");
    const before = await passwordHashOf(platform, userId);

    const justInTime = new Date(askedAt.getTime() + ACCOUNT_TOKEN_LIFETIME_MS.password_reset - 1);
    expect((await inspectAccountToken(platform.db, "password_reset", token, justInTime)).ok).toBe(true);
    const { linkCookie } = await followLink(platform, linkPath(token));
    const opened = await openPage(platform, linkCookie);
    expect(opened.status).toBe(410);
    expect(opened.value).toEqual(refusedWith(ACCOUNT_TOKEN_MESSAGES.expired));
    const submitted = await submitNewPassword(platform, linkCookie, both(NEW_PASSWORD));
    expect(submitted.status).toBe(410);
    expect(submitted.value).toEqual(refusedWith(ACCOUNT_TOKEN_MESSAGES.expired));
    expect(await passwordHashOf(platform, userId)).toBe(before);
  });
});

describe("setting the new password", () => {
  it("sets it, ends every earlier session, signs the member in, and the link is used up", async ({ platform }) => {
    const logged = [vi.spyOn(console, "log"), vi.spyOn(console, "error"), vi.spyOn(console, "warn"), vi.spyOn(console, "info")];
    const { userId, token, linkCookie } = await memberWithLink(platform, "reset@example.jp");
    const phone = await memberCookie(platform, userId);
    const laptop = await memberCookie(platform, userId);
    expect(await opensMemberHub(platform, phone)).toBe(true);

    const outcome = await submitNewPassword(platform, cookies(laptop, linkCookie), both(NEW_PASSWORD));
    expect(outcome.status).toBe(302);
    expect(outcome.response?.headers.get("Location")).toBe("/user?notice=password-reset#result");
    expect(linkSetCookie(outcome.response)).toMatch(/^password_reset_link=; Max-Age=0;/);
    const signedIn = sessionCookie(outcome.response!);
    const hub = await run(platform, userHubLoader as RouteHandler, pageRequest("/user?notice=password-reset", signedIn));
    expect(hub.status).toBe(200);
    expect((hub.value as { notice: string }).notice).toBe("新しいパスワードを設定しました。ほかの端末でのログインはすべて終了しています。");
    expect(await opensMemberHub(platform, phone)).toBe(false);
    expect(await opensMemberHub(platform, laptop)).toBe(false);

    expect(await loggedIn(platform, "reset@example.jp", NEW_PASSWORD)).toBe(true);
    expect(await loggedIn(platform, "reset@example.jp", DEMO_PASSWORD)).toBe(false);

    // The link is spent, whether its cookie is kept or the mail's link is opened again.
    const again = await openPage(platform, linkCookie);
    expect(again.status).toBe(410);
    expect(again.value).toEqual(refusedWith(ACCOUNT_TOKEN_MESSAGES.used));
    const reopened = await followLink(platform, linkPath(token));
    expect((await openPage(platform, reopened.linkCookie)).value).toEqual(refusedWith(ACCOUNT_TOKEN_MESSAGES.used));
    const reused = await submitNewPassword(platform, linkCookie, both("another-secret-1"));
    expect(reused.value).toEqual(refusedWith(ACCOUNT_TOKEN_MESSAGES.used));
    expect(await verifyPassword(NEW_PASSWORD, await passwordHashOf(platform, userId))).toBe(true);

    for (const spy of logged) expect(JSON.stringify(spy.mock.calls)).not.toContain(token);
  });

  it("changes the password once for two submits of one link at the same moment", async ({ platform }) => {
    const { userId, linkCookie } = await memberWithLink(platform, "double@example.jp");
    const outcomes = await Promise.all([
      submitNewPassword(platform, linkCookie, both("first-secret-1")),
      submitNewPassword(platform, linkCookie, both("second-secret-2")),
    ]);
    const statuses = outcomes.map((outcome) => outcome.status).sort();
    expect(statuses).toEqual([302, 410]);
    const winner = outcomes[0]!.status === 302 ? "first-secret-1" : "second-secret-2";
    expect(await verifyPassword(winner, await passwordHashOf(platform, userId))).toBe(true);
  });

  it("lets only one of two uses at the very same millisecond through (the guard is in the batch, not the clock)", async ({ platform }) => {
    const { userId, token } = await memberWithLink(platform, "same-ms@example.jp");
    const now = new Date();
    const results = await Promise.all([
      resetPassword(platform.db, { token, password: "first-secret-1" }, now),
      resetPassword(platform.db, { token, password: "second-secret-2" }, now),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, refusal: "used" });
    const winner = results[0]!.ok ? "first-secret-1" : "second-secret-2";
    expect(await verifyPassword(winner, await passwordHashOf(platform, userId))).toBe(true);
  });

  it("answers bad input with the registration's Japanese messages and changes nothing", async ({ platform }) => {
    const { userId, token, linkCookie } = await memberWithLink(platform, "typo@example.jp");
    const session = await memberCookie(platform, userId);
    const before = await passwordHashOf(platform, userId);
    const cases: [Record<string, string> | [string, string][], string, string][] = [
      [{}, "password", "パスワードを入力してください"],
      [both("short"), "password", "パスワードは8文字以上で入力してください"],
      [both("x".repeat(129)), "password", "パスワードは128文字以内で入力してください"],
      [{ password: NEW_PASSWORD }, "passwordConfirm", "確認用のパスワードを入力してください"],
      [{ password: NEW_PASSWORD, passwordConfirm: `${NEW_PASSWORD}x` }, "passwordConfirm", "確認用のパスワードが一致しません"],
      [
        [
          ["password", NEW_PASSWORD],
          ["password", NEW_PASSWORD],
          ["passwordConfirm", NEW_PASSWORD],
        ],
        "password",
        "パスワードを入力してください",
      ],
    ];
    for (const [fields, field, message] of cases) {
      const outcome = await submitNewPassword(platform, cookies(session, linkCookie), fields);
      expect(outcome.status).toBe(400);
      const reply = (outcome.value as { state: string; reply: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }).reply;
      expect(reply.error[field]).toContain(message);
      expect(reply.initialValue?.password).toBeUndefined();
    }
    const notAForm = new Request(`${TEST_ORIGIN}${NEW_PASSWORD_PAGE}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: linkCookie },
      body: '{"password":',
    });
    const { thrown } = await callHandler(platform, newPasswordAction as RouteHandler, notAForm);
    expect((thrown as Response).status).toBe(400);
    expect(await (thrown as Response).text()).toContain("送信内容を読み取れませんでした");

    expect(await passwordHashOf(platform, userId)).toBe(before);
    expect(await opensMemberHub(platform, session)).toBe(true);
    expect((await inspectAccountToken(platform.db, "password_reset", token, new Date())).ok).toBe(true);
  });

  it("refuses the link of a member who withdrew after asking", async ({ platform }) => {
    const userId = await newMember(platform, "left@example.jp");
    const now = new Date();
    const asked = await requestPasswordReset(
      platform.db,
      { email: "left@example.jp", ip: null, frame: { ...TEST_MAIL_FRAME, origin: TEST_ORIGIN }, linkSecret: TEST_SESSION_SECRET },
      now,
    );
    expect(asked).toMatchObject({ ok: true });
    const token = await mailedToken(platform, "left@example.jp");
    await platform.db.update(users).set({ withdrawnAt: now }).where(eq(users.id, userId));
    const before = await passwordHashOf(platform, userId);
    expect(await resetPassword(platform.db, { token, password: NEW_PASSWORD }, now)).toEqual({ ok: false, refusal: "unknown" });
    expect(await passwordHashOf(platform, userId)).toBe(before);
  });
});
