/**
 * Single-use links mailed to a member (app/core/account/account-tokens.ts). The link carries 256 bits that are
 * stored nowhere: D1 keeps only their SHA-256 (account_tokens), so neither that table nor a log line opens an
 * account — and nor does the outbox row of the mail (decision 0014): the link's token is the HMAC-SHA-256,
 * under SESSION_SECRET, of a random seed, and the stored mail carries only the seed in a placeholder, which
 * the sender completes (`completeMailedLinks`) as the mail goes out. Using a link is one D1 batch: the change
 * it allows, each statement conditioned on `tokenStillUsable`, then LAST the conditional UPDATE that spends
 * it (`spendAccountTokenStatement`) — so two uses, even stamped with the same millisecond, change the
 * account once.
 */
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { ACCOUNT_TOKEN_LIFETIME_MS, accountTokenRefusal, type AccountTokenPurpose, type AccountTokenRefusal } from "~/core/account/account-tokens";
import type { Database } from "~/db/client.server";
import { accountTokens } from "~/db/schema";
import { randomToken, tokenHash, toBase64Url } from "./sessions.server";

export interface IssuedToken {
  /** What the link is built with: a placeholder the mail is completed with when sent (the token itself is never stored). */
  token: string;
  /** SHA-256 of the token: what account_tokens keeps. */
  hash: string;
}

/** The placeholder of a link's token in a stored mail: its seed between `**` (characters every URL keeps as they are). */
const LINK_PLACEHOLDER = /\*\*([A-Za-z0-9_-]{43})\*\*/g;

/** A link's token from its seed: HMAC-SHA-256 under the shop's secret, base64url (43 characters, as a random token). */
async function tokenOfSeed(seed: string, secret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(`account-link:${seed}`))));
}

/** A new link: its placeholder for the mail and the hash of the token it stands for. `secret`: SESSION_SECRET. */
export async function issueAccountToken(secret: string): Promise<IssuedToken> {
  const seed = randomToken();
  return { token: `**${seed}**`, hash: await tokenHash(await tokenOfSeed(seed, secret)) };
}

/** A stored mail's text (HTML or plain) with every link placeholder replaced by its token: the mail as it is sent. */
export async function completeMailedLinks(text: string, secret: string): Promise<string> {
  const seeds = new Set(Array.from(text.matchAll(LINK_PLACEHOLDER), (match) => match[1]!));
  let completed = text;
  for (const seed of seeds) completed = completed.replaceAll(`**${seed}**`, await tokenOfSeed(seed, secret));
  return completed;
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
