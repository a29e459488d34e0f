/**
 * Password reset: a request mails a single-use link (30 minutes) to a member's address; the link sets a
 * new password, ends every session of the account and lets the route sign the member in. A merchant
 * login's invitation (app/services/merchant/merchant-logins.server.ts) is such a link too, for its first password. A request for an
 * address no member has takes the same steps up to the mail, which it does not write.
 */
import { and, eq, isNull } from "drizzle-orm";
import { ACCOUNT_TOKEN_LIFETIME_MS, type AccountTokenPurpose, type AccountTokenRefusal } from "~/core/account/account-tokens";
import { NEW_PASSWORD_LINK_PURPOSES, newPasswordUrl, passwordResetThrottleSteps } from "~/core/account/password-reset";
import { hashPassword } from "~/auth/password.server";
import type { Database } from "~/db/client.server";
import { users, userSessions } from "~/db/schema";
import { countAttempt } from "~/db/throttle.server";
import type { EmailFrame } from "~/mail/email-layout";
import { passwordResetMail } from "~/mail/password-reset-mails";
import {
  accountTokenStatement,
  inspectAccountToken,
  issueAccountToken,
  revokeAccountTokensStatement,
  tokenStillUsable,
  // Not a React hook, whatever its name says (react-hooks/rules-of-hooks reads any use… call as one).
  spendAccountTokenStatement,
} from "./account-tokens.server";
import { outboxStatement } from "../mail/mail-outbox.server";

export type ResetRequestOutcome =
  /** `mailKey`: the outbox row to dispatch, null when the address is no (active) member's. */
  { ok: true; mailKey: string | null } | { ok: false; retryAt: number };

/**
 * Counts the request (per address and per network) before anything else; then, for an active member's
 * address only, one batch revokes their earlier unused links, stores the new link's hash and writes the mail.
 */
export async function requestPasswordReset(
  db: Database,
  request: { email: string; ip: string | null; frame: EmailFrame; linkSecret: string },
  now: Date,
): Promise<ResetRequestOutcome> {
  const verdict = await countAttempt(db, passwordResetThrottleSteps(request.email, request.ip), now);
  if (!verdict.allowed) return { ok: false, retryAt: verdict.retryAt };
  const member = await db
    .select({ id: users.id, email: users.email, lastname: users.lastname, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.email, request.email), isNull(users.withdrawnAt)))
    .get();
  if (!member) return { ok: true, mailKey: null };

  const issued = await issueAccountToken(request.linkSecret);
  const mailKey = `password-reset:${issued.hash}`;
  const template = passwordResetMail({
    name: `${member.lastname} ${member.firstname}`,
    link: newPasswordUrl(request.frame.origin, issued.token),
    requestedAt: now,
    expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_LIFETIME_MS.password_reset),
  });
  await db.batch([
    revokeAccountTokensStatement(db, member.id, "password_reset", now),
    accountTokenStatement(db, issued, { purpose: "password_reset", userId: member.id, email: member.email }, now),
    outboxStatement(db, { key: mailKey, kind: "password_reset", to: member.email, userId: member.id, template, frame: request.frame, sensitive: true }, now),
  ]);
  return { ok: true, mailKey };
}

export type PasswordResetOutcome = { ok: true; userId: number; purpose: AccountTokenPurpose } | { ok: false; refusal: AccountTokenRefusal };

/**
 * Sets the new password through a reset link. One batch changes the password and ends every session of
 * the account, each only while the link is still usable, and then uses the link: two submits of one link,
 * even at the same millisecond, change the password once.
 */
export async function resetPassword(db: Database, input: { token: string; password: string }, now: Date): Promise<PasswordResetOutcome> {
  const inspected = await inspectAccountToken(db, NEW_PASSWORD_LINK_PURPOSES, input.token, now);
  if (!inspected.ok) return inspected;
  const { hash, userId, purpose } = inspected;
  const passwordHash = await hashPassword(input.password);
  const usable = tokenStillUsable(hash, now);
  const [changed, , used] = await db.batch([
    db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), isNull(users.withdrawnAt), usable))
      .returning({ id: users.id }),
    db.delete(userSessions).where(and(eq(userSessions.userId, userId), usable)),
    spendAccountTokenStatement(db, hash, now),
  ]);
  if (used.length === 0) {
    const again = await inspectAccountToken(db, NEW_PASSWORD_LINK_PURPOSES, input.token, now);
    return { ok: false, refusal: again.ok ? "used" : again.refusal };
  }
  // A member who withdrew after asking has no account to sign in to (the link is spent all the same).
  if (changed.length === 0) return { ok: false, refusal: "unknown" };
  return { ok: true, userId, purpose };
}
