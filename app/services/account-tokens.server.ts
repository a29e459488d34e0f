/**
 * Single-use links mailed to a member (app/core/account-tokens.ts). The link carries 256 random bits; D1
 * keeps only their SHA-256, so neither the table nor a log line opens an account. Using a link is a
 * conditional UPDATE (unused and unexpired) in the batch of the change it allows: placed FIRST with the
 * change's own statements conditioned on that use (`usedNow`), or LAST with them conditioned on
 * `tokenStillUsable` — the only form that also holds for two uses stamped with the same millisecond.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { ACCOUNT_TOKEN_LIFETIME_MS, accountTokenRefusal, type AccountTokenPurpose, type AccountTokenRefusal } from "~/core/account-tokens";
import type { Database } from "~/db/client.server";
import { accountTokens } from "~/db/schema";
import { randomToken, tokenHash } from "./sessions.server";

export interface IssuedToken {
  /** For the link only: never stored, never logged. */
  token: string;
  hash: string;
}

export async function issueAccountToken(): Promise<IssuedToken> {
  const token = randomToken();
  return { token, hash: await tokenHash(token) };
}

/** Stores an issued token; `email` is the address it is about (the new address for an e-mail change). */
export function accountTokenStatement(db: Database, issued: IssuedToken, grant: { purpose: AccountTokenPurpose; userId: number; email: string }, now: Date) {
  return db.insert(accountTokens).values({
    tokenHash: issued.hash,
    purpose: grant.purpose,
    userId: grant.userId,
    email: grant.email,
    expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_LIFETIME_MS[grant.purpose]),
    createdAt: now,
  });
}

export type InspectedToken = { ok: true; hash: string; userId: number; email: string } | { ok: false; refusal: AccountTokenRefusal };

/** What a link's token allows, without using it (to show the form the link leads to). */
export async function inspectAccountToken(db: Database, purpose: AccountTokenPurpose, token: string, now: Date): Promise<InspectedToken> {
  const hash = await tokenHash(token);
  const row = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), eq(accountTokens.purpose, purpose)))
    .get();
  const refusal = accountTokenRefusal(row, now);
  return refusal || !row ? { ok: false, refusal: refusal ?? "unknown" } : { ok: true, hash, userId: row.userId, email: row.email };
}

const stillUsable = (hash: string, now: Date) => and(eq(accountTokens.tokenHash, hash), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now));

/** Marks the token used, if it still may be: first statement of the batch that acts on it. */
export function useAccountTokenStatement(db: Database, hash: string, now: Date) {
  return db.update(accountTokens).set({ usedAt: now }).where(stillUsable(hash, now)).returning({ userId: accountTokens.userId, email: accountTokens.email });
}

/**
 * SQL condition for a batch that acts BEFORE using the token (its `useAccountTokenStatement` comes last):
 * the token is still unused and unexpired. Unlike `usedNow`, two batches at the very same millisecond
 * cannot both pass it: D1 runs batches one after the other, and the first one's last statement uses the
 * token before the second begins.
 */
export function tokenStillUsable(hash: string, now: Date) {
  return sql`exists (select 1 from ${accountTokens} where ${stillUsable(hash, now)})`;
}

/** SQL condition for the batch's later statements: this token was used by this very batch. */
export function usedNow(hash: string, now: Date) {
  return sql`exists (select 1 from ${accountTokens} where ${accountTokens.tokenHash} = ${hash} and ${accountTokens.usedAt} = ${now.getTime()})`;
}

/** Ends the member's other unused links of one purpose (a newer request replaces older ones). */
export function revokeAccountTokensStatement(db: Database, userId: number, purpose: AccountTokenPurpose, now: Date) {
  return db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
