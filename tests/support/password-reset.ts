/**
 * What the password-reset tests share: members made for one test, asking for a reset through the page's
 * action, the link's token as the mail carries it, and opening / submitting that link.
 */
import { and, desc, eq } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import { mailOutbox, users } from "~/db/schema";
import { DEMO_PASSWORD } from "~/db/seed/people";
import { action as askAction } from "~/routes/password-reset._index";
import { action as newPasswordAction, loader as newPasswordLoader } from "~/routes/password-reset.new-password";
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

/** The token of the newest reset link mailed to `email`, read from the mail's text as the member sees it. */
export async function mailedToken(platform: TestPlatform, email: string): Promise<string> {
  const [mail] = await resetMails(platform, email);
  const token = /\/password-reset\/new-password\?token=([A-Za-z0-9_-]{43})/.exec(mail?.textBody ?? "")?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return token;
}

export const linkPath = (token: string) => `/password-reset/new-password?token=${encodeURIComponent(token)}`;

export function openLink(platform: TestPlatform, token: string): Promise<Outcome> {
  return run(platform, newPasswordLoader as RouteHandler, pageRequest(linkPath(token)));
}

export function submitNewPassword(
  platform: TestPlatform,
  token: string,
  fields: Record<string, string> | [string, string][],
  options: { cookie?: string; path?: string } = {},
): Promise<Outcome> {
  return run(platform, newPasswordAction as RouteHandler, postRequest(options.path ?? linkPath(token), fields, { mode: "navigate", cookie: options.cookie }));
}

export async function passwordHashOf(platform: TestPlatform, userId: number): Promise<string> {
  const row = await platform.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return row!.hash;
}
