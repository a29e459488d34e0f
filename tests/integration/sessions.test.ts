/**
 * Server-side sessions (issue 13 item 4) on a real local D1: logout ends the session so a cookie copied
 * before it opens nothing; a password change ends the member's other sessions; staff sessions end after
 * 12 hours idle; the cookie carries no user id and is `__Host-` outside local runs; and the check rides in
 * the header's D1 round trip.
 */
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { changeOwnPassword, signInSession } from "~/web/account/auth.server";
import { createSessionStorage } from "~/web/account/session.server";
import { SESSION_IDLE_MS } from "~/core/account/sessions";
import { users, userSessions } from "~/db/schema";
import { DEMO_PASSWORD, MEMBER_ID, STAFF_ID } from "~/services/seed/people";
import { loadPageShell } from "~/web/http.server";
import { loader as crmTicketsLoader } from "~/routes/crm.tickets._index";
import { action as logoutAction } from "~/routes/logout";
import { loader as userHubLoader } from "~/routes/user._index";
import { purgeExpiredSessions } from "~/services/account/sessions.server";
import { loader as productLoader } from "~/routes/category.$categorySlug.$sku";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, callHandler, contextFor, memberCookie, pageRequest, type RouteHandler } from "../support/requests";

const it = platformTest();

/** The status a page loader answers (200 when it returned data; a redirect's Location otherwise). */
async function open(platform: TestPlatform, loader: RouteHandler, path: string, cookie: string): Promise<{ status: number; location: string | null }> {
  const { returned, thrown } = await callHandler(platform, loader, pageRequest(path, cookie));
  const response = (returned instanceof Response ? returned : thrown) as Response | undefined;
  if (thrown !== undefined && !(thrown instanceof Response)) throw thrown;
  return response ? { status: response.status, location: response.headers.get("Location") } : { status: 200, location: null };
}

const openUser = (platform: TestPlatform, cookie: string) => open(platform, userHubLoader as RouteHandler, "/user", cookie);
const openCrm = (platform: TestPlatform, cookie: string) => open(platform, crmTicketsLoader as RouteHandler, "/crm/tickets", cookie);

async function logout(platform: TestPlatform, cookie: string): Promise<Response> {
  return logoutAction({ request: apiRequest("/logout", { fields: {}, cookie }), context: contextFor(platform), params: {} });
}

describe("logout", () => {
  it("ends the session: a member's cookie copied before logout no longer opens /user", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    expect((await openUser(platform, cookie)).status).toBe(200);
    const copy = cookie;
    await logout(platform, cookie);
    expect(await openUser(platform, copy)).toEqual({ status: 302, location: "/login?show=1&redirectTo=%2Fuser" });
  });

  it("ends the session: a staff cookie copied before logout no longer opens /crm", async ({ platform }) => {
    const cookie = await memberCookie(platform, STAFF_ID);
    expect((await openCrm(platform, cookie)).status).toBe(200);
    await logout(platform, cookie);
    expect((await openCrm(platform, cookie)).location).toMatch(/^\/login\?show=1/);
  });

  it("ends only that session: the member stays signed in on their other device", async ({ platform }) => {
    const phone = await memberCookie(platform, MEMBER_ID);
    const laptop = await memberCookie(platform, MEMBER_ID);
    await logout(platform, phone);
    expect((await openUser(platform, phone)).status).toBe(302);
    expect((await openUser(platform, laptop)).status).toBe(200);
  });
});

describe("password change", () => {
  it("ends the member's other sessions and keeps the one that changed it", async ({ platform }) => {
    const email = "pw-change@example.jp";
    const [user] = await platform.db
      .insert(users)
      .values({
        email,
        passwordHash: (await platform.db.select().from(users).where(eq(users.id, MEMBER_ID)).get())!.passwordHash,
        lastname: "変更",
        firstname: "太郎",
        lastnameJp: "ヘンコウ",
        firstnameJp: "タロウ",
      })
      .returning({ id: users.id });
    const stolen = await memberCookie(platform, user!.id);
    const mine = await memberCookie(platform, user!.id);
    const wrong = await changeOwnPassword(pageRequest("/user/profile", mine), contextFor(platform), {
      currentPassword: "not-it",
      newPassword: "new-password-1",
    });
    expect(wrong).toEqual({ ok: false, field: "currentPassword", error: "現在のパスワードが正しくありません" });
    expect((await openUser(platform, stolen)).status).toBe(200);

    const changed = await changeOwnPassword(pageRequest("/user/profile", mine), contextFor(platform), {
      currentPassword: DEMO_PASSWORD,
      newPassword: "new-password-1",
    });
    expect(changed).toEqual({ ok: true });
    expect((await openUser(platform, stolen)).status).toBe(302);
    expect((await openUser(platform, mine)).status).toBe(200);
  });
});

