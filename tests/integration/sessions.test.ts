/**
 * Server-side sessions (issue 13 item 4) on a real local D1: logout ends the session so a cookie copied
 * before it opens nothing; a password change ends the member's other sessions; staff sessions end after
 * 12 hours idle; the cookie signs no one in by itself and is `__Host-` outside local runs; and a page's check
 * rides in the page's own D1 batch (decision 0069).
 */
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { describe, expect, vi } from "vitest";
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
import { loader as homeLoader } from "~/routes/_index";
import { platformTest, type TestPlatform } from "../support/platform-test";
import { apiRequest, contextFor, location, memberCookie, pageRequest, run, runPage, sessionCookie, settle, type RouteHandler } from "../support/requests";
import { addMember } from "../support/accounts";

const it = platformTest();

/** The status a page answers the browser, after a failed session check's trip back (200 when it returned data). */
async function open(platform: TestPlatform, loader: RouteHandler, path: string, cookie: string): Promise<{ status: number; location: string | null }> {
  const outcome = await runPage(platform, loader, path, cookie);
  return { status: outcome.status, location: location(outcome) };
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

  async function lastSeen(platform: TestPlatform, userId: number): Promise<number> {
    const rows = await platform.db.select({ at: userSessions.lastSeenAt }).from(userSessions).where(eq(userSessions.userId, userId));
    return Math.max(...rows.map((row) => row.at.getTime()));
  }

  it("ends a staff session after 12 hours without a request; a customer's lasts", async ({ platform }) => {
    const staff = await memberCookie(platform, STAFF_ID);
    const member = await memberCookie(platform, MEMBER_ID);
    await idleFor(platform, STAFF_ID, SESSION_IDLE_MS.staff - 60_000);
    expect((await openCrm(platform, staff)).status).toBe(200);
    // That page recorded the visit after its answer (waitUntil): let it land before making the session idle again.
    await vi.waitFor(async () => expect((await lastSeen(platform, STAFF_ID)) > Date.now() - 60_000).toBe(true));
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
  it("never signs in from the cookie alone: a signed cookie naming a user without a live session (the old format) opens nothing", async ({ platform }) => {
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
    const storage = createSessionStorage({ ...platform.env, APP_ENV: "production" }, { db: platform.db, checkDb: platform.db, waitUntil: () => {} });
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

describe("the check in the page's batch (decision 0069)", () => {
  /** The product page as a browser gets it: the header's loader and the page's, side by side. */
  async function productPage(platform: TestPlatform, cookie?: string) {
    const request = pageRequest("/category/living/DEMO-SIMPLE", cookie);
    const context = contextFor(platform, request);
    const [shell, product] = await Promise.allSettled([
      loadPageShell(request, context),
      productLoader({ request, params: { categorySlug: "living", sku: "DEMO-SIMPLE" }, context }),
    ]);
    return { shell, product, usage: context.d1Usage };
  }

  it("costs a member's page no round trip of its own: one sequential round trip, as many as a guest's", async ({ platform }) => {
    const member = await productPage(platform, await memberCookie(platform, MEMBER_ID));
    expect(member.shell).toMatchObject({ status: "fulfilled", value: { user: { id: MEMBER_ID } } });
    expect(member.product.status).toBe("fulfilled");
    const guest = await productPage(platform);
    expect(member.usage.sequentialTrips).toBe(1);
    expect(member.usage.roundTrips).toBe(guest.usage.roundTrips);
  });

  it("carries the check in the batch of a page that reads before it asks who is signed in (the home page's catalogue)", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    const request = pageRequest("/", cookie);
    const context = contextFor(platform, request);
    const [home, shell] = await Promise.all([homeLoader({ request, params: {}, context }), loadPageShell(request, context)]);
    expect(home.newArrivals.length).toBeGreaterThan(0);
    expect(shell.user?.id).toBe(MEMBER_ID);
    expect(context.d1Usage).toMatchObject({ roundTrips: 1, sequentialTrips: 1 });
  });

  it("sends a page read for an ended session back to itself, without a thing the page read, and the cookie then reads as a guest", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    await logout(platform, cookie);
    const page = await productPage(platform, cookie);
    for (const answer of [page.shell, page.product]) {
      expect(answer.status).toBe("rejected");
      const thrown = (answer as PromiseRejectedResult).reason as Response;
      expect(thrown.status).toBe(302);
      expect(thrown.headers.get("Location")).toBe("/category/living/DEMO-SIMPLE");
    }
    const cleared = sessionCookie((page.shell as PromiseRejectedResult).reason as Response);
    const again = await productPage(platform, cleared);
    expect(again.shell).toMatchObject({ status: "fulfilled", value: { user: null } });
    expect(again.product.status).toBe("fulfilled");
  });

  it("goes back to the page a data request was for", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    await logout(platform, cookie);
    const context = contextFor(platform, pageRequest("/user/orders.data?_routes=routes%2Fuser.orders._index&page=2", cookie));
    const shell = await settle(() => loadPageShell(pageRequest("/user/orders?page=2", cookie), context));
    expect((shell.thrown as Response).headers.get("Location")).toBe("/user/orders?page=2");
  });

  it("ends a suspended member's page the same way", async ({ platform }) => {
    const { id, cookie } = await addMember(platform, "suspended@example.jp");
    await platform.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, id));
    expect(await openUser(platform, cookie)).toEqual({ status: 302, location: "/login?show=1&redirectTo=%2Fuser" });
  });

  it("puts the cookie right when the user changed (a role taken away): the page then answers as they are now", async ({ platform }) => {
    const { id } = await addMember(platform, "demoted@example.jp");
    await platform.db.update(users).set({ role: "staff" }).where(eq(users.id, id));
    const cookie = await memberCookie(platform, id);
    expect((await openCrm(platform, cookie)).status).toBe(200);
    await platform.db.update(users).set({ role: "customer" }).where(eq(users.id, id));
    const first = await run(platform, crmTicketsLoader as RouteHandler, pageRequest("/crm/tickets", cookie));
    expect(first.status).toBe(302);
    expect(location(first)).toBe("/crm/tickets");
    expect(await openCrm(platform, cookie)).toEqual({ status: 403, location: null });
  });

  it("still signs in a cookie from before the check rode in the page's batch (no record of the user): checked first", async ({ platform }) => {
    const context = contextFor(platform);
    const session = await context.sessionStorage.getSession();
    await signInSession(session, context, MEMBER_ID);
    session.unset("signedInAs");
    const older = (await context.sessionStorage.commitSession(session)).split(";")[0]!;
    const page = await productPage(platform, older);
    expect(page.shell).toMatchObject({ status: "fulfilled", value: { user: { id: MEMBER_ID } } });
    expect(page.usage.sequentialTrips).toBe(2);
  });

  it("checks an action's session before the action reads anything", async ({ platform }) => {
    const cookie = await memberCookie(platform, MEMBER_ID);
    const context = contextFor(platform, apiRequest("/logout", { fields: {}, cookie }));
    expect((await context.sessionStorage.signedIn(await context.sessionStorage.getSession(cookie)))?.user.id).toBe(MEMBER_ID);
    expect(context.d1Usage).toMatchObject({ roundTrips: 1, sequentialTrips: 1 });
  });
});
