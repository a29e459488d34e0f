/**
 * Changing a member's e-mail address. The member asks with the new address and their current password;
 * ONE batch stores a single-use link (app/services/account/account-tokens.server.ts) and writes the mail carrying
 * it to the NEW address. Nothing changes until that link is used: then ONE batch uses the token first,
 * moves the address only if that use happened in this batch and no other account has the address (a
 * registration can take it meanwhile: that is a clear refusal, never a broken unique constraint), and
 * writes the notice to the OLD address under the same condition.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { ACCOUNT_TOKEN_LIFETIME_MS, type AccountTokenRefusal } from "~/core/account/account-tokens";
import { currentPasswordSteps, SETTINGS_MESSAGES, verificationMailSteps } from "~/core/account/account-settings";
import { minutesUntil } from "~/core/site/throttle";
import { verifyPassword } from "~/auth/password.server";
import type { Database } from "~/db/client.server";
import { users } from "~/db/schema";
import { countAttempt, settleAttempt } from "~/db/throttle.server";
import type { EmailFrame } from "~/mail/email-layout";
import { emailChangeNoticeMail, emailChangeVerifyMail } from "~/mail/email-change-mails";
import { CURRENT_PASSWORD_WRONG_MESSAGE, EMAIL_TAKEN_MESSAGE, isEmailRegistered } from "./accounts.server";
import {
  accountTokenStatement,
  inspectAccountToken,
  issueAccountToken,
  revokeAccountTokensStatement,
  spendAccountTokenStatement,
  tokenStillUsable,
} from "./account-tokens.server";
import { conditionalOutboxStatement, outboxStatement } from "../mail/mail-outbox.server";

/** Where a verification link leads: /user/profile/email/{token}. */
export function emailChangeLinkPath(token: string): string {
  return `/user/profile/email/${token}`;
}

export type EmailChangeRequest = { ok: true; mailKey: string } | { ok: false; field: "email" | "currentPassword" | null; error: string };

/**
 * The member asks to move their account to `email`. Refused: a wrong current password (counted, and
 * limited per member), the address they already have, an address another account has, too many mails.
 * A newer request replaces the links of older ones.
 */
export async function requestEmailChange(
  db: Database,
  request: { userId: number; email: string; currentPassword: string },
  frame: EmailFrame,
  linkSecret: string,
  now: Date,
): Promise<EmailChangeRequest> {
  const passwordSteps = currentPasswordSteps(request.userId);
  const verdict = await countAttempt(db, passwordSteps, now);
  if (!verdict.allowed) return { ok: false, field: null, error: SETTINGS_MESSAGES.passwordLocked(minutesUntil(verdict.retryAt, now.getTime())) };
  const user = await db
    .select({ email: users.email, passwordHash: users.passwordHash, lastname: users.lastname, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.id, request.userId), isNull(users.withdrawnAt)))
    .get();
  if (!user || !(await verifyPassword(request.currentPassword, user.passwordHash))) {
    return { ok: false, field: "currentPassword", error: CURRENT_PASSWORD_WRONG_MESSAGE };
  }
  await settleAttempt(db, passwordSteps);
  if (request.email === user.email) return { ok: false, field: "email", error: SETTINGS_MESSAGES.sameEmail };
  if (await isEmailRegistered(db, request.email)) return { ok: false, field: "email", error: EMAIL_TAKEN_MESSAGE };
  const mails = await countAttempt(db, verificationMailSteps(request.userId), now);
  if (!mails.allowed) return { ok: false, field: null, error: SETTINGS_MESSAGES.mailLimit(minutesUntil(mails.retryAt, now.getTime())) };

  const issued = await issueAccountToken(linkSecret);
  const mailKey = `email-change-verify:${issued.hash}`;
  await db.batch([
    revokeAccountTokensStatement(db, request.userId, "email_change", now),
    accountTokenStatement(db, issued, { purpose: "email_change", userId: request.userId, email: request.email }, now),
    outboxStatement(
      db,
      {
        key: mailKey,
        kind: "email_change_verify",
        to: request.email,
        userId: request.userId,
        template: emailChangeVerifyMail({
          name: `${user.lastname} ${user.firstname}`,
          newEmail: request.email,
          link: `${frame.origin}${emailChangeLinkPath(issued.token)}`,
          expiresAt: new Date(now.getTime() + ACCOUNT_TOKEN_LIFETIME_MS.email_change),
        }),
        frame,
        sensitive: true,
      },
      now,
    ),
  ]);
  return { ok: true, mailKey };
}

/** Why a link cannot change the address: the token's own refusals, or the address taken meanwhile. */
export type EmailChangeRefusal = AccountTokenRefusal | "taken";

export type EmailChangeConfirmation = { ok: true; userId: number; email: string; noticeKey: string } | { ok: false; refusal: EmailChangeRefusal };

/** What the link's page shows before the member confirms: the new address, or why the link is refused. */
export async function inspectEmailChange(db: Database, token: string, now: Date) {
  return inspectAccountToken(db, "email_change", token, now);
}

/**
 * The member confirms the link: in one batch the address moves (while the link is usable and no account
 * has the address), the notice goes to the old address, and the link is spent last — so three clicks at
 * once change the address once.
 */
export async function confirmEmailChange(db: Database, token: string, frame: EmailFrame, now: Date): Promise<EmailChangeConfirmation> {
  const inspected = await inspectEmailChange(db, token, now);
  if (!inspected.ok) return inspected;
  const { hash, userId, email } = inspected;
  const user = await db
    .select({ email: users.email, lastname: users.lastname, firstname: users.firstname })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.withdrawnAt)))
    .get();
  if (!user) return { ok: false, refusal: "unknown" };
  const noticeKey = `email-change-notice:${hash}`;
  const addressFree = sql`not exists (select 1 from ${users} where ${users.email} = ${email})`;
  const usable = tokenStillUsable(hash, now);
  const [moved, , used] = await db.batch([
    db
      .update(users)
      .set({ email })
      .where(and(eq(users.id, userId), isNull(users.withdrawnAt), usable, addressFree))
      .returning({ id: users.id }),
    conditionalOutboxStatement(
      db,
      {
        key: noticeKey,
        kind: "email_change_notice",
        to: user.email,
        userId,
        template: emailChangeNoticeMail({ name: `${user.lastname} ${user.firstname}`, newEmail: email, changedAt: now, contact: frame.shop }),
        frame,
      },
      now,
      sql`${usable} and exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.email} = ${email})`,
    ),
    spendAccountTokenStatement(db, hash, now),
  ]);
  if (moved.length === 1) return { ok: true, userId, email, noticeKey };
  if (used.length === 0) {
    const again = await inspectEmailChange(db, token, now);
    return { ok: false, refusal: again.ok ? "used" : again.refusal };
  }
  return { ok: false, refusal: "taken" };
}
