// Reached from app/load-context.ts (imported by vite.config.ts, where the ~/ alias does not exist yet):
// relative imports only.
/**
 * Server-side sessions (issue 13 item 4, ARCHITECTURE "Running the shop"): the session cookie carries a
 * random token, D1 keeps its SHA-256 with the user and the last time it was seen. Every request that
 * carries a token resolves it in ONE round trip that also reads the page header's counts, so a signed-in
 * page pays no extra round trip for the check. Logout deletes the row; a password change deletes the
 * user's other rows; idle sessions expire (staff after 12 h) and the hourly job purges them; a suspended
 * member's sessions are deleted with the suspension and resolve to nobody meanwhile (decision 0056).
 */
import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { sessionExpired, sessionNeedsTouch, SESSION_IDLE_MS, type SessionRole } from "../../core/account/sessions";
import type { Database } from "../../db/client.server";
import { userSessions, users } from "../../db/schema";
import { memberShellFrom, memberShellStatements, type ShellState } from "../site/shell.server";

/** Who a signed-in session belongs to, as every page needs it. */
export interface SessionUser {
  id: number;
  email: string;
  role: SessionRole;
  /** A merchant login's merchant; null for everyone else. */
  merchantId: number | null;
  /** Staff who own the shop (owner ⊃ staff, decision 0055). */
  isOwner: boolean;
  lastname: string;
  firstname: string;
}

/** The columns of a `SessionUser`, as every read of one selects them. */
export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  merchantId: users.merchantId,
  isOwner: users.isOwner,
  lastname: users.lastname,
  firstname: users.firstname,
};

export interface SignedIn {
  user: SessionUser;
  /** The header's counts, read in the same round trip. */
  shell: ShellState;
}

export function toBase64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** 256 random bits, URL-safe: session cookies and the links mailed to members. */
export function randomToken(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}

/** SHA-256 (hex) of a token: what D1 stores, so a copy of the table opens no account. */
export async function tokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Starts a session for the user; answers the token for the cookie (256 random bits) and who it signs in. */
export async function startSession(db: Database, userId: number, now: Date): Promise<{ token: string; user: SessionUser }> {
  const token = randomToken();
  const [, [user]] = await db.batch([
    db.insert(userSessions).values({ tokenHash: await tokenHash(token), userId, createdAt: now, lastSeenAt: now }),
    db.select(sessionUserColumns).from(users).where(eq(users.id, userId)),
  ]);
  if (!user) throw new Error(`No user ${userId} to sign in`);
  return { token, user };
}

/** The user as a session signs them in, read afresh (after they changed their name or e-mail). */
export async function findSessionUser(db: Database, userId: number): Promise<SessionUser | undefined> {
  return db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).get();
}

/** Whether two views of a signed-in user agree in everything a page reads of them. */
export function sameSessionUser(a: SessionUser, b: SessionUser): boolean {
  return (Object.keys(sessionUserColumns) as (keyof SessionUser)[]).every((key) => a[key] === b[key]);
}

/**
 * The user behind a token and the header's counts, or null when the session has ended (logged out,
 * revoked, expired, or never existed). `touch` says the last-seen time is due to be written.
 */
export async function resolveSession(db: Database, token: string, now: Date): Promise<(SignedIn & { touch: boolean }) | null> {
  const hash = await tokenHash(token);
  const sessionUserId = sql<number>`(select ${userSessions.userId} from ${userSessions} where ${userSessions.tokenHash} = ${hash})`;
  const [sessionRows, ...shellRows] = await db.batch([
    db
      .select({ lastSeenAt: userSessions.lastSeenAt, ...sessionUserColumns })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      // A suspended account's sessions open nothing, even one that outlived the suspension's own batch.
      .where(and(eq(userSessions.tokenHash, hash), isNull(users.suspendedAt))),
    ...memberShellStatements(db, sessionUserId),
  ]);
  const row = sessionRows[0];
  if (!row) return null;
  const at = now.getTime();
  if (sessionExpired(row.role, row.lastSeenAt.getTime(), at)) return null;
  const { lastSeenAt, ...user } = row;
  return { user, shell: memberShellFrom(shellRows), touch: sessionNeedsTouch(lastSeenAt.getTime(), at) };
}

/** Records that the session was used now (called at most once per SESSION_TOUCH_INTERVAL_MS). */
export async function touchSession(db: Database, token: string, now: Date): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: now })
    .where(eq(userSessions.tokenHash, await tokenHash(token)));
}

/** Logout: this session ends; a copy of its cookie opens nothing afterwards. */
export async function endSession(db: Database, token: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.tokenHash, await tokenHash(token)));
}

/** Every session of the user except `keepToken`'s (a password change keeps the device that made it). */
export function endOtherSessionsStatement(db: Database, userId: number, keepHash: string | null) {
  return db.delete(userSessions).where(and(eq(userSessions.userId, userId), keepHash == null ? undefined : ne(userSessions.tokenHash, keepHash)));
}

/** Hourly job: deletes sessions idle past their role's limit. */
export async function purgeExpiredSessions(db: Database, now: Date): Promise<number> {
  const at = now.getTime();
  const staffIds = db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, ["staff", "merchant"]));
  const removed = await db
    .delete(userSessions)
    .where(
      or(
        lt(userSessions.lastSeenAt, new Date(at - SESSION_IDLE_MS.customer)),
        and(lt(userSessions.lastSeenAt, new Date(at - SESSION_IDLE_MS.staff)), inArray(userSessions.userId, staffIds)),
      ),
    )
    .returning({ userId: userSessions.userId });
  return removed.length;
}
