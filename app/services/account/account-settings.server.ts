/**
 * The member's own account settings (/user/profile): what the page shows, and the changes that need no
 * mail — name and phone, the newsletter, ending every session. The e-mail change is
 * app/services/account/email-change.server.ts; the password change is accounts.server.ts's changePassword.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { ProfileInput } from "~/core/account/account-settings-forms";
import type { Database } from "~/db/client.server";
import { accountTokens, users } from "~/db/schema";
import { endOtherSessionsStatement } from "./sessions.server";

export interface AccountSettings {
  email: string;
  lastname: string;
  firstname: string;
  lastnameJp: string;
  firstnameJp: string;
  phone: string | null;
  newsletter: boolean;
  /** An e-mail change waiting for its link to be opened: the new address, and until when the link works. */
  pendingEmail: { email: string; expiresAt: Date } | null;
}

/** The settings of a member who has not left, with the newest e-mail change still waiting, in one round trip. */
export async function loadAccountSettings(db: Database, userId: number, now: Date): Promise<AccountSettings | null> {
  const [people, pending] = await db.batch([
    db
      .select({
        email: users.email,
        lastname: users.lastname,
        firstname: users.firstname,
        lastnameJp: users.lastnameJp,
        firstnameJp: users.firstnameJp,
        phone: users.phone,
        newsletter: users.newsletter,
      })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.withdrawnAt))),
    db
      .select({ email: accountTokens.email, expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, "email_change"), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
      .orderBy(desc(accountTokens.createdAt))
      .limit(1),
  ]);
  const person = people[0];
  return person ? { ...person, pendingEmail: pending[0] ?? null } : null;
}

/** Name, reading and phone, as the profile form checked them. */
export async function updateProfile(db: Database, userId: number, input: ProfileInput): Promise<void> {
  await db
    .update(users)
    .set({ lastname: input.lastname, firstname: input.firstname, lastnameJp: input.lastnameJp, firstnameJp: input.firstnameJp, phone: input.phone })
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)));
}

/** The newsletter on or off (the settings page, and off from a mail's unsubscribe link); answers whether the member exists. */
export async function setNewsletter(db: Database, userId: number, newsletter: boolean): Promise<boolean> {
  const changed = await db.update(users).set({ newsletter }).where(eq(users.id, userId)).returning({ id: users.id });
  return changed.length > 0;
}

/** Whether the member currently gets the newsletter (null: no such member). */
export async function newsletterOf(db: Database, userId: number): Promise<boolean | null> {
  const row = await db.select({ newsletter: users.newsletter }).from(users).where(eq(users.id, userId)).get();
  return row ? row.newsletter : null;
}

/** "Log out everywhere": every session of the member ends, the one asking included. */
export async function endAllSessions(db: Database, userId: number): Promise<void> {
  await endOtherSessionsStatement(db, userId, null);
}
