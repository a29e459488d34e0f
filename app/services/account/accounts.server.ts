/** Member accounts: registration, password login with throttling of repeated failures. */
import { eq, sql } from "drizzle-orm";
import type { RegisterInput } from "~/core/account/account-forms";
import { welcomeMailKey } from "~/core/mail/mail-outbox";
import { currentPasswordSteps, SETTINGS_MESSAGES } from "~/core/account/account-settings";
import { ACCOUNT_SUSPENDED_MESSAGES } from "~/core/customers/customer-records";
import { loginThrottleSteps, minutesUntil } from "~/core/site/throttle";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { countAttempt, settleAttempt } from "~/db/throttle.server";
import type { EmailFrame } from "~/mail/email-layout";
import { welcomeMail } from "~/mail/welcome-mails";
import { outboxStatement } from "../mail/mail-outbox.server";
import { endOtherSessionsStatement, sessionUserColumns, tokenHash, type SessionUser } from "./sessions.server";

export type LoginResult = { ok: true; user: SessionUser } | { ok: false; error: string };

export const LOGIN_FAILED_MESSAGE = "メールアドレスまたはパスワードが正しくありません";

function lockedMessage(minutes: number): string {
  return `ログインの失敗が続いたため、一時的にログインを制限しています。${minutes}分後にもう一度お試しください。`;
}

/**
 * Checks a password login. The attempt is counted (atomically) before the password is hashed, and refused
 * without hashing once over a limit, so a burst of guesses sent at once gets no more checks than the limit.
 * Success resets the e-mail's counters and takes the attempt back from the network's.
 */
export async function verifyLogin(db: Database, credentials: { email: string; password: string }, ip: string | null, now: Date): Promise<LoginResult> {
  const steps = loginThrottleSteps(credentials.email, ip);
  const verdict = await countAttempt(db, steps, now);
  if (!verdict.allowed) return { ok: false, error: lockedMessage(minutesUntil(verdict.retryAt, now.getTime())) };

  const user = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, credentials.email))
    .get();
  // Hash even for an unknown e-mail, so response time does not reveal which addresses are members.
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !valid) return { ok: false, error: LOGIN_FAILED_MESSAGE };
  await settleAttempt(db, steps);
  // Told only to whoever knows the password: the account exists but staff suspended it (decision 0056).
  if (user.suspendedAt) return { ok: false, error: ACCOUNT_SUSPENDED_MESSAGES.login };
  const { passwordHash: _hash, suspendedAt: _suspended, ...sessionUser } = user;
  return { ok: true, user: sessionUser };
}

/** A valid hash of a random password, compared against when the e-mail is unknown. */
const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/** A new account, and the outbox key of its welcome e-mail (to dispatch: the batch has committed). */
export type RegisterResult = { ok: true; user: SessionUser; mailKeys: string[] } | { ok: false; field: "email"; error: string };

export const EMAIL_TAKEN_MESSAGE = "このメールアドレスは既に登録されています。ログインしてください。";

/** Whether a member already has this e-mail (told with the other messages of a refused registration). */
export async function isEmailRegistered(db: Database, email: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) != null;
}

/**
 * Opens an account and writes its welcome e-mail in the same batch: an address taken meanwhile (the
 * unique e-mail) fails the batch as a whole, so no welcome is written for an account that was not made.
 */
export async function registerUser(db: Database, input: RegisterInput, mailFrame: EmailFrame, now: Date = new Date()): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password);
  const name = `${input.lastname} ${input.firstname}`;
  const key = welcomeMailKey(input.email, now);
  try {
    const [created] = await db.batch([
      db
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          lastname: input.lastname,
          firstname: input.firstname,
          lastnameJp: input.lastnameJp,
          firstnameJp: input.firstnameJp,
          newsletter: input.newsletter,
          createdAt: now,
        })
        .returning(sessionUserColumns),
      outboxStatement(
        db,
        {
          key,
          kind: "welcome",
          to: input.email,
          userId: sql`(select ${users.id} from ${users} where ${users.email} = ${input.email})`,
          template: welcomeMail({ name, email: input.email, newsletter: input.newsletter, origin: mailFrame.origin }),
          frame: mailFrame,
        },
        now,
      ),
    ]);
    return { ok: true, user: created[0]!, mailKeys: [key] };
  } catch (error) {
    if (isEmailTaken(error)) return { ok: false, field: "email", error: EMAIL_TAKEN_MESSAGE };
    throw error;
  }
}

/** The batch failed on the unique e-mail of users (D1 puts SQLite's message in the error or its cause). */
function isEmailTaken(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (/UNIQUE constraint failed: users\.email/.test(cause.message)) return true;
  }
  return false;
}

export const CURRENT_PASSWORD_WRONG_MESSAGE = "現在のパスワードが正しくありません";

export type PasswordChangeResult = { ok: true } | { ok: false; field: "currentPassword" | null; error: string };

/**
 * Changes a member's password after checking the current one (counted first, and limited per member, as
 * the settings page's other current-password check), and ends every other session of theirs in the same
 * batch (a cookie stolen earlier stops working); `keepToken`'s session, the one making the change, stays
 * signed in. The new password's own rules are the form's (account-forms).
 */
export async function changePassword(
  db: Database,
  userId: number,
  passwords: { currentPassword: string; newPassword: string },
  keepToken: string | null,
  now: Date,
): Promise<PasswordChangeResult> {
  const steps = currentPasswordSteps(userId);
  const verdict = await countAttempt(db, steps, now);
  if (!verdict.allowed) return { ok: false, field: null, error: SETTINGS_MESSAGES.passwordLocked(minutesUntil(verdict.retryAt, now.getTime())) };
  const user = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(passwords.currentPassword, user.passwordHash))) {
    return { ok: false, field: "currentPassword", error: CURRENT_PASSWORD_WRONG_MESSAGE };
  }
  await settleAttempt(db, steps);
  const passwordHash = await hashPassword(passwords.newPassword);
  await db.batch([
    db.update(users).set({ passwordHash }).where(eq(users.id, userId)),
    endOtherSessionsStatement(db, userId, keepToken ? await tokenHash(keepToken) : null),
  ]);
  return { ok: true };
}