describe("idle expiry", () => {
  /** Makes the user's sessions last seen `ms` ago. */
  async function idleFor(platform: TestPlatform, userId: number, ms: number) {
    await platform.db
      .update(userSessions)
      .set({ lastSeenAt: new Date(Date.now() - ms) })
      .where(eq(userSessions.userId, userId));
  }

  it("ends a staff session after 12 hours without a request; a customer's lasts", async ({ platform }) => {
    const staff = await memberCookie(platform, STAFF_ID);
    const member = await memberCookie(platform, MEMBER_ID);
    await idleFor(platform, STAFF_ID, SESSION_IDLE_MS.staff - 60_000);
    expect((await openCrm(platform, staff)).status).toBe(200);
    await idleFor(platform, STAFF_ID, SESSION_IDLE_MS.staff + 60_000);
    expect((await openCrm(platform, staff)).status).toBe(302);
    expect((await openUser(platform, member)).status).toBe(200);
  });

  it("purges idle sessions in the hourly job", async ({ platform }) => {
    const staff = await memberCookie(platform, STAFF_ID);
    const member = await memberCookie(platform, MEMBER_ID);
    await idleFor(platform, STAFF_ID, SESSION_IDLE_MS.staff + 60_000);
    expect(await purgeExpiredSessions(platform.db, new Date())).toBeGreaterThan(0);
    const left = await platform.db.select({ userId: userSessions.userId }).from(userSessions);
    expect(left.some((row) => row.userId === STAFF_ID)).toBe(false);
    expect((await openCrm(platform, staff)).status).toBe(302);
    expect((await openUser(platform, member)).status).toBe(200);
  });
});

describe("signing in", () => {
  it("goes through signInSession: a user id set on the session by hand is refused loudly, not silently dropped", async ({ platform }) => {
    const context = contextFor(platform);
    const session = await context.sessionStorage.getSession();
    session.set("userId", MEMBER_ID);
    await expect(context.sessionStorage.commitSession(session)).rejects.toThrow(/signInSession/);
    await signInSession(session, context, MEMBER_ID);
    const cookie = (await context.sessionStorage.commitSession(session)).split(";")[0]!;
    expect((await openUser(platform, cookie)).status).toBe(200);
  });
});

describe("the cookie", () => {
  it("carries no user id: a signed cookie naming a user (the old format) opens nothing", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    const payload = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    expect(atob(payload)).not.toMatch(/userId/);
    const forger = createCookieSessionStorage({ cookie: { name: "__session", secrets: [platform.env.SESSION_SECRET], path: "/" } });
    const session = await forger.getSession();
    session.set("userId", MEMBER_ID);
    const forged = (await forger.commitSession(session)).split(";")[0]!;
    expect((await openUser(platform, forged)).status).toBe(302);
  });

  it("reads a cookie that is not even base64 as no session, so the page still answers (a guest's)", async ({ platform }) => {
    for (const garbage of ["__session=abc-def_", "__session=%%%", "__session=e30.not-a-signature"]) {
      const shell = await loadPageShell(pageRequest("/", garbage), contextFor(platform));
      expect(shell.user).toBeNull();
      expect((await openUser(platform, garbage)).status).toBe(302);
    }
  });

  it("is __Host-session, Secure, HttpOnly, Path=/ and without Domain outside local runs", async ({ platform }) => {
    const storage = createSessionStorage({ ...platform.env, APP_ENV: "production" }, { db: platform.db, waitUntil: () => {} });
    const session = await storage.getSession();
    session.set("cartId", "guest-cart");
    const header = await storage.commitSession(session);
    expect(header).toMatch(/^__Host-session=/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
  });
});

describe("cost of the check", () => {
  it("rides in the header's round trip: a member's page costs one round trip more than a guest's, the header's", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    const context = contextFor(platform);
    const request = pageRequest("/category/living/DEMO-SIMPLE", cookie);
    const [shell] = await Promise.all([
      loadPageShell(request, context),
      productLoader({ request, params: { categorySlug: "living", sku: "DEMO-SIMPLE" }, context }),
    ]);
    expect(shell.user?.id).toBe(MEMBER_ID);
    const memberTrips = context.d1Usage.roundTrips;

    const guestContext = contextFor(platform);
    const guestRequest = pageRequest("/category/living/DEMO-SIMPLE");
    await Promise.all([
      loadPageShell(guestRequest, guestContext),
      productLoader({ request: guestRequest, params: { categorySlug: "living", sku: "DEMO-SIMPLE" }, context: guestContext }),
    ]);
    // The guest's page makes no session read; the member's adds exactly the one that replaced the header's.
    expect(memberTrips).toBe(guestContext.d1Usage.roundTrips + 1);
  });
});
