/**
 * What the password-reset tests share: members made for one test, asking for a reset through the page's
 * action, the link's token as the mail carries it, and following the link (its token moves to a cookie)
 * to the new-password page and its form.
 */
import { and, desc, eq } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import { mailOutbox, users } from "~/db/schema";
import { DEMO_PASSWORD } from "~/services/seed/people";
import { action as askAction } from "~/routes/password-reset._index";
import { action as newPasswordAction, loader as newPasswordLoader } from "~/routes/password-reset.new-password";
import { asSent } from "./mails";
import type { TestPlatform } from "./platform-test";
import { pageRequest, postRequest, run, type Outcome, type RouteHandler } from "./requests";

/** A customer with the demo password, made for one test (so no two tests share an account). */
export async function newMember(platform: TestPlatform, email: string, extra: Partial<typeof users.$inferInsert> = {}): Promise<number> {
  const [row] = await platform.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), lastname: "佐藤", firstname: "花", lastnameJp: "サトウ", firstnameJp: "ハナ", ...extra })
    .returning({ id: users.id });
  return row!.id;
}

/** A plain form post (JS off) of 「パスワードをお忘れの方」 from a network. */
export function askReset(platform: TestPlatform, fields: Record<string, string> | [string, string][], ip = "198.51.100.1"): Promise<Outcome> {
  return run(platform, askAction as RouteHandler, postRequest("/password-reset", fields, { ip, mode: "navigate" }));
}

export function resetMails(platform: TestPlatform, email: string) {
  return platform.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, "password_reset")))
    .orderBy(desc(mailOutbox.id))
    .all();
}

/** The token of the newest reset link mailed to `email`, read from the mail's text as it is sent (as the member sees it). */
export async function mailedToken(platform: TestPlatform, email: string): Promise<string> {
  const [mail] = await resetMails(platform, email);
  const token = /\/password-reset\/new-password\?token=([A-Za-z0-9_-]{43})/.exec(await asSent(mail?.textBody ?? ""))?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

export const linkPath = (token: string) => `/password-reset/new-password?token=${encodeURIComponent(token)}`;
export const NEW_PASSWORD_PAGE = "/password-reset/new-password";

/** The Set-Cookie a response gave for the link's cookie, or undefined. */
export function linkSetCookie(response: Response | undefined): string | undefined {
  return response?.headers.getSetCookie().find((cookie) => cookie.startsWith("password_reset_link="));
}

/** Cookie pairs ("a=b; c=d") to send together. */
export const cookies = (...pairs: (string | undefined)[]) => pairs.filter(Boolean).join("; ");

/** Opens the mailed link as a browser does: the answer (a redirect to the bare page) and the link cookie it set. */
export async function followLink(platform: TestPlatform, path: string): Promise<{ outcome: Outcome; linkCookie: string }> {
  const outcome = await run(platform, newPasswordLoader as RouteHandler, pageRequest(path));
  return { outcome, linkCookie: (linkSetCookie(outcome.response) ?? "").split(";")[0] ?? "" };
}

/** The bare new-password page, with the link's cookie (and a session's, if given). */
export function openPage(platform: TestPlatform, cookie: string): Promise<Outcome> {
  return run(platform, newPasswordLoader as RouteHandler, pageRequest(NEW_PASSWORD_PAGE, cookie));
}

/** A plain form post (JS off) of the new password, with the link's cookie (and a session's, if given). */
export function submitNewPassword(platform: TestPlatform, cookie: string, fields: Record<string, string> | [string, string][]): Promise<Outcome> {
  return run(platform, newPasswordAction as RouteHandler, postRequest(NEW_PASSWORD_PAGE, fields, { mode: "navigate", cookie }));
}

export async function passwordHashOf(platform: TestPlatform, userId: number): Promise<string> {
  const row = await platform.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return row!.hash;
}
