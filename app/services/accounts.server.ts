/** Member accounts: registration, password login with throttling of repeated failures. */
import { eq, inArray } from "drizzle-orm";
import type { RegisterInput } from "~/core/account-forms";
import {
  isLocked,
  LOGIN_THROTTLE,
  minutesLocked,
  recordFailure,
  type AttemptRecord,
  type ThrottleRule,
} from "~/core/login-throttle";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import type { Database } from "~/db/client.server";
import { loginAttempts, users } from "~/db/schema";

export interface SessionUser {
  id: number;
  email: string;
  role: "customer" | "staff";
  lastname: string;
  firstname: string;
}

export type LoginResult = { ok: true; user: SessionUser } | { ok: false; error: string };

export const LOGIN_FAILED_MESSAGE = "メールアドレスまたはパスワードが正しくありません";

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  lastname: users.lastname,
  firstname: users.firstname,
};

export async function findSessionUser(db: Database, userId: number): Promise<SessionUser | undefined> {
  return db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).get();
}

function throttleKeys(email: string, ip: string | null): { key: string; rule: ThrottleRule }[] {
  const keys: { key: string; rule: ThrottleRule }[] = [{ key: `email:${email}`, rule: LOGIN_THROTTLE.email }];
  if (ip) keys.push({ key: `ip:${ip}`, rule: LOGIN_THROTTLE.ip });
  return keys;
}

function lockedMessage(record: AttemptRecord, now: number): string {
  return `ログインの失敗が続いたため、一時的にログインを制限しています。${minutesLocked(record, now)}分後にもう一度お試しください。`;
}

export async function verifyLogin(
  db: Database,
  credentials: { email: string; password: string },
  ip: string | null,
  now: Date,
): Promise<LoginResult> {
  const keys = throttleKeys(credentials.email, ip);
  const [attemptRows, account] = await db.batch([
    db
      .select()
      .from(loginAttempts)
      .where(
        inArray(
          loginAttempts.key,
          keys.map((k) => k.key),
        ),
      ),
    db
      .select({ ...sessionUserColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, credentials.email))
      .limit(1),
  ]);
  const attempts = new Map(
    attemptRows.map((row) => [
      row.key,
      { failures: row.failures, windowStartedAt: row.windowStartedAt.getTime(), lockedUntil: row.lockedUntil?.getTime() ?? null },
    ]),
  );
  const at = now.getTime();
  const locked = keys.map((k) => attempts.get(k.key)).find((record) => isLocked(record, at));
  if (locked) return { ok: false, error: lockedMessage(locked, at) };

  const user = account[0];
  // Hash even for an unknown e-mail, so response time does not reveal which addresses are members.
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? DUMMY_HASH);
  if (user && valid) {
    await db.delete(loginAttempts).where(eq(loginAttempts.key, `email:${credentials.email}`));
    const { passwordHash: _hash, ...sessionUser } = user;
    return { ok: true, user: sessionUser };
  }

  const updated = keys.map(({ key, rule }) => ({ key, record: recordFailure(attempts.get(key), rule, at) }));
  const writes = updated.map(({ key, record }) => {
      const values = {
        failures: record.failures,
        windowStartedAt: new Date(record.windowStartedAt),
        lockedUntil: record.lockedUntil == null ? null : new Date(record.lockedUntil),
      };
      return db
        .insert(loginAttempts)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: loginAttempts.key, set: values });
  });
  const [firstWrite, ...otherWrites] = writes;
  if (firstWrite) await db.batch([firstWrite, ...otherWrites]);
  const nowLocked = updated.find(({ record }) => isLocked(record, at));
  return { ok: false, error: nowLocked ? lockedMessage(nowLocked.record, at) : LOGIN_FAILED_MESSAGE };
}

/** A valid hash of a random password, compared against when the e-mail is unknown. */
const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

export type RegisterResult = { ok: true; user: SessionUser } | { ok: false; field: "email"; error: string };

export const EMAIL_TAKEN_MESSAGE = "このメールアドレスは既に登録されています。ログインしてください。";

/** Whether a member already has this e-mail (told with the other messages of a refused registration). */
export async function isEmailRegistered(db: Database, email: string): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) != null;
}

export async function registerUser(db: Database, input: RegisterInput): Promise<RegisterResult> {
  const passwordHash = await hashPassword(input.password);
  const created = await db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      lastname: input.lastname,
      firstname: input.firstname,
      lastnameJp: input.lastnameJp,
      firstnameJp: input.firstnameJp,
      newsletter: input.newsletter,
    })
    .onConflictDoNothing({ target: users.email })
    .returning(sessionUserColumns);
  const user = created[0];
  if (!user) return { ok: false, field: "email", error: EMAIL_TAKEN_MESSAGE };
  return { ok: true, user };
}
