/**
 * Single-use links mailed to a member (app/core/account-tokens.ts). The link carries 256 random bits; D1
 * keeps only their SHA-256, so neither the table nor a log line opens an account. Using a link is one D1
 * batch: the change it allows, each statement conditioned on `tokenStillUsable`, then LAST the conditional
 * UPDATE that spends it (`spendAccountTokenStatement`) — so two uses, even stamped with the same
 * millisecond, change the account once.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
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

export type InspectedToken =
  { ok: true; hash: string; userId: number; email: string; purpose: AccountTokenPurpose } | { ok: false; refusal: AccountTokenRefusal };

/**
 * What a link's token allows, without using it (to show the form the link leads to). One page may take
 * links of several purposes (the new-password page: a reset, or a merchant login's invitation).
 */
export async function inspectAccountToken(
  db: Database,
  purpose: AccountTokenPurpose | readonly AccountTokenPurpose[],
  token: string,
  now: Date,
): Promise<InspectedToken> {
  const hash = await tokenHash(token);
  const purposes = typeof purpose === "string" ? [purpose] : purpose;
  const row = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, hash), inArray(accountTokens.purpose, [...purposes])))
    .get();
  const refusal = accountTokenRefusal(row, now);
  return refusal || !row ? { ok: false, refusal: refusal ?? "unknown" } : { ok: true, hash, userId: row.userId, email: row.email, purpose: row.purpose };
}

const stillUsable = (hash: string, now: Date) => and(eq(accountTokens.tokenHash, hash), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now));

/** Marks the token used, if it still may be: the LAST statement of the batch that acts on it. */
export function spendAccountTokenStatement(db: Database, hash: string, now: Date) {
  return db.update(accountTokens).set({ usedAt: now }).where(stillUsable(hash, now)).returning({ userId: accountTokens.userId, email: accountTokens.email });
}

/**
 * SQL condition for the statements of a batch that acts on the token before spending it (its
 * `spendAccountTokenStatement` comes last): the token is still unused and unexpired. Two batches, even at
 * the very same millisecond, cannot both pass it: D1 runs batches one after the other, and the first one's
 * last statement spends the token before the second begins.
 */
export function tokenStillUsable(hash: string, now: Date) {
  return sql`exists (select 1 from ${accountTokens} where ${stillUsable(hash, now)})`;
}

/** Ends the member's other unused links of one purpose (a newer request replaces older ones). */
export function revokeAccountTokensStatement(db: Database, userId: number, purpose: AccountTokenPurpose, now: Date) {
  return db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
}
